/**
 * Replay is faithful. Random games on every ruleset are played through the real API (by
 * the players and by a judge); after every mutation each viewer's live `game(id)` answer is kept.
 * Then `gameAt(seq)`, rebuilt from the log alone, must equal, for every viewer, exactly what that
 * viewer was shown right after the mutation that ended at `seq`: for the admin that is the stored
 * state, for players and spectators the redacted view, public ids included.
 *
 * Size: ADMIN_REPLAY_RUNS games per ruleset (default 2) of ADMIN_REPLAY_STEPS steps (default 25).
 */
import fc from 'fast-check';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { choiceArb, decksFor, secretName, toMutation } from '../leak/moves.js';
import { createGame, fetchGame, post, type GameJson } from '../support/game-api.js';
import { useTestDatabase } from '../support/db.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { gameAt, viewersOf } from './support.js';

const RUNS = Number(process.env['ADMIN_REPLAY_RUNS'] ?? 2);
const STEPS = Number(process.env['ADMIN_REPLAY_STEPS'] ?? 25);

let server: TestServer;
beforeAll(async () => {
  // Checkpoints every 3 events (see src/db/checkpoints.ts), so that replays start from checkpoints,
  // from seq 0 and from the current state, all within these short games.
  const database = await useTestDatabase();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${database.name} SET zonekeeper.checkpoint_interval = '3'`);
  await admin.end();
  server = await startTestServer({}, { databaseUrl: database.url });
});

/**
 * Outcomes a random step may legitimately meet; anything else fails the test. FORBIDDEN: a player
 * naming by id another player's hidden card (see `checkNameable` in src/resolvers/mutations.ts).
 */
const REFUSALS = new Set(['INVALID_MOVE', 'BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN']);

describe.each([
  { ruleset: 'mtg' as const, players: 3 },
  { ruleset: 'fab' as const, players: 2 },
  { ruleset: 'netrunner' as const, players: 2 },
])('replay through the API: $ruleset', ({ ruleset, players }) => {
  it(
    `gameAt(seq, as V) equals what V was shown live after every mutation (${RUNS} games × ${STEPS} steps)`,
    async () => {
      let committed = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(choiceArb, fc.boolean()), { minLength: STEPS, maxLength: STEPS }),
          async (steps) => {
            const game = await createGame(server, ruleset, decksFor(ruleset, players));
            const viewers = viewersOf(game);
            /** Every capture, in order: what each viewer was shown after each committed mutation. */
            const live: { seq: number; views: Map<string, GameJson> }[] = [];
            const capture = async () => {
              const views = new Map<string, GameJson>();
              for (const v of viewers)
                views.set(v.name, (await fetchGame(server, game.gameId, v.token)).game);
              const seq = views.get('admin')!.lastSeq;
              for (const view of views.values()) expect(view.lastSeq).toBe(seq);
              live.push({ seq, views });
              return views.get('admin')!;
            };
            let state = await capture();
            let n = 0;
            const nextName = (kind: 'Token' | 'Layer') => secretName(kind, ++n);
            for (const [choice, judge] of steps) {
              const m = toMutation({ ruleset, state, nextName }, choice);
              // Every fourth-ish step is made by a judge with the admin token.
              const token = judge && choice.op % 4 === 0 ? TEST_ADMIN_TOKEN : game.players[m.actor]!.token;
              const res = await post(server, m.document, { input: m.input }, token);
              if (res.errors) {
                // A game a step ended (a concession, a result) refuses every later step.
                const ended =
                  state.status !== 'ACTIVE' && res.errors[0]?.extensions?.code === 'GAME_NOT_ACTIVE';
                if (!ended) expect(REFUSALS, res.text).toContain(res.errors[0]?.extensions?.code);
                continue;
              }
              committed++;
              state = await capture();
            }
            for (const [i, { seq, views }] of live.entries()) {
              // A mutation whose plan changes nothing commits (version + 1) but appends no event, so
              // the log cannot tell that version: later captures at the same seq differ in it only.
              const noEvent = i > 0 && live[i - 1]!.seq === seq;
              for (const v of viewers) {
                const replayed = await gameAt(server, game.gameId, seq, v.as);
                const shown = views.get(v.name)!;
                expect(replayed.seq).toBe(seq);
                if (noEvent) expect(shown.version).toBeGreaterThan(replayed.game.version);
                const expected = noEvent ? { ...shown, version: replayed.game.version } : shown;
                expect(replayed.game, `${v.name} at seq ${seq}`).toEqual(expected);
              }
            }
            // Every seq in between (several events per mutation) replays too.
            for (let seq = 0; seq <= state.lastSeq; seq++)
              await gameAt(server, game.gameId, seq, { kind: 'SPECTATOR' });
          },
        ),
        // Shrinking replays whole games through the database: report the first failure as it is.
        { numRuns: RUNS, endOnFailure: true },
      );
      // The random steps must have exercised real mutations, not only refusals.
      expect(committed).toBeGreaterThan(RUNS * 3);
      // And replays must have had checkpoints to start from.
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM game_checkpoint');
      await client.end();
      expect(rows[0]!.n).toBeGreaterThan(RUNS);
    },
    300_000 + RUNS * STEPS * 10_000,
  );
});
