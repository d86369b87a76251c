/**
 * The replay of an imported log: the states to checkpoint with it (its intermediate states exist
 * nowhere as rows) and the table the whole log makes. Pure; the data layer stores them
 * (`db/transfer-io.ts`).
 */
import { Replayer, replay, type EventWithPlayers, type GameState } from '../rules/index.js';

/** A state to store as a checkpoint: the state right after event `seq`. */
export interface CheckpointState {
  readonly seq: number;
  readonly state: GameState;
}

/**
 * Checkpoints of a log replayed from seq 1 (an imported game's): the state after every
 * `interval`-th event (the data layer's checkpoint interval). One pass over the log.
 */
function checkpointsOf(
  start: GameState,
  events: readonly { readonly seq: number; readonly payload: EventWithPlayers }[],
  interval: number,
): CheckpointState[] {
  const out: CheckpointState[] = [];
  const replayer = new Replayer(start);
  for (const e of events) {
    replayer.apply(e.payload);
    if (e.seq % interval === 0) out.push({ seq: e.seq, state: replayer.state() });
  }
  return out;
}

/** An imported log replayed from `start`: its checkpoint states, and the state after its last event. */
export function replayImportedLog(
  start: GameState,
  events: readonly { readonly seq: number; readonly payload: EventWithPlayers }[],
  interval: number,
): { checkpoints: CheckpointState[]; final: GameState } {
  return {
    checkpoints: checkpointsOf(start, events, interval),
    final: replay(
      start.ruleset,
      events.map((e) => e.payload),
      start.players,
    ),
  };
}
