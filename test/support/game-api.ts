/**
 * Driving games through the public API in tests: requests over the documents of documents.ts,
 * their result types, and a graphql-ws collector for `Subscription.gameEvents`.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { randomBytes } from 'node:crypto';
import { CREATE_GAME, GAME_QUERY, HISTORY_QUERY, SUBSCRIPTION, ZONE_SUBSCRIPTION } from './documents.js';
import type { GqlError, TestServer } from './server.js';

// The documents live in documents.ts (shared with the benchmarks); the suites import them from here.
export { CREATE_GAME, GAME_QUERY, OBJECT_FRAGMENT, SUBSCRIPTION } from './documents.js';

export interface CardJson {
  name: string;
  types: string[];
  subtypes: string[];
  text: string;
  attributes: unknown;
}

export interface ObjectJson {
  id: string;
  kind: 'CARD' | 'TOKEN' | 'LAYER';
  zone: { id: string; type: string; owner: { id: string } | null };
  owner: { id: string };
  controller: { id: string };
  position: number | null;
  layer: number | null;
  faceUp: boolean;
  host: { id: string; faceUp: boolean } | null;
  attached: { id: string }[];
  revealedTo: { id: string }[];
  revealedToAll: boolean;
  card: CardJson | null;
  history: unknown[] | null;
  internalKey: string | null;
  statuses: { name: string; value: string }[];
  counters: { kind: string; amount: number }[];
}

export interface ZoneJson {
  id: string;
  type: string;
  name: string;
  owner: { id: string } | null;
  index: number;
  count: number;
  objects: ObjectJson[];
  counters?: { kind: string; amount: number }[];
}

export interface GameJson {
  id: string;
  ruleset: string;
  status: string;
  version: number;
  lastSeq: number;
  players: { id: string; name: string; seat: number; conceded?: boolean; counters?: unknown[] }[];
  turn?: unknown;
  result?: unknown;
  zones: ZoneJson[];
  viewer: { kind: string; player: { id: string } | null };
  /** The open takeback request (issue 41), where the query asks for it. */
  takeback?: { asker: { id: string }; toSeq: number } | null;
}

export interface ChangeJson {
  previousId: string | null;
  objectId: string | null;
  fromZoneId: string | null;
  toZoneId: string | null;
  object: ObjectJson | null;
}

export interface EventJson {
  gameId: string;
  seq: number;
  version: number;
  kind: string;
  actor: { kind: 'PLAYER' | 'ADMIN' | 'SYSTEM'; playerId: string | null; onBehalfOf: string | null };
  at: string;
  zoneIds: string[];
  rules: string[];
  changes: ChangeJson[];
  zonesCreated: { id: string; type: string; ownerId: string | null; index: number }[];
  zonesRemoved: { id: string; type: string; ownerId: string | null; index: number }[];
  /** zk-rng/1: how many random acts the event records, and the seat entropy it adds. */
  randomness?: { scheme: string | null; acts: number } | null;
  entropy?: { playerId: string | null; data: string; hash: string } | null;
  /** A roll's or flip's results: null where hidden from the viewer (docs/fairness.md). */
  roll?: {
    sides: number;
    count: number;
    dice: number[] | null;
    coins: string[] | null;
    seenBy: string[] | null;
  } | null;
}

export interface PayloadJson {
  version: number;
  objects: (ObjectJson & { zone: ObjectJson['zone'] & { count: number; objects: unknown[] } })[];
  events: EventJson[];
}

/** A raw response: parsed body plus the exact text, for substring searches over everything sent. */
export interface RawResponse<T> {
  status: number;
  data: T | null;
  errors?: GqlError[];
  text: string;
}

