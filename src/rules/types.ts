/**
 * The vocabulary shared by the pure rules layer and everything built on it.
 *
 * Nothing in `src/rules` performs I/O. State goes in, a plan or a typed rejection comes out.
 * Randomness and fresh identifiers are injected through {@link PlanContext} so that planning
 * is deterministic under test. Moves, transitions and events are in `move-types.ts`, re-exported here.
 */
import type { GameCitations, GameHooks } from './hooks.js';
import type { DomainEvent, Move, MoveBy } from './move-types.js';

export type * from './move-types.js';

/** The built-in rulesets: Magic (CR 400-408), Flesh and Blood (chapter 3), Netrunner (chpt_game_zones). */
export type RulesetId = 'mtg' | 'fab' | 'netrunner';
/** Every ruleset id, in a stable order. */
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

/** A ruleset's catalog: its zone types and the other facts the generic planner reads. Pure data. */
export interface RulesetCatalog {
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

/**
 * A ruleset: its catalog (data), its rule hooks (where a rule is more than data) and its citations
 * of the generic planner's actions. Each game's live in `src/rules/<game>/`; the planner asks the
 * hooks and never branches on a ruleset id.
 */
export interface RulesetSpec extends RulesetCatalog {
  readonly hooks: GameHooks;
  readonly cite: GameCitations;
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

/** A seat of a game. */
export interface PlayerState {
  readonly id: string;
  readonly seat: number;
}

/** A zone of a game (MTG 400.1, FAB sec:zones_general, NR rule_player_zones). */
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

/** A card, token or layer in a game, as the planner sees it (unredacted). */
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

/** A whole game: players, zones and objects. The planner's input and output. */
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
// Plans and rejections
// ---------------------------------------------------------------------------------------------

/** A planned move: the next state and the events that lead to it. */
export interface Plan {
  /** The complete next state. */
  readonly state: GameState;
  /** Events in order. Their transitions together are exactly the changed objects. */
  readonly events: readonly DomainEvent[];
}

/** Why a move is refused; each has a value in the GraphQL enum InvalidMoveReason. */
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

/** The planner's answer: a plan, or a typed rejection citing the rule. */
export type PlanResult =
  { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly rejection: Rejection };
