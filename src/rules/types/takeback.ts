/**
 * Takebacks between seats (issue 41; Magic Infraction Procedure Guide 1.4, "Backing Up"): a seat
 * asks the others to undo its own last moves, back to the state after event `toSeq`; every other
 * seat still in the game accepts (the last acceptance rewinds the game, EXACT) or one refuses.
 */

/** A seat asks the other seats to take back its own moves after event `toSeq`. */
export interface RequestTakebackMove {
  readonly kind: 'requestTakeback';
  /** The event whose state the game would return to; every later event must be the seat's own. */
  readonly toSeq: number;
  /** Why, in the seat's words: public, in the event and in every view while the request is open. */
  readonly reason: string;
}

/** Another seat accepts the open request, named by its `toSeq` (a stale answer is refused). */
export interface AcceptTakebackMove {
  readonly kind: 'acceptTakeback';
  readonly toSeq: number;
}

/** Another seat refuses the open request, named by its `toSeq`: the request is closed. */
export interface RefuseTakebackMove {
  readonly kind: 'refuseTakeback';
  readonly toSeq: number;
}

export type TakebackMove = RequestTakebackMove | AcceptTakebackMove | RefuseTakebackMove;

/**
 * What TAKEBACK_REQUESTED, TAKEBACK_ACCEPTED and TAKEBACK_REFUSED record (public: every viewer
 * sees who asked, back to which event, why, and who answered). A rewind that ends an accepted
 * request records it in its `rewind.takeback`.
 */
export interface TakebackRecord {
  readonly askerId: string;
  readonly toSeq: number;
  readonly reason: string;
  /** The answering seat (TAKEBACK_ACCEPTED, TAKEBACK_REFUSED, the rewind); null on the request. */
  readonly answeredBy: string | null;
}

/** The open request of a game: who asked, back to which event, why, and who accepted so far. */
export interface PendingTakeback {
  readonly askerId: string;
  readonly toSeq: number;
  readonly reason: string;
  /** The seats that accepted, in the order they did. */
  readonly accepted: readonly string[];
}

/** How many requests a seat made in one turn (the turn's number; 0 for a game without turns). */
export interface TakebackCount {
  readonly turn: number;
  readonly count: number;
}

/**
 * A game's takebacks, as its log makes them (`takebackAfter`, `src/rules/takeback-state.ts`): the
 * open request, if any, and each seat's requests in the current turn. Public.
 */
export interface TakebackState {
  readonly pending: PendingTakeback | null;
  readonly asked: Readonly<Record<string, TakebackCount>>;
}
