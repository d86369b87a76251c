/**
 * This file is longer than 300 lines on purpose: it is the rules layer's whole vocabulary (catalog,
 * state, moves, events, plans, hooks), and those types refer to one another (an object's history
 * names a move's `by`, a ruleset names its hooks, a hook names states and moves). Split across
 * files they would import each other in a cycle; in one file they need no imports at all.
 */
/**
 * The vocabulary shared by the pure rules layer and everything built on it.
 *
 * Nothing in `src/rules` performs I/O. State goes in, a plan or a typed rejection comes out.
 * Randomness and fresh identifiers are injected through {@link PlanContext} so that planning
 * is deterministic under test. Moves, transitions and events are defined below.
 */

/**
 * A ruleset's id, as its file names it (`rulesets/<id>.yaml`): the built-ins `mtg`, `fab`,
 * `netrunner`, and any ruleset loaded at start (`RULESETS_DIR`).
 */
import type { ClockRefusalCode, ClockState } from './clock/types.js';

export type RulesetId = string;

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

/**
 * A predicate on objects, described for clients and cited to a rule. Without a condition it only
 * describes what a named hook checks; with one, the planner enforces it for every game alike: an
 * object is admitted when it has one of `types`, or one of `subtypes`, or is one of `kinds`
 * (whichever are given), and, with `ownersOnly`, when it is the zone owner's.
 */
export interface AdmitRule {
  /** Human-readable description, e.g. "only cards with subtype arms". */
  readonly description: string;
  readonly rule: string;
  readonly types?: readonly string[];
  readonly subtypes?: readonly string[];
  readonly kinds?: readonly ObjectKind[];
  readonly ownersOnly?: boolean;
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

/** What a move whose destination zone is its origin zone does (see {@link GameHooks.sameZone}). */
export type SameZoneAnswer =
  | { readonly kind: 'noMove'; readonly rule: string }
  | { readonly kind: 'reposition'; readonly newObject: Citation };

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
  /** Names of the sides by seat, in the game's own words (NR: Corp, Runner); empty when seats are alike. */
  readonly sides: readonly string[];
  /** What a seat may act on beyond its own objects and zones (`src/rules/permission.ts`). */
  readonly seatPolicy: SeatPolicy;
  /**
   * Statuses, counter kinds and the turn structure (issue 28). Absent for a ruleset (or a stored
   * version) that declares none of them: see {@link TableSpec}.
   */
  readonly table?: TableSpec;
}

/** Why a ruleset declares none of something (never an invented rule). */
export interface NoneDeclared {
  readonly reason: string;
  readonly rule: string;
}

/** A status objects may have (MTG 110.5: tapped/untapped, flipped, phased out). */
export interface StatusSpec {
  readonly name: string;
  /** Every value; `default` is one of them. */
  readonly values: readonly string[];
  readonly default: string;
  /** The zone types where the status exists; entering another clears it. */
  readonly zoneTypes: readonly string[];
  readonly rule: string;
  /** Seen only by viewers who see the object's face. */
  readonly faceOnly: boolean;
}

/** Where a cleared counter's amount goes (NR: credits on a trashed card go back to the bank). */
export interface CounterReturn {
  readonly zoneType: string;
  readonly kind: string;
  readonly rule: string;
}

/** A counter kind on objects, players or zones (MTG 122.1, 119.1; NR rule_credits). */
export interface CounterKindSpec {
  readonly kind: string;
  readonly rule: string;
  /** Lower bound, or null for none (life). Default 0. */
  readonly min: number | null;
  readonly max: number | null;
  /** Objects: the zone types where the kind exists (null: all). Zones: the zone types holding it. */
  readonly zoneTypes: readonly string[] | null;
  readonly faceOnly: boolean;
  readonly returnTo: CounterReturn | null;
  /** Players and zones: the starting amount (null: none, set at creation). */
  readonly start: number | null;
  /** Players: `owner` = only that player (and admins, the referee) see it. */
  readonly visibility: 'public' | 'owner';
}

