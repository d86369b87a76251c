/**
 * The I/O of export and import: read a whole game for an export, write an imported one. The document
 * format, its validation and the id remapping are pure and live in `src/transfer`; rows are mapped
 * by `rows.ts`; an import's log and checkpoints are written in bulk here (`insertBatches`).
 */
import type { Prisma } from '../generated/prisma/client.js';
import type { GameState, ObjectState, ZoneState } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import type { NewSecret } from './fairness.js';
import { storedTableOf } from './table-state.js';
import type { Db } from './client.js';
import { decodeEventRow, objectFromRow, objectToRow, type GameColumns, type StoredEvent } from './rows.js';

/** An object's JSON columns as Prisma's input type wants them. */
const jsonColumns = (o: ObjectState) => ({
  attributes: o.card.attributes as Prisma.InputJsonValue,
  history: o.history as unknown as Prisma.InputJsonValue,
  ...(o.statuses ? { statuses: o.statuses as Prisma.InputJsonValue } : {}),
  ...(o.counters ? { counters: o.counters as Prisma.InputJsonValue } : {}),
});

/** A whole game as stored: the game row's exported columns, seats, zones, state objects and log. */
export interface StoredGame {
  readonly game: GameColumns;
  readonly players: readonly { readonly id: string; readonly seat: number; readonly name: string }[];
  readonly zones: readonly (ZoneState & { readonly createdAt: Date })[];
  readonly state: Pick<GameState, 'objects'>;
  readonly events: readonly StoredEvent[];
}

/** The whole game (zones by creation, objects by zone and position, the log in order), or null. */
export async function readWholeGame(db: Db, gameId: string): Promise<StoredGame | null> {
  if (!isUuid(gameId)) return null;
  const game = await db.game.findUnique({
    where: { id: gameId },
    include: {
      players: { orderBy: { seat: 'asc' } },
      zones: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      objects: { orderBy: [{ zoneId: 'asc' }, { sortKey: 'asc' }, { key: 'asc' }] },
      events: { orderBy: { seq: 'asc' } },
    },
  });
  if (!game) return null;
  return {
    game: {
      id: game.id,
      ruleset: game.ruleset,
      rulesetVersion: game.rulesetVersion,
      status: game.status,
      version: game.version,
      lastSeq: game.lastSeq,
      createdAt: game.createdAt,
      endedAt: game.endedAt,
      importedFrom: game.importedFrom,
    },
    players: game.players.map((p) => ({ id: p.id, seat: p.seat, name: p.name })),
    zones: game.zones.map((z) => ({
      id: z.id,
      type: z.type,
      ownerId: z.ownerId,
      index: z.index,
      createdAt: z.createdAt,
    })),
    state: { objects: game.objects.map(objectFromRow) },
    events: game.events.map(decodeEventRow),
  };
}

/** A game to write as new: the stored shape, with each seat's and the game's credential hashes. */
export interface GameToWrite extends Omit<StoredGame, 'players'> {
  readonly players: readonly {
    readonly id: string;
    readonly seat: number;
    readonly name: string;
    readonly tokenHash: string;
  }[];
  readonly spectatorTokenHash: string;
  readonly refereeTokenHash: string;
  /** The game's new zk-rng/1 secret (docs/fairness.md), covering acts from `coveredFromSeq` on. */
  readonly rng: NewSecret['row'] & { readonly coveredFromSeq: number };
  /** The log replayed (`src/transfer/checkpoints.ts`): states to checkpoint, and the state after it. */
  readonly replayed: {
    readonly checkpoints: readonly { readonly seq: number; readonly state: GameState }[];
    readonly final: GameState;
  };
}

/**
 * A `game_checkpoint` row of the state right after event `seq`, as JSON keyed by column
 * (`jsonb_populate_recordset`). No table: the key is left out, so the column is SQL NULL (a JSON
 * `null` would be stored as a jsonb null). `created_at` is the column's default.
 */
function checkpointJson(gameId: string, seq: number, state: GameState): string {
  const table = storedTableOf(state);
  return JSON.stringify({
    game_id: gameId,
    seq,
    zones: state.zones,
    objects: state.objects,
    ...(table ? { table_state: table } : {}),
  });
}

