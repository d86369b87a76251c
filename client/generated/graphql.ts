/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ActorKind =
  | 'ADMIN'
  | 'PLAYER'
  /** The game's referee credential (its own engine or host backend). */
  | 'REFEREE'
  | 'SYSTEM';

export type AddEntropyInput = {
  /** 1 to 64 bytes, hex. */
  data: string;
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  onBehalfOf?: string | number | null | undefined;
};

export type AdvanceTurnInput = {
  /** Referee and judges only: the player whose turn it becomes (else the next seat that has not conceded). */
  activePlayerId?: string | number | null | undefined;
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  onBehalfOf?: string | number | null | undefined;
};

export type AnswerTakebackInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  /** The `toSeq` of the request answered: an answer to a request since closed is refused. */
  toSeq: number;
};

export type CardInput = {
  attributes?: unknown;
  /** Face up at the start; defaults to the zone's default. */
  faceUp?: boolean | null | undefined;
  name: string;
  subtypes?: Array<string>;
  text?: string;
  types?: Array<string>;
  /** Starting zone type; defaults to the ruleset's deck zone. Heroes, equipment and identities need it. */
  zone?: string | null | undefined;
  /** Which of the owner's zones of that type (FAB weapon zones 0 and 1). */
  zoneIndex?: number | null | undefined;
};

export type ChangeCountersInput = {
  /** Non-negative for ADD and REMOVE; the new amount for SET. */
  amount: number;
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  holder: CounterHolderInput;
  idempotencyKey?: string | null | undefined;
  /**
   * 1 to 32 characters from A-Z a-z 0-9 + - / _ (drawn as badges), not a name every object has
   * (constructor, __proto__ and the like).
   */
  kind: string;
  onBehalfOf?: string | number | null | undefined;
  op: CounterOp;
};

/** What follows when a seat's clock runs out. */
export type ClockExpiry =
  /** Only the flag is recorded; the referee decides. */
  | 'FLAG'
  /** The seat loses, as a concession (the result when one seat is left). */
  | 'LOSE';

/**
 * A game's clocks, chosen at createGame. Times are whole milliseconds. Which fields a kind uses:
 * CHESS mainMs and incrementMs or delayMs; BYO_YOMI mainMs, periods, periodMs; HOURGLASS mainMs;
 * TURN limitMs; ROUND roundMs and additionalTurns. onExpire (default LOSE) for every kind but ROUND.
 */
export type ClockInput = {
  /** MTR 2.5: five at Competitive and Professional REL. */
  additionalTurns?: number | null | undefined;
  delayMs?: number | null | undefined;
  /** Whether advanceTurn hands the clock to the new active seat (default true). */
  followsTurn?: boolean | null | undefined;
  incrementMs?: number | null | undefined;
  kind: ClockKind;
  limitMs?: number | null | undefined;
  mainMs?: number | null | undefined;
  onExpire?: ClockExpiry | null | undefined;
  periodMs?: number | null | undefined;
  periods?: number | null | undefined;
  roundMs?: number | null | undefined;
};

/**
 * The clocks the referee keeps (issue 40; docs/platforms.md, "Clocks"). Chosen at createGame; started,
 * passed, paused, resumed and given time by moves, each an event of the log refereed like any move;
 * a clock that runs out is recorded once, as CLOCK_EXPIRED, by the sweep every instance runs on the
 * database's time.
 */
export type ClockKind =
  /** Main time, then periods of fixed length; a pass within a period keeps it whole. */
  | 'BYO_YOMI'
  /** A per-seat chess clock, with a Fischer increment or a Bronstein delay (FIDE Laws of Chess 6). */
  | 'CHESS'
  /** The time a seat uses flows to the other seats. */
  | 'HOURGLASS'
  /** One clock for the table; when it runs out, the turn in progress is turn 0 and additional turns follow (MTR 2.5). */
  | 'ROUND'
  /** Each seat has a limit per turn; advanceTurn gives every seat its limit again. */
  | 'TURN';

export type CoinSide =
  | 'HEADS'
  | 'TAILS';

export type ConcedeInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  onBehalfOf?: string | number | null | undefined;
  /**
   * The seat that concedes: the referee or a judge names it (or a judge acts onBehalfOf it); a seat
   * concedes only for itself, so a seat naming another is refused (FORBIDDEN).
   */
  playerId?: string | number | null | undefined;
};

/** Exactly one of an object, a player or a zone. */
export type CounterHolderInput = {
  objectId?: string | number | null | undefined;
  playerId?: string | number | null | undefined;
  zoneId?: string | number | null | undefined;
};

export type CounterInput = {
  amount: number;
  kind: string;
};

export type CounterOp =
  | 'ADD'
  | 'REMOVE'
  | 'SET';

export type CounterVisibility =
  | 'OWNER'
  | 'PUBLIC';