/** POSTs an operation and keeps the raw body text (TestServer.gql only returns the parsed body). */
export async function post<T>(
  server: Pick<TestServer, 'url'>,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<RawResponse<T>> {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { data?: T | null; errors?: GqlError[] };
  return {
    status: res.status,
    data: body.data ?? null,
    ...(body.errors ? { errors: body.errors } : {}),
    text,
  };
}

export interface CreatedGame {
  gameId: string;
  players: { id: string; seat: number; token: string }[];
  spectatorToken: string;
  /** zk-rng's running entropy hash (hex) after the set-up's seat entropy; absent: none added (E0). */
  entropy?: string;
}

export interface DeckCard {
  name: string;
  types?: string[];
  subtypes?: string[];
  text?: string;
  attributes?: Record<string, unknown>;
  zone?: string;
  zoneIndex?: number;
  faceUp?: boolean;
}

/** A platform user a seat is bound to at createGame (issue 33). */
export interface ExternalUser {
  readonly issuer: string;
  readonly subject: string;
}

/** How a test game gets its seats' entropy (docs/fairness.md, "Seat entropy"). */
export interface SeatEntropySetUp {
  /** `createGame`'s waitForSeatEntropy (default true: random acts wait for every seat's entropy). */
  readonly wait?: boolean;
  /** Each seat adds one piece of entropy right after creation, as the client does (default true). */
  readonly add?: boolean;
  /** Seat `i`'s piece, hex (default: 16 fresh random bytes); twins add the same in both worlds. */
  readonly data?: (seat: number) => string;
}

/**
 * A game that neither waits for seat entropy nor adds any at set-up: its log is its creation, then
 * the test's own moves (for tests that count versions or events, or address them by index).
 */
export const NO_SEAT_ENTROPY: SeatEntropySetUp = { add: false, wait: false };

const ADD_ENTROPY =
  'mutation E($input: AddEntropyInput!) { addEntropy(input: $input) { events { entropy { hash } } } }';

/**
 * Each seat of `game` adds one piece of fresh entropy (what the typed client does on connecting);
 * `game.entropy` becomes the running hash after them.
 */
export async function addSeatEntropy(
  server: Pick<TestServer, 'url'>,
  game: CreatedGame,
  dataOf: (seat: number) => string = () => randomBytes(16).toString('hex'),
): Promise<void> {
  for (const seat of game.players) {
    const data = dataOf(seat.seat);
    const res = await post<{ addEntropy: { events: { entropy: { hash: string } | null }[] } }>(
      server,
      ADD_ENTROPY,
      { input: { gameId: game.gameId, data } },
      seat.token,
    );
    const hash = res.data?.addEntropy.events[0]?.entropy?.hash;
    if (res.errors || !hash) throw new Error(`addEntropy failed: ${res.text}`);
    game.entropy = hash;
  }
}

/**
 * Creates a game anonymously; with `bind`, as `bind.token` (the host or an admin), binding each seat
 * `i` to `bind.users[i]` when given. The game waits for seat entropy and each seat adds some, unless
 * `seatEntropy` says otherwise.
 */
export async function createGame(
  server: Pick<TestServer, 'url'>,
  ruleset: string,
  decks: DeckCard[][],
  bind?: { readonly token: string; readonly users: readonly (ExternalUser | null)[] },
  seatEntropy: SeatEntropySetUp = {},
  /** More of `CreateGameInput` (e.g. `clock`). */
  extra: Record<string, unknown> = {},
): Promise<CreatedGame> {
  const res = await post<{
    createGame: {
      game: { id: string };
      seats: { player: { id: string; seat: number }; token: string }[];
      spectatorToken: string;
    };
  }>(
    server,
    CREATE_GAME,
    {
      input: {
        ruleset,
        players: decks.map((deck, i) => {
          const externalUser = bind?.users[i];
          return { name: `Seat ${i}`, deck, ...(externalUser ? { externalUser } : {}) };
        }),
        ...(seatEntropy.wait === false ? { waitForSeatEntropy: false } : {}),
        ...extra,
      },
    },
    bind?.token,
  );
  if (!res.data) throw new Error(`createGame failed: ${res.text}`);
  const c = res.data.createGame;
  const game: CreatedGame = {
    gameId: c.game.id,
    players: c.seats.map((s) => ({ id: s.player.id, seat: s.player.seat, token: s.token })),
    spectatorToken: c.spectatorToken,
  };
  if (seatEntropy.add !== false) await addSeatEntropy(server, game, seatEntropy.data);
  return game;
}

export async function fetchGame(
  server: Pick<TestServer, 'url'>,
  gameId: string,
  token: string,
): Promise<RawResponse<{ game: GameJson }> & { game: GameJson }> {
  const res = await post<{ game: GameJson }>(server, GAME_QUERY, { id: gameId }, token);
  if (!res.data) throw new Error(`game(id) failed: ${res.text}`);
  return { ...res, game: res.data.game };
}

const PAGE = 100;

/** The event history after `afterSeq`, paging until exhausted. */
export async function fetchHistory(
  server: Pick<TestServer, 'url'>,
  gameId: string,
  afterSeq: number,
  token: string,
): Promise<{ events: EventJson[]; texts: string[] }> {
  const events: EventJson[] = [];
  const texts: string[] = [];
  let after = afterSeq;
  for (let page = 0; page < 1000; page++) {
    const res = await post<{ gameEvents: EventJson[] }>(
      server,
      HISTORY_QUERY,
      { gameId, afterSeq: after, first: PAGE },
      token,
    );
    texts.push(res.text);
    if (!res.data) throw new Error(`gameEvents failed: ${res.text}`);
    const batch = res.data.gameEvents;
    events.push(...batch);
    if (batch.length < PAGE) return { events, texts };
    after = batch[batch.length - 1]!.seq;
  }
  throw new Error('history did not end');
}

/**
 * One viewer's `gameEvents` (or, given a zone, `zoneEvents`) subscription. Keeps every event and the raw JSON text of each message,
 * and lets a test wait, with a deadline, until a given seq has arrived.
 */
export class EventCollector {
  readonly events: EventJson[] = [];
  readonly texts: string[] = [];
  readonly errors: unknown[] = [];
  #client: Client;
  #waiters: { seq: number; resolve: () => void }[] = [];
  #dispose: (() => void) | null = null;

  constructor(wsUrl: string, token: string) {
    this.#client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: true,
    });
  }

  start(gameId: string, afterSeq = 0, zoneId?: string): void {
    this.#dispose = this.#client.subscribe<{ gameEvents: EventJson }>(
      zoneId === undefined
        ? { query: SUBSCRIPTION, variables: { gameId, afterSeq } }
        : { query: ZONE_SUBSCRIPTION, variables: { gameId, zoneId, afterSeq } },
      {
        next: (msg) => {
          this.texts.push(JSON.stringify(msg));
          if (msg.errors) this.errors.push(msg.errors);
          const ev = msg.data?.gameEvents;
          if (ev) this.events.push(ev);
          this.#wake();
        },
        error: (err) => {
          this.errors.push(err);
          this.#wake();
        },
        complete: () => this.#wake(),
      },
    );
  }

  get lastSeq(): number {
    return this.events.length === 0 ? 0 : this.events[this.events.length - 1]!.seq;
  }

  #wake(): void {
    const ready = this.#waiters.filter((w) => this.lastSeq >= w.seq || this.errors.length > 0);
    this.#waiters = this.#waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }

  /** Resolves once an event with `seq` or later arrived; rejects after `timeoutMs`. */
  async waitFor(seq: number, timeoutMs = 5_000): Promise<void> {
    if (this.lastSeq >= seq) return;
    if (this.errors.length > 0) throw new Error(`subscription failed: ${JSON.stringify(this.errors)}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.#waiters.push({ seq, resolve })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no event ${seq} within ${timeoutMs} ms (last ${this.lastSeq})`)),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    if (this.errors.length > 0) throw new Error(`subscription failed: ${JSON.stringify(this.errors)}`);
  }

  async close(): Promise<void> {
    this.#dispose?.();
    await this.#client.dispose();
  }
}

/**
 * Draws the top card of `seat`'s library into its hand (MTG zones), `times` times, each move
 * acknowledged; resolves with the game's version after the last one.
 */
export async function drawCards(
  server: Pick<TestServer, 'url'>,
  gameId: string,
  seat: { id: string; token: string },
  times: number,
): Promise<number> {
  const view = await post<{
    game: { version: number; zones: { id: string; type: string; owner: { id: string } | null }[] };
  }>(
    server,
    'query ($id: ID!) { game(id: $id) { version zones { id type owner { id } } } }',
    { id: gameId },
    seat.token,
  );
  const zone = (type: string) =>
    view.data!.game.zones.find((z) => z.type === type && z.owner?.id === seat.id)!.id;
  let version = view.data!.game.version;
  for (let i = 0; i < times; i++) {
    const moved = await post<{ moveObjects: { version: number } }>(
      server,
      'mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }',
      {
        input: {
          gameId,
          select: { zoneId: zone('library'), from: 'TOP', count: 1 },
          to: { zoneId: zone('hand') },
        },
      },
      seat.token,
    );
    if (!moved.data) throw new Error(`draw refused: ${moved.text}`);
    version = moved.data.moveObjects.version;
  }
  return version;
}
