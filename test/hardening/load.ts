/**
 * Contended load with idempotent retries, and the checks that follow it.
 *
 * Clients behave like careful real ones: every mutation carries an `idempotencyKey`; a transport
 * error, a busy game (STALE_STATE without `expectedVersion`) or, when a test allows it, a masked
 * internal error during an outage is retried with the same key; a random fraction of successes is
 * sent again too, as a client whose response was lost would. Afterwards the game is checked from the
 * database and the API: invariants, log rebuilding the stored state, a gapless log, and every commit
 * matched to exactly one idempotency key. `ResumingSubscriber` follows a game over graphql-ws and
 * resumes with `afterSeq` whenever its subscription ends.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { loadGame } from '../../src/db/state.js';
import type { GameState, RulesetId } from '../../src/rules/index.js';
import { decodeEvent } from '../../src/db/rows.js';
import { replay, type EventWithPlayers } from '../../src/rules/index.js';
import { deck } from '../api/helpers.js';
import { wsClient, type Subscription, type WsClient } from '../events/ws-client.js';
import { checkState } from '../rules/invariants.js';
import { createGame, fetchGame, type GameJson, NO_SEAT_ENTROPY } from '../support/game-api.js';
import { builtinRulesets } from '../support/rulesets.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import { until as waitUntil } from '../support/wait.js';

/**
 * What an error answer must never contain: stack frames, file paths, driver or SQL internals. (Not
 * `LEAK_PATTERN`: a refusal may rightly say "cannot select 1".)
 */
const INTERNALS =
  /(\bat .*\.(ts|js|mjs):\d+|node_modules|\/work\/|stacktrace|prisma|ECONN|\bSELECT\b.*\bFROM\b)/i;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A two-seat MTG game under load: its seats and the zones the clients move between. */
export interface LoadGame {
  readonly gameId: string;
  readonly seats: readonly { readonly id: string; readonly token: string }[];
  readonly spectatorToken: string;
  /** Per seat (array index = seat): that player's library, hand and graveyard. */
  readonly zones: readonly { readonly library: string; readonly hand: string; readonly graveyard: string }[];
  readonly battlefield: string;
}

/** Creates `count` two-seat MTG games of 30-card decks through the API. */
export async function createLoadGames(url: string, count: number): Promise<LoadGame[]> {
  const games: LoadGame[] = [];
  for (let i = 0; i < count; i++) {
    // Versions 2.. are the load's own moves (checked below): no set-up entropy events, no waiting.
    const created = await createGame(
      { url },
      'mtg',
      [deck(`G${i}A`, 30), deck(`G${i}B`, 30)],
      undefined,
      NO_SEAT_ENTROPY,
    );
    const { game } = await fetchGame({ url }, created.gameId, TEST_ADMIN_TOKEN);
    const zone = (type: string, owner: string | null) => {
      const z = game.zones.find((x) => x.type === type && (x.owner?.id ?? null) === owner);
      if (!z) throw new Error(`no ${type} zone of ${owner}`);
      return z.id;
    };
    const seats = [...created.players].sort((a, b) => a.seat - b.seat);
    games.push({
      gameId: created.gameId,
      seats: seats.map((p) => ({ id: p.id, token: p.token })),
      spectatorToken: created.spectatorToken,
      zones: seats.map((p) => ({
        library: zone('library', p.id),
        hand: zone('hand', p.id),
        graveyard: zone('graveyard', p.id),
      })),
      battlefield: zone('battlefield', null),
    });
  }
  return games;
}

const PAYLOAD = 'version events { seq }';
const DOCUMENTS = {
  moveObjects: `mutation ($input: MoveObjectsInput!) { r: moveObjects(input: $input) { ${PAYLOAD} } }`,
  shuffleZone: `mutation ($input: ShuffleZoneInput!) { r: shuffleZone(input: $input) { ${PAYLOAD} } }`,
  createToken: `mutation ($input: CreateTokenInput!) { r: createToken(input: $input) { ${PAYLOAD} } }`,
} as const;

export interface Move {
  readonly document: string;
  readonly input: Record<string, unknown>;
}

