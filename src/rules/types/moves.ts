/** The moves a client may ask the planner for: selections, destinations, and the zone and object moves. */

import type { ClockMove } from './clock-moves.js';
import type { CardProps } from './card.js';
import type { ChanceMove } from './chance-moves.js';
import type { Destination, MoveBy, Placement, Selector } from './selection.js';
import type { RewindMove } from './rewind.js';
import type { TakebackMove } from './takeback.js';
import type { TableMove } from './table-moves.js';

/** Move objects to a destination zone (MTG 400.3, 400.7; FAB sec:zones_general, rule:become_new_object; NR rule_location). */
export interface MoveObjectsMove {
  readonly kind: 'moveObjects';
  readonly select: Selector;
  readonly to: Destination;
  readonly placement: Placement;
  /** Face up at the destination; defaults to the destination zone type's default. */
  readonly faceUp?: boolean;
  readonly by: MoveBy;
  /**
   * Order of simultaneously arriving objects, top first, chosen by their owner (MTG 401.4, 404.3,
   * 405.3). Public ids, a permutation of the selected objects. Defaults to the selection order.
   */
  readonly order?: readonly string[];
  /**
   * The arriving objects go in a random order instead (MTG 401.4 "in a random order", e.g. to the
   * bottom of a library): a random act of zk-rng/1 (docs/fairness.md). Not with `order`.
   */
  readonly randomOrder?: boolean;
  /**
   * FAB rule:flip_step re-evaluation: the destination originally intended before a replacement
   * effect changed it to `to`. Recorded in history and events.
   */
  readonly replacedFrom?: Destination;
  /** NR rule_reveal_from_hidden: the effect requires an attribute, so hidden cards are revealed first. */
  readonly requiresAttribute?: boolean;
  /**
   * MTG 405.3: the active player, when several objects go onto the stack at once. With it the
   * planner sorts (or, with `order`, checks) active player's objects lowest, then APNAP.
   */
  readonly activePlayerId?: string;
}

/** Turn objects face up or face down (MTG 400.9, FAB rule:object_visibility). */
export interface TurnFaceMove {
  readonly kind: 'turnFace';
  readonly select: Selector;
  readonly faceUp: boolean;
}

/** Reveal objects to players or to all (MTG 400.2, FAB rule:object_visibility, NR rule_reveal_from_hidden). */
export interface RevealMove {
  readonly kind: 'reveal';
  readonly select: Selector;
  /** Player ids, or `all`. */
  readonly to: readonly string[] | 'all';
}

/** End the reveal of objects (MTG 401.7). */
export interface EndRevealMove {
  readonly kind: 'endReveal';
  readonly select: Selector;
}

/** Shuffle a zone into a uniform random order (MTG 400.12, FAB sec:deck_zone, NR rule_deck_ordered). */
export interface ShuffleMove {
  readonly kind: 'shuffle';
  readonly zoneId: string;
  /**
   * Only the top or bottom `count` objects are shuffled among their own positions (an effect such
   * as "shuffle the top three cards of your library"); the rest keep their places.
   */
  readonly part?: { readonly from: 'top' | 'bottom'; readonly count: number };
}

/** Rearrange objects of a zone (MTG 400.5, 402.3; NR rule_deck_ordered). */
export interface ReorderMove {
  readonly kind: 'reorder';
  readonly zoneId: string;
  /** A permutation of the public ids of the objects in the zone (or of a top segment of it), top first. */
  readonly order: readonly string[];
  /**
   * `effect`: an effect (or a rule naming this zone) directs the rearrangement, allowed in any
   * zone (MTG 400.5 "except when effects or rules allow it", NR rule_deck_ordered).
   * `rule`: the owners' general permission to arrange their objects (MTG 400.5 second sentence,
   * 402.3), allowed only where `ownerMayReorder` and never for face-down piles.
   */
  readonly by: MoveBy;
}

/** Create tokens at a destination (MTG 400.11b, FAB sec:zones_general, NR rule_outside_game). */
export interface CreateTokenMove {
  readonly kind: 'createToken';
  readonly card: CardProps;
  readonly to: Destination;
  readonly placement: Placement;
  readonly ownerId: string;
  readonly controllerId?: string;
  readonly faceUp?: boolean;
  readonly count?: number;
}

/** Put objects under a permanent (FAB sub-cards, hero's soul) or host them on a card (NR hosting). */
export interface AttachMove {
  readonly kind: 'attach';
  readonly select: Selector;
  readonly hostId: string;
  readonly by: MoveBy;
}

/** Take hosted objects / sub-cards off their host into a zone. */
export interface DetachMove {
  readonly kind: 'detach';
  readonly select: Selector;
  readonly to: Destination;
  readonly placement: Placement;
  readonly faceUp?: boolean;
  readonly by: MoveBy;
}

/** Create an additional zone of a type (FAB sec:zones_general; MTG 407 ante). */
export interface CreateZoneMove {
  readonly kind: 'createZone';
  readonly type: string;
  readonly ownerId: string | null;
}

/** A zone ceases to exist (FAB sec:zones_general). */
export interface RemoveZoneMove {
  readonly kind: 'removeZone';
  /** The zone that ceases to exist. FAB: when several of the type exist, an empty one is removed first. */
  readonly zoneId: string;
}

/** Put a layer onto the stack: an ability with no card (MTG 405.1), or a FAB non-card layer. */
export interface AddLayerMove {
  readonly kind: 'addLayer';
  readonly card: CardProps;
  readonly controllerId: string;
}

/** Remove a layer from the stack: a resolved/negated ability ceases to exist; a card goes to `to`. */
export interface RemoveLayerMove {
  readonly kind: 'removeLayer';
  readonly layerId: string;
  readonly to?: Destination;
  readonly by: MoveBy;
}

/** Bring cards into the game from outside it (MTG 400.11b, NR rule_outside_game). */
export interface BringIntoGameMove {
  readonly kind: 'bringIntoGame';
  readonly cards: readonly CardProps[];
  readonly ownerId: string;
  readonly to: Destination;
  readonly placement: Placement;
  readonly faceUp?: boolean;
}

/** Remove objects from the game entirely (MTG 400.11b, token ceasing to exist). */
export interface RemoveFromGameMove {
  readonly kind: 'removeFromGame';
  readonly select: Selector;
}

/** Every move a client may ask the planner for (a judge's rewind among them). */
export type Move =
  | ClockMove
  | TableMove
  | ChanceMove
  | MoveObjectsMove
  | TurnFaceMove
  | RevealMove
  | EndRevealMove
  | ShuffleMove
  | ReorderMove
  | CreateTokenMove
  | AttachMove
  | DetachMove
  | CreateZoneMove
  | RemoveZoneMove
  | AddLayerMove
  | RemoveLayerMove
  | BringIntoGameMove
  | RemoveFromGameMove
  | RewindMove
  | TakebackMove;
