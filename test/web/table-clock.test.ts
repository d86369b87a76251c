/**
 * Clocks on the table page (issue 40, done-when 4), two seats in a real Chromium against the real
 * service: once the referee starts a chess clock, both pages show both seats' clocks, the running
 * one counting down locally and highlighted; the running seat passes its clock from its own page
 * (by keyboard: the control is a button in the tab order), and the other seat's page shows the
 * change live, over its subscription, without a reload. The clocks are `timer`s with a label a
 * screen reader reads. Each paused step's page is compared with a reference screenshot, the digits
 * masked (how much time is left depends on how fast the machine was).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createGame, type Created } from '../api/helpers.js';
import { clockMove } from '../clock/support.js';
import { chromiumPath } from '../support/browser.js';
import {
  compareTablePages,
  expectShotsAndCleanPages,
  openTablePage,
  usePageSuite,
} from '../support/page-suite.js';

const WAIT = { timeout: 15_000 };
const DECKS = [
  { name: 'Alice', deck: [{ name: 'Forest', types: ['Land'] }] },
  { name: 'Bob', deck: [{ name: 'Island', types: ['Land'] }] },
];
/** Ten minutes each: the clocks never run out while the test runs, however slow the machine. */
const CLOCK = { kind: 'CHESS', mainMs: 600_000, onExpire: 'FLAG' };

/** `m:ss` (or `h:mm:ss`) → seconds. */
const seconds = (text: string): number =>
  text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe.skipIf(!chromiumPath)('clocks on the table page', () => {
  const suite = usePageSuite();

  /** A seat's page, deterministic for screenshots, live. */
  async function open(gameId: string, token: string) {
    const { context, page, problems } = await openTablePage(suite, gameId, token);
    // Set once: still there at the end only if the page was never reloaded.
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
    return { context, page, problems };
  }

  /** A seat's clock (seat 0 is Alice, 1 Bob), as either page draws it. */
  const clockOf = (page: Page, created: Created, seat: number): Locator =>
    page.locator(`.clock[data-player-id="${created.seats[seat]!.player.id}"]`);
  const timeOf = async (clock: Locator): Promise<number> =>
    seconds(await clock.locator('.clock-time').innerText());

  /** The clock shows less time a little later (a condition, not a sleep: the text must change). */
  async function countsDown(clock: Locator): Promise<void> {
    const first = await timeOf(clock);
    await expect.poll(() => timeOf(clock), WAIT).toBeLessThan(first);
  }

  it('both seats see both clocks count down; a seat passes its clock and the other page shows it live', async () => {
    const created = await createGame(suite.server, 'mtg', DECKS, { clock: CLOCK });
    const [a, b] = [created.seats[0]!.player.id, created.seats[1]!.player.id];
    const alice = await open(created.game.id, created.seats[0]!.token);
    const bob = await open(created.game.id, created.seats[1]!.token);
    const pages = [alice.page, bob.page];
    const shots: Record<string, number> = {};
    /**
     * Every clock paused by the referee (seat `runs`'s was running), so both pages hold still; then
     * each page is compared with its reference, and the clocks resumed.
     */
    /** The referee pauses or resumes every clock, with `reason`; the move is accepted. */
    const referee = async (kind: 'pauseClock' | 'resumeClock', reason: string) =>
      expect(
        (await clockMove(suite.server, kind, { gameId: created.game.id, reason }, created.refereeToken))
          .codes,
      ).toEqual([]);
    const paused = async (name: string, runs: number) => {
      await referee('pauseClock', 'judge call');
      for (const page of pages) {
        await expect.poll(() => clockOf(page, created, runs).getAttribute('data-state'), WAIT).toBe('paused');
        expect(await clockOf(page, created, 1 - runs).getAttribute('data-state')).toBe('waiting');
        expect(await page.locator('.clock-paused').innerText()).toBe('Clocks paused: judge call');
      }
      await compareTablePages({ alice: alice.page, bob: bob.page }, `clock-${name}`, shots);
      await referee('resumeClock', 'resumed');
    };
    try {
      // Not started: both clocks show the whole main time on both pages, and nobody may pass.
      for (const page of pages)
        for (const seat of [0, 1]) {
          expect(await clockOf(page, created, seat).getAttribute('data-state')).toBe('not started');
          expect(await clockOf(page, created, seat).locator('.clock-time').innerText()).toBe('10:00');
        }
      expect(await alice.page.locator('.pass-clock').count()).toBe(0);

      // The referee starts the clocks with Alice's running: both pages count hers down, and hers only.
      const start = await clockMove(
        suite.server,
        'startClock',
        { gameId: created.game.id, playerId: a },
        created.refereeToken,
      );
      expect(start.codes).toEqual([]);
      for (const page of pages) {
        await expect.poll(() => clockOf(page, created, 0).getAttribute('data-running'), WAIT).toBe('true');
        expect(await clockOf(page, created, 1).getAttribute('data-running')).toBe('false');
        await countsDown(clockOf(page, created, 0));
        expect(await timeOf(clockOf(page, created, 1))).toBe(600);
      }
      // What a screen reader reads: whose clock, the time left, what it does.
      await expect
        .poll(
          () => bob.page.getByRole('timer', { name: /^Alice’s clock: \d+:\d\d left, running$/ }).count(),
          WAIT,
        )
        .toBe(1);
      expect(await bob.page.getByRole('timer', { name: /^Your clock: 10:00 left, waiting$/ }).count()).toBe(
        1,
      );
      // The pass control is on the running seat's page only.
      expect(await bob.page.locator('.pass-clock').count()).toBe(0);
      await paused('1-alice-runs', 0);

      // Alice passes from the keyboard: the control is in the tab order, Enter presses it.
      const pass = alice.page.locator('.pass-clock');
      expect(await pass.evaluate((el) => (el as HTMLButtonElement).tabIndex)).toBeGreaterThanOrEqual(0);
      await pass.focus();
      await alice.page.keyboard.press('Enter');

      // Bob's page shows it live: his clock runs and counts down, hers stopped, and now he may pass.
      await expect.poll(() => clockOf(bob.page, created, 1).getAttribute('data-running'), WAIT).toBe('true');
      expect(await clockOf(bob.page, created, 0).getAttribute('data-running')).toBe('false');
      expect(await clockOf(bob.page, created, 0).getAttribute('data-state')).toBe('waiting');
      await countsDown(clockOf(bob.page, created, 1));
      const aliceLeft = await timeOf(clockOf(bob.page, created, 0));
      expect(aliceLeft).toBeLessThan(600);
      await bob.page.locator('.pass-clock').waitFor(WAIT);
      await expect.poll(() => alice.page.locator('.pass-clock').count(), WAIT).toBe(0);
      await expect
        .poll(() => clockOf(alice.page, created, 1).getAttribute('data-running'), WAIT)
        .toBe('true');
      // Alice's time holds still while Bob's runs.
      await countsDown(clockOf(bob.page, created, 1));
      expect(await timeOf(clockOf(bob.page, created, 0))).toBe(aliceLeft);
      await paused('2-bob-runs', 1);
      for (const page of pages)
        expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
          true,
        );
      // The server has it the same way: B runs.
      const view = await suite.server.gql<{ game: { clock: { runningPlayerId: string } } }>(
        `query ($id: ID!) { game(id: $id) { clock { runningPlayerId } } }`,
        { id: created.game.id },
        created.refereeToken,
      );
      expect(view.data?.game.clock.runningPlayerId).toBe(b);

      expectShotsAndCleanPages(shots, [alice, bob]);
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  }, 120_000);
});