export type CreateGameInput = {
  /** The game's clocks, not started: the referee or a judge starts them (startClock). */
  clock?: ClockInput | null | undefined;
  /** The seat active at turn 1; defaults to the ruleset's `firstPlayer` (seat 0). */
  firstSeat?: number | null | undefined;
  /**
   * Replays the first response to the same caller (host, admin or seat credential) only. Refused
   * (BAD_USER_INPUT) without a credential or with a spectator credential: there is no caller of
   * one's own to scope it to.
   */
  idempotencyKey?: string | null | undefined;
  players: Array<PlayerInput>;
  /**
   * The verification transcript (fairnessTranscript, docs/fairness.md) shows card faces after the
   * end, not only the objects' internal keys. Default false: decklists stay private.
   */
  revealFacesAfterEnd?: boolean | null | undefined;
  ruleset: string | number;
  /**
   * Whether random acts (shuffles, RANDOM picks, rolls, flips) wait for entropy from every seat
   * (`addEntropy`) after the commitment; until then they are refused with INVALID_MOVE, reason
   * AWAITING_ENTROPY (docs/fairness.md, "Seat entropy"). Default true. False for solo play and tests:
   * the game's acts made before every seat's entropy are marked not covered by seat input.
   */
  waitForSeatEntropy?: boolean | null | undefined;
};

/** A destination: a zone by id, or a zone type plus its owning player (omit owner for shared zones). */
export type DestinationInput = {
  ownerId?: string | number | null | undefined;
  type?: string | null | undefined;
  zoneId?: string | number | null | undefined;
};

export type EndGameInput = {
  draw?: boolean;
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  reason: string;
  /** The winners; empty with draw true for a draw (MTG 104.4). */
  winnerIds?: Array<string | number>;
};

/** What happened, as recorded in a game's append-only log. */
export type EventKind =
  | 'ATTACHED'
  | 'BROUGHT_INTO_GAME'
  | 'CLOCK_CHANGED'
  | 'CLOCK_EXPIRED'
  | 'COINS_FLIPPED'
  | 'COUNTERS_CHANGED'
  | 'DETACHED'
  | 'DICE_ROLLED'
  | 'ENTROPY_ADDED'
  | 'GAME_ARCHIVED'
  | 'GAME_CREATED'
  | 'GAME_ENDED'
  | 'GAME_IMPORTED'
  | 'GAME_REWOUND'
  | 'LAYER_ADDED'
  | 'LAYER_REMOVED'
  | 'NO_MOVE'
  | 'OBJECTS_CLEARED'
  | 'OBJECTS_MOVED'
  | 'PLAYER_CONCEDED'
  | 'REMOVED_FROM_GAME'
  | 'REVEALED'
  | 'REVEAL_ENDED'
  | 'STATUS_CHANGED'
  | 'TAKEBACK_ACCEPTED'
  | 'TAKEBACK_REFUSED'
  | 'TAKEBACK_REQUESTED'
  | 'TOKEN_CREATED'
  | 'TURNED_FACE'
  | 'TURN_CHANGED'
  | 'ZONE_CREATED'
  | 'ZONE_REMOVED'
  | 'ZONE_REORDERED'
  | 'ZONE_SHUFFLED';

/**
 * A platform user (docs/platforms.md "Platform identity"): the issuer and subject of the platform's signed tokens
 * (JWT `iss` and `sub`). A token naming this user is the seat bound to it.
 */
export type ExternalUserInput = {
  /** The token issuer; must equal the service's AUTH_ISSUER. */
  issuer: string;
  /** The user's `sub` at that issuer (1 to 255 characters, none a control character). */
  subject: string;
};

export type FaceDownSeenBy =
  | 'CONTROLLER'
  | 'NOBODY'
  | 'OWNER';

export type GameStatus =
  | 'ACTIVE'
  | 'ARCHIVED'
  | 'ENDED';

export type MoveBy =
  | 'EFFECT'
  | 'RULE';

export type MoveCountersInput = {
  /** At least 1. */
  amount: number;
  expectedVersion?: number | null | undefined;
  from: CounterHolderInput;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  kind: string;
  onBehalfOf?: string | number | null | undefined;
  to: CounterHolderInput;
};

