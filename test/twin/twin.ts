/**
 * Non-interference, as a property: for a viewer V, two games that differ only in properties hidden
 * from V (the names, types, subtypes, text and attributes of other players' hidden cards, and the
 * order of their hidden piles) give V identical observations for any sequence of V's actions:
 * every response (data, error codes, messages, extensions: a refusal's reason and rule; every
 * FORBIDDEN and INVALID_MOVE must carry its reason, `refusals.ts`), every version change, V's view
 * of the game after each step and V's whole event history (kinds, `rules` citations, changes).
 *
 * The two games ("worlds") run side by side on one server whose randomness is one seeded stream per
 * world, started from the same seed (so both games get the same zk-rng/1 seed and derivation game id,
 * docs/fairness.md, and shuffle alike), and whose fresh ids differ between the worlds only in their
 * first character, so ids minted in the same order compare equal once that character is erased and
 * sort the same way in both. Everything else is compared as sent.
 *
 * Actions are the leak suite's random steps (`test/leak/moves.ts`), built from V's own view in one
 * world and sent with the same ids to the other, so V aims at everything it can name: its own
 * cards, public ones, and other players' hidden ones by id or by position.
 *
 * Takebacks (issue 41): now and then V asks to take back the step it just made (accepted, or
 * refused over a draw, a shuffle, or another seat's draw made alike in both worlds), and while V's
 * request is open another seat mostly answers it, accepting (the game goes back) or refusing. Those
 * other seats' steps are not V's observations (they see their own hidden cards, which differ), so
 * only whether each was accepted is compared; V's view and history after them are compared as
 * every other. A takeback refusal naming the other seat's drawn card fails the property.
 * Refusals over V's own hidden cards cannot differ here: the twins vary only other seats' cards.
 *
 * V's credential: in every other pair of games (the first, third...), V is a platform user (issue
 * 33): the admin creates both games binding V's seat to it, and V reads, acts and subscribes with a
 * JWT signed by a key the suite serves on loopback; in the others, V's seat token. In the pairs
 * played by JWT, V's subscription to each game must bring the same events in both worlds, and a
 * platform user with no seat in the games observes of each (its view, its history, every action
 * V's seat was allowed, its subscription) exactly what it observes of a game that does not exist:
 * NOT_FOUND (`identity.ts`).
 *
 * A case is a sequence of 1 to FC_STEPS (default 2) of V's actions; each pair of games plays ten
 * cases. After every action the two responses are compared; at the start and the end V's view of
 * the game and V's whole event history. Size: FC_RUNS cases per ruleset (default 200); FC_SEED replays a failure.
 * The suite fails if fewer cases ran than asked, or if no pair was played by JWT.
 *
 * Longer than 300 lines on purpose: the worlds' randomness, the twin decks and the property are one
 * argument, each part relying on the others' invariants; they read best in one file.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Randomness } from '../../src/authority/index.js';
import {
  askTakeback,
  choiceArb,
  decksFor,
  DRAW,
  drawStep,
  secretName,
  toMutation,
  type Choice,
} from '../leak/moves.js';
import { rulesetFile, type RulesetName } from '../leak/model.js';
import {
  createGame,
  EventCollector,
  fetchGame,
  fetchHistory,
  post,
  type DeckCard,
  type GameJson,
} from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { Acceptance } from '../support/acceptance.js';
import {
  clockChoiceArb,
  clockFor,
  clocksSeenBy,
  PinnedTime,
  startClocks,
  toClockMutation,
  type ClockChoice,
} from './clock.js';
import { expectNoSeatLikeMissing, TwinIdentity } from './identity.js';
import { RefusalTally } from './refusals.js';

const RUNS = Number(process.env['FC_RUNS'] ?? 200);
const STEPS = Number(process.env['FC_STEPS'] ?? 2);
/** Cases (action sequences of 1 to FC_STEPS of V's actions) played on each pair of games. */
const CASES_PER_GAME = 10;
const SEED = process.env['FC_SEED'] === undefined ? undefined : Number(process.env['FC_SEED']);
/** A case costs about 4 + 3 × STEPS requests; loaded machines are slow. */
const TIMEOUT_MS = 60_000 + RUNS * STEPS * 500;

