/**
 * Takebacks, a judge's rewind and the clock's pass key on the table page (issues 41 and 40), in a
 * real Chromium against the real service, with two seats' pages open:
 * - a seat plays a card, asks to take back its last move from its page; the other seat's page
 *   shows the request live and accepts; both pages then show the card back in the hand it came from;
 * - asked again, the other seat refuses: both pages say so and the card stays where it was played;
 * - a seat that drew a card asks: the service refuses (an information barrier, IPG 1.4) and the
 *   page shows that typed refusal where the seat asked;
 * - the admin's page has the judge's panel, and its rewind shows the earlier table on a seat's page;
 * - P passes the seat's clock from anywhere on its page but a text field.
 * Each step's pages are compared with reference screenshots (`test/web/screenshots/takeback-*`).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGame } from '../api/helpers.js';
import { clockMove } from '../clock/support.js';
import { chromiumPath } from '../support/browser.js';
import {
  compareTablePages,
  expectShotsAndCleanPages,
  openTablePage,
  usePageSuite,
} from '../support/page-suite.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';

const WAIT = { timeout: 15_000 };
const BEARS = 'Grizzly Bears';
const DECKS = [
  {
    name: 'Alice',
    deck: [
      { name: BEARS, types: ['Creature'], subtypes: ['Bear'], zone: 'hand' },
      { name: 'Forest', types: ['Land'] },
    ],
  },
  { name: 'Bob', deck: [{ name: 'Island', types: ['Land'] }] },
];
/** Ten minutes each: the clocks never run out while the test runs, however slow the machine. */
const CLOCK = { kind: 'CHESS', mainMs: 600_000, onExpire: 'FLAG' };