export type MoveObjectsInput = {
  /**
   * MTG 405.3: the active player, when several objects go onto the stack at once: the active player's
   * objects go lowest, then each other player's in turn order (APNAP). With `order`, it is checked instead.
   */
  activePlayerId?: string | number | null | undefined;
  by?: MoveBy;
  expectedVersion?: number | null | undefined;
  /** Face up at the destination; defaults to the destination's default. */
  faceUp?: boolean | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  index?: number | null | undefined;
  /** Either objectIds or select. */
  objectIds?: Array<string | number> | null | undefined;
  /** Admins only: act as a judge on behalf of this player (recorded as the admin, with onBehalfOf). */
  onBehalfOf?: string | number | null | undefined;
  /** Order of the arriving objects, top first, when several arrive at once (MTG 401.4, 404.3, 405.3). */
  order?: Array<string | number> | null | undefined;
  /** Either position (default TOP) or index (0 = top). */
  position?: Position | null | undefined;
  /**
   * The arriving objects go in a random order instead, e.g. to the bottom of a library (MTG 401.4):
   * a random act of zk-rng/1 (docs/fairness.md), checkable after the game. Not with `order`.
   */
  randomOrder?: boolean | null | undefined;
  /** FAB rule:flip_step re-evaluation: where the object was going before a replacement effect changed it. */
  replacedFrom?: DestinationInput | null | undefined;
  /** NR rule_reveal_from_hidden: the effect needs an attribute, so hidden cards are revealed first. */
  requiresAttribute?: boolean | null | undefined;
  select?: PositionSelectorInput | null | undefined;
  to: DestinationInput;
};

export type ObjectKind =
  | 'CARD'
  | 'LAYER'
  | 'TOKEN';

export type PassClockInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  onBehalfOf?: string | number | null | undefined;
  /** The seat whose clock runs next (default: the next seat whose clock is not stopped). */
  toPlayerId?: string | number | null | undefined;
};

export type PlayerInput = {
  /** Starting player counters overriding the ruleset's (MTG 903.7 Commander: life 40; FAB: the hero's life). */
  counters?: Array<CounterInput> | null | undefined;
  deck: Array<CardInput>;
  /**
   * Binds this seat to a platform user, whose verified token then plays it (besides the seat token).
   * Only the host or an admin may bind; one user holds at most one seat of a game. The binding is
   * never shown to anyone: not in views, events, `whoami` or exports.
   */
  externalUser?: ExternalUserInput | null | undefined;
  name: string;
};

export type Position =
  | 'BOTTOM'
  | 'TOP';

/** Position selector: N objects from the top, the bottom, or at random of a zone. */
export type PositionSelectorInput = {
  count?: number;
  from: SelectorFrom;
  zoneId: string | number;
};

export type PrincipalKind =
  | 'ADMIN'
  | 'ANONYMOUS'
  /**
   * A platform user named by a verified JWT. Its standing is per game (its bound seat, or what its
   * standing claim grants), so `whoami` shows no game, no player and nothing of the identity;
   * `game(id).viewer` shows its standing in a game.
   */
  | 'EXTERNAL'
  /** The host backend (HOST_TOKEN): creates games, has no standing in them. */
  | 'HOST'
  | 'PLAYER'
  /**
   * A game's referee: its own engine or host backend. Sees every card of that game and may make any move
   * the rules allow there; its moves are logged with actor kind REFEREE.
   */
  | 'REFEREE'
  | 'SPECTATOR';

export type RequestTakebackInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  /** Why, in the seat's words (1 to 200 characters): public, in the event and in every view. */
  reason: string;
  /** The event whose state the game returns to: every later event must be the seat's own move. */
  toSeq: number;
};

export type RewindGameInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  mode?: RewindMode;
  /** Why, in the judge's words (1 to 500 characters): public, in the event. */
  reason: string;
  /** The event whose state the game returns to: 1 up to the game's last seq minus one. */
  toSeq: number;
};

/** How a rewind places what nobody knew (IPG 1.4, "Backing Up"). */
export type RewindMode =
  /** Every object returns to its place after `toSeq`. Hidden objects that change get fresh public ids. */
  | 'EXACT'
  /**
   * Every object some seat could see after `toSeq` returns to its place; in each zone, the objects no
   * seat could see are shuffled again among their places (one zk-rng random act per zone, in the
   * transcript).
   */
  | 'RANDOMIZE_UNKNOWN';

export type SelectorFrom =
  | 'BOTTOM'
  | 'RANDOM'
  | 'TOP';

export type SetPhaseInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  onBehalfOf?: string | number | null | undefined;
  phase: string;
};

export type SetStatusInput = {
  expectedVersion?: number | null | undefined;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  name: string;
  /** Either objectIds or select. */
  objectIds?: Array<string | number> | null | undefined;
  /** Admins only: act as a judge on behalf of this player (recorded as the admin, with onBehalfOf). */
  onBehalfOf?: string | number | null | undefined;
  select?: PositionSelectorInput | null | undefined;
  value: string;
};

export type TurnFaceInput = {
  expectedVersion?: number | null | undefined;
  faceUp: boolean;
  gameId: string | number;
  idempotencyKey?: string | null | undefined;
  objectIds?: Array<string | number> | null | undefined;
  /** Admins only: act as a judge on behalf of this player (recorded as the admin, with onBehalfOf). */
  onBehalfOf?: string | number | null | undefined;
  select?: PositionSelectorInput | null | undefined;
};