/** One random move of `seat` in `game`: mostly draws, discards and returns, so zones keep changing. */
export function randomMove(game: LoadGame, seat: number): Move {
  const me = game.seats[seat]!.id;
  const z = game.zones[seat]!;
  const gameId = game.gameId;
  const move = (input: Record<string, unknown>): Move => ({
    document: DOCUMENTS.moveObjects,
    input: { gameId, ...input },
  });
  const r = Math.random() * 10;
  if (r < 3) return move({ select: { zoneId: z.library, from: 'TOP', count: 1 }, to: { zoneId: z.hand } });
  if (r < 5)
    return move({ select: { zoneId: z.hand, from: 'RANDOM', count: 1 }, to: { zoneId: z.graveyard } });
  if (r < 7)
    return move({
      select: { zoneId: z.graveyard, from: 'TOP', count: 1 },
      to: { zoneId: z.library },
      position: 'BOTTOM',
    });
  if (r < 8) return { document: DOCUMENTS.shuffleZone, input: { gameId, zoneId: z.library } };
  if (r < 9)
    return {
      document: DOCUMENTS.createToken,
      input: { gameId, token: { name: 'Spirit' }, to: { zoneId: game.battlefield }, ownerId: me },
    };
  return move({ select: { zoneId: z.hand, from: 'RANDOM', count: 1 }, to: { zoneId: game.battlefield } });
}

/** Everything observed for one idempotency key. */
export interface KeyRecord {
  readonly key: string;
  readonly gameId: string;
  /** `version` of every successful response (a retried key must repeat the first). */
  readonly versions: number[];
  /** The event seqs of every successful response. */
  readonly seqs: string[];
  /** The definitive refusal, if the key ended refused. */
  refusal: string | null;
  /**
   * An attempt may have reached the server without its answer reaching us (a transport error, or a
   * masked internal error during an outage): whether the key committed is then only known to the
   * database.
   */
  ambiguous: boolean;
}

/** What a load run observed: outcomes per key, error codes, and anything a test must fail on. */
export class LoadStats {
  readonly keys = new Map<string, KeyRecord>();
  readonly codes = new Map<string, number>();
  /** Bodies of responses with HTTP status >= 500. */
  readonly serverErrors: string[] = [];
  /** Anything no client should ever see: unexpected codes, leaks, changed replays, hung requests. */
  readonly unexpected: string[] = [];
  /** Masked internal errors tolerated during an outage (only with `tolerateOutage`). */
  readonly outageErrors: { status: number; text: string }[] = [];
  requests = 0;
  /** Requests sent and not yet answered (or failed), now. */
  inFlight = 0;
  transportErrors = 0;
  /** Requests the client abandoned on purpose (`abortRate`). */
  abandoned = 0;
  lostResponseRetries = 0;
  busyRetries = 0;
  staleRetries = 0;

  /** Keys with at least one successful response. */
  committed(gameId?: string): KeyRecord[] {
    return [...this.keys.values()].filter(
      (k) => k.versions.length > 0 && (gameId === undefined || k.gameId === gameId),
    );
  }

  count(code: string): number {
    return this.codes.get(code) ?? 0;
  }
}

export interface LoadOptions {
  readonly url: string;
  readonly games: readonly LoadGame[];
  readonly clients: number;
  /** Moves each client starts at most. */
  readonly movesPerClient: number;
  /** Checked before each new move (never in the middle of one's retries). */
  readonly stop: () => boolean;
  /** Checked before every retry: true ends the clients at once (the test already failed). */
  readonly abandon?: () => boolean;
  readonly stats: LoadStats;
  /** Fraction of successes sent again with the same key, as if the response had been lost. */
  readonly lostResponseRate?: number;
  /**
   * Fraction of requests the client itself abandons after a few milliseconds, as a dropped
   * connection would: the server may or may not commit it, and the client retries with the same key.
   */
  readonly abortRate?: number;
  /**
   * Retry masked internal errors and 5xx answers with the same key instead of counting them as
   * unexpected: what a client does while the database is down.
   */
  readonly tolerateOutage?: boolean;
  /** A request without an answer after this long counts as hung (default 20 s). */
  readonly requestTimeoutMs?: number;
  /** Give up retrying one move after this long (default 60 s); counts as unexpected. */
  readonly retryForMs?: number;
}

