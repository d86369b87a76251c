/** A game's citations of the generic planner's actions. */

/** Per-game citations of generic planner actions (each must be a rule of that game, or `input`). */
export interface GameCitations {
  /** Order of simultaneous arrivals chosen by their owner. */
  readonly arrivalOrder: string;
  /** Turning faces, revealing, ending reveals. */
  readonly reveal: string;
  readonly shuffle: string;
  /** Bringing objects into or out of the game. */
  readonly outside: string;
  /** The stack zone (entering on top, layers). */
  readonly stack: string;
  /** Attaching / hosting and detaching (events and refusals). */
  readonly host: string;
  readonly zoneCreated: string;
  readonly zoneRemoved: string;
  /** Several zones of a type can take an object: the owner chooses (ZONE_REQUIRED). */
  readonly ownerChooses: string;
  /** A player-scoped destination without an owner and without an acting player. */
  readonly effectController: string;
  /** A destination zone that does not exist. */
  readonly missingZone: string;
  /** The owners' own arrangement of a zone (reorder by rule). */
  readonly ownerArrangement: string;
  /** Putting a layer onto the stack. */
  readonly layerAdded: readonly string[];
  /** A non-card layer or token leaving the stack ceases to exist. */
  readonly layerCeases: string;
  /** The active-player-first order of simultaneous stack arrivals (MTG 405.3), or null: no such rule. */
  readonly apnap: string | null;
  /**
   * FAB rule:flip_step: an object whose visibility changes as it moves flips; a destination replaced
   * on the way is re-evaluated (`replacedFrom`). Null: the game has no flip step.
   */
  readonly flip: string | null;
  /** Clearing an object (FAB rule:clear_definition). Null for a game that never clears. */
  readonly clear: string | null;
}