/** mulberry32: a small seeded PRNG, enough to make both worlds draw the same random choices. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type WorldName = 'a' | 'b';

/** The server's randomness, one seeded stream per world; ids `<world><game>-0000-4000-8000-<counter>`. */
class WorldRandomness implements Randomness {
  #worlds = new Map<WorldName, { next: () => number; prefix: string; counter: number }>();
  #current: WorldName = 'a';

  /** Starts both worlds' streams from the same seed, for a new pair of games. */
  reset(seed: number, pair: number): void {
    for (const w of ['a', 'b'] as const)
      this.#worlds.set(w, {
        next: prng(seed),
        prefix: `${w}${pair.toString(16).padStart(7, '0')}`,
        counter: 0,
      });
  }

  /** The world the next requests are for (requests run one at a time). */
  use(world: WorldName): void {
    this.#current = world;
  }

  #stream() {
    const s = this.#worlds.get(this.#current);
    if (!s) throw new Error('WorldRandomness used before reset');
    return s;
  }

  readonly newId = (): string => {
    const s = this.#stream();
    return `${s.prefix}-0000-4000-8000-${(++s.counter).toString(16).padStart(12, '0')}`;
  };

  /** zk-rng/1 seeds (docs/fairness.md): both worlds' games draw the same seed from the same stream. */
  readonly newSeed = (): Uint8Array =>
    Uint8Array.from({ length: 32 }, () => Math.floor(this.#stream().next() * 256));

  /** Both worlds' games derive from one game id: theirs differ only in the world letter. */
  readonly derivationId = (gameId: string): string => gameId.replace(/^[ab]/, 'w');
}

/** World b's id for a world-a id (the same draw of the same stream). */
const inWorldB = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replace(/\ba([0-9a-f]{7}-0000-4000-8000-[0-9a-f]{12})\b/g, 'b$1'));

/** Erases the world letter of every minted id, and the wall-clock fields. */
function normalise(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === 'at' || key === 'createdAt' || key === 'requestId' ? '<varies>' : v,
    ).replace(/\b[ab]([0-9a-f]{7}-0000-4000-8000-[0-9a-f]{12})\b/g, 'w$1'),
  );
}

/** Whether a starting card of another seat is hidden from the viewer (its zone and face, per the decks). */
function startsHidden(ruleset: RulesetName, card: DeckCard): boolean {
  const file = rulesetFile(ruleset);
  const zone = card.zone ?? file.deckZone;
  return file.zoneTypes.find((t) => t.type === zone)?.visibility !== 'public' || card.faceUp === false;
}

/** Printed properties a hidden card may have in its starting zone (FAB decks and hands: deck-cards only). */
const TWIN_TYPES: Record<RulesetName, string[][]> = {
  mtg: [['creature'], ['instant'], ['sorcery'], ['land'], ['artifact'], ['enchantment']],
  fab: [['action'], ['instant'], ['attack reaction'], ['defense reaction']],
  netrunner: [['agenda'], ['ice'], ['asset'], ['event'], ['program'], ['hardware']],
};
/** A game defined by its file: its starting cards' zones take plain cards of any type (test/leak/moves.ts). */
const FILE_TWIN_TYPES = [['card'], ['thing'], ['token-like'], ['other']];
const twinTypes = (ruleset: RulesetName) => TWIN_TYPES[ruleset] ?? FILE_TWIN_TYPES;

interface Variation {
  /** Per hidden card: its new printed properties. */
  readonly cards: readonly { readonly type: number; readonly sub: boolean; readonly tag: number }[];
  /** Per hidden pile: a permutation seed. */
  readonly order: readonly number[];
}

const variationArb: fc.Arbitrary<Variation> = fc.record({
  cards: fc.array(fc.record({ type: fc.nat({ max: 99 }), sub: fc.boolean(), tag: fc.nat({ max: 9999 }) }), {
    minLength: 40,
    maxLength: 40,
  }),
  order: fc.array(fc.nat({ max: 999 }), { minLength: 16, maxLength: 16 }),
});