type Outcome =
  | { readonly kind: 'ok'; readonly version: number }
  | { readonly kind: 'refused'; readonly code: string; readonly actualVersion?: number };

interface ResponseBody {
  data?: { r?: { version: number; events: { seq: number }[] } | null } | null;
  errors?: { message: string; extensions?: { code?: string; requestId?: string; [k: string]: unknown } }[];
}

/**
 * Runs `clients` concurrent clients until each made `movesPerClient` moves or `stop()` says so.
 * Client c plays game c mod n; every third client sends `expectedVersion` (and gets STALE_STATE
 * when another client got there first); every eighth acts as a judge with the admin token.
 */
export async function runLoad(opts: LoadOptions): Promise<void> {
  const runId = randomUUID().slice(0, 8);
  await Promise.all(Array.from({ length: opts.clients }, (_, c) => runClient(opts, runId, c)));
}

async function runClient(opts: LoadOptions, runId: string, c: number): Promise<void> {
  const game = opts.games[c % opts.games.length]!;
  const seat = Math.floor(c / opts.games.length) % 2;
  const token = c % 8 === 7 ? TEST_ADMIN_TOKEN : game.seats[seat]!.token;
  const checksVersion = c % 3 === 1;
  let knownVersion = 1;
  for (let m = 0; m < opts.movesPerClient && !opts.stop(); m++) {
    const move = randomMove(game, seat);
    // A version-checked move refused as stale is a new request (new key) against the newer version.
    for (let round = 0; round < 20; round++) {
      const input = checksVersion ? { ...move.input, expectedVersion: knownVersion } : move.input;
      const key = `${runId}-c${c}-m${m}-r${round}`;
      const outcome = await send(opts, game.gameId, key, move.document, input, token);
      if (outcome === null) return;
      if (outcome.kind === 'ok') knownVersion = outcome.version;
      if (
        outcome.kind === 'refused' &&
        outcome.code === 'STALE_STATE' &&
        outcome.actualVersion !== undefined
      ) {
        opts.stats.staleRetries++;
        knownVersion = outcome.actualVersion;
        continue;
      }
      break;
    }
  }
}

/** Sends one keyed request until it has a definitive answer; null if it never got one. */
async function send(
  opts: LoadOptions,
  gameId: string,
  key: string,
  document: string,
  input: Record<string, unknown>,
  token: string,
): Promise<Outcome | null> {
  const { stats } = opts;
  const record: KeyRecord = { key, gameId, versions: [], seqs: [], refusal: null, ambiguous: false };
  stats.keys.set(key, record);
  const giveUpAt = Date.now() + (opts.retryForMs ?? 60_000);
  let resent = false;
  for (;;) {
    if (opts.abandon?.()) return null;
    if (Date.now() > giveUpAt) {
      stats.unexpected.push(`key ${key}: no definitive answer within ${opts.retryForMs ?? 60_000} ms`);
      return null;
    }
    stats.requests++;
    const abandoned = Math.random() < (opts.abortRate ?? 0);
    let status: number;
    let text: string;
    stats.inFlight++;
    try {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: document, variables: { input: { ...input, idempotencyKey: key } } }),
        signal: abandoned
          ? AbortSignal.timeout(1 + Math.random() * 30)
          : AbortSignal.timeout(opts.requestTimeoutMs ?? 20_000),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError' && !abandoned)
        stats.unexpected.push(`key ${key}: no answer within ${opts.requestTimeoutMs ?? 20_000} ms`);
      if (abandoned) stats.abandoned++;
      else stats.transportErrors++;
      record.ambiguous = true;
      await sleep(50 + Math.random() * 150);
      continue;
    } finally {
      stats.inFlight--;
    }
    let body: ResponseBody | null;
    try {
      body = JSON.parse(text) as ResponseBody;
    } catch {
      body = null;
    }
    const error = body?.errors?.[0];
    const code = error?.extensions?.code ?? (body ? 'NO_CODE' : 'NOT_JSON');
    if (body?.errors) {
      stats.codes.set(code, stats.count(code) + 1);
      if (INTERNALS.test(text)) stats.unexpected.push(`key ${key}: error response leaks internals: ${text}`);
    }
    const failed =
      status >= 500 ||
      code === 'INTERNAL_SERVER_ERROR' ||
      code === 'SERVICE_UNAVAILABLE' ||
      code === 'NOT_JSON';
    if (failed && opts.tolerateOutage) {
      stats.outageErrors.push({ status, text });
      record.ambiguous = true;
      await sleep(100 + Math.random() * 200);
      continue;
    }
    if (status >= 500) stats.serverErrors.push(`${status} ${text}`);
    const payload = body?.data?.r;
    if (!body?.errors && payload) {
      record.versions.push(payload.version);
      record.seqs.push(JSON.stringify(payload.events.map((e) => e.seq)));
      if (!resent && Math.random() < (opts.lostResponseRate ?? 0)) {
        resent = true;
        stats.lostResponseRetries++;
        continue;
      }
      return { kind: 'ok', version: payload.version };
    }
    const expectedVersion = error?.extensions?.['expectedVersion'];
    const actualVersion = error?.extensions?.['actualVersion'];
    if (code === 'STALE_STATE' && expectedVersion === undefined) {
      // "The game was busy": nothing was applied; the same request may be sent again.
      stats.busyRetries++;
      await sleep(20 + Math.random() * 60);
      continue;
    }
    if (code !== 'INVALID_MOVE' && code !== 'STALE_STATE')
      stats.unexpected.push(`key ${key}: ${status} ${text}`);
    if (record.versions.length > 0) stats.unexpected.push(`key ${key}: refused after it succeeded: ${text}`);
    record.refusal = code;
    return typeof actualVersion === 'number'
      ? { kind: 'refused', code, actualVersion }
      : { kind: 'refused', code };
  }
}

