/**
 * The leak suite: random move sequences through the real GraphQL API; after every step
 * every viewer's every read path (game(id), the acting player's payload, the graphql-ws
 * subscription, the event history) is checked against the independent model of what that viewer
 * may know; at the game's end no response read carries its zk-rng/1 seed or a per-act key
 * (`secrets.ts`). See `checker.ts` for the checks and `model.ts` for the model. One test file per ruleset
 * (`*.test.ts` here) so the rulesets run in parallel.
 *
 * Size: FC_RUNS games per ruleset (default 5), FC_STEPS steps per game (default 15). FC_SEED
 * replays a reported failure (with FC_PATH, just the failing run), FC_SHRINK=1 shrinks it, LEAK_LOG=1 prints every step. `npm run test:leak:large` runs 1000 games
 * per ruleset.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createGame, post } from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { LeakChecker } from './checker.js';
import type { RulesetName } from './model.js';
import {
  askTakeback,
  choiceArb,
  declaredNone,
  decksFor,
  DRAW,
  drawStep,
  secretName,
  toMutation,
} from './moves.js';
import { Acceptance } from '../support/acceptance.js';
import { recordingRandomness } from './secrets.js';

const RUNS = Number(process.env['FC_RUNS'] ?? 5);
const STEPS = Number(process.env['FC_STEPS'] ?? 15);
const SEED = process.env['FC_SEED'] === undefined ? undefined : Number(process.env['FC_SEED']);
/** Generous budget: a step costs about ten requests; loaded CI machines are slow. */
const TIMEOUT_MS = 60_000 + RUNS * STEPS * 2_000;

/** Declares the leak property for one ruleset, with 2..maxPlayers seats and a spectator. */
export function leakSuite(ruleset: RulesetName, maxPlayers: number, minPlayers = 2): void {
  let server: TestServer;
  const random = recordingRandomness();
  beforeAll(async () => {
    server = await startTestServer({}, { random });
  });

  it(
    `${ruleset}: no viewer learns what it may not see, on any read path (${RUNS} games × ${STEPS} steps)`,
    async () => {
      let games = 0;
      // A step the rules refused checks only that nothing leaked from a refusal.
      // 75 steps by default: 20% leaves room for a run's spread; a planner refusing 80% of moves
      // gives under 10%. Legal draws (15 by default) must nearly all be accepted: a planner refusing
      // 80% of moves, or of moveObjects alone, accepts about 3 of them.
      const accepted = new Acceptance(`leak ${ruleset}`, {
        minShare: 0.2,
        minTries: 8,
        mayAllRefuse: declaredNone(ruleset),
        floors: { [DRAW]: 0.8 },
        floorTries: Math.min(8, Math.floor(STEPS / 4) * RUNS),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: minPlayers, max: maxPlayers }),
          fc.array(choiceArb, { minLength: STEPS, maxLength: STEPS }),
          async (players, choices) => {
            games++;
            const game = await createGame(server, ruleset, decksFor(ruleset, players));
            const checker = new LeakChecker(server, ruleset, game, TEST_ADMIN_TOKEN);
            let n = 0;
            const nextName = (kind: 'Token' | 'Layer') => secretName(kind, ++n);
            try {
              await checker.start();
              let lastActor: number | undefined;
              for (const [i, choice] of choices.entries()) {
                const ctx = {
                  ruleset,
                  state: checker.state,
                  nextName,
                  ...(lastActor === undefined ? {} : { lastActor }),
                };
                // Every fourth step a legal draw, where there is one: see `drawStep`.
                const draw = i % 4 === 3 ? drawStep(ctx, choice.actor % players) : null;
                const m = draw ?? toMutation(ctx, choice);
                if (i === 0) {
                  // A spectator can never act: the same mutation is refused and changes nothing.
                  const res = await post(server, m.document, { input: m.input }, game.spectatorToken);
                  expect(res.errors?.[0]?.extensions?.code, 'spectator mutation').toBe('FORBIDDEN');
                  expect(res.data).toBeNull();
                }
                // A game that has ended refuses everything by design: such steps only check that
                // nothing leaks from a refusal, and do not count.
                const active = checker.state.status === 'ACTIVE';
                const before = checker.state.lastSeq;
                const { ok } = await checker.run(m);
                if (ok) lastActor = m.actor;
                if (active) accepted.record(draw ? DRAW : (m.countAs ?? m.field), ok);
                // Now and then the seat asks to take back the step it just made (test/leak/moves.ts).
                if (ok && active && choice.d % 3 === 0 && m.field !== 'requestTakeback') {
                  const asked = await checker.run(askTakeback(game.gameId, m.actor, before));
                  if (checker.state.status === 'ACTIVE') accepted.record('requestTakeback', asked.ok);
                }
              }
              const seed = random.seeds.get(game.gameId);
              expect(seed, 'the game’s injected seed').toBeDefined();
              await checker.checkSecrets(seed!);
            } catch (err) {
              const log = checker.log.slice(-8).join('\n');
              throw new Error(
                `${(err as Error).message}\n\nLast steps (${ruleset}, ${players} players):\n${log}`,
                { cause: err },
              );
            } finally {
              if (process.env['LEAK_LOG']) console.log(checker.log.join('\n'));
              await checker.stop();
            }
          },
        ),
        {
          numRuns: RUNS,
          ...(SEED === undefined ? {} : { seed: SEED }),
          ...(process.env['FC_PATH'] ? { path: process.env['FC_PATH'] } : {}),
          // Every run plays a whole game against the server: shrinking is opt-in.
          endOnFailure: process.env['FC_SHRINK'] !== '1',
          // Out of time before RUNS games: fail, saying so, rather than pass on fewer games.
          interruptAfterTimeLimit: TIMEOUT_MS - 10_000,
          markInterruptAsFailure: true,
        },
      );
      // FC_PATH replays just the failing game.
      if (!process.env['FC_PATH']) {
        expect(games, 'games played').toBeGreaterThanOrEqual(RUNS);
        accepted.check();
      }
    },
    TIMEOUT_MS,
  );
}
