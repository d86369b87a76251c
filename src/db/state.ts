/**
 * Loading a game's state (the row mapping itself is `rows.ts`). Loading a game is a fixed number of
 * queries (game, players, zones, objects) however many objects it holds.
 */
import type pg from 'pg';
import { Prisma, type Zone as ZoneRow } from '../generated/prisma/client.js';
import type { RulesetId, RulesetRegistry } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import type { Db } from './client.js';
import { dbError } from './errors.js';
import {
  objectFromRow,
  sortZones,
  zoneFromRow,
  type GameRow,
  type LoadedGame,
  type ObjectColumns,
  type SeatRow,
} from './rows.js';
import { rulesetOfGame } from './ruleset-versions.js';
import { lightState } from './state-cache.js';
import type { Store } from './store.js';
import { withStoredTable } from './table-state.js';

/** A client or an interactive transaction: reads work on both. */
export type Queryable = Db | Prisma.TransactionClient;

export type { GameRow, LoadedGame, SeatRow } from './rows.js';

/** The game row plus every player, zone and object, as one JSON-aggregated row. */
interface LoadedRow extends GameRow {
  readonly rulesetVersion: string | null;
  /** The database's time, when the load asked for it ({@link NOW_COLUMN}). */
  readonly nowMs?: number;
  readonly players: SeatRow[];
  readonly zones: (Omit<ZoneRow, 'createdAt' | 'gameId'> & { createdAt: string })[];
  readonly objects: ObjectJson[];
  readonly tableState: unknown;
}

/** An object row as `json_build_object` returns it (camelCase keys, JSON scalars). */
type ObjectJson = ObjectColumns;

/**
 * One statement for the whole state: players, zones and objects are aggregated as JSON next to the
 * game row. A single round trip matters because every mutation runs it inside its transaction.
 * Floats and timestamps survive the JSON exactly (PostgreSQL prints shortest-exact float8). Objects
 * come in sort-key order, so each zone's objects are already in position order when a view sorts
 * them, whatever order updates (a move, a tap, a counter) left the rows in.
 */
function loadQuery(db: Queryable, which: Prisma.Sql, withNow: boolean) {
  return db.$queryRaw<LoadedRow[]>`
    SELECT g.id, g.ruleset, g.ruleset_version AS "rulesetVersion", g.status::text AS status, g.version, g.last_seq AS "lastSeq",
           g.created_at AS "createdAt", g.table_state AS "tableState"${withNow ? NOW_COLUMN : Prisma.empty},
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'seat', p.seat, 'name', p.name) ORDER BY p.seat), '[]')
         FROM player p WHERE p.game_id = g.id) AS players,
      (SELECT coalesce(json_agg(json_build_object('id', z.id, 'type', z.type, 'ownerId', z.owner_id,
                'index', z.index, 'createdAt', z.created_at)), '[]')
         FROM zone z WHERE z.game_id = g.id) AS zones,
      (SELECT coalesce(json_agg(json_build_object('key', o.key, 'publicId', o.public_id, 'kind', o.kind,
                'ownerId', o.owner_id, 'controllerId', o.controller_id, 'zoneId', o.zone_id,
                'sortKey', o.sort_key, 'faceUp', o.face_up, 'revealedToAll', o.revealed_to_all,
                'revealedTo', o.revealed_to, 'hostKey', o.host_key, 'name', o.name, 'types', o.types,
                'subtypes', o.subtypes, 'text', o.text, 'attributes', o.attributes, 'history', o.history,
                'statuses', o.statuses, 'counters', o.counters) ORDER BY o.sort_key, o.key), '[]')
         FROM game_object o WHERE o.game_id = g.id) AS objects
    FROM game g WHERE ${which}`;
}

/**
 * The database's time (`zk_now()`, epoch ms) as a column of the load: evaluated as the row is read,
 * so after every lock an earlier statement of the transaction took, at no extra round trip.
 */
const NOW_COLUMN = Prisma.sql`, floor(extract(epoch FROM zk_now()) * 1000)::float8 AS "nowMs"`;

const byId = (gameId: string) => Prisma.sql`g.id = ${gameId}::uuid`;

/**
 * Loads a game and its whole state in exactly one query, however many objects it holds (plus one,
 * for a ruleset version no longer loaded from a file that the service's registry does not keep). Null for an unknown (or
 * malformed) id; RULESET_VERSION_UNAVAILABLE for a game whose ruleset version is neither loaded nor
 * stored (src/db/ruleset-versions.ts). Mutations lock the game
 * row with a separate statement first (see `lockGame`), so that this one reads after the lock.
 */
export async function loadGame(
  db: Queryable,
  rulesets: RulesetRegistry,
  gameId: string,
): Promise<LoadedGame | null> {
  if (!isUuid(gameId)) return null;
  const row = (await loadQuery(db, byId(gameId), false))[0];
  return row ? fromRow(db, rulesets, row) : null;
}

/** A game's state and the database's time, read in one statement. */
export interface LoadedAt {
  readonly loaded: LoadedGame;
  /** `zk_now()` (epoch ms), read by the statement that loaded the state. */
  readonly now: number;
}