/** The turn structure (MTG 500.1; NR rule_turns): phases in order, one list or one per side. */
export interface TurnSpec {
  readonly phases: readonly string[];
  /** By side name (`sides`), where the sides' turns differ. */
  readonly phasesBySide: Readonly<Record<string, readonly string[]>>;
  readonly rule: string;
  /** The seat active at turn 1. */
  readonly firstSeat: number;
}

/** Everything a ruleset declares about the table beyond zones (see `docs/rulesets.md`). */
export interface TableSpec {
  readonly statuses: readonly StatusSpec[];
  readonly statusesNone: NoneDeclared | null;
  /** Whether objects may carry counter kinds not listed (MTG 122.1). */
  readonly openObjectKinds: boolean;
  readonly objectCounters: readonly CounterKindSpec[];
  readonly playerCounters: readonly CounterKindSpec[];
  readonly zoneCounters: readonly CounterKindSpec[];
  readonly countersNone: NoneDeclared | null;
  /** One list declared none (Pokémon: no player counter, no life total). */
  readonly objectCountersNone: NoneDeclared | null;
  readonly playerCountersNone: NoneDeclared | null;
  readonly zoneCountersNone: NoneDeclared | null;
  readonly turn: TurnSpec | null;
  readonly turnNone: NoneDeclared | null;
  /** Dice a seat may roll (MTG 706.1), or null with `diceNone` saying why not. */
  readonly dice: RandomizerSpec | null;
  readonly diceNone: NoneDeclared | null;
  /** Coins a seat may flip (MTG 705.1), or null with `coinsNone` saying why not. */
  readonly coins: RandomizerSpec | null;
  readonly coinsNone: NoneDeclared | null;
}

/** Dice or coins as a ruleset declares them: which dice, who may see the results, and the rule. */
export interface RandomizerSpec {
  /** Dice: the faces a die may have (a coin has 2). */
  readonly sides: readonly number[];
  /** Who may be shown the results: `all` (a public roll), `roller` (a private one). */
  readonly seenBy: readonly RollAudience[];
  readonly rule: string;
}

/**
 * A ruleset: its catalog (data), its rule hooks (where a rule is more than data) and its citations
 * of the generic planner's actions. Each game's live in `src/rules/<game>/`; the planner asks the
 * hooks and never branches on a ruleset id.
 */
export interface RulesetSpec extends RulesetCatalog {
  readonly hooks: GameHooks;
  readonly cite: GameCitations;
  /**
   * The version: a content hash of the ruleset's file (computed where files are read). A game
   * keeps the version it was created with.
   */
  readonly version: string;
  /** The names of the code hooks the file asks for (`src/rules/hook-registry.ts`). */
  readonly hookNames: readonly string[];
}

/** The moves that act on existing objects (a selection, a host, a layer). */
export type ObjectMoveKind = Extract<
  Move['kind'],
  | 'moveObjects'
  | 'turnFace'
  | 'reveal'
  | 'endReveal'
  | 'attach'
  | 'detach'
  | 'removeLayer'
  | 'removeFromGame'
  | 'setStatus'
  | 'changeCounters'
>;

/**
 * What `seatPolicy.othersVisible` may list: the object moves, and `changePlayerCounters` (another
 * player's counters: MTG Lightning Bolt sets an opponent's life).
 */
export type OthersVisibleKind = ObjectMoveKind | 'changePlayerCounters';

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
  readonly othersVisible: readonly OthersVisibleKind[];
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

/** Amounts by kind; only non-zero amounts are kept (MTG 122.1). */
export type Counters = Readonly<Record<string, number>>;

/** A seat of a game. */
export interface PlayerState {
  readonly id: string;
  readonly seat: number;
  /** Life, poison, credits (absent: none). */
  readonly counters?: Counters;
  /** The seat conceded and left the game (MTG 104.3a, 800.4a). */
  readonly conceded?: boolean;
}

