/**
 * A flag falls exactly once when the instance serving the game is SIGKILLed just before the
 * deadline (issue 40, done-when 2): two service processes (the compiled service, `node
 * dist/main.js`) share one database; the one that created and started the games is killed shortly
 * before their deadlines, and the other instance's sweep records each CLOCK_EXPIRED (no instance
 * keeps a timer per game: the deadline is in the database). The killed instance is started again and serves the next round, so the roles
 * alternate. Every game's log holds exactly one CLOCK_EXPIRED, at or after its deadline.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/db.js';
import { buildDist } from '../support/process.js';
import { expectOneFlag, gqlAt, killBeforeFirstDeadline, startClockService } from './support.js';

/** SIGKILLs, each before the deadlines of this many games: 20 flags in all. */
const ROUNDS = 5;
const GAMES_PER_ROUND = 4;
/** Main time of each game: long enough to create, start and kill before any deadline. */
const MAIN_MS = 2_500;
/**
 * How late the surviving instance may record an expiry after its deadline. Issue 40 asks for 1 s;
 * the sweep runs every 50 ms here, and on this shared 2-core machine a loaded run stays within it.
 */
const EXPIRY_LATENESS_MS = 1_000;

// The processes run the compiled service: built once here, before the starts are timed.
beforeAll(buildDist, 250_000);

describe('the instance serving a game is SIGKILLed just before the deadline', () => {
  it(`the other instance records each flag once, ${ROUNDS * GAMES_PER_ROUND} times`, async () => {
    const database = await useTestDatabase();
    // Both instances start side by side.
    let [serving, other] = await Promise.all([
      startClockService(database.url),
      startClockService(database.url),
    ]);
    let flags = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { games } = await killBeforeFirstDeadline(database.url, serving, GAMES_PER_ROUND, MAIN_MS);
      const s = gqlAt(other.url);
      for (const g of games) {
        await expectOneFlag(s, g, EXPIRY_LATENESS_MS);
        flags += 1;
      }
      // The killed instance comes back and serves the next round; the survivor is killed then.
      [serving, other] = [other, await startClockService(database.url)];
    }
    expect(flags).toBe(ROUNDS * GAMES_PER_ROUND);
    await Promise.all([serving.stop('SIGKILL'), other.stop('SIGKILL')]);
  }, 300_000);
});