/** Events of a game's log, as stored. */
interface LogRow {
  seq: number;
  version: number;
  payload: unknown;
}

/** A state with zones and objects in a canonical order, for comparing two states. */
function canonical(state: GameState) {
  return {
    players: [...state.players].sort((a, b) => a.seat - b.seat),
    zones: [...state.zones].sort((a, b) => (a.id < b.id ? -1 : 1)),
    objects: [...state.objects].sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}

/**
 * Every integrity property of one game after the load: the stored state passes the rules' invariants
 * and equals the state rebuilt from its log; the log is gapless 1..lastSeq with every version
 * 1..version in it; the admin's view has each object in exactly one zone and dense positions.
 * Returns the game's version and last seq.
 */
export async function checkGameIntegrity(
  databaseUrl: string,
  url: string,
  gameId: string,
): Promise<{ version: number; lastSeq: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const db = createDb(databaseUrl, 2);
  try {
    const game = (
      await client.query<{ version: number; last_seq: number; ruleset: RulesetId }>(
        'SELECT version, last_seq, ruleset FROM game WHERE id = $1',
        [gameId],
      )
    ).rows[0]!;
    const log = (
      await client.query<LogRow>(
        'SELECT seq, version, payload FROM game_event WHERE game_id = $1 ORDER BY seq',
        [gameId],
      )
    ).rows;
    // Gapless 1..lastSeq, and every version 1..version recorded (each commit appends at least one event).
    expect(
      log.map((r) => r.seq),
      'seqs 1..n',
    ).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
    expect(game.last_seq).toBe(log.length);
    const versions = log.map((r) => r.version);
    expect(versions, 'versions never decrease along the log').toEqual([...versions].sort((a, b) => a - b));
    expect([...new Set(versions)]).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));

    // The stored state passes every invariant and is exactly what the log rebuilds.
    const loaded = await loadGame(db, builtinRulesets(), gameId);
    expect(loaded).not.toBeNull();
    expect(loaded!.game.version).toBe(game.version);
    checkState(loaded!.spec, loaded!.state);
    const rebuilt = replay(
      game.ruleset,
      // Through the one decoder: a new game's event is stored in its compact form.
      log.map((r) => decodeEvent(r.payload) as EventWithPlayers),
    );
    expect(canonical(rebuilt), 'state rebuilt from the log equals the stored state').toEqual(
      canonical(loaded!.state),
    );

    // Through the API: each object in exactly one zone, positions 0..count-1 in every zone.
    const view: GameJson = (await fetchGame({ url }, gameId, TEST_ADMIN_TOKEN)).game;
    expect(view.version).toBe(game.version);
    expect(view.lastSeq).toBe(game.last_seq);
    const seen = new Set<string>();
    for (const z of view.zones) {
      const top = z.objects.filter((o) => o.position !== null);
      expect(top.length, `count of ${z.type}`).toBe(z.count);
      expect(top.map((o) => o.position).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: z.count }, (_, i) => i),
      );
      for (const o of z.objects) {
        expect(seen.has(o.id), `object ${o.id} in two zones`).toBe(false);
        seen.add(o.id);
      }
    }
    expect(seen.size).toBe(loaded!.state.objects.length);
    return { version: game.version, lastSeq: game.last_seq };
  } finally {
    await client.end();
    await db.$disconnect();
  }
}