export type ZoneScope =
  | 'PLAYER'
  | 'SHARED';

export type ZoneVisibility =
  /** Nobody sees the faces, not even the owner. */
  | 'HIDDEN'
  /** Everyone sees the faces (unless an object is face down). */
  | 'PUBLIC'
  /** Only the zone's owner or controller sees the faces. */
  | 'SECRET';

export type ObjectFieldsFragment = { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> };

export type TurnFieldsFragment = { number: number, phase: string | null, activePlayer: { id: string } | null };

export type ResultFieldsFragment = { draw: boolean, reason: string, winners: Array<{ id: string }> };

export type EventFieldsFragment = { gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null };

export type WhoamiQueryVariables = Exact<{ [key: string]: never; }>;


export type WhoamiQuery = { whoami: { kind: PrincipalKind, gameId: string | null, playerId: string | null } };

export type CounterKindFieldsFragment = { kind: string, rule: string, min: number | null, max: number | null, zoneTypes: Array<string> | null, faceOnly: boolean, start: number | null, visibility: CounterVisibility };

export type RulesetsQueryVariables = Exact<{ [key: string]: never; }>;


export type RulesetsQuery = { rulesets: Array<{ id: string, name: string, deckZone: string, minPlayers: number, maxPlayers: number, sides: Array<string>, openObjectCounterKinds: boolean, zoneTypes: Array<{ type: string, name: string, visibility: ZoneVisibility, faceDownSeenBy: FaceDownSeenBy, scope: ZoneScope, perPlayer: number, ordered: boolean, ownerMayReorder: boolean, capacity: number | null, defaultFaceUp: boolean, allowsFaceUp: boolean }>, statuses: Array<{ name: string, values: Array<string>, default: string, zoneTypes: Array<string>, rule: string, faceOnly: boolean }>, statusesNone: { reason: string, rule: string } | null, objectCounters: Array<{ kind: string, rule: string, min: number | null, max: number | null, zoneTypes: Array<string> | null, faceOnly: boolean, start: number | null, visibility: CounterVisibility }>, playerCounters: Array<{ kind: string, rule: string, min: number | null, max: number | null, zoneTypes: Array<string> | null, faceOnly: boolean, start: number | null, visibility: CounterVisibility }>, zoneCounters: Array<{ kind: string, rule: string, min: number | null, max: number | null, zoneTypes: Array<string> | null, faceOnly: boolean, start: number | null, visibility: CounterVisibility }>, countersNone: { reason: string, rule: string } | null, turn: { phases: Array<string>, rule: string, phasesBySide: Array<{ side: string, phases: Array<string> }> } | null, turnNone: { reason: string, rule: string } | null }> };

export type GameQueryVariables = Exact<{
  id: string | number;
}>;


export type GameQuery = { game: { id: string, ruleset: string, status: GameStatus, version: number, lastSeq: number, createdAt: string, players: Array<{ id: string, name: string, seat: number, conceded: boolean, counters: Array<{ kind: string, amount: number }> }>, viewer: { kind: PrincipalKind, player: { id: string, name: string, seat: number } | null }, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null, zones: Array<{ id: string, type: string, name: string, index: number, count: number, owner: { id: string } | null, counters: Array<{ kind: string, amount: number }>, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }> }> } };

export type LastSeqQueryVariables = Exact<{
  id: string | number;
}>;


export type LastSeqQuery = { game: { lastSeq: number } };

export type GameEventsPageQueryVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
  first?: number | null | undefined;
}>;


export type GameEventsPageQuery = { gameEvents: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> };

export type MoveObjectsMutationVariables = Exact<{
  input: MoveObjectsInput;
}>;