function withTime(loaded: LoadedGame, row: LoadedRow): LoadedAt {
  if (typeof row.nowMs !== 'number') throw new Error('zk_now() answered nothing');
  return { loaded, now: row.nowMs };
}

/**
 * The game as stored now (one query, one consistent snapshot), or GAME_NOT_FOUND, with the
 * database's time read by the same statement (issue 40: a game with
 * clocks is decided as of it). Run after the game row lock, the time is read under that lock.
 */
export async function loadAtOrThrow(
  store: Pick<Store, 'rulesets'>,
  db: Queryable,
  gameId: string,
): Promise<LoadedAt> {
  const row = isUuid(gameId) ? (await loadQuery(db, byId(gameId), true))[0] : undefined;
  if (!row) throw dbError({ kind: 'GAME_NOT_FOUND' });
  return withTime(await fromRow(db, store.rulesets, row), row);
}

/**
 * Several games and the database's time, in one statement (the clock sweep's claimed games, their
 * rows already locked), in the order of `gameIds`; a game not found is left out.
 */
export async function loadManyAt(
  store: Pick<Store, 'rulesets'>,
  db: Queryable,
  gameIds: readonly string[],
): Promise<LoadedAt[]> {
  if (gameIds.length === 0) return [];
  const rows = await loadQuery(db, Prisma.sql`g.id = ANY(${[...gameIds]}::uuid[])`, true);
  const byGame = new Map(rows.map((r) => [r.id, r]));
  const out: LoadedAt[] = [];
  for (const id of gameIds) {
    const row = byGame.get(id);
    if (row) out.push(withTime(await fromRow(db, store.rulesets, row), row));
  }
  return out;
}

async function fromRow(db: Queryable, rulesets: RulesetRegistry, row: LoadedRow): Promise<LoadedGame> {
  const spec = await rulesetOfGame(db, rulesets, row.ruleset, row.rulesetVersion);
  const game: GameRow = {
    id: row.id,
    ruleset: row.ruleset,
    status: row.status,
    version: row.version,
    lastSeq: row.lastSeq,
    createdAt: row.createdAt,
  };
  const players = row.players;
  const seatOf = new Map(players.map((p) => [p.id, p.seat]));
  const zones = row.zones.map((z) => ({ ...z, createdAt: new Date(z.createdAt) }));
  const zoneStates = sortZones(spec, zones, seatOf).map(zoneFromRow);
  return {
    game,
    spec,
    players,
    state: lightState(
      withStoredTable(
        {
          ruleset: spec.id as RulesetId,
          players: players.map((p) => ({ id: p.id, seat: p.seat })),
          zones: zoneStates,
          objects: row.objects.map(objectFromRow),
        },
        row.tableState,
      ),
    ),
  };
}

/**
 * A game's version as committed now (null: no such game), read straight on the driver's pool as a
 * move's commit is (`commit.ts`): every view asks it, and through Prisma's query engine it was
 * some 6 % of a cached view's CPU (`bench/view-probe.ts`). Unnamed, as every statement on the pool
 * is: behind a transaction-mode pooler a statement prepared on one server connection is unknown on
 * the next (docs/operators.md, "Behind PgBouncer").
 */
async function committedVersion(pool: pg.Pool, gameId: string): Promise<number | null> {
  const { rows } = await pool.query<{ version: number }>('SELECT version FROM game WHERE id = $1::uuid', [
    gameId,
  ]);
  return rows[0]?.version ?? null;
}

/**
 * The current state of a game for readers, from the service's version-keyed cache when it holds the
 * version committed now or a later one (one small query, which sees every instance's commits), else
 * loaded and cached (two queries, still fixed).
 */
export async function loadCurrentGame(store: Store, gameId: string): Promise<LoadedGame | null> {
  if (!isUuid(gameId)) return null;
  const version = await committedVersion(store.pool, gameId);
  if (version === null) return null;
  const hit = store.states.atLeast(gameId, version);
  if (hit) return hit;
  // A move of this game running here may have committed the version just read: its state enters
  // the cache as its commit returns, so wait for that one move (not the moves queued behind it)
  // rather than load the whole game again. Nothing running inside a move's task reads through here
  // (`commitMove` loads with `loadAtOrThrow`), so a reader never waits for its own move.
  const inFlight = store.moves.running(gameId);
  if (inFlight) {
    await inFlight;
    const landed = store.states.atLeast(gameId, version);
    if (landed) return landed;
  }
  const loaded = await loadGame(store.db, store.rulesets, gameId);
  if (loaded) store.states.set(loaded);
  return loaded;
}

/** Locks the game row for the rest of the transaction (a move under the lock, lifecycle changes in admin.ts). */
export async function lockGame(tx: Prisma.TransactionClient, gameId: string): Promise<GameRow | null> {
  const rows = await tx.$queryRaw<GameRow[]>`
    SELECT id, ruleset, status::text AS status, version, last_seq AS "lastSeq", created_at AS "createdAt"
    FROM game WHERE id = ${gameId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}