/**
 * Nothing was applied twice: every retried key got the same answer each time, every commit of the
 * game has exactly one idempotency record, the records are exactly the keys of this game that
 * committed (keys answered with a success, plus ambiguous ones the database says committed), and
 * their versions are 2..version, one each. Returns the number of commits.
 */
export async function checkAppliedOnce(
  databaseUrl: string,
  gameId: string,
  stats: LoadStats,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { version } = (
      await client.query<{ version: number }>('SELECT version FROM game WHERE id = $1', [gameId])
    ).rows[0]!;
    const records = (
      await client.query<{ key: string; version: number | null }>(
        `SELECT key, (response->>'version')::int AS version FROM idempotency_record WHERE game_id = $1`,
        [gameId],
      )
    ).rows;
    const recordVersion = new Map(records.map((r) => [r.key, r.version]));
    const ours = [...stats.keys.values()].filter((k) => k.gameId === gameId);
    const byHash = new Map(ours.map((k) => [sha256(k.key), k]));

    // Each retried key was answered exactly like the first time.
    for (const k of ours) {
      expect(
        new Set(k.versions).size,
        `key ${k.key} answered versions ${k.versions.join(',')}`,
      ).toBeLessThanOrEqual(1);
      expect(new Set(k.seqs).size, `key ${k.key} answered seqs ${k.seqs.join(' ')}`).toBeLessThanOrEqual(1);
    }
    // Every record is one of our keys; every answered success has its record, with the same version.
    for (const r of records) expect(byHash.has(r.key), 'a record for a key nobody sent').toBe(true);
    for (const k of ours) {
      const stored = recordVersion.get(sha256(k.key));
      if (k.versions.length > 0) expect(stored, `record of committed key ${k.key}`).toBe(k.versions[0]);
      else if (!k.ambiguous) expect(stored, `refused key ${k.key} has a record`).toBeUndefined();
    }
    // One record per commit: versions 2..version (createGame made version 1), each exactly once.
    expect(records.map((r) => r.version).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: version - 1 }, (_, i) => i + 2),
    );
    return records.length;
  } finally {
    await client.end();
  }
}

/**
 * A `gameEvents` subscriber that resumes like a careful client: whenever its subscription ends (the
 * server died, the socket closed, an error), it subscribes again, on a new connection, with
 * `afterSeq` = the last seq it received. `seqs` is everything it received, in order.
 */
