/** The vocabulary of moves, the planner's context, transitions and events (re-exported by `types.ts`). */
import type { CardProps, ObjectState, ZoneState } from './types.js';

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/** Whether a move is made by a game rule or by a card effect. Several rules differ (FAB clear vs fail). */
export type MoveBy = 'rule' | 'effect';

/** Which objects a move acts on: explicit public ids, or a position selector on a zone. */
export type Selector =
  | { readonly kind: 'ids'; readonly ids: readonly string[] }
  | { readonly kind: 'top'; readonly zoneId: string; readonly count: number }
  | { readonly kind: 'bottom'; readonly zoneId: string; readonly count: number }
  | { readonly kind: 'random'; readonly zoneId: string; readonly count: number };

/** Where a move goes: a concrete zone, or a zone type and owning player (null owner = shared zone). */
export type Destination =
  | { readonly kind: 'zone'; readonly zoneId: string }
  | { readonly kind: 'type'; readonly type: string; readonly ownerId: string | null };

/** Where within the destination. `index` 0 is the top; MTG 401.8 sends too-deep indexes of a library to the bottom. */
export type Placement =
  { readonly kind: 'top' } | { readonly kind: 'bottom' } | { readonly kind: 'index'; readonly index: number };

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

/** Every move a client may ask the planner for. */
export type Move =
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
  | RemoveFromGameMove;

// ---------------------------------------------------------------------------------------------
// Planning context, transitions and events
// ---------------------------------------------------------------------------------------------

/** Everything the planner needs from the outside world. */
export interface PlanContext {
  /** A fresh unguessable public id. */
  readonly newId: () => string;
  /** Uniform random integer in [0, n). */
  readonly randomInt: (n: number) => number;
  /** The acting player, or null for admin / system actions. */
  readonly actorId: string | null;
}

/**
 * Where an object was, as needed to decide visibility and build a view without the whole state
 * (stored events are redacted from these). Added by the rules layer.
 */
export interface SnapshotContext {
  readonly zone: ZoneState;
  /** The host's public id and face, for hosted objects / sub-cards. */
  readonly host: { readonly publicId: string; readonly faceUp: boolean } | null;
  /** Top-level position (0 = top), null for hosted objects. */
  readonly position: number | null;
  /** Layer number on a stack zone (FAB: N..1 = count - position), else null. */
  readonly layer: number | null;
}

/** One object's change: `before` null for a created object, `after` null for one that ceased to exist. */
export interface Transition {
  readonly before: ObjectState | null;
  readonly after: ObjectState | null;
  /** The rules say this is a new object (MTG 400.7, FAB rule:become_new_object). */
  readonly newObject: boolean;
  /** Context of `before` (zone, host, position). Always set by the planner. */
  readonly beforeContext?: SnapshotContext | null;
  /** Context of `after`. Always set by the planner. */
  readonly afterContext?: SnapshotContext | null;
}

/** What an event records; lifecycle kinds (GAME_*) are written by the data layer. */
export type EventKind =
  | 'OBJECTS_MOVED'
  | 'TURNED_FACE'
  | 'REVEALED'
  | 'REVEAL_ENDED'
  | 'ZONE_SHUFFLED'
  | 'ZONE_REORDERED'
  | 'TOKEN_CREATED'
  | 'ATTACHED'
  | 'DETACHED'
  | 'ZONE_CREATED'
  | 'ZONE_REMOVED'
  | 'LAYER_ADDED'
  | 'LAYER_REMOVED'
  | 'OBJECTS_CLEARED'
  | 'BROUGHT_INTO_GAME'
  | 'REMOVED_FROM_GAME'
  | 'NO_MOVE'
  // Game lifecycle events, written by the data layer (not by the planner). GAME_CREATED carries every
  // initial object as a transition from null, so that replaying the log rebuilds any state.
  | 'GAME_CREATED'
  | 'GAME_ENDED'
  | 'GAME_ARCHIVED'
  | 'GAME_IMPORTED';

/** A domain event produced by a plan. Stored unredacted; redacted per viewer on the way out. */
export interface DomainEvent {
  readonly kind: EventKind;
  /** Zones touched (ids), including created/removed ones. */
  readonly zoneIds: readonly string[];
  readonly transitions: readonly Transition[];
  readonly zonesCreated: readonly ZoneState[];
  readonly zonesRemoved: readonly ZoneState[];
  /** Rule citations that shaped this event, e.g. `MTG 400.3`. */
  readonly rules: readonly string[];
  /** Public ids of objects a rule kept where they were (MTG 400.4a/b, FAB same origin/destination). */
  readonly unchangedIds?: readonly string[];
}
