/**
 * zk-rng/1 end to end (docs/fairness.md): property-generated games of every loaded ruleset, ended,
 * are verified act by act by the client's `verifyGame` from the transcript a seat fetches, with a
 * minimum count per act kind (shuffles, partial shuffles, RANDOM picks, dice rolls, coin flips) so
 * the run cannot pass on games without them; every game's seat entropy is folded in, and its
 * commitment precedes its first random act. FAIR_RUNS games in all (default 200; `npm run
 * test:fair:large` is the larger run of 1,000), FC_STEPS generated steps each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame } from '../../client/verify.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { endGame, playedGame, transcriptOf } from './support.js';
import { builtinRulesets } from '../support/rulesets.js';

const RUNS = Number(process.env['FAIR_RUNS'] ?? 200);
const STEPS = Number(process.env['FC_STEPS'] ?? 4);
const PARALLEL = 4;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

describe('every random act of an ended game verifies', () => {
  it(
    `${RUNS} games over every loaded ruleset, ${STEPS} generated steps each`,
    { timeout: 120_000 + RUNS * 3_000 },
    async () => {
      const rulesets = builtinRulesets().list();
      const counts = { shuffle: 0, partial: 0, pick: 0, roll: 0, coin: 0 };
      let withDice = 0;
      let withCoins = 0;
      const perRuleset = new Map<string, number>();
      // Games are independent: a few at a time keep the server busy while each waits on its requests.
      let next = 0;
      const worker = async () => {
        for (let run = next++; run < RUNS; run = next++) await playOne(run);
      };
      const playOne = async (run: number) => {
        const r = rulesets[run % rulesets.length]!;
        const players = r.players.min + (run % (Math.min(r.players.max, 3) - r.players.min + 1));
        const game = await playedGame(server, r.id, players, STEPS, 1000 + run);
        await endGame(server, game.gameId);
        const transcript = await transcriptOf(server, game.gameId, game.players[0]!.token);
        const report = verifyGame(transcript);
        expect(report, `${r.id} game ${game.gameId}`).toMatchObject({ verdict: 'verified', notCovered: 0 });
        expect(transcript.commitments[0]!.seq, 'the commitment comes first').toBeLessThan(
          Math.min(...transcript.events.map((e) => e.seq)),
        );
        expect(transcript.entropy?.length, 'seat entropy folded in').toBeGreaterThanOrEqual(1);
        for (const kind of Object.keys(counts) as (keyof typeof counts)[])
          counts[kind] += report.counts[kind];
        if (r.table?.dice) withDice++;
        if (r.table?.coins) withCoins++;
        perRuleset.set(r.id, (perRuleset.get(r.id) ?? 0) + report.verified);
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      console.log(
        `zk-rng/1: ${RUNS} games verified; acts ${JSON.stringify(counts)}; by ruleset ${JSON.stringify([...perRuleset])}`,
      );
      // Every game shuffles, shuffles its top 3 and picks at least once (shuffleAndPick), and rolls
      // and flips where its ruleset declares dice and coins; the generator adds more of each.
      const minimum = { shuffle: RUNS, partial: RUNS, pick: RUNS, roll: withDice, coin: withCoins };
      for (const kind of Object.keys(minimum) as (keyof typeof minimum)[])
        expect(counts[kind], `${kind} acts verified (minimum ${minimum[kind]})`).toBeGreaterThanOrEqual(
          Math.max(1, minimum[kind]),
        );
      for (const r of rulesets) expect(perRuleset.get(r.id) ?? 0, r.id).toBeGreaterThan(0);
    },
  );
});
