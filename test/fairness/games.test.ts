/**
 * zk-rng/1 end to end (docs/fairness.md): property-generated games of every loaded ruleset, ended,
 * are verified act by act by the client's `verifyGame` from the transcript a seat fetches, with a
 * minimum count per act kind so the run cannot pass on games without random acts. FAIR_RUNS games
 * in all (default 200; `FAIR_RUNS=1000` is the larger run), FC_STEPS generated steps each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame } from '../../client/verify.js';
import { loadedRulesets } from '../../src/rules/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { endGame, playedGame, transcriptOf } from './support.js';

const RUNS = Number(process.env['FAIR_RUNS'] ?? 200);
const STEPS = Number(process.env['FC_STEPS'] ?? 6);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

describe('every random act of an ended game verifies', () => {
  it(
    `${RUNS} games over every loaded ruleset, ${STEPS} generated steps each`,
    { timeout: 120_000 + RUNS * 3_000 },
    async () => {
      const rulesets = loadedRulesets();
      const counts = { shuffle: 0, pick: 0 };
      const perRuleset = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        const r = rulesets[run % rulesets.length]!;
        const players = r.players.min + (run % (Math.min(r.players.max, 3) - r.players.min + 1));
        const game = await playedGame(server, r.id, players, STEPS, 1000 + run);
        await endGame(server, game.gameId);
        const report = verifyGame(await transcriptOf(server, game.gameId, game.players[0]!.token));
        expect(report, `${r.id} game ${game.gameId}`).toMatchObject({ verdict: 'verified', notCovered: 0 });
        counts.shuffle += report.counts.shuffle;
        counts.pick += report.counts.pick;
        perRuleset.set(r.id, (perRuleset.get(r.id) ?? 0) + report.verified);
      }
      console.log(
        `zk-rng/1: ${RUNS} games verified; acts ${JSON.stringify(counts)}; by ruleset ${JSON.stringify([...perRuleset])}`,
      );
      // Every game shuffles and picks at least once (shuffleAndPick); the generator adds more.
      expect(counts.shuffle).toBeGreaterThanOrEqual(RUNS);
      expect(counts.pick).toBeGreaterThanOrEqual(RUNS);
      for (const r of rulesets) expect(perRuleset.get(r.id) ?? 0, r.id).toBeGreaterThan(0);
    },
  );
});
