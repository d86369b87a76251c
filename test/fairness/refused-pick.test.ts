/**
 * Refused picks use nothing up and show nothing (docs/fairness.md, "Refused picks"; issue 38 done-when
 * 1). In every ruleset with a zone that refuses cards by what they are (Pokémon, Yu-Gi-Oh!, Flesh and
 * Blood), a seat's RANDOM pick from its two-card hand into a zone that refuses both is a probe: were
 * it refused after the draw, naming what it drew, with nothing used up, the seat would discard at
 * random right away when the probe named the card it wants gone, and re-roll first otherwise (the
 * probe-then-discard experiment: three discards in four would take the chosen card). Here every
 * probe's refusal names no object and is the same whatever would have been drawn, so over 200
 * trials the chosen card's share of random discards stays within the fair odds' 99.9% interval.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.js';
import { moveDocument } from '../support/documents.js';
import { createGame, fetchGame, post, type DeckCard } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';

const TRIALS = 200;
/** Two-sided 99.9% normal quantile: the fair share's interval is n/2 ± Z·√(n/4). */
const Z = 3.2905;
const OBJECTS = 'version objects { id card { name } } events { kind }';

interface Setup {
  readonly ruleset: string;
  /** The two hand cards: the chosen one first. */
  readonly hand: readonly [DeckCard, DeckCard];
  /** A zone type of the seat's that refuses both. */
  readonly refusing: string;
  readonly discard: string;
  /** The rest of the seat's cards (a pile to keep the game well formed). */
  readonly rest: readonly DeckCard[];
}

const SETUPS: readonly Setup[] = [
  {
    ruleset: 'pokemon',
    hand: [
      { name: 'Chosen Trainer', types: ['trainer'], zone: 'hand' },
      { name: 'Other Trainer', types: ['trainer'], zone: 'hand' },
    ],
    refusing: 'active_spot',
    discard: 'discard_pile',
    rest: [{ name: 'Pile Pokemon', types: ['pokemon'] }],
  },
  {
    ruleset: 'yugioh',
    hand: [
      { name: 'Chosen Monster', types: ['monster'], subtypes: ['normal'], zone: 'hand' },
      { name: 'Other Monster', types: ['monster'], subtypes: ['normal'], zone: 'hand' },
    ],
    refusing: 'extra_deck',
    discard: 'graveyard',
    rest: [{ name: 'Pile Monster', types: ['monster'], subtypes: ['normal'] }],
  },
  {
    ruleset: 'fab',
    hand: [
      { name: 'Chosen Attack', types: ['action'], subtypes: ['attack'], zone: 'hand' },
      { name: 'Other Attack', types: ['action'], subtypes: ['attack'], zone: 'hand' },
    ],
    refusing: 'arms',
    discard: 'graveyard',
    rest: [{ name: 'Pile Attack', types: ['action'], subtypes: ['attack'] }],
  },
];

// Seeds and derivation ids from a counter: the experiment is the same on every run.
let games = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      random: {
        newId,
        newSeed: () => createHash('sha256').update(`refused-pick ${++games}`).digest(),
        derivationId: () => `00000000-0000-4000-8000-${String(games).padStart(12, '0')}`,
      },
    },
  );
});

interface Payload {
  version: number;
  objects: { id: string; card: { name: string } | null }[];
  events: { kind: string }[];
}

/** What one game's trials saw: discards of the chosen card, and every probe's refusal as sent. */
interface Seen {
  readonly hits: number;
  readonly refusals: readonly string[];
  /** Every public id the seat's hand cards had. */
  readonly ids: readonly string[];
}