export type MoveObjectsMutation = { moveObjects: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type GameEventsSubscriptionVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type GameEventsSubscription = { gameEvents: { gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null } };

export type ZoneEventsSubscriptionVariables = Exact<{
  gameId: string | number;
  zoneId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type ZoneEventsSubscription = { zoneEvents: { gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null } };

export type FairnessTranscriptQueryVariables = Exact<{
  gameId: string | number;
}>;


export type FairnessTranscriptQuery = { fairnessTranscript: unknown };

export type SeatHistoryQueryVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
  first?: number | null | undefined;
}>;


export type SeatHistoryQuery = { gameEvents: Array<{ seq: number, deckCommitment: string | null, commitment: { hash: string } | null, zonesCreated: Array<{ id: string }>, entropy: { playerId: string | null, data: string } | null, roll: { dice: Array<number> | null, coins: Array<CoinSide> | null } | null, changes: Array<{ toZoneId: string | null, object: { kind: ObjectKind, owner: { id: string }, card: { name: string } | null } | null }> }> };

export type CreateGameMutationVariables = Exact<{
  input: CreateGameInput;
}>;


export type CreateGameMutation = { createGame: { spectatorToken: string, refereeToken: string, game: { id: string, ruleset: string, status: GameStatus, version: number, lastSeq: number, players: Array<{ id: string, name: string, seat: number }> }, seats: Array<{ token: string, player: { id: string, name: string, seat: number } }> } };

export type PayloadFieldsFragment = { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> };

export type SetStatusMutationVariables = Exact<{
  input: SetStatusInput;
}>;


export type SetStatusMutation = { setStatus: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type AddEntropyMutationVariables = Exact<{
  input: AddEntropyInput;
}>;


export type AddEntropyMutation = { addEntropy: { version: number } };

export type ChangeCountersMutationVariables = Exact<{
  input: ChangeCountersInput;
}>;


export type ChangeCountersMutation = { changeCounters: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type MoveCountersMutationVariables = Exact<{
  input: MoveCountersInput;
}>;


export type MoveCountersMutation = { moveCounters: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type AdvanceTurnMutationVariables = Exact<{
  input: AdvanceTurnInput;
}>;


export type AdvanceTurnMutation = { advanceTurn: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type SetPhaseMutationVariables = Exact<{
  input: SetPhaseInput;
}>;


export type SetPhaseMutation = { setPhase: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type ConcedeMutationVariables = Exact<{
  input: ConcedeInput;
}>;


export type ConcedeMutation = { concede: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type EndGameMutationVariables = Exact<{
  input: EndGameInput;
}>;


export type EndGameMutation = { endGameWithResult: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, concededPlayerId: string | null, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }> } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }>, counterChanges: Array<{ playerId: string | null, zoneId: string | null, kind: string, amount: number }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string }> } | null }> } };

export type TableRulesetsQueryVariables = Exact<{ [key: string]: never; }>;


export type TableRulesetsQuery = { rulesets: Array<{ id: string, name: string, sides: Array<string>, openObjectCounterKinds: boolean, zoneTypes: Array<{ type: string, name: string, visibility: ZoneVisibility, scope: ZoneScope, ordered: boolean, isStack: boolean, faceDownSeenBy: FaceDownSeenBy, defaultFaceUp: boolean, allowsFaceUp: boolean, admits: Array<{ description: string, rule: string }> }>, statuses: Array<{ name: string, values: Array<string>, default: string, zoneTypes: Array<string> }>, objectCounters: Array<{ kind: string, zoneTypes: Array<string> | null }>, playerCounters: Array<{ kind: string, visibility: CounterVisibility }>, zoneCounters: Array<{ kind: string, zoneTypes: Array<string> | null }>, turn: { phases: Array<string>, phasesBySide: Array<{ side: string, phases: Array<string> }> } | null }> };

export type TableGameQueryVariables = Exact<{
  id: string | number;
}>;


export type TableGameQuery = { game: { id: string, ruleset: string, status: GameStatus, version: number, lastSeq: number, players: Array<{ id: string, name: string, seat: number, conceded: boolean, counters: Array<{ kind: string, amount: number }> }>, turn: { number: number, phase: string | null, activePlayer: { id: string } | null } | null, result: { draw: boolean, reason: string, winners: Array<{ id: string, name: string }> } | null, clock: { kind: ClockKind, asOfMs: number, runningPlayerId: string | null, ticking: boolean, started: boolean, paused: boolean, pauseReason: string | null, stopped: boolean, seats: Array<{ playerId: string | null, remainingMs: number, periodsLeft: number, flagged: boolean, stopped: boolean }> } | null, viewer: { kind: PrincipalKind, player: { id: string } | null }, takeback: { toSeq: number, reason: string, asker: { id: string, name: string }, accepted: Array<{ id: string, name: string }>, awaiting: Array<{ id: string, name: string }> } | null, zones: Array<{ id: string, type: string, name: string, index: number, count: number, owner: { id: string } | null, counters: Array<{ kind: string, amount: number }>, objects: Array<{ id: string, kind: ObjectKind, faceUp: boolean, position: number | null, layer: number | null, owner: { id: string, name: string, seat: number }, controller: { id: string, name: string, seat: number }, statuses: Array<{ name: string, value: string }>, counters: Array<{ kind: string, amount: number }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string } | null, attached: Array<{ id: string, faceUp: boolean, card: { name: string } | null }> }> }> } };

export type TableMoveMutationVariables = Exact<{
  input: MoveObjectsInput;
}>;


export type TableMoveMutation = { moveObjects: { version: number, objects: Array<{ id: string }>, events: Array<{ kind: EventKind, rules: Array<string> }> } };

export type TableTurnFaceMutationVariables = Exact<{
  input: TurnFaceInput;
}>;


export type TableTurnFaceMutation = { turnFace: { version: number, objects: Array<{ id: string }>, events: Array<{ kind: EventKind, rules: Array<string> }> } };

export type TablePassClockMutationVariables = Exact<{
  input: PassClockInput;
}>;


