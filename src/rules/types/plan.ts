/** The planner's input from the outside world and its answer: a plan or a typed rejection. */

import type { DomainEvent } from './events.js';
import type { Rejection } from './rejection.js';
import type { GameState } from './state.js';
import type { PlayerNames, Viewer } from './viewer.js';

/** Everything the planner needs from the outside world. */
export interface PlanContext {
  /** A fresh unguessable public id. */
  readonly newId: () => string;
  /**
   * The draws of one random act (docs/fairness.md): `event` is the index in the plan of the event
   * that records the act, `index` the act's index within that event, `number` the act's number
   * among the game's random acts since the commitment (zk-rng/2 keys an act by it, zk-rng/1 by the
   * event's seq and the index). The returned function gives uniform integers in [0, n), each act
   * from its own stream.
   */
  readonly randomAct: (event: number, index: number, number: number) => (n: number) => number;
  /** The scheme the draws come from (`zk-rng/1`), or null for a game it does not cover. */
  readonly randomScheme: string | null;
  /** The acting player, or null for admin / system actions. */
  readonly actorId: string | null;
  /**
   * The game as it was right after event `seq`, as its log records it, for a judge's rewind to
   * return to (IPG 1.4, "Backing Up"); null (or absent) when the caller supplied no such state.
   */
  readonly stateAt?: (seq: number) => GameState | null;
  /**
   * A seat's takeback request (issue 41): the events after `toSeq` up to the game's last, as its log
   * records them, for the barrier test (`takebackBarrier`); absent when the caller read none.
   */
  readonly takebackLog?: TakebackLog;
  /** zk-rng/1's entropy fold: the running hash (hex) after `data` (hex bytes) is added to `current` (absent: `E0`). */
  readonly foldEntropy: (current: string | undefined, data: string) => string;
  /**
   * The database's time (epoch ms, `zk_now()`): a game's clocks change as of it. Absent, a plan that
   * changes the clocks throws `TimeNeeded` (`src/rules/planner/clock-hooks.ts`) and is planned again with it.
   */
  readonly now?: number;
  /**
   * Who asked: a refusal's message names objects as this viewer sees them (`src/rules/labels.ts`).
   * Absent: the acting seat, or for an admin or referee action, an admin, who sees everything.
   */
  readonly viewer?: Viewer;
  /** The players' names, for messages (`seat 1 (Bob)`); absent: seats by number. */
  readonly playerNames?: PlayerNames;
}

/** One event of the log after the point a seat asks to go back to, with who made it. */
export interface LoggedEvent {
  readonly seq: number;
  readonly actorKind: 'PLAYER' | 'ADMIN' | 'REFEREE' | 'SYSTEM';
  readonly actorPlayerId: string | null;
  readonly event: DomainEvent;
}

/** Every event after `toSeq`, oldest first (a takeback request's, `PlanContext.takebackLog`). */
export interface TakebackLog {
  readonly toSeq: number;
  readonly events: readonly LoggedEvent[];
}

/** A planned move: the next state and the events that lead to it. */
export interface Plan {
  /** The complete next state. */
  readonly state: GameState;
  /** Events in order. Their transitions together are exactly the changed objects. */
  readonly events: readonly DomainEvent[];
}

/** The planner's answer: a plan, or a typed rejection citing the rule. */
export type PlanResult =
  { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly rejection: Rejection };