/** Plays `trials` probe-then-discard trials in one game of `setup.ruleset`. */
async function experiment(setup: Setup, trials: number): Promise<Seen> {
  const game = await createGame(server, setup.ruleset, [
    [...setup.hand, ...setup.rest],
    [{ name: 'Opponent Card', types: setup.rest[0]!.types ?? [] }],
  ]);
  const seat = game.players[0]!;
  const state = (await fetchGame(server, game.gameId, seat.token)).game;
  const own = (type: string) => state.zones.find((z) => z.type === type && z.owner?.id === seat.id)!;
  const hand = own('hand');
  const ids = new Map(hand.objects.map((o) => [o.card!.name, o.id] as const));
  const everyId = [...ids.values()];
  const send = (field: string, input: Record<string, unknown>) =>
    post<Record<string, Payload>>(
      server,
      moveDocument(field, `${field[0]!.toUpperCase()}${field.slice(1)}Input`, { selection: OBJECTS }),
      { input: { gameId: game.gameId, ...input } },
      seat.token,
    );
  const accepted = async (field: string, input: Record<string, unknown>) => {
    const res = await send(field, input);
    expect(res.errors, res.text).toBeUndefined();
    return res.data![field]!;
  };
  const chosen = setup.hand[0].name;
  const pick = { zoneId: hand.id, from: 'RANDOM', count: 1 };
  const refusals: string[] = [];
  let hits = 0;
  for (let trial = 0; trial < trials; trial++) {
    const probe = await send('moveObjects', { select: pick, to: { type: setup.refusing, ownerId: seat.id } });
    expect(probe.errors, `${setup.ruleset}: the probe is refused`).toBeDefined();
    // As sent, less the request's own id.
    const text = JSON.stringify(probe.errors).replace(/"requestId":"[^"]*"/g, '');
    refusals.push(text);
    // The seat's best play: discard now if the probe named the chosen card, else re-roll first
    // (any committed move changes the next draw: here the empty discard pile's shuffle, a NO_MOVE).
    if (!text.includes(ids.get(chosen)!)) await accepted('shuffleZone', { zoneId: own(setup.discard).id });
    const discarded = (
      await accepted('moveObjects', { select: pick, to: { type: setup.discard, ownerId: seat.id } })
    ).objects;
    expect(discarded, `${setup.ruleset}: one card discarded`).toHaveLength(1);
    const name = discarded[0]!.card!.name;
    if (name === chosen) hits++;
    // Back to the hand, for the next trial (the card gets a new id there).
    const back = await accepted('moveObjects', { objectIds: [discarded[0]!.id], to: { zoneId: hand.id } });
    ids.set(name, back.objects[0]!.id);
    everyId.push(back.objects[0]!.id);
  }
  return { hits, refusals, ids: everyId };
}

describe('a refused RANDOM pick', () => {
  it(`names no drawn object, uses nothing up, and tells nothing of the next draw (${TRIALS} probe-then-discard trials)`, async () => {
    const results: Record<string, number> = {};
    const seen: Seen[] = [];
    for (const [i, setup] of SETUPS.entries()) {
      const trials = Math.floor(TRIALS / SETUPS.length) + (i < TRIALS % SETUPS.length ? 1 : 0);
      const one = await experiment(setup, trials);
      results[setup.ruleset] = one.hits;
      seen.push(one);
    }
    const hits = seen.reduce((n, s) => n + s.hits, 0);
    const half = TRIALS / 2;
    const spread = Z * Math.sqrt(TRIALS / 4);
    const report = `chosen card discarded ${hits} of ${TRIALS} (${JSON.stringify(results)}); fair: ${half} ± ${spread.toFixed(1)}`;
    expect(hits, report).toBeGreaterThanOrEqual(Math.ceil(half - spread));
    expect(hits, report).toBeLessThanOrEqual(Math.floor(half + spread));
    for (const [i, one] of seen.entries()) {
      const ruleset = SETUPS[i]!.ruleset;
      // No refusal names a hand card, and each is the same whatever would have been drawn.
      for (const text of one.refusals)
        for (const id of one.ids) expect(text, `${ruleset}: a refusal names ${id}`).not.toContain(id);
      expect(new Set(one.refusals).size, `${ruleset}: probes refused alike`).toBe(1);
    }
  }, 120_000);
});