/** A `game_event` row as JSON keyed by column; the payload is the unredacted event. */
function eventJson(r: StoredEvent): string {
  return JSON.stringify({
    game_id: r.gameId,
    seq: r.seq,
    kind: r.kind,
    version: r.version,
    actor_kind: r.actorKind,
    actor_player_id: r.actorPlayerId,
    payload: r.payload,
    created_at: r.createdAt.toISOString(),
  });
}

/** The most JSON text one bulk statement carries: a long log's rows go in several. */
export const BULK_STATEMENT_CHARS = 8 * 1024 * 1024;

/** Rows (each a JSON object text) grouped into JSON arrays of at most `limit` characters each. */
export function jsonBatches(rows: readonly string[], limit = BULK_STATEMENT_CHARS): string[] {
  const batches: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const row of rows) {
    if (batch.length > 0 && size + row.length + 1 > limit) {
      batches.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(row);
    size += row.length + 1;
  }
  if (batch.length > 0) batches.push(`[${batch.join(',')}]`);
  return batches;
}

/**
 * The bulk inserts of an import's large tables, one unnamed parameterised statement per batch (a
 * pooler in transaction mode keeps no prepared statements): the rows are one jsonb parameter,
 * expanded by the table's own row type, so each column takes its type (uuid, enum, timestamptz).
 * Prisma's `createMany` of the same rows builds and escapes every value in the process.
 */
const INSERT_CHECKPOINTS = `INSERT INTO game_checkpoint (game_id, seq, zones, objects, table_state)
  SELECT r.game_id, r.seq, r.zones, r.objects, r.table_state
  FROM jsonb_populate_recordset(NULL::game_checkpoint, $1::jsonb) AS r`;
const INSERT_EVENTS = `INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload, created_at)
  SELECT r.game_id, r.seq, r.kind, r.version, r.actor_kind, r.actor_player_id, r.payload, r.created_at
  FROM jsonb_populate_recordset(NULL::game_event, $1::jsonb) AS r`;

async function insertBatches(
  tx: Prisma.TransactionClient,
  sql: string,
  rows: readonly string[],
  limit: number,
): Promise<void> {
  for (const batch of jsonBatches(rows, limit)) await tx.$executeRawUnsafe(sql, batch);
}

/**
 * Writes a whole game in one transaction: rows, log and the checkpoints of its replay (an imported
 * log's intermediate states exist nowhere as rows).
 */
export async function writeWholeGame(
  db: Db,
  g: GameToWrite,
  batchChars = BULK_STATEMENT_CHARS,
): Promise<void> {
  const gameId = g.game.id;
  // The table beyond objects (counters, turn, result) is what the log makes it.
  const table = storedTableOf(g.replayed.final);
  const checkpoints = g.replayed.checkpoints.map((c) => checkpointJson(gameId, c.seq, c.state));
  await db.$transaction(
    async (tx) => {
      // A written game is created now: `createdAt` is the database's.
      await tx.game.create({
        data: {
          id: gameId,
          ruleset: g.game.ruleset,
          rulesetVersion: g.game.rulesetVersion,
          status: g.game.status,
          version: g.game.version,
          lastSeq: g.game.lastSeq,
          spectatorTokenHash: g.spectatorTokenHash,
          refereeTokenHash: g.refereeTokenHash,
          importedFrom: g.game.importedFrom,
          endedAt: g.game.endedAt,
          ...(table ? { tableState: table as unknown as Prisma.InputJsonValue } : {}),
        },
      });
      await tx.player.createMany({ data: g.players.map((p) => ({ ...p, gameId })) });
      await tx.zone.createMany({ data: g.zones.map((z) => ({ ...z, gameId })) });
      await tx.gameObject.createMany({
        data: g.state.objects.map((o) => ({ ...objectToRow(o), gameId, ...jsonColumns(o) })),
      });
      await insertBatches(tx, INSERT_CHECKPOINTS, checkpoints, batchChars);
      await insertBatches(tx, INSERT_EVENTS, g.events.map(eventJson), batchChars);
      await tx.gameRng.create({
        data: {
          gameId,
          scheme: g.rng.scheme,
          seed: Buffer.from(g.rng.seed, 'hex'),
          derivationId: g.rng.derivation_id,
          coveredFromSeq: g.rng.coveredFromSeq,
          revealFaces: g.rng.reveal_faces,
        },
      });
    },
    // A long log is a large write: more than Prisma's default 5 s may pass on a busy machine.
    { maxWait: 15_000, timeout: 120_000 },
  );
}
