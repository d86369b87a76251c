/**
 * The game as of events, for rendering them (`render/event.ts`): the seats, and the state right
 * after any event of a batch. Nothing is read until a nested field asks; then at most one load of
 * the game and, unless the batch ends at the game's head, one checkpoint replay, per batch.
 */
import { Replayer, type GameState } from '../rules/index.js';
import type { GameStore, LoadedGame, SeatRow, StoredEvent } from '../db/index.js';
import { stateAt } from './replay.js';

/** A state already at hand: the one a mutation just committed. */
export interface KnownState {
  readonly seq: number;
  readonly state: GameState;
  readonly players: readonly SeatRow[];
}

/** Seats and states as of the events of `batch` (in seq order) of one game. */
export function gameAsOfEvents(
  store: GameStore,
  gameId: string,
  batch: readonly StoredEvent[],
  known?: KnownState,
) {
  let loaded: Promise<LoadedGame> | null = null;
  const load = () =>
    (loaded ??= store.loadCurrent(gameId).then((game) => {
      if (!game) throw new Error(`game ${gameId} vanished`);
      return game;
    }));
  // The batch replayed from the state before its first event: states after each seq, on demand.
  let replay: Promise<{ replayer: Replayer; next: number }> | null = null;
  const states = new Map<number, GameState>();
  const replayTo = async (seq: number): Promise<GameState> => {
    const game = await load();
    const first = batch[0]?.seq ?? seq;
    replay ??= stateAt(store, game, first - 1).then((at) => ({
      replayer: new Replayer(at.state),
      next: 0,
    }));
    const r = await replay;
    for (; r.next < batch.length && batch[r.next]!.seq <= seq; r.next++) {
      const row = batch[r.next]!;
      r.replayer.apply(row.payload);
      if (!states.has(row.seq)) states.set(row.seq, r.replayer.state());
    }
    const state = states.get(seq);
    if (!state) throw new Error(`event ${seq} is not in the batch`);
    return state;
  };
  return {
    players: async () => known?.players ?? (await load()).players,
    stateAfter: async (seq: number): Promise<GameState> => {
      if (known && seq === known.seq) return known.state;
      const cached = states.get(seq);
      if (cached) return cached;
      const game = await load();
      if (seq === game.game.lastSeq) return game.state;
      return replayTo(seq);
    },
  };
}
