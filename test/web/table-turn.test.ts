/**
 * A turn of Magic played on the table page, in a real Chromium against the real service: a seat
 * draws from its library pile, plays a card, taps it, puts a counter on it, changes its life, moves
 * to the next phase and ends its turn, each through the page's own controls; the other seat's page
 * shows every change live. A tapped card is drawn turned, counters and statuses are badges, and the
 * result appears on both pages when the game ends (through the API, or by a seat conceding).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createZonekeeperClient } from '../../client/index.js';
import { createGame, type Created } from '../api/helpers.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { ensureWebBuilt } from '../support/web.js';
import { chromiumPath, expectCleanPage, launchBrowser, openContext } from '../support/browser.js';
import { linkTo } from '../support/handoff.js';

const BEARS = 'Grizzly Bears';
const DECKS = [
  {
    name: 'Alice',
    deck: [
      { name: BEARS, types: ['Creature'], subtypes: ['Bear'] },
      { name: 'Forest', types: ['Land'] },
    ],
  },
  { name: 'Bob', deck: [{ name: 'Island', types: ['Land'] }] },
];

const WAIT = { timeout: 15_000 };

describe.skipIf(!chromiumPath)('a turn on the table page', () => {
  let server: TestServer;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    server = await startTestServer();
    origin = new URL(server.url).origin;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Both seats' pages, live. */
  async function openBoth(created: Created) {
    const alice = await openContext(browser, origin);
    const bob = await openContext(browser, origin);
    await bob.page.goto(await linkTo(origin, `/table/${created.game.id}`, created.seats[1]!.token));
    await alice.page.goto(await linkTo(origin, `/table/${created.game.id}`, created.seats[0]!.token));
    for (const { page } of [alice, bob]) await page.locator('[data-status="live"]').waitFor(WAIT);
    return { alice, bob };
  }

  const aliceZone = (page: Page, type: string) => page.locator(`[data-seat="0"] [data-zone-type="${type}"]`);
  const battlefield = (page: Page) => page.locator('[data-seat="shared"] [data-zone-type="battlefield"]');
  const bears = (page: Page) => battlefield(page).locator(`[data-card-name="${BEARS}"]`);
  const counter = (page: Page, seat: number, kind: string) =>
    page.locator(`[data-seat="${seat}"] .player-counters [data-counter-kind="${kind}"]`);

  it('a seat draws, plays, taps, adds a counter, changes its life and ends its turn; the other sees each live', async () => {
    const created = await createGame(server, 'mtg', DECKS);
    const { alice, bob } = await openBoth(created);
    try {
      // Turn 1 is Alice's (seat 0), in the first step of the turn (MTG 500.1, 501.1).
      for (const page of [alice.page, bob.page]) {
        await expect.poll(() => page.locator('.turn').getAttribute('data-turn'), WAIT).toBe('1');
        expect(await page.locator('.phase.current').innerText()).toBe('untap');
      }
      expect(await alice.page.locator('.active-player').innerText()).toBe('your turn');
      expect(await bob.page.locator('.active-player').innerText()).toBe("Alice's turn");
      expect(await bob.page.locator('.advance-turn').isDisabled()).toBe(true);
      // Life totals start at 20 (MTG 119.1), on both pages, for both players.
      for (const page of [alice.page, bob.page])
        for (const seat of [0, 1])
          expect(await counter(page, seat, 'life').locator('.amount').innerText()).toBe('20');

      // Draw: the library pile onto the hand (moved by position).
      await aliceZone(alice.page, 'library').locator('.card').dragTo(aliceZone(alice.page, 'hand'));
      await aliceZone(alice.page, 'hand').locator(`[data-card-name="${BEARS}"]`).waitFor(WAIT);
      await expect.poll(() => aliceZone(bob.page, 'hand').locator('.count').innerText(), WAIT).toBe('1');

      // Play it: hand to battlefield; Bob sees it arrive.
      await aliceZone(alice.page, 'hand')
        .locator(`[data-card-name="${BEARS}"]`)
        .dragTo(battlefield(alice.page));
      await bears(bob.page).waitFor(WAIT);
      expect(await bears(bob.page).getAttribute('data-rotation')).toBeNull();

      // Tap it (a double click), and Bob sees it turned sideways with its status (MTG 701.26a).
      await bears(alice.page).dblclick();
      await expect.poll(() => bears(bob.page).getAttribute('data-rotation'), WAIT).toBe('90');
      expect(await bears(bob.page).locator('.badge.status').innerText()).toBe('tapped');
      await expect.poll(() => bears(alice.page).getAttribute('data-rotation'), WAIT).toBe('90');
      // Its face is drawn turned: rotate(90deg) as a matrix (cos 90° = 0, sin 90° = 1), and its box
      // lies on its side (wider than tall).
      const face = await bears(bob.page)
        .locator('.face')
        .evaluate((el) => getComputedStyle(el).transform);
      expect(face).toMatch(/^matrix\((-?0|[-\d.]+e-\d+), 1, -1, (-?0|[-\d.]+e-\d+), [-\d.]+, [-\d.]+\)$/);
      const box = (await bears(bob.page).boundingBox())!;
      expect(box.width).toBeGreaterThan(box.height);

      // A +1/+1 counter (MTG 122.1a), from the selected card's panel.
      await bears(alice.page).click();
      const panel = alice.page.locator('.card-panel');
      await panel.waitFor(WAIT);
      expect(await panel.locator('[data-status-name="tapped"] [aria-pressed="true"]').innerText()).toBe(
        'tapped',
      );
      await panel.locator('input[name="kind"]').fill('+1/+1');
      await panel.locator('.add-counter button[type="submit"]').click();
      const plus = (page: Page) => bears(page).locator('.badge.counter[data-counter-kind="+1/+1"]');
      await expect.poll(() => plus(bob.page).getAttribute('data-amount'), WAIT).toBe('1');
      expect(await plus(bob.page).locator('.badge-kind').innerText()).toBe('+1/+1');
      expect(await plus(bob.page).locator('.badge-amount').innerText()).toBe('1');
      // One more with the panel's +: the same kind, now 2.
      await panel.locator('[data-counter-kind="+1/+1"] .plus').click();
      await expect.poll(() => plus(bob.page).getAttribute('data-amount'), WAIT).toBe('2');

      // Her life: three damage (a pain land, say): 17 on both pages.
      for (let i = 0; i < 3; i += 1) {
        const before = Number(await counter(alice.page, 0, 'life').locator('.amount').innerText());
        await counter(alice.page, 0, 'life').locator('.minus').click();
        await expect
          .poll(() => counter(alice.page, 0, 'life').locator('.amount').innerText(), WAIT)
          .toBe(String(before - 1));
      }
      await expect.poll(() => counter(bob.page, 0, 'life').locator('.amount').innerText(), WAIT).toBe('17');
      expect(await counter(bob.page, 1, 'life').locator('.amount').innerText()).toBe('20');

      // The next step, then the end of her turn: turn 2 is Bob's, from its first step.
      await alice.page.locator('.next-phase').click();
      await expect.poll(() => bob.page.locator('.phase.current').innerText(), WAIT).toBe('upkeep');
      await alice.page.locator('.advance-turn').click();
      await expect.poll(() => bob.page.locator('.turn').getAttribute('data-turn'), WAIT).toBe('2');
      expect(await bob.page.locator('.active-player').innerText()).toBe('your turn');
      expect(await bob.page.locator('.phase.current').innerText()).toBe('untap');
      await expect.poll(() => alice.page.locator('.active-player').innerText(), WAIT).toBe("Bob's turn");
      expect(await alice.page.locator('.advance-turn').isDisabled()).toBe(true);
      expect(await bob.page.locator('.advance-turn').isDisabled()).toBe(false);
      // Turns do not untap anything by themselves (MTG 502.3 is the players' to do): still tapped.
      expect(await bears(bob.page).getAttribute('data-rotation')).toBe('90');

      // The referee's side of it, through the API: the game ends with a result, shown on both pages.
      const admin = createZonekeeperClient({ url: server.url, token: TEST_ADMIN_TOKEN });
      await admin.endGame({
        gameId: created.game.id,
        winnerIds: [created.seats[1]!.player.id],
        reason: 'Alice conceded the match',
      });
      for (const page of [alice.page, bob.page])
        await page.locator('.result[data-result="win"]').waitFor(WAIT);
      expect(await alice.page.locator('.result').innerText()).toBe(
        'Game over: Bob wins. Alice conceded the match',
      );
      expect(await bob.page.locator('.result').innerText()).toBe(
        'Game over: you win. Alice conceded the match',
      );
      // An ended game takes no more actions from the page.
      expect(await alice.page.locator('.concede').count()).toBe(0);
      expect(await counter(alice.page, 0, 'life').locator('.minus').isDisabled()).toBe(true);
      expectCleanPage(alice.problems);
      expectCleanPage(bob.problems);
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  }, 120_000);

  it('a seat that concedes from its page ends a two-player game: the other wins, on both pages', async () => {
    const created = await createGame(server, 'mtg', DECKS);
    const { alice, bob } = await openBoth(created);
    try {
      await bob.page.locator('.concede').click();
      // Asked twice: a concession cannot be undone.
      await bob.page.locator('.concede-yes').click();
      for (const page of [alice.page, bob.page])
        await page.locator('.result[data-result="win"]').waitFor(WAIT);
      expect(await alice.page.locator('.result strong').innerText()).toBe('Game over: you win.');
      expect(await bob.page.locator('.result strong').innerText()).toBe('Game over: Alice wins.');
      expect(await alice.page.locator('[data-seat="1"] .badge.conceded').innerText()).toBe('conceded');
      expectCleanPage(alice.problems);
      expectCleanPage(bob.problems);
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  }, 60_000);
});