/** The decks with the properties hidden from seat `viewer` changed as `v` says. */
function twin(ruleset: RulesetName, decks: DeckCard[][], viewer: number, v: Variation): DeckCard[][] {
  let n = 0;
  let pile = 0;
  return decks.map((deck, seat) => {
    if (seat === viewer) return deck;
    const changed = deck.map((card) => {
      if (!startsHidden(ruleset, card)) return card;
      const c = v.cards[n++ % v.cards.length]!;
      const types = twinTypes(ruleset)[c.type % twinTypes(ruleset).length]!;
      return {
        ...card,
        name: `Twin-${c.tag}`,
        types,
        subtypes: c.sub ? ['attack'] : [],
        text: `Other text ${c.tag}.`,
        attributes: { code: `T-${c.tag}`, power: c.tag % 7 },
      };
    });
    // Permute each hidden pile (the order of the cards listed for one starting zone).
    const zones = [
      ...new Set(changed.filter((c) => startsHidden(ruleset, c) && !c.faceUp).map((c) => c.zone)),
    ];
    for (const zone of zones) {
      const idx = changed.flatMap((c, i) => (c.zone === zone && startsHidden(ruleset, c) ? [i] : []));
      const cards = idx.map((i) => changed[i]!);
      const seed = v.order[pile++ % v.order.length]!;
      const rotated = [...cards.slice(seed % cards.length), ...cards.slice(0, seed % cards.length)];
      if (seed % 2 === 1) rotated.reverse();
      idx.forEach((i, k) => (changed[i] = rotated[k]!));
    }
    return changed;
  });
}

/** What the steps are built from: V's view, ids and shapes only. */
const STATE_QUERY = /* GraphQL */ `
  query State($id: ID!) {
    game(id: $id) {
      id
      status
      lastSeq
      takeback {
        asker {
          id
        }
        toSeq
      }
      players {
        id
        seat
        conceded
      }
      zones {
        id
        type
        count
        owner {
          id
        }
        objects {
          id
          owner {
            id
          }
          host {
            id
          }
          revealedTo {
            id
          }
          revealedToAll
        }
      }
    }
  }
`;

async function stateOf(server: TestServer, g: WorldGame): Promise<GameJson> {
  const res = await post<{ game: GameJson }>(server, STATE_QUERY, { id: g.gameId }, g.token);
  if (!res.data) throw new Error(`game(id) failed: ${res.text}`);
  return res.data.game;
}

/** One world's game: V's seat and credential, and the last event seq V has been compared on. */
interface WorldGame {
  readonly world: WorldName;
  readonly gameId: string;
  readonly playerId: string;
  readonly token: string;
  /** Every seat's token: other seats answer V's takeback requests, and draw (see the loop). */
  readonly seats: readonly string[];
  seq: number;
}

/** Everything V observes of a step in one world: the response, as sent. */
async function step(
  server: TestServer,
  random: WorldRandomness,
  g: WorldGame,
  m: { document: string; input: Record<string, unknown> },
  token = g.token,
): Promise<unknown> {
  random.use(g.world);
  const res = await post<unknown>(server, m.document, { input: m.input }, token);
  return normalise({ data: res.data, errors: res.errors ?? null });
}

/** V's view of the game and V's events since the last comparison (with `clocks`: every clock V saw). */
async function look(
  server: TestServer,
  random: WorldRandomness,
  g: WorldGame,
  clocks: boolean,
): Promise<unknown> {
  random.use(g.world);
  const view = (await fetchGame(server, g.gameId, g.token)).game;
  const history = (await fetchHistory(server, g.gameId, g.seq, g.token)).events;
  g.seq = view.lastSeq;
  const seen = clocks ? { clocks: await clocksSeenBy(server, g.gameId, g.token) } : {};
  return normalise({ view, history, ...seen });
}

/** The game's seat ids, by seat number. */
const seatIds = (state: GameJson): string[] =>
  [...state.players].sort((x, y) => x.seat - y.seat).map((p) => p.id);

/** One of V's actions, or (in games with clocks) a clock move of V's or of the referee's. */
type Action = { readonly leak: Choice } | { readonly clock: ClockChoice };

