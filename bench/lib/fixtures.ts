/**
 * Games for the benchmarks, created through the real API (so the rows are exactly what the service
 * writes), then laid out like a game in progress: opening hands, permanents, a graveyard. The raw
 * SQL baselines operate on the same rows.
 */
import { randomBytes } from 'node:crypto';
import { BENCH_CREATE_GAME, BENCH_MOVE } from '../../test/support/documents.js';
import type { GraphqlClient } from './graphql.js';

/** A seat's entropy (`addEntropy`), accepted by this build and by builds before zk-rng/2. */
const ADD_ENTROPY = `mutation BenchEntropy($input: AddEntropyInput!) { addEntropy(input: $input) { version } }`;

/** One seat of a bench game: what both the API client and the raw client need. */
export interface BenchSeat {
  readonly playerId: string;
  readonly token: string;
  readonly libraryId: string;
  readonly handId: string;
}

export interface BenchGame {
  readonly id: string;
  readonly seats: readonly BenchSeat[];
  readonly spectatorToken: string;
  /** The game's referee, which deals the cards and may act on any object. */
  readonly refereeToken: string;
  /** Every zone of the game: its id, type and owner (null for a shared zone). */
  readonly zones: readonly { readonly id: string; readonly type: string; readonly ownerId: string | null }[];
}

export interface MovePayload {
  moveObjects: { version: number; objects: { id: string }[]; events: { seq: number }[] };
}

interface CreatePayload {
  createGame: {
    game: { id: string; zones: { id: string; type: string; owner: { id: string } | null }[] };
    seats: { player: { id: string; seat: number }; token: string }[];
    spectatorToken: string;
    refereeToken: string;
  };
}

const CREATURES = ['Elf', 'Goblin', 'Wizard', 'Knight', 'Merfolk', 'Zombie', 'Angel', 'Dragon'];

/** A plausible Magic card: name, types, rules text and a few attributes (a few hundred bytes). */
function card(seat: number, i: number) {
  const creature = i % 3 !== 0;
  const sub = CREATURES[i % CREATURES.length] ?? 'Elf';
  return {
    name: creature ? `${sub} of Seat ${seat} #${i}` : `Forest`,
    types: creature ? ['Creature'] : ['Land'],
    subtypes: creature ? [sub, 'Warrior'] : ['Forest'],
    text: creature
      ? `When this creature enters, look at the top ${1 + (i % 4)} cards of your library. You may reveal a creature card from among them and put it into your hand. Put the rest on the bottom of your library in a random order.`
      : '({T}: Add {G}.)',
    attributes: creature
      ? { manaCost: `{${1 + (i % 5)}}{G}`, power: 1 + (i % 5), toughness: 1 + (i % 4), rarity: 'common' }
      : { rarity: 'basic' },
  };
}

/**
 * How the cards of each seat are spread after set-up, as `[zone type, count]` moved off the top of
 * the library. The rest stay in the library.
 */
export type Layout = readonly (readonly [string, number])[];

const LAYOUT: Layout = [
  ['hand', 7],
  ['battlefield', 12],
  ['graveyard', 4],
];

const createBodies = new Map<number, string>();

/** Cards each of the two seats gets in a bench game of `objects` cards (at least 30). */
export function cardsPerSeat(objects: number): number {
  return Math.max(30, Math.floor(objects / 2));
}

/**
 * The createGame request for `objects` cards, serialised once per size: every bench game gets the
 * same decks, and the load generator shares the machine with the service it measures.
 */
function createBody(objects: number): string {
  let body = createBodies.get(objects);
  if (body === undefined) {
    const perSeat = cardsPerSeat(objects);
    const input = {
      ruleset: 'mtg',
      players: [0, 1].map((seat) => ({
        name: `Bench ${seat}`,
        deck: Array.from({ length: perSeat }, (_, i) => card(seat, i)),
      })),
    };
    body = JSON.stringify({ query: BENCH_CREATE_GAME, variables: { input } });
    createBodies.set(objects, body);
  }
  return body;
}

/**
 * Creates a two-player Magic game of `objects` cards (half per seat) and lays it out (`layout: true`:
 * hands, permanents and graveyards; or a {@link Layout} of its own). With `layout: false` every card
 * stays in its library (fast; for games that only need moves).
 */
