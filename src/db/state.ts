/**
 * Loading a game's state (the row mapping itself is `rows.ts`). Loading a game is a fixed number of
 * queries (game, players, zones, objects) however many objects it holds.
 */
import type { Prisma, Zone as ZoneRow } from '../generated/prisma/client.js';
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
function loadQuery(db: Queryable, gameId: string) {
  return db.$queryRaw<LoadedRow[]>`
    SELECT g.id, g.ruleset, g.ruleset_version AS "rulesetVersion", g.status::text AS status, g.version, g.last_seq AS "lastSeq",
           g.created_at AS "createdAt", g.table_state AS "tableState",
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
    FROM game g WHERE g.id = ${gameId}::uuid`;
}

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
  const row = (await loadQuery(db, gameId))[0];
  if (!row) return null;
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
 * The current state of a game for readers, from the service's version-keyed cache when it holds the
 * current version (one small query), else loaded and cached (two queries, still fixed).
 */
export async function loadCurrentGame(store: Store, gameId: string): Promise<LoadedGame | null> {
  if (!isUuid(gameId)) return null;
  const row = await store.db.game.findUnique({ where: { id: gameId }, select: { version: true } });
  if (!row) return null;
  const hit = store.states.get(gameId, row.version);
  if (hit) return hit;
  const loaded = await loadGame(store.db, store.rulesets, gameId);
  if (loaded) store.states.set(loaded);
  return loaded;
}

/** The game as stored now (one query, one consistent snapshot), or GAME_NOT_FOUND. */
export async function loadOrThrow(
  store: Pick<Store, 'rulesets'>,
  db: Queryable,
  gameId: string,
): Promise<LoadedGame> {
  const loaded = await loadGame(db, store.rulesets, gameId);
  if (!loaded) throw dbError({ kind: 'GAME_NOT_FOUND' });
  return loaded;
}

/** Locks the game row for the rest of the transaction (a move under the lock, lifecycle changes in admin.ts). */
export async function lockGame(tx: Prisma.TransactionClient, gameId: string): Promise<GameRow | null> {
  const rows = await tx.$queryRaw<GameRow[]>`
    SELECT id, ruleset, status::text AS status, version, last_seq AS "lastSeq", created_at AS "createdAt"
    FROM game WHERE id = ${gameId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}