/** V's view, as its credential makes it: V's own seat, whichever the credential. */
async function expectSeat(server: TestServer, g: WorldGame, where: string): Promise<void> {
  const { viewer } = (await fetchGame(server, g.gameId, g.token)).game;
  expect(viewer, `V's standing, ${where}`).toEqual({ kind: 'PLAYER', player: { id: g.playerId } });
}

/**
 * Declares the twin-world property for one ruleset; with `clocks`, its games keep clocks and clock
 * moves are among the actions (`clock.ts`).
 */
export function twinSuite(
  ruleset: RulesetName,
  maxPlayers: number,
  minPlayers = 2,
  options: { readonly clocks?: boolean } = {},
): void {
  const random = new WorldRandomness();
  const clocks = options.clocks === true;
  let server: TestServer;
  let identity: TwinIdentity;
  let time: PinnedTime | null = null;
  beforeAll(async () => {
    identity = await TwinIdentity.start();
    server = await startTestServer(clocks ? { ...identity.env, CLOCK_SWEEP_MS: '0' } : identity.env, {
      random,
    });
    if (clocks) time = await PinnedTime.open(server.databaseUrl);
  });
  afterAll(async () => {
    await time?.close();
  });

  it(
    `${ruleset}: games differing only in what V cannot see look the same to V (${RUNS} cases)`,
    async () => {
      let cases = 0;
      let pairs = 0;
      // Refused actions compare only refusals: the twins must differ on accepted ones too.
      // Only V acts, so kinds V's seat may not use (attaching others' cards, layers in some games)
      // are refused whatever the aim: the share is checked, not every kind. A planner refusing 80%
      // of moves stays far below it.
      // Legal draws (about one action in four) must nearly all be accepted: a planner refusing
      // 80% of moves, or of moveObjects alone, accepts about one in five.
      const accepted = new Acceptance(`twin ${ruleset}`, {
        minShare: 0.15,
        everyKind: false,
        floors: { [DRAW]: 0.8 },
      });
      // The same share by JWT alone: a token refused alike in both worlds would pass every comparison.
      const byJwt = new Acceptance(`twin ${ruleset}, V by JWT`, { minShare: 0.15, everyKind: false });
      let noSeatChecks = 0;
      // The clock moves that were committed (by V, or by the referee), compared like every action.
      const clockMoves = new Set<string>();
      // Refusals are compared whole (code, reason, rule, message): each must carry its reason.
      const refusals = new RefusalTally(`twin ${ruleset}`);
      const actionArb: fc.Arbitrary<Action> = clocks
        ? fc.oneof(
            { arbitrary: choiceArb.map((leak) => ({ leak })), weight: 2 },
            { arbitrary: clockChoiceArb.map((clock) => ({ clock })), weight: 1 },
          )
        : choiceArb.map((leak) => ({ leak }));
      const sequence = fc.array(actionArb, { minLength: 1, maxLength: STEPS });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: minPlayers, max: maxPlayers }),
          fc.nat(),
          variationArb,
          variationArb,
          fc.nat(),
          fc.array(sequence, { minLength: CASES_PER_GAME, maxLength: CASES_PER_GAME }),
          async (players, viewerSeed, va, vb, seed, sequences) => {
            const viewer = viewerSeed % players;
            const decks = decksFor(ruleset, players);
            random.reset(seed, ++pairs);
            const platform = pairs % 2 === 1 ? await identity.tokens() : null;
            const open = async (world: WorldName, v: Variation): Promise<WorldGame> => {
              random.use(world);
              const worldDecks = twin(ruleset, decks, viewer, v);
              // Each seat's entropy (its random acts wait for it), the same in both worlds: it is public.
              const entropy = { data: (s: number) => `5eed${s.toString(16).padStart(4, '0')}` };
              const extra = clocks ? { clock: clockFor(pairs) } : {};
              const game = platform
                ? await createGame(
                    server,
                    ruleset,
                    worldDecks,
                    { token: TEST_ADMIN_TOKEN, users: identity.binding(players, viewer) },
                    entropy,
                    extra,
                  )
                : await createGame(server, ruleset, worldDecks, undefined, entropy, extra);
              const seat = game.players[viewer]!;
              // The referee starts the clocks, the same seat's running in both worlds.
              // Half the pairs V's (so that V's passes are accepted), the others any seat's.
              const first = seed % 2 === 0 ? viewer : (seed >> 1) % players;
              if (clocks) {
                await startClocks(server, game.gameId, game.players[first]!.id);
                clockMoves.add('referee startClock');
              }
              return {
                world,
                gameId: game.gameId,
                playerId: seat.id,
                token: platform?.viewer ?? seat.token,
                seats: game.players.map((p) => p.token),
                seq: 0,
              };
            };
            const a = await open('a', va);
            const b = await open('b', vb);
            const games = { a: a.gameId, b: b.gameId };
            let n = 0;
            const nextName = (kind: 'Token' | 'Layer') => secretName(kind, ++n);
            /**
             * Another seat's step, alike in both worlds: it is not V's observation (that seat sees
             * its own hidden cards, which differ), so only whether it was accepted is compared.
             */
            const othersStep = async (
              m: { document: string; input: Record<string, unknown> },
              seat: number,
              what: string,
            ): Promise<boolean> => {
              const inA = (await step(server, random, a, m, a.seats[seat])) as { errors: unknown };
              const inB = (await step(
                server,
                random,
                b,
                { ...m, input: inWorldB(m.input) as Record<string, unknown> },
                b.seats[seat],
              )) as { errors: unknown };
              expect(inB.errors === null, what).toBe(inA.errors === null);
              return inA.errors === null;
            };
            const where = `seat ${viewer} of ${players}, ${platform ? 'by JWT' : 'by seat token'}`;
            // V's subscriptions, by JWT, from the start: compared once every case has been played.
            const feeds = platform && {
              a: new EventCollector(server.wsUrl, a.token),
              b: new EventCollector(server.wsUrl, b.token),
            };
            try {
              feeds?.a.start(a.gameId);
              feeds?.b.start(b.gameId);
              expect(await look(server, random, b, clocks), `start, ${where}`).toEqual(
                await look(server, random, a, clocks),
              );
              await expectSeat(server, a, where);
              if (platform) {
                await expectNoSeatLikeMissing(normalise, server, platform.stranger, games, `start, ${where}`);
                noSeatChecks++;
              }
              let actions = 0;
              for (const choices of sequences) {
                cases++;
                for (const action of choices) {
                  random.use('a');
                  const state = await stateOf(server, a);
                  const clock = 'clock' in action ? action.clock : null;
                  const leak = clock ? null : (action as { leak: Choice }).leak;
                  const ctx = { ruleset, state, nextName };
                  // Now and then another seat draws, alike in both worlds (V's takeback requests over
                  // it are refused; what V observes of it is compared with the rest).
                  const other = (viewer + 1) % players;
                  const theirs = actions % 8 === 5 && other !== viewer ? drawStep(ctx, other) : null;
                  if (theirs) await othersStep(theirs, other, `${where}, seat ${other} draws`);
                  // Every fourth action a legal draw of V's, where there is one (see `drawStep`).
                  const draw = !clock && ++actions % 4 === 0 ? drawStep(ctx, viewer) : null;
                  // V is the one acting (but for the referee's clock moves): its choices aim at what
                  // V may act on.
                  const m = clock
                    ? toClockMutation(clock, a.gameId, seatIds(state))
                    : (draw ?? toMutation(ctx, { ...leak!, actor: viewer }));
                  const byV = !clock?.byReferee;
                  const active = state.status === 'ACTIVE';
                  // Another seat's answer to V's takeback request (test/leak/moves.ts).
                  if ('actor' in m && m.actor !== viewer) {
                    const ok = await othersStep(
                      m,
                      m.actor,
                      `${m.field} ${JSON.stringify(m.input)}, ${where}`,
                    );
                    if (active) accepted.record(m.field, ok);
                    continue;
                  }
                  const inA = await step(server, random, a, m, byV ? a.token : TEST_ADMIN_TOKEN);
                  const ok = (inA as { errors: unknown }).errors === null;
                  const kind = draw ? DRAW : 'countAs' in m && m.countAs ? m.countAs : m.field;
                  if (byV) {
                    refusals.record(inA, `${m.field} ${JSON.stringify(m.input)}`);
                    if (active) accepted.record(kind, ok);
                    if (platform && active) byJwt.record(kind, ok);
                  }
                  const toB = (input: Record<string, unknown>) => inWorldB(input) as Record<string, unknown>;
                  const inB = await step(
                    server,
                    random,
                    b,
                    { document: m.document, input: toB(m.input) },
                    byV ? b.token : TEST_ADMIN_TOKEN,
                  );
                  const what = `${byV ? '' : 'the referee: '}${m.field} ${JSON.stringify(m.input)}, ${where}`;
                  expect(inB, what).toEqual(inA);
                  if (clock && ok) clockMoves.add(`${byV ? 'V' : 'referee'} ${m.field}`);
                  // The clocks run between actions (games with clocks: the database's time is pinned).
                  await time?.advance();
                  // An action V's seat may take: the stranger's is answered as in a game that does not exist.
                  if (platform && ok && byV) {
                    await expectNoSeatLikeMissing(normalise, server, platform.stranger, games, what, {
                      action: m,
                      inB: toB,
                    });
                    noSeatChecks++;
                  }
                  // Now and then V asks to take back what it just did (a misclick): accepted, or
                  // refused over a draw or shuffle (TAKEBACK_BARRIER), the refusal compared whole.
                  if (ok && active && leak && leak.d % 3 === 0 && m.field !== 'requestTakeback') {
                    const ask = askTakeback(a.gameId, viewer, state.lastSeq);
                    const askedA = await step(server, random, a, ask);
                    refusals.record(askedA, `requestTakeback after ${m.field}`);
                    accepted.record('requestTakeback', (askedA as { errors: unknown }).errors === null);
                    const askedB = await step(server, random, b, {
                      ...ask,
                      input: { ...ask.input, gameId: b.gameId },
                    });
                    expect(askedB, `requestTakeback after ${what}`).toEqual(askedA);
                  }
                }
              }
              const end = `after ${CASES_PER_GAME} cases, ${where}`;
              expect(await look(server, random, b, clocks), end).toEqual(
                await look(server, random, a, clocks),
              );
              await expectSeat(server, a, end);
              if (feeds) {
                await feeds.a.waitFor(a.seq, 30_000);
                await feeds.b.waitFor(b.seq, 30_000);
                expect(normalise(feeds.b.events), `subscription, ${end}`).toEqual(normalise(feeds.a.events));
                expect(
                  feeds.a.events.map((e) => e.seq),
                  `subscription, ${end}`,
                ).toEqual(Array.from({ length: a.seq }, (_, i) => i + 1));
                await expectNoSeatLikeMissing(normalise, server, platform.stranger, games, end, {
                  subscribe: true,
                });
              }
            } finally {
              await feeds?.a.close();
              await feeds?.b.close();
            }
          },
        ),
        {
          numRuns: Math.ceil(RUNS / CASES_PER_GAME),
          ...(SEED === undefined ? {} : { seed: SEED }),
          // Every run plays two games against the server: shrinking is opt-in.
          endOnFailure: process.env['FC_SHRINK'] !== '1',
        },
      );
      // No time limit cuts the run short; a property that ran fewer cases than asked has not been shown.
      expect(cases).toBeGreaterThanOrEqual(RUNS);
      accepted.check();
      refusals.check();
      // The platform credential ran: V played by JWT, and a token with no seat was compared.
      expect(
        byJwt.counts().reduce((sent, c) => sent + c.sent, 0),
        'actions V sent by JWT',
      ).toBeGreaterThan(0);
      expect(noSeatChecks, 'observations by a token with no seat').toBeGreaterThan(0);
      byJwt.check();
      if (clocks) {
        console.log(`twin ${ruleset}: clock moves committed: ${[...clockMoves].sort().join(', ')}`);
        for (const move of ['V passClock', 'referee startClock', 'referee passClock', 'referee pauseClock'])
          expect(clockMoves.has(move), `${move} committed at least once`).toBe(true);
        expect(clockMoves.has('referee addClockTime'), 'referee addClockTime committed').toBe(true);
      }
    },
    TIMEOUT_MS,
  );
}