export type TablePassClockMutation = { passClock: { version: number } };

export type TableEventsQueryVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
  first?: number | null | undefined;
}>;


export type TableEventsQuery = { gameEvents: Array<{ seq: number, version: number, kind: EventKind, actor: { kind: ActorKind, playerId: string | null } }> };

export type TableRequestTakebackMutationVariables = Exact<{
  input: RequestTakebackInput;
}>;


export type TableRequestTakebackMutation = { requestTakeback: { version: number } };

export type TableAcceptTakebackMutationVariables = Exact<{
  input: AnswerTakebackInput;
}>;


export type TableAcceptTakebackMutation = { acceptTakeback: { version: number } };

export type TableRefuseTakebackMutationVariables = Exact<{
  input: AnswerTakebackInput;
}>;


export type TableRefuseTakebackMutation = { refuseTakeback: { version: number } };

export type TableRewindMutationVariables = Exact<{
  input: RewindGameInput;
}>;


export type TableRewindMutation = { rewindGame: { version: number } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const CounterKindFieldsFragmentDoc = new TypedDocumentString(`
    fragment CounterKindFields on CounterKind {
  kind
  rule
  min
  max
  zoneTypes
  faceOnly
  start
  visibility
}
    `, {"fragmentName":"CounterKindFields"}) as unknown as TypedDocumentString<CounterKindFieldsFragment, unknown>;
export const ObjectFieldsFragmentDoc = new TypedDocumentString(`
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
    `, {"fragmentName":"ObjectFields"}) as unknown as TypedDocumentString<ObjectFieldsFragment, unknown>;
export const TurnFieldsFragmentDoc = new TypedDocumentString(`
    fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
    `, {"fragmentName":"TurnFields"}) as unknown as TypedDocumentString<TurnFieldsFragment, unknown>;
export const ResultFieldsFragmentDoc = new TypedDocumentString(`
    fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
    `, {"fragmentName":"ResultFields"}) as unknown as TypedDocumentString<ResultFieldsFragment, unknown>;
export const EventFieldsFragmentDoc = new TypedDocumentString(`
    fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}`, {"fragmentName":"EventFields"}) as unknown as TypedDocumentString<EventFieldsFragment, unknown>;
export const PayloadFieldsFragmentDoc = new TypedDocumentString(`
    fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}`, {"fragmentName":"PayloadFields"}) as unknown as TypedDocumentString<PayloadFieldsFragment, unknown>;
export const WhoamiDocument = new TypedDocumentString(`
    query Whoami {
  whoami {
    kind
    gameId
    playerId
  }
}
    `) as unknown as TypedDocumentString<WhoamiQuery, WhoamiQueryVariables>;
export const RulesetsDocument = new TypedDocumentString(`
    query Rulesets {
  rulesets {
    id
    name
    deckZone
    minPlayers
    maxPlayers
    zoneTypes {
      type
      name
      visibility
      faceDownSeenBy
      scope
      perPlayer
      ordered
      ownerMayReorder
      capacity
      defaultFaceUp
      allowsFaceUp
    }
    sides
    statuses {
      name
      values
      default
      zoneTypes
      rule
      faceOnly
    }
    statusesNone {
      reason
      rule
    }
    openObjectCounterKinds
    objectCounters {
      ...CounterKindFields
    }
    playerCounters {
      ...CounterKindFields
    }
    zoneCounters {
      ...CounterKindFields
    }
    countersNone {
      reason
      rule
    }
    turn {
      phases
      phasesBySide {
        side
        phases
      }
      rule
    }
    turnNone {
      reason
      rule
    }
  }
}
    fragment CounterKindFields on CounterKind {
  kind
  rule
  min
  max
  zoneTypes
  faceOnly
  start
  visibility
}`) as unknown as TypedDocumentString<RulesetsQuery, RulesetsQueryVariables>;
export const GameDocument = new TypedDocumentString(`
    query Game($id: ID!) {
  game(id: $id) {
    id
    ruleset
    status
    version
    lastSeq
    createdAt
    players {
      id
      name
      seat
      conceded
      counters {
        kind
        amount
      }
    }
    viewer {
      kind
      player {
        id
        name
        seat
      }
    }
    turn {
      ...TurnFields
    }
    result {
      ...ResultFields
    }
    zones {
      id
      type
      name
      index
      count
      owner {
        id
      }
      counters {
        kind
        amount
      }
      objects {
        ...ObjectFields
      }
    }
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}`) as unknown as TypedDocumentString<GameQuery, GameQueryVariables>;
export const LastSeqDocument = new TypedDocumentString(`
    query LastSeq($id: ID!) {
  game(id: $id) {
    lastSeq
  }
}
    `) as unknown as TypedDocumentString<LastSeqQuery, LastSeqQueryVariables>;
export const GameEventsPageDocument = new TypedDocumentString(`
    query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
    ...EventFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}`) as unknown as TypedDocumentString<GameEventsPageQuery, GameEventsPageQueryVariables>;
export const MoveObjectsDocument = new TypedDocumentString(`
    mutation MoveObjects($input: MoveObjectsInput!) {
  moveObjects(input: $input) {
    version
    objects {
      ...ObjectFields
    }
    events {
      ...EventFields
    }
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}`) as unknown as TypedDocumentString<MoveObjectsMutation, MoveObjectsMutationVariables>;
export const GameEventsDocument = new TypedDocumentString(`
    subscription GameEvents($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
    ...EventFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}`) as unknown as TypedDocumentString<GameEventsSubscription, GameEventsSubscriptionVariables>;
export const ZoneEventsDocument = new TypedDocumentString(`
    subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {
  zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {
    ...EventFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}`) as unknown as TypedDocumentString<ZoneEventsSubscription, ZoneEventsSubscriptionVariables>;
export const FairnessTranscriptDocument = new TypedDocumentString(`
    query FairnessTranscript($gameId: ID!) {
  fairnessTranscript(gameId: $gameId)
}
    `) as unknown as TypedDocumentString<FairnessTranscriptQuery, FairnessTranscriptQueryVariables>;
export const SeatHistoryDocument = new TypedDocumentString(`
    query SeatHistory($gameId: ID!, $afterSeq: Int, $first: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
    seq
    commitment {
      hash
    }
    deckCommitment
    zonesCreated {
      id
    }
    entropy {
      playerId
      data
    }
    roll {
      dice
      coins
    }
    changes {
      toZoneId
      object {
        kind
        owner {
          id
        }
        card {
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SeatHistoryQuery, SeatHistoryQueryVariables>;
export const CreateGameDocument = new TypedDocumentString(`
    mutation CreateGame($input: CreateGameInput!) {
  createGame(input: $input) {
    game {
      id
      ruleset
      status
      version
      lastSeq
      players {
        id
        name
        seat
      }
    }
    seats {
      player {
        id
        name
        seat
      }
      token
    }
    spectatorToken
    refereeToken
  }
}
    `) as unknown as TypedDocumentString<CreateGameMutation, CreateGameMutationVariables>;
export const SetStatusDocument = new TypedDocumentString(`
    mutation SetStatus($input: SetStatusInput!) {
  setStatus(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<SetStatusMutation, SetStatusMutationVariables>;
export const AddEntropyDocument = new TypedDocumentString(`
    mutation AddEntropy($input: AddEntropyInput!) {
  addEntropy(input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<AddEntropyMutation, AddEntropyMutationVariables>;
export const ChangeCountersDocument = new TypedDocumentString(`
    mutation ChangeCounters($input: ChangeCountersInput!) {
  changeCounters(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<ChangeCountersMutation, ChangeCountersMutationVariables>;
export const MoveCountersDocument = new TypedDocumentString(`
    mutation MoveCounters($input: MoveCountersInput!) {
  moveCounters(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<MoveCountersMutation, MoveCountersMutationVariables>;
export const AdvanceTurnDocument = new TypedDocumentString(`
    mutation AdvanceTurn($input: AdvanceTurnInput!) {
  advanceTurn(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<AdvanceTurnMutation, AdvanceTurnMutationVariables>;
export const SetPhaseDocument = new TypedDocumentString(`
    mutation SetPhase($input: SetPhaseInput!) {
  setPhase(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<SetPhaseMutation, SetPhaseMutationVariables>;
export const ConcedeDocument = new TypedDocumentString(`
    mutation Concede($input: ConcedeInput!) {
  concede(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<ConcedeMutation, ConcedeMutationVariables>;
export const EndGameDocument = new TypedDocumentString(`
    mutation EndGame($input: EndGameInput!) {
  endGameWithResult(input: $input) {
    ...PayloadFields
  }
}
    fragment ObjectFields on GameObject {
  id
  kind
  position
  layer
  faceUp
  revealedToAll
  revealedTo {
    id
  }
  owner {
    id
  }
  controller {
    id
  }
  zone {
    id
  }
  host {
    id
  }
  attached {
    id
  }
  card {
    name
    types
    subtypes
    text
    attributes
  }
  statuses {
    name
    value
  }
  counters {
    kind
    amount
  }
}
fragment TurnFields on Turn {
  number
  phase
  activePlayer {
    id
  }
}
fragment ResultFields on GameResult {
  winners {
    id
  }
  draw
  reason
}
fragment EventFields on GameEvent {
  gameId
  seq
  version
  kind
  actor {
    kind
    playerId
    onBehalfOf
  }
  at
  zoneIds
  rules
  changes {
    previousId
    objectId
    fromZoneId
    toZoneId
    object {
      ...ObjectFields
    }
  }
  zonesCreated {
    id
    type
    ownerId
    index
  }
  zonesRemoved {
    id
    type
    ownerId
    index
  }
  counterChanges {
    playerId
    zoneId
    kind
    amount
  }
  turn {
    ...TurnFields
  }
  result {
    ...ResultFields
  }
  concededPlayerId
}
fragment PayloadFields on MovePayload {
  version
  objects {
    ...ObjectFields
  }
  events {
    ...EventFields
  }
}`) as unknown as TypedDocumentString<EndGameMutation, EndGameMutationVariables>;
export const TableRulesetsDocument = new TypedDocumentString(`
    query TableRulesets {
  rulesets {
    id
    name
    sides
    zoneTypes {
      type
      name
      visibility
      scope
      ordered
      isStack
      faceDownSeenBy
      defaultFaceUp
      allowsFaceUp
      admits {
        description
        rule
      }
    }
    statuses {
      name
      values
      default
      zoneTypes
    }
    openObjectCounterKinds
    objectCounters {
      kind
      zoneTypes
    }
    playerCounters {
      kind
      visibility
    }
    zoneCounters {
      kind
      zoneTypes
    }
    turn {
      phases
      phasesBySide {
        side
        phases
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TableRulesetsQuery, TableRulesetsQueryVariables>;
export const TableGameDocument = new TypedDocumentString(`
    query TableGame($id: ID!) {
  game(id: $id) {
    id
    ruleset
    status
    version
    lastSeq
    players {
      id
      name
      seat
      conceded
      counters {
        kind
        amount
      }
    }
    turn {
      number
      phase
      activePlayer {
        id
      }
    }
    result {
      draw
      reason
      winners {
        id
        name
      }
    }
    clock {
      kind
      asOfMs
      runningPlayerId
      ticking
      started
      paused
      pauseReason
      stopped
      seats {
        playerId
        remainingMs
        periodsLeft
        flagged
        stopped
      }
    }
    viewer {
      kind
      player {
        id
      }
    }
    takeback {
      asker {
        id
        name
      }
      toSeq
      reason
      accepted {
        id
        name
      }
      awaiting {
        id
        name
      }
    }
    zones {
      id
      type
      name
      owner {
        id
      }
      index
      count
      counters {
        kind
        amount
      }
      objects {
        id
        kind
        faceUp
        position
        layer
        owner {
          id
          name
          seat
        }
        controller {
          id
          name
          seat
        }
        statuses {
          name
          value
        }
        counters {
          kind
          amount
        }
        card {
          name
          types
          subtypes
          text
        }
        attached {
          id
          faceUp
          card {
            name
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TableGameQuery, TableGameQueryVariables>;
export const TableMoveDocument = new TypedDocumentString(`
    mutation TableMove($input: MoveObjectsInput!) {
  moveObjects(input: $input) {
    version
    objects {
      id
    }
    events {
      kind
      rules
    }
  }
}
    `) as unknown as TypedDocumentString<TableMoveMutation, TableMoveMutationVariables>;
export const TableTurnFaceDocument = new TypedDocumentString(`
    mutation TableTurnFace($input: TurnFaceInput!) {
  turnFace(input: $input) {
    version
    objects {
      id
    }
    events {
      kind
      rules
    }
  }
}
    `) as unknown as TypedDocumentString<TableTurnFaceMutation, TableTurnFaceMutationVariables>;
export const TablePassClockDocument = new TypedDocumentString(`
    mutation TablePassClock($input: PassClockInput!) {
  passClock(input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<TablePassClockMutation, TablePassClockMutationVariables>;
export const TableEventsDocument = new TypedDocumentString(`
    query TableEvents($gameId: ID!, $afterSeq: Int, $first: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
    seq
    version
    kind
    actor {
      kind
      playerId
    }
  }
}
    `) as unknown as TypedDocumentString<TableEventsQuery, TableEventsQueryVariables>;
export const TableRequestTakebackDocument = new TypedDocumentString(`
    mutation TableRequestTakeback($input: RequestTakebackInput!) {
  requestTakeback(input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<TableRequestTakebackMutation, TableRequestTakebackMutationVariables>;
export const TableAcceptTakebackDocument = new TypedDocumentString(`
    mutation TableAcceptTakeback($input: AnswerTakebackInput!) {
  acceptTakeback(input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<TableAcceptTakebackMutation, TableAcceptTakebackMutationVariables>;
export const TableRefuseTakebackDocument = new TypedDocumentString(`
    mutation TableRefuseTakeback($input: AnswerTakebackInput!) {
  refuseTakeback(input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<TableRefuseTakebackMutation, TableRefuseTakebackMutationVariables>;
export const TableRewindDocument = new TypedDocumentString(`
    mutation TableRewind($input: RewindGameInput!) {
  rewindGame(input: $input) {
    version
  }
}
    `) as unknown as TypedDocumentString<TableRewindMutation, TableRewindMutationVariables>;