export async function createBenchGame(
  api: GraphqlClient,
  objects: number,
  opts: {
    layout: boolean | Layout;
    /** Binds seat 0 to this platform user (the creation then needs `token`: the host's or admin's). */
    externalUser?: { readonly issuer: string; readonly subject: string };
    token?: string;
    /**
     * Each seat adds entropy after creation, as its client does (docs/fairness.md): a game's random
     * acts wait for every seat's. Off where a case times creation or counts events from the start.
     */
    seatEntropy?: boolean;
    /** The game's clocks (a `ClockInput`), not started. */
    clock?: Record<string, unknown>;
  } = { layout: true },
): Promise<BenchGame> {
  let body = createBody(objects);
  if (opts.externalUser || opts.clock) {
    const parsed = JSON.parse(body) as {
      variables: { input: { players: Record<string, unknown>[]; clock?: Record<string, unknown> } };
    };
    if (opts.externalUser) parsed.variables.input.players[0]!['externalUser'] = opts.externalUser;
    if (opts.clock) parsed.variables.input.clock = opts.clock;
    body = JSON.stringify(parsed);
  }
  const { createGame } = await api.requestBody<CreatePayload>(body, opts.token);
  // The seat's own zone of that type, else the shared one (MTG battlefield, stack, exile).
  const zone = (type: string, owner: string) => {
    const z =
      createGame.game.zones.find((x) => x.type === type && x.owner?.id === owner) ??
      createGame.game.zones.find((x) => x.type === type && x.owner === null);
    if (!z) throw new Error(`no ${type} zone for ${owner}`);
    return z.id;
  };
  const seats = [...createGame.seats]
    .sort((a, b) => a.player.seat - b.player.seat)
    .map((s) => ({
      playerId: s.player.id,
      token: s.token,
      libraryId: zone('library', s.player.id),
      handId: zone('hand', s.player.id),
    }));
  const game: BenchGame = {
    id: createGame.game.id,
    seats,
    spectatorToken: createGame.spectatorToken,
    refereeToken: createGame.refereeToken,
    zones: createGame.game.zones.map((z) => ({ id: z.id, type: z.type, ownerId: z.owner?.id ?? null })),
  };
  if (opts.seatEntropy)
    for (const seat of seats)
      await api.request(
        ADD_ENTROPY,
        { input: { gameId: game.id, data: randomBytes(16).toString('hex') } },
        seat.token,
      );
  if (opts.layout) {
    for (const seat of seats) {
      for (const [type, count] of opts.layout === true ? LAYOUT : opts.layout) {
        await api.request<MovePayload>(
          BENCH_MOVE,
          {
            input: {
              gameId: game.id,
              select: { zoneId: seat.libraryId, from: 'TOP', count },
              to: { zoneId: zone(type, seat.playerId) },
              ...(type === 'battlefield' || type === 'graveyard' ? { faceUp: true } : {}),
            },
          },
          // Dealing is the game engine's job: a seat may not put a card it has not seen onto the
          // battlefield (MTG 400.4a admits by card type), the referee may.
          createGame.refereeToken,
        );
      }
    }
  }
  return game;
}

/** Creates `count` games, a few at a time. */
export async function createBenchGames(
  api: GraphqlClient,
  count: number,
  objects: number,
  opts: { layout: boolean | Layout; seatEntropy?: boolean },
): Promise<BenchGame[]> {
  const games: BenchGame[] = [];
  const parallel = 4;
  for (let i = 0; i < count; i += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, count - i) }, () => createBenchGame(api, objects, opts)),
    );
    games.push(...batch);
  }
  return games;
}

/**
 * The API side of the move workload: each call either draws the top card of the seat's library
 * into its hand, or puts the card drawn last on the bottom of the library (so cards cycle through
 * the library and no card's history grows much faster than the others).
 */
export class ApiMover {
  #held: string | null = null;

  constructor(
    private readonly api: GraphqlClient,
    private readonly game: BenchGame,
    private readonly seat: BenchSeat,
  ) {}

  /** Runs one move; resolves with the seqs it committed. */
  async move(): Promise<MovePayload['moveObjects']> {
    const { gameId, seat } = { gameId: this.game.id, seat: this.seat };
    const input =
      this.#held === null
        ? { gameId, select: { zoneId: seat.libraryId, from: 'TOP', count: 1 }, to: { zoneId: seat.handId } }
        : { gameId, objectIds: [this.#held], to: { zoneId: seat.libraryId }, position: 'BOTTOM' };
    const { moveObjects } = await this.api.request<MovePayload>(BENCH_MOVE, { input }, seat.token);
    this.#held = this.#held === null ? (moveObjects.objects[0]?.id ?? null) : null;
    return moveObjects;
  }
}
