/**
 * State checkpoints (`game_checkpoint`): the state of a game right after some event, so that a
 * replay to any seq starts from the nearest checkpoint at or before it instead of seq 0, and costs
 * at most one checkpoint interval of events plus the size of the state, in bounded memory.
 *
 * Live games are checkpointed by the database itself (the `zk_checkpoint` trigger on `game_event`,
 * see prisma/migrations): whenever a game's last event is {@link CHECKPOINT_INTERVAL} or more past
 * its newest checkpoint. An imported log, whose intermediate states exist nowhere as rows, is
 * checkpointed by the import from its own replay (`src/transfer/checkpoints.ts`). This file only
 * stores and reads them; the replays are the authority's (`src/authority/replay.ts`) and the import's.
 */
import type { EventWithPlayers, GameState, ObjectState, ZoneState } from '../rules/index.js';
import { decodeEvent, sortZones, zoneFromRow } from './rows.js';
import type { LoadedGame, Queryable } from './state.js';
import { withStoredTable } from './table-state.js';

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

function zonesOf(loaded: LoadedGame, zones: readonly CheckpointZone[]): ZoneState[] {
  if (!zones.every((z) => typeof z.createdAt === 'string')) return zones.map(zoneFromRow);
  const seatOf = new Map(loaded.players.map((p) => [p.id, p.seat]));
  const rows = zones.map((z) => ({ ...zoneFromRow(z), createdAt: new Date(z.createdAt!) }));
  return sortZones(loaded.spec, rows, seatOf).map(zoneFromRow);
}

/** The version of event `seq` of a game (0 at seq 0): a mutation that changes nothing bumps the game's version without an event. */
export async function eventVersion(db: Queryable, gameId: string, seq: number): Promise<number> {
  if (seq === 0) return 0;
  const last = await db.gameEvent.findUnique({
    where: { gameId_seq: { gameId, seq } },
    select: { version: true },
  });
  return last?.version ?? 0;
}

/** The lifecycle events (GAME_ENDED, GAME_ARCHIVED) of a game's log up to `seq`, by kind. */
export async function lifecycleKindsUpTo(db: Queryable, gameId: string, seq: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ kind: string }[]>`
    SELECT kind FROM game_event
    WHERE game_id = ${gameId}::uuid AND seq <= ${seq} AND kind IN ('GAME_ENDED', 'GAME_ARCHIVED')`;
  return rows.map((r) => r.kind);
}

/** What a replay to `seq` starts from: the nearest checkpoint at or before it (if any), and the events after it. */
export interface ReplaySource {
  /** The checkpoint's seq; 0 when there is none. */
  readonly from: number;
  /** The state the checkpoint stores; null when there is none (the replay starts from the empty table). */
  readonly start: GameState | null;
  /** The events from the checkpoint's own one to `seq`, in order (the first is the checkpoint's when there is one). */
  readonly events: readonly {
    readonly seq: number;
    readonly version: number;
    readonly payload: EventWithPlayers;
  }[];
}

/**
 * The nearest checkpoint of `loaded` at or before `seq` and the events after it, up to `seq` (at
 * most one checkpoint interval of them, read in one query).
 */
export async function replaySource(db: Queryable, loaded: LoadedGame, seq: number): Promise<ReplaySource> {
  const gameId = loaded.game.id;
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
  const start = checkpoint
    ? withStoredTable(
        {
          ruleset: loaded.spec.id,
          players: players.map((p) => ({ id: p.id, seat: p.seat })),
          zones: zonesOf(loaded, checkpoint.zones),
          objects: checkpoint.objects,
        },
        checkpoint.tableState,
      )
    : null;
  return {
    from,
    start,
    events: rows.map((r) => ({ seq: r.seq, version: r.version, payload: decodeEvent(r.payload) })),
  };
}
