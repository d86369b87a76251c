/** Domain events: what a plan records, object by object, stored unredacted and redacted per viewer on the way out. */

import type { ClockState } from '../clock/types.js';
import type {
  EntropyRecord,
  EventRandomness,
  RandomCommitment,
  RollRecord,
  SeedReveal,
} from './randomness.js';
import type { RewindRecord } from './rewind.js';
import type { TakebackRecord } from './takeback.js';
import type { Counters, GameResult, ObjectState, TurnState, ZoneState } from './state.js';

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
  | 'GAME_REWOUND'
  | 'TAKEBACK_REQUESTED'
  | 'TAKEBACK_ACCEPTED'
  | 'TAKEBACK_REFUSED'
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
  /** GAME_CREATED: each seat's salted commitment to its own starting cards; a seat sees only its own. */
  readonly deckCommitments?: readonly { readonly playerId: string; readonly hash: string }[];
  /** DICE_ROLLED, COINS_FLIPPED: who sees the results (they are the event's random act). */
  readonly roll?: RollRecord;
  /** ENTROPY_ADDED: the bytes a seat added (public), the running hash after them is `table.entropy`. */
  readonly entropyAdded?: EntropyRecord;
  /** GAME_REWOUND: the event the game went back to, how, and the judge's reason (public). */
  readonly rewind?: RewindRecord;
  /** TAKEBACK_REQUESTED, TAKEBACK_ACCEPTED, TAKEBACK_REFUSED: the request and who answered (public). */
  readonly takeback?: TakebackRecord;
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
  /** pass, start, expire: the seat whose clock runs after it. */
  readonly toPlayerId?: string | null;
  /** addTime: the time added; outage: the time given back. */
  readonly ms?: number;
  /** pause, resume: why. */
  readonly reason?: string;
  /** expire: what follows (MTR 2.5 additional turns, the seat losing, or only the flag). */
  readonly consequence?: 'lose' | 'flag' | 'additionalTurns';
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
