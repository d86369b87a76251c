/**
 * The vocabulary shared by the pure rules layer and everything built on it.
 *
 * Nothing in `src/rules` performs I/O. State goes in, a plan or a typed rejection comes out.
 * Randomness and fresh identifiers are injected through {@link PlanContext} so that planning
 * is deterministic under test.
 */

export type RulesetId = 'mtg' | 'fab' | 'netrunner';
export const RULESET_IDS: readonly RulesetId[] = ['mtg', 'fab', 'netrunner'];

/**
 * Who may see the faces of objects in a zone by default.
 * - `public`: everyone (unless an object is face down).
 * - `secret`: the zone's owner / controller only (MTG 402.3, NR rule_secret_zone, FAB private zones).
 * - `hidden`: nobody, not even the owner (MTG 401.2, NR rule_deck_hidden, FAB deck zone).
 */
export type ZoneVisibility = 'public' | 'secret' | 'hidden';

/** Who may look at a face-down (private) object in a zone of this type. */
export type FaceDownSeenBy = 'nobody' | 'owner' | 'controller';

/** The kind of physical thing an object is. Layers are stack entries with no card (MTG 405.1, FAB stack layers). */
export type ObjectKind = 'card' | 'token' | 'layer';

/** Printed properties of a card. Never shown to a viewer who may not see the object. */
export interface CardProps {
  readonly name: string;
  readonly types: readonly string[];
  readonly subtypes: readonly string[];
  readonly text: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** A predicate on objects, described for clients and cited to a rule. */
export interface AdmitRule {
  /** Human-readable description, e.g. "only cards with subtype arms". */
  readonly description: string;
  readonly rule: string;
}

/** One zone type of a ruleset's catalog. */
export interface ZoneTypeSpec {
  /** Machine name, e.g. `library`, `arsenal`, `rnd`. Stable API. */
  readonly type: string;
  /** Display name in the game's own words, e.g. "R&D", "Combat Chain". */
  readonly name: string;
  readonly visibility: ZoneVisibility;
  readonly faceDownSeenBy: FaceDownSeenBy;
  /** `player`: each player has `perPlayer` of them; `shared`: one per game, no owner. */
  readonly scope: 'player' | 'shared';
  /** How many zones of this type each player starts with (FAB: 2 weapon zones). 0 for shared. */
  readonly perPlayer: number;
  /** Whether the order of objects is rules-relevant and kept (MTG 400.5). */
  readonly ordered: boolean;
  /** Whether the owner may freely rearrange the zone (MTG 400.5 second sentence, 402.3). */
  readonly ownerMayReorder: boolean;
  /** Maximum number of top-level objects, or null for unbounded. */
  readonly capacity: number | null;
  /** Whether objects entering this zone are face up by default. */
  readonly defaultFaceUp: boolean;
  /** Whether an object may be face up in this zone at all (FAB/MTG decks are face-down piles). */
  readonly allowsFaceUp: boolean;
  /** FAB arena membership (FAB rule:arena). False for other games. */
  readonly arena: boolean;
  /** True for the stack zone, whose entries are layers (MTG 405, FAB sec:stack_zone). */
  readonly isStack: boolean;
  /** Human-readable admission rules. The planner enforces them. */
  readonly admits: readonly AdmitRule[];
  /** Rule citations defining this zone type. */
  readonly rules: readonly string[];
  /**
   * Display names per seat, in the game's own words (NR rule_deck_name: seat 0 = Corp "R&D",
   * seat 1 = Runner "Stack"). Falls back to `name`. Added by the rules layer.
   */
  readonly displayNames?: Readonly<Record<number, string>>;
  /** Whether a new game starts with zones of this type (false: MTG ante, created on demand). Default true. */
  readonly startsInGame?: boolean;
}

export interface RulesetSpec {
  readonly id: RulesetId;
  readonly name: string;
  readonly zoneTypes: readonly ZoneTypeSpec[];
  /** Zone type that cards in a submitted deck start in by default. */
  readonly deckZone: string;
  /** Zone type a cleared object goes to (FAB rule:clear_definition), if the ruleset clears. */
  readonly clearZone: string | null;
  /** Minimum and maximum number of players. */
  readonly players: { readonly min: number; readonly max: number };
  /** What a seat may act on beyond its own objects and zones (`src/rules/permission.ts`). */
  readonly seatPolicy: SeatPolicy;
}

/** The moves that act on existing objects (a selection, a host, a layer). */
export type ObjectMoveKind = Extract<
  Move['kind'],
  'moveObjects' | 'turnFace' | 'reveal' | 'endReveal' | 'attach' | 'detach' | 'removeLayer' | 'removeFromGame'
>;

/**
 * A ruleset's permission policy for seats, as data. The fixed part (a seat never acts on, selects
 * or reveals another player's object that is hidden from it; another player's zones are theirs)
 * is code in `src/rules/permission.ts`; what varies by game is here.
 */
export interface SeatPolicy {
  /**
   * The moves a seat may make on another player's objects that it can see (public, or revealed to
   * it): destroying, bouncing, tapping, hosting on an opponent's permanent are ordinary effects.
   */
  readonly othersVisible: readonly ObjectMoveKind[];
  /**
   * Zone types whose admission reads printed properties (types, subtypes) that the object's hidden
   * origin does not guarantee. An object hidden from the acting seat (its own library card) may
   * not be moved there until it is revealed: otherwise acceptance would tell the seat what the
   * card is. `rule` is the admission rule that reads the card.
   */
  readonly revealToEnter: readonly { readonly type: string; readonly rule: string }[];
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

export interface PlayerState {
  readonly id: string;
  readonly seat: number;
}

export interface ZoneState {
  /** Public, stable zone id. */
  readonly id: string;
  readonly type: string;
  /** Owning player id, or null for shared zones. */
  readonly ownerId: string | null;
  /** Index among the owner's zones of this type (FAB weapon zones 0 and 1). */
  readonly index: number;
}

/**
 * How an object came to be what it is now (FAB rule:become_new_object: "the process of how an
 * object becomes a new object is preserved as the history of that new object").
 */
export interface HistoryEntry {
  readonly fromZoneType: string | null;
  readonly toZoneType: string;
  readonly by: MoveBy;
  readonly reason: string;
}

export interface ObjectState {
  /** Internal, stable id of the physical card or token. Never shown to non-admins. */
  readonly key: string;
  /** Current public id. Re-minted whenever the object becomes a new object or a viewer loses track of it. */
  readonly publicId: string;
  readonly kind: ObjectKind;
  readonly ownerId: string;
  readonly controllerId: string;
  readonly zoneId: string;
  /** Sort key within the zone: smaller is nearer the top. Positions are derived from it. */
  readonly sortKey: number;
  /** Face up = a public object (FAB rule:object_visibility). */
  readonly faceUp: boolean;
  /** Players the object is revealed to beyond the zone's defaults; `all` for a reveal to everyone. */
  readonly revealedTo: readonly string[] | 'all';
  /** Key of the object this one is under or hosted on (FAB rule:under_definition, NR rule_hosted_object_location). */
  readonly hostKey: string | null;
  readonly card: CardProps;
  readonly history: readonly HistoryEntry[];
}

export interface GameState {
  readonly ruleset: RulesetId;
  readonly players: readonly PlayerState[];
  readonly zones: readonly ZoneState[];
  readonly objects: readonly ObjectState[];
}

// ---------------------------------------------------------------------------------------------
// Viewers
// ---------------------------------------------------------------------------------------------

export type Viewer =
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'admin' };

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

export interface TurnFaceMove {
  readonly kind: 'turnFace';
  readonly select: Selector;
  readonly faceUp: boolean;
}

export interface RevealMove {
  readonly kind: 'reveal';
  readonly select: Selector;
  /** Player ids, or `all`. */
  readonly to: readonly string[] | 'all';
}

export interface EndRevealMove {
  readonly kind: 'endReveal';
  readonly select: Selector;
}

export interface ShuffleMove {
  readonly kind: 'shuffle';
  readonly zoneId: string;
}

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

export interface CreateZoneMove {
  readonly kind: 'createZone';
  readonly type: string;
  readonly ownerId: string | null;
}

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
// Plans and rejections
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

export interface Plan {
  /** The complete next state. */
  readonly state: GameState;
  /** Events in order. Their transitions together are exactly the changed objects. */
  readonly events: readonly DomainEvent[];
}

export type RejectionCode =
  | 'UNKNOWN_OBJECT'
  | 'UNKNOWN_ZONE'
  | 'UNKNOWN_ZONE_TYPE'
  | 'UNKNOWN_PLAYER'
  | 'BAD_SELECTOR'
  | 'BAD_PLACEMENT'
  | 'ZONE_FULL'
  | 'NOT_ADMITTED'
  | 'ORDER_LOCKED'
  | 'FACE_UP_NOT_ALLOWED'
  | 'ZONE_NOT_EMPTY'
  | 'ZONE_REQUIRED'
  | 'NOT_A_HOST'
  | 'NOT_ATTACHED'
  | 'NOT_A_LAYER'
  | 'BAD_ORDER'
  | 'MOVE_FAILED';

/** A typed refusal. `message` never names a hidden card: it speaks of ids and zones only. */
export interface Rejection {
  readonly code: RejectionCode;
  /** The rule cited, e.g. `FAB sec:arsenal_zone`, `MTG 400.5`. */
  readonly rule: string;
  readonly message: string;
}

export type PlanResult =
  { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly rejection: Rejection };
