/**
 * The vocabulary shared by the pure rules layer and everything built on it.
 *
 * Nothing in `src/rules` performs I/O. State goes in, a plan or a typed rejection comes out.
 * Randomness and fresh identifiers are injected through {@link PlanContext} so that planning
 * is deterministic under test. The moves, plans and events are in `move-types.ts`, re-exported here.
 */
import type { GameCitations, GameHooks } from './hooks.js';
import type { Move, MoveBy } from './move-types.js';

export type * from './move-types.js';

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
