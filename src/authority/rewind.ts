/**
 * What a judge's rewind needs before its decision (Magic Infraction Procedure Guide 1.4, "Backing
 * Up"): the game as it was after event `toSeq`, replayed from the nearest checkpoint (`replay.ts`).
 * The log up to the game's last seq never changes, so the state read here is the one a decision
 * against any later version of the game returns to. The rewind itself is planned by the rules layer
 * (`src/rules/planner/rewind.ts`) and committed like every move (`pipeline.ts`).
 */
import type { GameStore } from '../db/index.js';
import { badInput, ErrorCode, notFound, ZonekeeperError } from '../errors.js';
import type { Actor, GameState, Move } from '../rules/index.js';
import { stateAt } from './replay.js';

/** The past states a decision may read (`PlanContext.stateAt`). */
export type PastStates = (seq: number) => GameState | null;

/**
 * The state a rewind returns to, for a judge's rewind; undefined for any other move, and for a
 * seat's (the seat policy refuses it before anything is read). GAME_NOT_ACTIVE with reason
 * REWIND_CROSSES_GAME_END for an ended game: its seed is revealed at the end, so a shuffle after a
 * rewind across it would be predictable.
 */
export async function pastStatesFor(
  store: GameStore,
  gameId: string,
  actor: Actor,
  move: Move,
): Promise<PastStates | undefined> {
  if (move.kind !== 'rewind' || actor.kind === 'PLAYER') return undefined;
  const { toSeq } = move;
  // A malformed toSeq is the shape check's to refuse (BAD_REWIND).
  if (!Number.isSafeInteger(toSeq) || toSeq < 1) return undefined;
  const loaded = await store.loadCurrent(gameId);
  if (!loaded) throw notFound('Game');
  if (loaded.game.status !== 'ACTIVE')
    throw new ZonekeeperError(
      ErrorCode.GAME_NOT_ACTIVE,
      `A rewind may not cross the end of a game: this game is ${loaded.game.status} and its seed is revealed.`,
      { reason: 'REWIND_CROSSES_GAME_END', status: loaded.game.status },
    );
  if (toSeq >= loaded.game.lastSeq)
    throw badInput(`Field toSeq must be between 1 and ${loaded.game.lastSeq - 1}.`, 'toSeq');
  const past = (await stateAt(store, loaded, toSeq)).state;
  return (seq) => (seq === toSeq ? past : null);
}