describe.skipIf(!chromiumPath)('takebacks, a judge’s rewind and the clock key on the table page', () => {
  const suite = usePageSuite();

  const aliceZone = (page: Page, type: string) => page.locator(`[data-seat="0"] [data-zone-type="${type}"]`);
  const battlefield = (page: Page) => page.locator('[data-seat="shared"] [data-zone-type="battlefield"]');
  const bearsIn = (zone: ReturnType<Page['locator']>) => zone.locator(`[data-card-name="${BEARS}"]`);
  /** Alice's hand as either page draws it: her page names the card, Bob's shows a pile of one. */
  const handCount = (page: Page) => aliceZone(page, 'hand').locator('.count').innerText();
  const bearsOnField = (page: Page) => battlefield(page).locator('.card').count();

  /** The game's last event, as the service has it. */
  async function lastSeq(created: { game: { id: string }; refereeToken: string }): Promise<number> {
    const res = await suite.server.gql<{ game: { lastSeq: number } }>(
      `query ($id: ID!) { game(id: $id) { lastSeq } }`,
      { id: created.game.id },
      created.refereeToken,
    );
    return res.data!.game.lastSeq;
  }

  /** Alice drags her Grizzly Bears from her hand onto the battlefield; both pages show it there. */
  async function play(alice: Page, bob: Page) {
    await bearsIn(aliceZone(alice, 'hand')).dragTo(battlefield(alice));
    for (const page of [alice, bob]) await bearsIn(battlefield(page)).waitFor(WAIT);
  }

  it('a seat asks, the other accepts live (the card returns to hand); asked again, refused; a draw is a barrier', async () => {
    const created = await createGame(suite.server, 'mtg', DECKS);
    const alice = await openTablePage(suite, created.game.id, created.seats[0]!.token);
    const bob = await openTablePage(suite, created.game.id, created.seats[1]!.token);
    const pages = { alice: alice.page, bob: bob.page };
    const shots: Record<string, number> = {};
    try {
      // Only a seat asks: each seat's page offers the button, with nothing open.
      for (const page of Object.values(pages)) await page.locator('.takeback-request-button').waitFor(WAIT);

      await play(alice.page, bob.page);
      // The drag was one event, the last: taking it back returns to the event before it.
      const toSeq = (await lastSeq(created)) - 1;
      await alice.page.locator('input[name="takeback-reason"]').fill('Meant to play the Forest.');
      await alice.page.getByRole('button', { name: 'Take back my last move' }).click();

      // Bob's page shows the request live, with Accept and Refuse; Alice's page waits for him.
      const prompt = bob.page.locator('.takeback-request');
      await prompt.waitFor(WAIT);
      expect(await prompt.locator('.takeback-text').innerText()).toBe(
        `Alice asks to take back their moves after event ${toSeq}: “Meant to play the Forest.” Waiting for you.`,
      );
      expect(await prompt.getAttribute('data-to-seq')).toBe(String(toSeq));
      // The strip is a live region: a screen reader says the request as it arrives.
      expect(await bob.page.locator('.takeback').getAttribute('aria-live')).toBe('polite');
      const accept = bob.page.getByRole('button', { name: 'Accept Alice’s takeback' });
      expect(await accept.isVisible()).toBe(true);
      const waiting = alice.page.locator('.takeback-request .takeback-text');
      await waiting.waitFor(WAIT);
      expect(await waiting.innerText()).toContain('Waiting for Bob.');
      expect(await alice.page.locator('.takeback-accept').count()).toBe(0);
      await compareTablePages(pages, 'takeback-1-asked', shots);

      // Bob accepts: both pages show the Bears back in Alice's hand, the battlefield empty.
      await accept.click();
      await bearsIn(aliceZone(alice.page, 'hand')).waitFor(WAIT);
      await expect.poll(() => handCount(bob.page), WAIT).toBe('1');
      for (const page of Object.values(pages)) {
        await expect.poll(() => bearsOnField(page), WAIT).toBe(0);
        await expect
          .poll(() => page.locator('.takeback-outcome').getAttribute('data-outcome'), WAIT)
          .toBe('accepted');
        expect(await page.locator('.takeback-outcome').innerText()).toBe(
          `Takeback accepted: the table is back as it was after event ${toSeq}.`,
        );
      }
      await compareTablePages(pages, 'takeback-2-accepted', shots);

      // Played again and asked again: Bob refuses, and the Bears stay on the battlefield.
      await play(alice.page, bob.page);
      await alice.page.getByRole('button', { name: 'Take back my last move' }).click();
      await bob.page.getByRole('button', { name: 'Refuse Alice’s takeback' }).click();
      await expect
        .poll(() => alice.page.locator('.takeback-outcome').getAttribute('data-outcome'), WAIT)
        .toBe('refused');
      expect(await alice.page.locator('.takeback-outcome').innerText()).toBe(
        'Bob refused the takeback: the game goes on as it was.',
      );
      await expect
        .poll(() => bob.page.locator('.takeback-outcome').innerText(), WAIT)
        .toBe('You refused the takeback: the game goes on as it was.');
      for (const page of Object.values(pages)) expect(await bearsOnField(page)).toBe(1);
      // The request is closed: Alice may ask again, Bob has nothing to answer.
      await alice.page.locator('.takeback-request-button').waitFor(WAIT);
      expect(await bob.page.locator('.takeback-accept').count()).toBe(0);
      await compareTablePages(pages, 'takeback-3-refused', shots);

      // Alice draws her Forest (she sees a card she could not see): the service refuses her request
      // (TAKEBACK_BARRIER), and her page says so, with the rule, where she asked.
      await aliceZone(alice.page, 'library').locator('.card').dragTo(aliceZone(alice.page, 'hand'));
      await aliceZone(alice.page, 'hand').locator('[data-card-name="Forest"]').waitFor(WAIT);
      await alice.page.getByRole('button', { name: 'Take back my last move' }).click();
      const refusal = alice.page.locator('.takeback ~ .refusal');
      await refusal.waitFor(WAIT);
      expect(await refusal.getAttribute('role')).toBe('alert');
      expect(await refusal.getAttribute('data-code')).toBe('INVALID_MOVE · TAKEBACK_BARRIER');
      expect(await refusal.getAttribute('data-rule')).toBe('IPG 1.4');
      expect(await refusal.locator('.refusal-text').innerText()).toBe(
        `You may have gained information at event ${await lastSeq(created)} (a card seen, a hidden card moved, or a random act): it cannot be taken back.`,
      );
      // Nothing was asked: Bob's page has no prompt.
      expect(await bob.page.locator('.takeback-request').count()).toBe(0);
      await compareTablePages({ alice: alice.page }, 'takeback-4-barrier', shots);

      expectShotsAndCleanPages(shots, [alice, bob]);
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  }, 180_000);

  it('the judge’s panel on the admin’s page rewinds the game; a seat’s page shows the earlier table', async () => {
    const created = await createGame(suite.server, 'mtg', DECKS);
    const alice = await openTablePage(suite, created.game.id, created.seats[0]!.token);
    const judge = await openTablePage(suite, created.game.id, TEST_ADMIN_TOKEN);
    const shots: Record<string, number> = {};
    try {
      // A seat's page has no judge's panel; the admin's has no takeback button.
      expect(await alice.page.locator('.judge-panel').count()).toBe(0);
      expect(await judge.page.locator('.takeback-request-button').count()).toBe(0);
      await play(alice.page, judge.page);

      const panel = judge.page.getByRole('form', { name: 'judge: back the game up' });
      await panel.locator('input[name="to-seq"]').fill('1');
      await panel.locator('select[name="mode"]').selectOption('RANDOMIZE_UNKNOWN');
      await panel.locator('input[name="rewind-reason"]').fill('Played out of turn.');
      await compareTablePages({ judge: judge.page }, 'takeback-5-judge-panel', shots);
      await panel.getByRole('button', { name: 'Rewind' }).click();

      await bearsIn(aliceZone(alice.page, 'hand')).waitFor(WAIT);
      await expect.poll(() => bearsOnField(alice.page), WAIT).toBe(0);
      await expect
        .poll(() => alice.page.locator('.takeback-outcome').getAttribute('data-outcome'), WAIT)
        .toBe('rewound');
      await expect
        .poll(() => judge.page.locator('.notice').innerText(), WAIT)
        .toBe('Rewound to the state after event 1 (RANDOMIZE_UNKNOWN).');
      // The service recorded it as the judge asked.
      const log = await suite.server.gql<{
        gameEvents: { kind: string; rewind: { toSeq: number; mode: string; reason: string } | null }[];
      }>(
        `query ($id: ID!) { gameEvents(gameId: $id, afterSeq: 0, first: 10) { kind rewind { toSeq mode reason } } }`,
        { id: created.game.id },
        created.refereeToken,
      );
      expect(log.data?.gameEvents.at(-1)).toEqual({
        kind: 'GAME_REWOUND',
        rewind: { toSeq: 1, mode: 'RANDOMIZE_UNKNOWN', reason: 'Played out of turn.' },
      });
      await compareTablePages({ alice: alice.page }, 'takeback-6-rewound', shots);

      // The game's referee is a judge too: its page has the panel.
      const referee = await openTablePage(suite, created.game.id, created.refereeToken);
      try {
        await referee.page.locator('.judge-panel').waitFor(WAIT);
        expect(await referee.page.locator('.table').getAttribute('data-viewer')).toBe('REFEREE');
        expectShotsAndCleanPages({}, [referee]);
      } finally {
        await referee.context.close();
      }

      expectShotsAndCleanPages(shots, [alice, judge]);
    } finally {
      await alice.context.close();
      await judge.context.close();
    }
  }, 120_000);

  it('P passes the running seat’s clock from anywhere on its page, but not while typing', async () => {
    const created = await createGame(suite.server, 'mtg', DECKS, { clock: CLOCK });
    const [a, b] = [created.seats[0]!.player.id, created.seats[1]!.player.id];
    const alice = await openTablePage(suite, created.game.id, created.seats[0]!.token);
    const bob = await openTablePage(suite, created.game.id, created.seats[1]!.token);
    const clockOf = (page: Page, playerId: string) => page.locator(`.clock[data-player-id="${playerId}"]`);
    try {
      const start = await clockMove(
        suite.server,
        'startClock',
        { gameId: created.game.id, playerId: a },
        created.refereeToken,
      );
      expect(start.codes).toEqual([]);
      await expect.poll(() => clockOf(alice.page, a).getAttribute('data-running'), WAIT).toBe('true');
      // The key is named on the button and in the page's key list.
      expect(await alice.page.locator('.pass-clock').getAttribute('aria-keyshortcuts')).toBe('P');
      expect(await alice.page.locator('.keyboard-help').textContent()).toContain('pass your clock');

      // Typed into a text field, P is a letter, left to the field (a pass would take the key).
      const reason = alice.page.locator('input[name="takeback-reason"]');
      await reason.focus();
      await alice.page.keyboard.press('p');
      expect(await reason.inputValue()).toBe('p');

      // With the focus on the page (no field), P passes: Bob's page shows his clock running, live.
      await reason.blur();
      await alice.page.keyboard.press('p');
      await expect.poll(() => clockOf(bob.page, b).getAttribute('data-running'), WAIT).toBe('true');
      expect(await clockOf(bob.page, a).getAttribute('data-state')).toBe('waiting');
      await expect.poll(() => alice.page.locator('.pass-clock').count(), WAIT).toBe(0);

      // Bob passes back with P pressed on a focused card (a card's own keys leave P to the page).
      await bob.page.locator('.card[tabindex]').first().focus();
      await bob.page.keyboard.press('P');
      await expect.poll(() => clockOf(alice.page, a).getAttribute('data-running'), WAIT).toBe('true');
      await expect.poll(() => clockOf(bob.page, b).getAttribute('data-state'), WAIT).toBe('waiting');

      expectShotsAndCleanPages({}, [alice, bob]);
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  }, 120_000);
});
