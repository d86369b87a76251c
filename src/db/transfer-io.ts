/**
 * The I/O of export and import: read a whole game for an export, write an imported one. The document
 * format, its validation and the id remapping are pure and live in `src/transfer`; rows are mapped
 * by `rows.ts` and events written by its `appendEvents` (`event-rows.ts`).
 */
import type { Prisma } from '../generated/prisma/client.js';
import type { GameState, ObjectState, ZoneState } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import type { CheckpointInsert } from './checkpoints.js';
import type { NewSecret } from './fairness.js';
import { storedTableOf } from './table-state.js';
import type { Db } from './client.js';
import {
  appendEvents,
  decodeEventRow,
  objectFromRow,
  objectToRow,
  type GameColumns,
  type StoredEvent,
} from './rows.js';

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

/** A checkpoint row of the state right after event `seq`. */
function checkpointRow(gameId: string, seq: number, state: GameState): CheckpointInsert {
  const table = storedTableOf(state);
  return {
    gameId,
    seq,
    zones: state.zones as unknown as Prisma.InputJsonValue,
    objects: state.objects as unknown as Prisma.InputJsonValue,
    ...(table ? { tableState: table as unknown as Prisma.InputJsonValue } : {}),
  };
}

/**
 * Writes a whole game in one transaction: rows, log and the checkpoints of its replay (an imported
 * log's intermediate states exist nowhere as rows).
 */
export async function writeWholeGame(db: Db, g: GameToWrite): Promise<void> {
  const gameId = g.game.id;
  // The table beyond objects (counters, turn, result) is what the log makes it.
  const table = storedTableOf(g.replayed.final);
  const checkpoints = g.replayed.checkpoints.map((c) => checkpointRow(gameId, c.seq, c.state));
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
      if (checkpoints.length > 0) await tx.gameCheckpoint.createMany({ data: [...checkpoints] });
      await appendEvents(tx, g.events);
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
