/**
 * State checkpoints (`game_checkpoint`): the state of a game right after some event, so that a
 * replay to any seq starts from the nearest checkpoint at or before it instead of seq 0, and costs
 * at most one checkpoint interval of events plus the size of the state, in bounded memory.
 *
 * Live games are checkpointed by the database itself (the `zk_checkpoint` trigger on `game_event`,
 * see prisma/migrations): whenever a game's last event is {@link CHECKPOINT_INTERVAL} or more past
 * its newest checkpoint. An imported log, whose intermediate states exist nowhere as rows, is
 * checkpointed by the import from its own replay ({@link checkpointsOf}).
 */
import type { GameStatus, Prisma } from '../generated/prisma/client.js';
import type { GameState, ObjectState, ZoneState } from '../rules/index.js';
import { emptyState, Replayer, type EventWithPlayers } from '../rules/index.js';
import { decodeEvent, sortZones, zoneFromRow } from './rows.js';
import type { LoadedGame, Queryable } from './state.js';
import { storedTableOf, withStoredTable } from './table-state.js';

const tableColumn = (state: GameState) => {
  const table = storedTableOf(state);
  return table ? { tableState: table as unknown as Prisma.InputJsonValue } : {};
};

/** Events between checkpoints; the same number is in the `zk_checkpoint` trigger. */
export const CHECKPOINT_INTERVAL = 256;

/** A zone as a checkpoint stores it: the trigger adds `createdAt` (then zones are ordered as a load orders them). */
type CheckpointZone = ZoneState & { readonly createdAt?: string };

interface CheckpointRow {
  readonly seq: number;
  readonly zones: CheckpointZone[];
  readonly objects: ObjectState[];
  readonly tableState: unknown;
}

/** A game as it was right after event `seq`. */
export interface StateAtSeq {
  readonly state: GameState;
  /** The game's version after that event (0 at seq 0). */
  readonly version: number;
  readonly status: GameStatus;
}

function zonesOf(loaded: LoadedGame, zones: readonly CheckpointZone[]): ZoneState[] {
  if (!zones.every((z) => typeof z.createdAt === 'string')) return zones.map(zoneFromRow);
  const seatOf = new Map(loaded.players.map((p) => [p.id, p.seat]));
  const rows = zones.map((z) => ({ ...zoneFromRow(z), createdAt: new Date(z.createdAt!) }));
  return sortZones(loaded.spec, rows, seatOf).map(zoneFromRow);
}

/**
 * Status after event `seq`. Lifecycle events (GAME_ENDED, GAME_ARCHIVED) end a log: nothing but
 * further lifecycle events follows them, so an ACTIVE game was ACTIVE at every seq; otherwise the
 * lifecycle events up to `seq` decide.
 */
async function statusAt(db: Queryable, loaded: LoadedGame, seq: number): Promise<GameStatus> {
  if (loaded.game.status === 'ACTIVE') return 'ACTIVE';
  const rows = await db.$queryRaw<{ kind: string }[]>`
    SELECT kind FROM game_event
    WHERE game_id = ${loaded.game.id}::uuid AND seq <= ${seq} AND kind IN ('GAME_ENDED', 'GAME_ARCHIVED')`;
  const kinds = rows.map((r) => r.kind);
  if (kinds.includes('GAME_ARCHIVED')) return 'ARCHIVED';
  return kinds.includes('GAME_ENDED') ? 'ENDED' : 'ACTIVE';
}

/**
 * The game `loaded` as it was right after event `seq` (0 ≤ seq ≤ its last seq): the current state
 * at the last seq, else the nearest checkpoint at or before `seq` with the events after it applied
 * (at most one checkpoint interval of them, read in one query).
 */
export async function stateAt(db: Queryable, loaded: LoadedGame, seq: number): Promise<StateAtSeq> {
  const gameId = loaded.game.id;
  if (seq === loaded.game.lastSeq) {
    // A mutation that changes nothing bumps the version without an event: the log's version is the
    // last event's.
    const last =
      seq === 0
        ? null
        : await db.gameEvent.findUnique({
            where: { gameId_seq: { gameId, seq } },
            select: { version: true },
          });
    return { state: loaded.state, version: last?.version ?? 0, status: loaded.game.status };
  }
  const [checkpoint] = await db.$queryRaw<CheckpointRow[]>`
    SELECT seq, zones, objects, table_state AS "tableState" FROM game_checkpoint
    WHERE game_id = ${gameId}::uuid AND seq <= ${seq}
    ORDER BY seq DESC LIMIT 1`;
  const from = checkpoint?.seq ?? 0;
  // From the checkpoint's own event on: its version is the answer when `seq` is the checkpoint.
  const rows = await db.gameEvent.findMany({
    where: { gameId, seq: { gte: Math.max(from, 1), lte: seq } },
    orderBy: { seq: 'asc' },
    select: { seq: true, version: true, payload: true },
  });
  const players = loaded.state.players;
  const replayer = new Replayer(
    checkpoint
      ? withStoredTable(
          {
            ruleset: loaded.spec.id,
            players: players.map((p) => ({ id: p.id, seat: p.seat })),
            zones: zonesOf(loaded, checkpoint.zones),
            objects: checkpoint.objects,
          },
          checkpoint.tableState,
        )
      : emptyState(
          loaded.spec.id,
          players.map((p) => ({ id: p.id, seat: p.seat })),
        ),
  );
  for (const row of rows) if (row.seq > from) replayer.apply(decodeEvent(row.payload));
  return {
    state: replayer.state(),
    version: rows.at(-1)?.version ?? 0,
    status: await statusAt(db, loaded, seq),
  };
}

/** A checkpoint row to insert (import). */
export interface CheckpointInsert {
  readonly gameId: string;
  readonly seq: number;
  readonly zones: Prisma.InputJsonValue;
  readonly objects: Prisma.InputJsonValue;
  readonly tableState?: Prisma.InputJsonValue;
}

/**
 * Checkpoints of a log replayed from seq 1 (an imported game's): the state after every
 * {@link CHECKPOINT_INTERVAL}-th event. One pass over the log.
 */
export function checkpointsOf(
  gameId: string,
  start: GameState,
  events: readonly { readonly seq: number; readonly payload: EventWithPlayers }[],
): CheckpointInsert[] {
  const out: CheckpointInsert[] = [];
  const replayer = new Replayer(start);
  for (const e of events) {
    replayer.apply(e.payload);
    if (e.seq % CHECKPOINT_INTERVAL !== 0) continue;
    const state = replayer.state();
    out.push({
      gameId,
      seq: e.seq,
      zones: state.zones as unknown as Prisma.InputJsonValue,
      objects: state.objects as unknown as Prisma.InputJsonValue,
      ...tableColumn(state),
    });
  }
  return out;
}
