/** A game as the planner sees it (unredacted): players, zones, objects, turn and result. */

import type { ClockState } from '../clock/types.js';
import type { CardProps, ObjectKind } from './card.js';
import type { RulesetId } from './catalog.js';
import type { MoveBy } from './selection.js';
import type { TakebackState } from './takeback.js';

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
  /**
   * Whether random acts wait for every seat's entropy, and the seats that added some since the last
   * commitment (docs/fairness.md, "Seat entropy"). Absent: a game from before it, which does not wait.
   */
  readonly seatEntropy?: SeatEntropy;
  /** The random acts drawn since the last commitment: zk-rng/2 numbers the next one with it. Absent: 0. */
  readonly randomActs?: number;
  /** The game's clocks (issue 40), as of the instant they state; absent: the game keeps no time. */
  readonly clock?: ClockState;
  /** The open takeback request and each seat's requests this turn (issue 41); absent: none yet. Public. */
  readonly takeback?: TakebackState;
}

/** A game's seat entropy since its last commitment (docs/fairness.md, "Seat entropy"). Public. */
export interface SeatEntropy {
  /** Random acts are refused (AWAITING_ENTROPY) until every seat that has not conceded added entropy. */
  readonly waits: boolean;
  /** The seats that added entropy since the last commitment, in the order they first did. */
  readonly given: readonly string[];
}
