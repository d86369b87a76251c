/**
 * The replay of an imported log: the checkpoints to store with it (its intermediate states exist
 * nowhere as rows) and the table the whole log makes.
 */
import type { Prisma } from '../generated/prisma/client.js';
import { CHECKPOINT_INTERVAL, type CheckpointInsert } from '../db/checkpoints.js';
import { storedTableOf } from '../db/table-state.js';
import { Replayer, replay, type EventWithPlayers, type GameState } from '../rules/index.js';

const tableColumn = (state: GameState) => {
  const table = storedTableOf(state);
  return table ? { tableState: table as unknown as Prisma.InputJsonValue } : {};
};

/**
 * Checkpoints of a log replayed from seq 1 (an imported game's): the state after every
 * {@link CHECKPOINT_INTERVAL}-th event. One pass over the log.
 */
function checkpointsOf(
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

/** An imported log replayed from `start`: its checkpoints, and the state after its last event. */
export function replayImportedLog(
  gameId: string,
  start: GameState,
  events: readonly { readonly seq: number; readonly payload: EventWithPlayers }[],
): { checkpoints: CheckpointInsert[]; final: GameState } {
  return {
    checkpoints: checkpointsOf(gameId, start, events),
    final: replay(
      start.ruleset,
      events.map((e) => e.payload),
      start.players,
    ),
  };
}