export class ResumingSubscriber {
  readonly seqs: number[] = [];
  /** Why each subscription ended (close events, errors). */
  readonly endings: unknown[] = [];
  resubscriptions = 0;
  #client: WsClient | null = null;
  #sub: Subscription | null = null;
  #taken = 0;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly wsUrl: string,
    private readonly token: string,
    readonly gameId: string,
    private readonly afterSeq = 0,
  ) {}

  start(): this {
    this.#subscribe(this.afterSeq);
    this.#timer = setInterval(() => this.#check(), 50);
    return this;
  }

  get lastSeq(): number {
    return this.seqs.length === 0 ? this.afterSeq : this.seqs[this.seqs.length - 1]!;
  }

  #subscribe(afterSeq: number): void {
    this.#client = wsClient(this.wsUrl, this.token);
    this.#sub = this.#client.subscribe('gameEvents', { gameId: this.gameId, afterSeq });
    this.#taken = 0;
  }

  #check(): void {
    const sub = this.#sub;
    if (!sub || this.#closed) return;
    for (; this.#taken < sub.events.length; this.#taken++) this.seqs.push(sub.events[this.#taken]!.seq);
    if (sub.errors.length === 0 && !sub.completed) return;
    this.endings.push(...(sub.errors.length ? sub.errors : ['completed']));
    const old = this.#client;
    this.#sub = null;
    this.#client = null;
    void old?.close();
    setTimeout(() => {
      if (this.#closed) return;
      this.resubscriptions++;
      this.#subscribe(this.lastSeq);
    }, 250);
  }

  /** Resolves once seq `seq` arrived; rejects after `ms`. */
  async waitFor(seq: number, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.lastSeq < seq) {
      if (Date.now() > deadline)
        throw new Error(`subscriber reached seq ${this.lastSeq}, not ${seq}, within ${ms} ms`);
      await sleep(50);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#sub?.dispose();
    await this.#client?.close();
  }
}

/**
 * Runs an open-ended load ({@link runLoad}, up to 1,000 moves per client) in the background while
 * `scenario` acts on the service, then stops it and waits for every client. If the scenario fails,
 * requests in flight are abandoned so the test ends promptly. Resolves with the load's stats.
 */
export async function duringLoad(
  opts: Omit<LoadOptions, 'stop' | 'abandon' | 'stats' | 'movesPerClient'>,
  scenario: (stats: LoadStats) => Promise<void>,
): Promise<LoadStats> {
  const stats = new LoadStats();
  let stop = false;
  let abandon = false;
  const load = runLoad({
    ...opts,
    movesPerClient: 1_000,
    stop: () => stop,
    abandon: () => abandon,
    stats,
  });
  try {
    await scenario(stats);
  } catch (err) {
    abandon = true;
    throw err;
  } finally {
    stop = true;
    await load;
  }
  return stats;
}

/**
 * After a load: every game passes {@link checkGameIntegrity} and {@link checkAppliedOnce}, and each
 * of `subscribers` ends up with exactly seqs 1..lastSeq of its game, once each. Returns how many
 * subscribers were checked.
 */
export async function checkGamesAfterLoad(
  databaseUrl: string,
  url: string,
  games: readonly LoadGame[],
  stats: LoadStats,
  subscribers: readonly ResumingSubscriber[],
): Promise<number> {
  let checked = 0;
  for (const game of games) {
    const { version, lastSeq } = await checkGameIntegrity(databaseUrl, url, game.gameId);
    expect(await checkAppliedOnce(databaseUrl, game.gameId, stats)).toBe(version - 1);
    const ofGame = subscribers.filter((s) => s.gameId === game.gameId);
    // A marker: one more move after the checks. A duplicate or a late event would arrive before it.
    const marker = await markerMove(url, game);
    expect(marker).toBe(lastSeq + 1);
    for (const sub of ofGame) await sub.waitFor(marker, 30_000);
    for (const sub of ofGame) {
      expect(sub.seqs).toEqual(Array.from({ length: marker }, (_, k) => k + 1));
      checked++;
    }
  }
  return checked;
}

/** The seat's token for a Spirit on the battlefield, outside any load's bookkeeping: its event's seq. */
async function markerMove(url: string, game: LoadGame): Promise<number> {
  const input = { gameId: game.gameId, token: { name: 'Spirit' }, to: { zoneId: game.battlefield } };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${game.seats[0]!.token}` },
    body: JSON.stringify({
      query: DOCUMENTS.createToken,
      variables: { input: { ...input, ownerId: game.seats[0]!.id } },
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  const seqs = (JSON.parse(text) as ResponseBody).data?.r?.events.map((e) => e.seq) ?? [];
  if (seqs.length !== 1) throw new Error(`the marker move was not committed as one event: ${text}`);
  return seqs[0]!;
}

/** Polls `check` every 100 ms until it holds; throws after `ms` (the shared {@link waitUntil}). */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<void> {
  await waitUntil(check, what, { timeoutMs: ms, intervalMs: 100 });
}

/** GET a health endpoint next to the GraphQL URL; the status, or 0 if nothing answered in time. */
export async function health(graphqlUrl: string, path: '/healthz' | '/readyz'): Promise<number> {
  try {
    const res = await fetch(graphqlUrl.replace(/\/graphql$/, path), { signal: AbortSignal.timeout(10_000) });
    await res.text();
    return res.status;
  } catch {
    return 0;
  }
}
