/**
 * A game as it was right after any event: the current state at the last seq, else the nearest
 * stored checkpoint (`db/checkpoints.ts`) with the events after it replayed by the rules layer.
 * Costs at most one checkpoint interval of events plus the size of the state.
 */
import type { GameStatus } from '../generated/prisma/client.js';
import type { GameStore, LoadedGame } from '../db/index.js';
import { emptyState, Replayer, type GameState } from '../rules/index.js';

/** A game as it was right after event `seq`. */
export interface StateAtSeq {
  readonly state: GameState;
  /** The game's version after that event (0 at seq 0). */
  readonly version: number;
  readonly status: GameStatus;
}

/**
 * Status after event `seq`. Lifecycle events (GAME_ENDED, GAME_ARCHIVED) end a log: nothing but
 * further lifecycle events follows them, so an ACTIVE game was ACTIVE at every seq; otherwise the
 * lifecycle events up to `seq` decide.
 */
async function statusAt(store: GameStore, loaded: LoadedGame, seq: number): Promise<GameStatus> {
  if (loaded.game.status === 'ACTIVE') return 'ACTIVE';
  const kinds = await store.lifecycleKindsUpTo(loaded.game.id, seq);
  if (kinds.includes('GAME_ARCHIVED')) return 'ARCHIVED';
  return kinds.includes('GAME_ENDED') ? 'ENDED' : 'ACTIVE';
}

/** The game `loaded` as it was right after event `seq` (0 ≤ seq ≤ its last seq). */
export async function stateAt(store: GameStore, loaded: LoadedGame, seq: number): Promise<StateAtSeq> {
  if (seq === loaded.game.lastSeq) {
    // A mutation that changes nothing bumps the version without an event: the log's version is the
    // last event's.
    const version = await store.eventVersion(loaded.game.id, seq);
    return { state: loaded.state, version, status: loaded.game.status };
  }
  const source = await store.replaySource(loaded, seq);
  const replayer = new Replayer(
    source.start ??
      emptyState(
        loaded.spec.id,
        loaded.state.players.map((p) => ({ id: p.id, seat: p.seat })),
      ),
  );
  for (const e of source.events) if (e.seq > source.from) replayer.apply(e.payload);
  return {
    state: replayer.state(),
    version: source.events.at(-1)?.version ?? 0,
    status: await statusAt(store, loaded, seq),
  };
}
