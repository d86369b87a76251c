/**
 * What a seats' takeback needs before its decision (issue 41; IPG 1.4, "Backing Up"): for a
 * request, the events after its `toSeq`, for the rules layer's barrier test (`takebackBarrier`);
 * for an acceptance, the state after the open request's `toSeq`, which the last acceptance rewinds
 * to (`rewind.ts`, `stateAt`). The decision itself is the rules layer's (`src/rules/planner/takeback.ts`).
 */
import type { GameStore } from '../db/index.js';
import { badInput, notFound, staleState } from '../errors.js';
import type { Actor, Move, TakebackLog } from '../rules/index.js';
import { stateAt } from './replay.js';
import { pastStatesFor, type PastStates } from './rewind.js';

/**
 * The most events a takeback may go back over: a request reads them all before its decision, so
 * its cost is bounded whatever the game's age (BAD_USER_INPUT beyond).
 */
export const MAX_TAKEBACK_EVENTS = 64;

/** A request's log as read, with the game's last seq then (the decision checks it is still the last). */
export interface ReadTakebackLog extends TakebackLog {
  readonly lastSeq: number;
  readonly version: number;
}

/** What a move's decision reads from the past: a rewind's state, a takeback request's log. */
export interface PastInputs {
  readonly stateAt?: PastStates | undefined;
  readonly takebackLog?: ReadTakebackLog | undefined;
}

/** The past `move` needs read before its decision (see the file comment); nothing for other moves. */
export async function pastInputsFor(
  store: GameStore,
  gameId: string,
  actor: Actor,
  move: Move,
): Promise<PastInputs> {
  if (move.kind === 'rewind') return { stateAt: await pastStatesFor(store, gameId, actor, move) };
  if (move.kind === 'requestTakeback') return { takebackLog: await requestLog(store, gameId, move.toSeq) };
  if (move.kind === 'acceptTakeback') return { stateAt: await openRequestState(store, gameId) };
  return {};
}

/** The events after `toSeq`, up to the game's last (at most {@link MAX_TAKEBACK_EVENTS}). */
async function requestLog(
  store: GameStore,
  gameId: string,
  toSeq: number,
): Promise<ReadTakebackLog | undefined> {
  // A malformed toSeq is the shape check's to refuse (BAD_TAKEBACK).
  if (!Number.isSafeInteger(toSeq) || toSeq < 1) return undefined;
  const loaded = await store.loadCurrent(gameId);
  if (!loaded) throw notFound('Game');
  const last = loaded.game.lastSeq;
  if (toSeq >= last || last - toSeq > MAX_TAKEBACK_EVENTS)
    throw badInput(
      `Field toSeq must be between ${Math.max(1, last - MAX_TAKEBACK_EVENTS)} and ${last - 1}: a takeback goes back over at most ${MAX_TAKEBACK_EVENTS} events.`,
      'toSeq',
    );
  const rows = await store.readEvents(gameId, toSeq, last - toSeq);
  const events = rows.map((r) => ({
    seq: r.seq,
    actorKind: r.actorKind,
    actorPlayerId: r.actorPlayerId,
    event: r.payload,
  }));
  return { toSeq, events, lastSeq: last, version: loaded.game.version };
}

/** The state after the open request's toSeq, for the acceptance that may be its last. */
async function openRequestState(store: GameStore, gameId: string): Promise<PastStates | undefined> {
  const loaded = await store.loadCurrent(gameId);
  if (!loaded) throw notFound('Game');
  const pending = loaded.state.takeback?.pending;
  if (!pending || pending.toSeq >= loaded.game.lastSeq) return undefined;
  const past = (await stateAt(store, loaded, pending.toSeq)).state;
  return (seq) => (seq === pending.toSeq ? past : null);
}

/**
 * A request's log read against an earlier version of the game than the one decided on misses the
 * events since: STALE_STATE (the seat asks again), never a barrier test over part of the log.
 */
export function checkLogCurrent(log: ReadTakebackLog | undefined, lastSeq: number, version: number): void {
  if (log && log.lastSeq !== lastSeq) throw staleState(log.version, version);
}