/** Whose turn it is (MTG 500). */
export interface TurnState {
  readonly number: number;
  readonly activePlayerId: string | null;
  readonly phase: string | null;
}

/** How a game ended (MTG 104): winners, or a draw, and why. */
export interface GameResult {
  readonly winnerIds: readonly string[];
  readonly draw: boolean;
  readonly reason: string;
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
  /** Counters in the zone (NR: the bank's credits); absent: none. */
  readonly counters?: Counters;
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
  /** Statuses at a value other than their default (MTG 110.5); absent: none. */
  readonly statuses?: Readonly<Record<string, string>>;
  /** Counters on the object (MTG 122.1); absent: none. */
  readonly counters?: Counters;
}

/** A whole game: players, zones and objects. The planner's input and output. */
export interface GameState {
  readonly ruleset: RulesetId;
  readonly players: readonly PlayerState[];
  readonly zones: readonly ZoneState[];
  readonly objects: readonly ObjectState[];
  /** The current turn; absent or null for a game without a turn structure. */
  readonly turn?: TurnState | null;
  /** The result once the game ended with one. */
  readonly result?: GameResult | null;
  /**
   * zk-rng/1's running entropy hash `E` (docs/fairness.md, "Entropy"), lower-case hex, after every
   * seat entropy added so far; absent until a seat adds some (then `E` is `E0`). Public.
   */
  readonly entropy?: string;
  /** The game's clocks (issue 40), as of the instant they state; absent: the game keeps no time. */
  readonly clock?: ClockState;
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
  | 'MOVE_FAILED'
  | 'NO_STATUSES'
  | 'UNKNOWN_STATUS'
  | 'STATUS_NOT_IN_ZONE'
  | 'UNKNOWN_COUNTER_KIND'
  | 'BAD_KIND_NAME'
  | 'COUNTER_OUT_OF_RANGE'
  | 'TOO_MANY_COUNTER_KINDS'
  | 'UNKNOWN_PHASE'
  | 'BAD_RESULT'
  | 'NO_RANDOMIZER'
  | 'BAD_ROLL'
  | 'BAD_ENTROPY'
  | Exclude<ClockRefusalCode, 'UNKNOWN_PLAYER'>;

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

// ---------------------------------------------------------------------------------------------
// Moves, transitions and events
// ---------------------------------------------------------------------------------------------

/** The vocabulary of moves, the planner's context, transitions and events (re-exported by `types.ts`). */

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

/** What holds counters: an object (by public id), a player or a zone. */
export type CounterHolder =
  | { readonly kind: 'object'; readonly id: string }
  | { readonly kind: 'player'; readonly id: string }
  | { readonly kind: 'zone'; readonly id: string };

/** Set a status on objects (MTG 110.5, 701.26 tap). The default value clears it. */
export interface SetStatusMove {
  readonly kind: 'setStatus';
  readonly select: Selector;
  readonly name: string;
  readonly value: string;
}

/** Add, remove or set counters of one kind on a holder (MTG 122.1, 119.3). */
export interface ChangeCountersMove {
  readonly kind: 'changeCounters';
  readonly holder: CounterHolder;
  readonly counter: string;
  readonly op: 'add' | 'remove' | 'set';
  readonly amount: number;
}

/** Move counters of one kind between holders at once (MTG 122.5; NR credits from the bank). */
export interface MoveCountersMove {
  readonly kind: 'moveCounters';
  readonly from: CounterHolder;
  readonly to: CounterHolder;
  readonly counter: string;
  readonly amount: number;
}

/** Start the next turn (MTG 500.1): number + 1, next seat, first phase. */
export interface AdvanceTurnMove {
  readonly kind: 'advanceTurn';
  /** Referee and judges: the new active player (else the next seat that has not conceded). */
  readonly activePlayerId?: string;
}

/** Set the phase of the current turn (MTG 500.1). */
export interface SetPhaseMove {
  readonly kind: 'setPhase';
  readonly phase: string;
}

/** Who sees a roll's or flip's results: every viewer, or only the seat that made it (and admins). */
export type RollAudience = 'all' | 'roller';

/** Roll `count` dice of `sides` faces (MTG 706.1; the ruleset's `dice` declares the sides and audiences). */
export interface RollDiceMove {
  readonly kind: 'rollDice';
  readonly sides: number;
  readonly count: number;
  readonly seenBy: RollAudience;
}

/** Flip `count` coins (MTG 705.1; the ruleset's `coins` declares the audiences). */
export interface FlipCoinMove {
  readonly kind: 'flipCoin';
  readonly count: number;
  readonly seenBy: RollAudience;
}

/** A seat's entropy, folded into zk-rng/1's running hash for every later random act (docs/fairness.md). */
export interface AddEntropyMove {
  readonly kind: 'addEntropy';
  /** 1 to 64 bytes, lower-case hex. */
  readonly data: string;
}

/** A seat concedes (MTG 104.3a) and leaves the game (MTG 800.4a). */
export interface ConcedeMove {
  readonly kind: 'concede';
  readonly playerId: string;
}

/** End the game with a result (MTG 104.1-104.4). */
export interface EndGameMove {
  readonly kind: 'endGame';
  readonly winnerIds: readonly string[];
  readonly draw: boolean;
  readonly reason: string;
}

/** Start the game's clocks, or restart clocks an import carried stopped (referee, judges). */
export interface StartClockMove {
  readonly kind: 'startClock';
  /** The seat whose clock runs first (absent: the seat that ran before, else the active seat). */
  readonly playerId?: string;
}

/** The running seat passes its clock (to a named seat, or to the next one). */
export interface PassClockMove {
  readonly kind: 'passClock';
  /** The seat whose clock runs next (absent: the next seat whose clock is not stopped). */
  readonly toPlayerId?: string;
}

/** Pause every clock (referee, judges), with a reason every reader is shown. */
export interface PauseClockMove {
  readonly kind: 'pauseClock';
  readonly reason: string;
}

/** Resume paused clocks (referee, judges), with a reason. */
export interface ResumeClockMove {
  readonly kind: 'resumeClock';
  readonly reason: string;
}

/** Add time to a seat's clock, or to a round clock (a judge's time extension, MTR 2.5). */
export interface AddClockTimeMove {
  readonly kind: 'addClockTime';
  /** The seat (ignored by a round clock: there is one clock). */
  readonly playerId?: string;
  readonly ms: number;
}

/** The moves that keep time (issue 40). */
export type ClockMove = StartClockMove | PassClockMove | PauseClockMove | ResumeClockMove | AddClockTimeMove;

/** The moves that change the table beyond zones (issue 28). */
export type TableMove =
  | SetStatusMove
  | ChangeCountersMove
  | MoveCountersMove
  | AdvanceTurnMove
  | SetPhaseMove
  | ConcedeMove
  | EndGameMove;

/** The random acts a seat asks for beyond shuffles and picks, and seat entropy (issue 31). */
export type ChanceMove = RollDiceMove | FlipCoinMove | AddEntropyMove;

/** Every move a client may ask the planner for. */
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
  | RemoveFromGameMove;

// ---------------------------------------------------------------------------------------------
// Planning context, transitions and events
// ---------------------------------------------------------------------------------------------

/** Everything the planner needs from the outside world. */
export interface PlanContext {
  /** A fresh unguessable public id. */
  readonly newId: () => string;
  /**
   * The draws of one random act (docs/fairness.md): `event` is the index in the plan of the event
   * that records the act, `index` the act's index within that event. The returned function gives
   * uniform integers in [0, n), each act from its own stream.
   */
  readonly randomAct: (event: number, index: number) => (n: number) => number;
  /** The scheme the draws come from (`zk-rng/1`), or null for a game it does not cover. */
  readonly randomScheme: string | null;
  /** The acting player, or null for admin / system actions. */
  readonly actorId: string | null;
  /** zk-rng/1's entropy fold: the running hash (hex) after `data` (hex bytes) is added to `current` (absent: `E0`). */
  readonly foldEntropy: (current: string | undefined, data: string) => string;
  /** The database's time (epoch ms, `zk_now()`), given for a game with clocks: their values as of it. */
  readonly now?: number;
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
  | 'STATUS_CHANGED'
  | 'COUNTERS_CHANGED'
  | 'TURN_CHANGED'
  | 'PLAYER_CONCEDED'
  | 'DICE_ROLLED'
  | 'COINS_FLIPPED'
  | 'ENTROPY_ADDED'
  | 'CLOCK_CHANGED'
  | 'CLOCK_EXPIRED'
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
  /** Players', zones', turn and result changes (objects' statuses and counters are in `transitions`). */
  readonly table?: TableDelta;
  /** The random acts this event records, and the scheme they were drawn from (docs/fairness.md). */
  readonly random?: EventRandomness;
  /** GAME_CREATED, GAME_IMPORTED: the commitment to the game's secret seed (docs/fairness.md). */
  readonly commitment?: RandomCommitment;
  /** DICE_ROLLED, COINS_FLIPPED: who sees the results (they are the event's random act). */
  readonly roll?: RollRecord;
  /** ENTROPY_ADDED: the bytes a seat added (public), the running hash after them is `table.entropy`. */
  readonly entropyAdded?: EntropyRecord;
  /** The event that ends a game (GAME_ENDED, or GAME_ARCHIVED of an active game): the seed, revealed. */
  readonly seedReveal?: SeedReveal;
  /** CLOCK_CHANGED, CLOCK_EXPIRED: what was done to the clocks (their state after it is `table.clock`). */
  readonly clockChange?: ClockChange;
}

/** What a CLOCK_CHANGED or CLOCK_EXPIRED event did (public: every reader sees the clocks). */
export interface ClockChange {
  readonly op: 'start' | 'pass' | 'pause' | 'resume' | 'addTime' | 'outage' | 'expire';
  /** pass: from; addTime: to; expire: whose flag fell (null: the round clock). */
  readonly playerId: string | null;
  /** pass and start: the seat whose clock runs now. */
  readonly toPlayerId?: string | null;
  /** addTime: the time added; outage: the time given back. */
  readonly ms?: number;
  /** pause, resume: why. */
  readonly reason?: string;
  /** expire: what follows (MTR 2.5 additional turns, the seat losing, or only the flag). */
  readonly consequence?: 'lose' | 'flag' | 'additionalTurns';
}

/** A published commitment to a game's secret seed (docs/fairness.md, "Commitment"). */
export interface RandomCommitment {
  readonly scheme: string;
  /** The game id the derivation uses, kept across export and import. */
  readonly gameId: string;
  /** Lower-case hex SHA-256 over the scheme's commitment tag and the seed. */
  readonly hash: string;
  /** Whether the verification transcript after the end shows card faces. */
  readonly revealFaces: boolean;
}

/** Who sees a roll's results: everyone, or these players (and admins). */
export interface RollRecord {
  readonly seenBy: 'all' | readonly string[];
}

/** Seat entropy as the log records it (public: anyone can fold it, docs/fairness.md "Entropy"). */
export interface EntropyRecord {
  readonly playerId: string | null;
  /** Lower-case hex, 1 to 64 bytes. */
  readonly data: string;
}

/** A revealed seed, lower-case hex. */
export interface SeedReveal {
  readonly scheme: string;
  readonly seed: string;
}

/**
 * One random act, over the internal keys of objects (never their public ids), top first:
 * a shuffle's order before and after, or a pick's pool and the objects picked, in pick order.
 */
export type RandomAct =
  | {
      readonly index: number;
      readonly kind: 'shuffle';
      readonly before: readonly string[];
      readonly after: readonly string[];
      /** A partial shuffle: `before` is only the zone's top or bottom part. */
      readonly part?: 'top' | 'bottom';
    }
  | {
      readonly index: number;
      readonly kind: 'pick';
      readonly from: readonly string[];
      readonly picked: readonly string[];
    }
  | {
      readonly index: number;
      readonly kind: 'roll';
      /** Faces of each die; each result is 1 + draw(sides). */
      readonly sides: number;
      readonly results: readonly number[];
    }
  | {
      readonly index: number;
      readonly kind: 'coin';
      /** Each flip is heads when draw(2) is 0, else tails. */
      readonly results: readonly ('heads' | 'tails')[];
    };

/** The random acts of one event; `scheme` null: not covered by a verifiable scheme. */
export interface EventRandomness {
  readonly scheme: string | null;
  readonly acts: readonly RandomAct[];
}

/**
 * What an event changed of the table beyond objects: each listed player's and zone's counters as
 * they are after the event (all kinds), the turn after it, the result it records. Absent: unchanged.
 */
export interface TableDelta {
  readonly players?: readonly {
    readonly id: string;
    readonly counters: Counters;
    readonly conceded: boolean;
  }[];
  readonly zones?: readonly { readonly id: string; readonly counters: Counters }[];
  readonly turn?: TurnState;
  readonly result?: GameResult;
  /** zk-rng/1's running entropy hash after the event (ENTROPY_ADDED), lower-case hex. */
  readonly entropy?: string;
  /** The clocks after the event, as of its instant (issue 40). */
  readonly clock?: ClockState;
}

// ---------------------------------------------------------------------------------------------
// Per-game hooks and citations
// ---------------------------------------------------------------------------------------------

/** What the admission check may ask about the planned state of the destination's owner. */
export interface AdmitContext {
  /** Zones of a type owned by a player (or shared, for null). */
  zonesOf(type: string, ownerId: string | null): readonly ZoneState[];
  /** Top-level objects planned to be in a zone (staying plus already admitted arrivals). */
  occupants(zoneId: string): readonly ObjectState[];
}

/** Why a zone cannot contain an object. */
export interface AdmitFailure {
  readonly code: Extract<RejectionCode, 'NOT_ADMITTED' | 'ZONE_FULL' | 'UNKNOWN_ZONE'>;
  readonly rule: string;
  readonly message: string;
}

/** A rule citation when a hook decides something, or null when it does not apply. */
export type Citation = string | null;

/**
 * What becomes of a hosted object / sub-card whose host leaves (see {@link GameHooks.hostedFate}).
 * - `follow`: it moves with the host and stays hosted (FAB sec:zones_general, top-card stays the same object).
 * - `clear`: it is cleared (FAB rule:under_definition).
 * - `stay`: it stays, unattached, in the zone the host left (MTG 400.7: the host is a new object).
 * - `toOwnerZone`: it goes, unattached, to its owner's zone of `type` (MTG 704.5m, NR trashing).
 */
export type HostedFate =
  | { readonly kind: 'follow' }
  | { readonly kind: 'clear'; readonly rule: string }
  | { readonly kind: 'stay'; readonly rule: string }
  | {
      readonly kind: 'toOwnerZone';
      readonly type: string;
      readonly rule: string;
      /** Face at arrival; defaults to the zone type's default. */
      readonly faceUp?: boolean;
    };

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

/** The questions the generic planner asks a game. Every answer that decides something cites a rule. */
export interface GameHooks {
  /** MTG 400.3: the owner of the destination zone an object of this owner really goes to. */
  redirectOwner(
    obj: ObjectState,
    toType: string,
    ownerId: string | null,
  ): { ownerId: string; rule: string } | null;
  /** FAB rule:arena: a destination type that is not a zone but names one. */
  aliasType(type: string): { type: string; rule: string } | null;
  /** MTG 400.4a/b: the object remains in its previous zone. */
  staysInPlace(obj: ObjectState, from: ZoneTypeSpec, to: ZoneTypeSpec): Citation;
  /** What a move whose destination zone is its origin zone does. */
  sameZone(zoneType: ZoneTypeSpec): SameZoneAnswer;
  /** Whether an object moving between zones becomes a new object (MTG 400.7, FAB rule:become_new_object). */
  newObjectOnMove(from: ZoneTypeSpec, to: ZoneTypeSpec, wasPublic: boolean, isPublic: boolean): Citation;
  /** Whether turning an object's face makes it a new object (MTG 400.9, FAB public→private). */
  newObjectOnTurnFace(zoneType: ZoneTypeSpec, wasPublic: boolean, isPublic: boolean): Citation;
  /** Whether ending a reveal makes a new object (MTG 401.7, FAB public→private). */
  newObjectOnEndReveal(zoneType: ZoneTypeSpec, wasPublic: boolean, isPublic: boolean): Citation;
  /** Whether becoming a sub-card / hosted object makes a new object (FAB rule:under_definition). */
  newObjectOnAttach(from: ZoneTypeSpec, to: ZoneTypeSpec): Citation;
  /** Admission checks beyond plain capacity; null when admitted. */
  admits(obj: ObjectState, zone: ZoneState, zoneType: ZoneTypeSpec, ctx: AdmitContext): AdmitFailure | null;
  /** FAB: a rule moving an object to an impossible zone clears it; an effect fails. Others reject. */
  readonly clearsOnImpossibleRuleMove: boolean;
  /**
   * What an object hosted on (or under) a host does when the host changes zones, becomes a new
   * object or ceases to exist. `to` is the host's destination type, null when the host ceases to
   * exist. `canFollow` is false when the destination is not a public zone or belongs to another
   * player than the hosted object's owner: a hosted object never follows its host there (MTG 400.3,
   * NR rule_deck_size_open_information), so `follow` is then not a valid answer. `isPublic`: every
   * player sees the hosted object; a fate must not depend on properties hidden from anyone.
   */
  hostedFate(
    hosted: ObjectState,
    from: ZoneTypeSpec,
    to: ZoneTypeSpec | null,
    hostReset: boolean,
    canFollow: boolean,
    isPublic: boolean,
  ): HostedFate;
  /** NR rule_reveal_from_hidden: reveal the object to all before the move. */
  revealBeforeMove(
    obj: ObjectState,
    zoneType: ZoneTypeSpec,
    isPublic: boolean,
    move: MoveObjectsMove,
  ): Citation;
  /** Ruleset-specific check for moving layers: tokens and non-card layers that cannot exist there cease to exist. */
  ceasesInsteadOfMoving(obj: ObjectState, to: ZoneTypeSpec): Citation;
  /**
   * Whether a hosted object / sub-card is public, given its own face and its host's (the host's zone
   * allows face-up objects). FAB rule:under_definition: sub-cards share their top-card's visibility.
   */
  hostedIsPublic(faceUp: boolean, hostFaceUp: boolean): boolean;
  /**
   * With several zones of `type` able to take an object, whether the first empty one is taken
   * (FAB sec:arsenal_zone) instead of asking the owner to choose. The citation, or null.
   */
  takesFirstFit(type: string): Citation;
  /** The rule that keeps the order of a zone except by an effect (MTG 400.5, NR rule_deck_ordered). */
  orderLock(zoneType: ZoneTypeSpec): string;
  /** Whether face-down objects in this zone keep their order against the owners' arrangement (MTG 400.5). */
  faceDownPileKeepsOrder(zoneType: ZoneTypeSpec): Citation;
  /** Whether an index past the end of this zone puts the object at the bottom (MTG 401.8), not a refusal. */
  deepIndexToBottom(zoneType: ZoneTypeSpec): Citation;
}
