/**
 * zk-rng/2 end to end (docs/fairness.md): property-generated games of every loaded ruleset, ended,
 * are verified act by act by the client's `verifyGame` from the transcript a seat fetches, with a
 * minimum count per act kind (shuffles, partial shuffles, RANDOM picks, dice rolls, coin flips) so
 * the run cannot pass on games without them; every game's seat entropy is folded in, and its
 * commitment precedes its first random act. FAIR_RUNS games in all (default 200; `npm run
 * test:fair:large` is the larger run of 1,000), FC_STEPS generated steps each.
 *
 * Every seat of every game checks its own cards (docs/fairness.md, "Your own cards"): its
 * `verifyGame`, given its own deck and live record, replays its cards from the opened starting
 * order; every shuffle and pick the game made in a zone holding a seat's cards must be one some
 * seat's replay checked, and the run reports how many acts each seat's replay checked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame } from '../../client/verify.js';
import { decksFor } from '../leak/moves.js';
import type { RulesetName } from '../leak/model.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { endGame, playedGame, transcriptOf } from './support.js';
import { seatRecord } from './seat-support.js';
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
      // Acts each seat's replay checked, by seat index; acts no seat's replay reached.
      const replayedBySeat: number[] = [];
      let unreplayed = 0;
      let randomActs = 0;
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
        await replayEverySeat(r.id, players, game, cardActs(transcript));
        expect(transcript.commitments[0]!.seq, 'the commitment comes first').toBeLessThan(
          Math.min(...transcript.events.map((e) => e.seq)),
        );
        expect(transcript.entropy?.length, 'seat entropy folded in').toBeGreaterThanOrEqual(1);
        expect(transcript.reveal?.scheme, 'the current scheme').toBe('zk-rng/2');
        for (const kind of Object.keys(counts) as (keyof typeof counts)[])
          counts[kind] += report.counts[kind];
        if (r.table?.dice) withDice++;
        if (r.table?.coins) withCoins++;
        perRuleset.set(r.id, (perRuleset.get(r.id) ?? 0) + report.verified);
      };
      /**
       * Shuffles and picks over at least one card: a shuffle of an empty zone is logged (it uses up
       * an act number) but holds no seat's card for any replay to check.
       */
      const cardActs = (t: Awaited<ReturnType<typeof transcriptOf>>) =>
        t.events
          .flatMap((e) => e.acts)
          .filter((a) =>
            a.kind === 'shuffle' ? a.before.length > 0 : a.kind === 'pick' && a.from.length > 0,
          ).length;
      /** Every seat's own check; every shuffle and pick reached by some seat's replay. */
      const replayEverySeat = async (
        ruleset: string,
        players: number,
        game: Awaited<ReturnType<typeof playedGame>>,
        acts: number,
      ) => {
        const decks = decksFor(ruleset as RulesetName, players);
        const reached = new Set<string>();
        for (const [i, seat] of game.players.entries()) {
          const t = await transcriptOf(server, game.gameId, seat.token);
          const own = verifyGame(t, await seatRecord(server, game.gameId, seat, decks[i]!));
          expect(own, `${ruleset} game ${game.gameId} seat ${i}`).toMatchObject({ verdict: 'verified' });
          const { shuffle, pick } = own.seat!.replayed;
          replayedBySeat[i] = (replayedBySeat[i] ?? 0) + shuffle + pick + own.seat!.replayed.order;
          for (const at of own.seat!.replayedAt) reached.add(at);
        }
        randomActs += acts;
        unreplayed += acts - reached.size;
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      console.log(
        `zk-rng/2 seat replay: acts checked by each seat's replay, by seat index ${JSON.stringify(replayedBySeat)}; ` +
          `${randomActs - unreplayed} of ${randomActs} shuffles and picks reached by some seat's replay`,
      );
      console.log(
        `zk-rng/2: ${RUNS} games verified; acts ${JSON.stringify(counts)}; by ruleset ${JSON.stringify([...perRuleset])}`,
      );
      // Every game shuffles, shuffles its top 3 and picks at least once (shuffleAndPick), and rolls
      // and flips where its ruleset declares dice and coins; the generator adds more of each.
      const minimum = { shuffle: RUNS, partial: RUNS, pick: RUNS, roll: withDice, coin: withCoins };
      for (const kind of Object.keys(minimum) as (keyof typeof minimum)[])
        expect(counts[kind], `${kind} acts verified (minimum ${minimum[kind]})`).toBeGreaterThanOrEqual(
          Math.max(1, minimum[kind]),
        );
      for (const r of rulesets) expect(perRuleset.get(r.id) ?? 0, r.id).toBeGreaterThan(0);
      // Every shuffle and pick was checked by the replay of a seat whose cards were in its zone.
      expect(unreplayed, 'shuffles and picks no seat replayed').toBe(0);
      expect(randomActs).toBeGreaterThanOrEqual(3 * RUNS);
    },
  );
});
