export type ActorKind =
  | 'ADMIN'
  | 'PLAYER'
  /** The game's referee credential (its own engine or host backend). */
  | 'REFEREE'
  | 'SYSTEM';

/** What follows when a seat's clock runs out. */
export type ClockExpiry =
  /** Only the flag is recorded; the referee decides. */
  | 'FLAG'
  /** The seat loses, as a concession (the result when one seat is left). */
  | 'LOSE';

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

export type ClockOp =
  | 'ADD_TIME'
  | 'EXPIRE'
  /** The service could not take moves (an outage): the clocks stood still, and the time was given back. */
  | 'OUTAGE'
  | 'PASS'
  | 'PAUSE'
  | 'RESUME'
  | 'START';

export type CoinSide =
  | 'HEADS'
  | 'TAILS';

export type CounterOp =
  | 'ADD'
  | 'REMOVE'
  | 'SET';

export type CounterVisibility =
  | 'OWNER'
  | 'PUBLIC';

/**
 * The `extensions.code` of every error the service returns. Messages are for people and may change;
 * codes are stable. Any failure not listed here is masked as INTERNAL_SERVER_ERROR with a
 * `requestId` (the server logs the cause under that id).
 */
export type ErrorCode =
  /** The HTTP request is not a GraphQL request (no query, wrong method or content type). */
  | 'BAD_REQUEST'
  /**
   * The request's arguments are malformed: `extensions.field` names the argument. A starting layout
   * (`createGame`) the rules refuse also carries, as `extensions.reason` and `extensions.rule`, the
   * `InvalidMoveReason` (NOT_ADMITTED, ZONE_FULL) and rule a move putting that card there would give.
   */
  | 'BAD_USER_INPUT'
  /**
   * The credential is valid but may not do this: a spectator moving cards, a player using admin
   * tools, a seat acting for another, an admin or referee adding entropy (a seat's own act).
   * `extensions.reason` is a `ForbiddenReason`; `extensions.rule` cites the rule where one applies.
   * Nothing was changed.
   */
  | 'FORBIDDEN'
  /**
   * The game is ENDED or ARCHIVED and refuses moves (`extensions.status` when known). A rewind of
   * such a game also carries `extensions.reason` REWIND_CROSSES_GAME_END (an `InvalidMoveReason`).
   */
  | 'GAME_NOT_ACTIVE'
  /** The document is not valid GraphQL syntax (from the GraphQL layer). */
  | 'GRAPHQL_PARSE_FAILED'
  /**
   * The document does not validate against this schema, or exceeds a limit on depth, aliases,
   * directives or tokens (from the GraphQL layer).
   */
  | 'GRAPHQL_VALIDATION_FAILED'
  /** The idempotency key was already used for a different request. */
  | 'IDEMPOTENCY_CONFLICT'
  /**
   * An unexpected failure, masked: the message says nothing more, `extensions.requestId` finds the
   * cause in the server's log.
   */
  | 'INTERNAL_SERVER_ERROR'
  /**
   * The rules refuse the move: `extensions.reason` is an `InvalidMoveReason`, `extensions.rule` cites
   * the rule (e.g. "MTG 400.5"). Nothing was changed.
   */
  | 'INVALID_MOVE'
  /**
   * The game (or zone) does not exist, or the caller may not see it: both give the same answer, so
   * that existence does not leak.
   */
  | 'NOT_FOUND'
  /** The document has several operations and `operationName` does not pick one of them. */
  | 'OPERATION_RESOLUTION_FAILURE'
  /** Automatic persisted queries: the hash is not known; send the full query. */
  | 'PERSISTED_QUERY_NOT_FOUND'
  /** Automatic persisted queries are not supported here. */
  | 'PERSISTED_QUERY_NOT_SUPPORTED'
  /**
   * The query text is longer than the cap (`extensions.maxQueryBytes`, 32 KiB of UTF-8), over HTTP,
   * persisted queries (APQ) and graphql-ws alike. Nothing ran: send a shorter document (decks and
   * other data belong in variables).
   */
  | 'QUERY_TOO_LARGE'
  /**
   * Too many requests: too many moves already waiting for one game, or too many games created from
   * one address (`extensions.retryAfterSeconds`). Retry after the hint.
   */
  | 'RATE_LIMITED'
  /**
   * The response would hold more than `MAX_RESPONSE_ITEMS` list items (`extensions.maxItems`). Nothing
   * was returned: ask for less (don't nest a zone's objects inside its own objects, select fewer nested
   * lists, page `gameEvents` with a smaller `first`). A mutation refused this way has still been applied.
   */
  | 'RESPONSE_TOO_LARGE'
  /**
   * The game's ruleset version (`extensions.ruleset`, `extensions.rulesetVersion`) is neither loaded
   * nor stored: the ruleset's file changed and the version the game was created with is gone (see
   * docs/rulesets.md). Nothing was changed; load that version's file again (`RULESETS_DIR`).
   */
  | 'RULESET_VERSION_UNAVAILABLE'
  /** The database cannot be reached. Nothing is wrong with the request: retry it later. */
  | 'SERVICE_UNAVAILABLE'
  /**
   * `expectedVersion` is not the game's version (`extensions.expectedVersion`, `actualVersion`), or
   * the game was too busy to commit: reload and decide again.
   */
  | 'STALE_STATE'
  /** No credential, or one the service does not know (`Authorization: Bearer <token>`). */
  | 'UNAUTHENTICATED';

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

export type FaceDownSeenBy =
  | 'CONTROLLER'
  | 'NOBODY'
  | 'OWNER';

/**
 * Why a caller may not do what it asked: the `extensions.reason` of a FORBIDDEN error. A seat's
 * refusals are decided from what the seat can see only, so neither the reason nor the message
 * depends on a card hidden from it; messages name objects, zones and players as the seat sees
 * them, never by id and never by what a hidden card is (see `InvalidMoveReason`).
 */
export type ForbiddenReason =
  /** The operation needs the admin credential. */
  | 'ADMIN_ONLY'
  /** The seat has conceded and may make no further action (MTG 104.3a, cited as the rule). */
  | 'CONCEDED'
  /** The verification transcript is available once the game has ended. */
  | 'GAME_NOT_ENDED'
  /**
   * Another player's object hidden from the seat, by id, by position or as a candidate of a RANDOM
   * pick, or a zone holding one, which the seat may not shuffle, reorder or remove.
   */
  | 'HIDDEN_OBJECT'
  /**
   * Only the host (HOST_TOKEN) or an admin may do this: create a game on a server that requires the
   * host, or bind a seat to a platform user.
   */
  | 'HOST_ONLY'
  /**
   * Another player's object, visible to the seat, that this move may not touch (the ruleset's
   * `seatPolicy.othersVisible` lists the moves a seat may make on others' visible objects).
   */
  | 'NOT_YOUR_OBJECT'
  /** Turn actions (advancing the turn, setting the phase) are the active player's. */
  | 'NOT_YOUR_TURN'
  /**
   * Another player's zone: creating, shuffling, reordering or removing it, changing counters in it,
   * new objects into a hidden one, or into a hidden one cards that are not that player's own
   * (MTG 400.3).
   */
  | 'NOT_YOUR_ZONE'
  /** `onBehalfOf` is an admin's: no other caller acts for a seat. */
  | 'ON_BEHALF_ADMIN_ONLY'
  /** An act that is another player's own: changing that player's counters, conceding for them. */
  | 'OTHER_PLAYER'
  /**
   * The referee's or an admin's act: choosing the next active player, ending a game with a result,
   * rewinding a game, starting, pausing or resuming the clocks and adding time to them.
   */
  | 'REFEREE_ONLY'
  /**
   * One of the seat's own hidden cards sent to a zone that admits objects by what they are (the
   * ruleset's `seatPolicy.revealToEnter`, e.g. MTG 400.4a, cited as the rule): accepted or refused
   * would tell the seat what the card is. Reveal it first.
   */
  | 'REVEAL_FIRST'
  /**
   * Entropy is a seat's own act (docs/fairness.md): an admin or referee may not add it, on its own or
   * on a seat's behalf.
   */
  | 'SEAT_ENTROPY_ONLY'
  /**
   * One of the seat's own cards hidden from it, named by id: reach it by position (TOP, BOTTOM or
   * RANDOM), so that no hidden card can be followed; its counters cannot be changed unseen.
   */
  | 'SELECT_BY_POSITION'
  /** Spectators watch and never act. */
  | 'SPECTATOR';

export type GameStatus =
  | 'ACTIVE'
  | 'ARCHIVED'
  | 'ENDED';

/**
 * - ACTS_BEFORE_IMPORT: random acts before the import follow from a seed the document does not
 *   reveal; every transcript reports them as not covered.
 * - SEAT_CARDS_UNOPENED: the seats' commitments to their starting cards are salted with that seed; no
 *   seat can replay its own cards, and `verifyGame` with a seat's record reports `seat.notChecked`.
 */
export type ImportFairnessLimitCode =
  | 'ACTS_BEFORE_IMPORT'
  | 'SEAT_CARDS_UNOPENED';

/**
 * Why the rules refused a move: the `extensions.reason` of an INVALID_MOVE error. The message names
 * objects, zones and players as the caller sees them, never by id: a card by its name where the
 * caller may see it, otherwise "a hidden card" with its zone and position (`"Shock" (2nd in your
 * Hand)`, `a hidden card (1st from the top of seat 1 (Bob)'s Library)`), a player by seat and name,
 * and a counter's bounds as the ruleset states them.
 */
export type InvalidMoveReason =
  /**
   * A random act (shuffle, RANDOM pick, random order, roll, flip) in a game that waits for seat
   * entropy, before every seat that has not conceded added some (`addEntropy`) after the commitment:
   * otherwise the seed alone, which the service chose, would decide the act. `extensions.awaitedSeats`
   * lists the player ids still awaited (public: entropy events are). Nothing was drawn or changed.
   */
  | 'AWAITING_ENTROPY'
  /** A time that is not a whole number of milliseconds within bounds, or a reason too long. */
  | 'BAD_CLOCK_TIME'
  /** Entropy that is not 1 to 64 bytes of hex. */
  | 'BAD_ENTROPY'
  /**
   * A kind or status name outside 1 to 32 characters of A-Z a-z 0-9 + - / _, or a name every object
   * already has (constructor, __proto__ and the like).
   */
  | 'BAD_KIND_NAME'
  /** `order` is not a permutation of the arriving objects, or breaks a required order (MTG 405.3). */
  | 'BAD_ORDER'
  /**
   * Where in the zone is invalid: an index out of range, or a place the rules forbid (objects enter
   * the stack on top).
   */
  | 'BAD_PLACEMENT'
  /** The player has conceded, or a result names someone who is not a player of the game. */
  | 'BAD_RESULT'
  /** A rewind whose toSeq, mode or reason is malformed. */
  | 'BAD_REWIND'
  /**
   * A roll or flip the ruleset does not allow: a die it does not declare, 0 or over 100 dice, or an
   * audience it does not allow (a private roll where rolls are public).
   */
  | 'BAD_ROLL'
  /** The objects chosen are malformed: none, too many, a duplicate, an object with its own host. */
  | 'BAD_SELECTOR'
  /** A takeback request or answer whose toSeq or reason is malformed (reason: 1 to 200 characters). */
  | 'BAD_TAKEBACK'
  /** The clocks already run. */
  | 'CLOCK_ALREADY_STARTED'
  /** The clocks are not paused. */
  | 'CLOCK_NOT_PAUSED'
  /** The clocks have not been started (startClock). */
  | 'CLOCK_NOT_STARTED'
  /** The clocks are paused. */
  | 'CLOCK_PAUSED'
  /** The clock ran out before the change: its expiry is recorded instead (CLOCK_EXPIRED). */
  | 'CLOCK_RAN_OUT'
  /** The clocks are stopped (the game ended). */
  | 'CLOCK_STOPPED'
  /**
   * An amount (or the result of adding, removing or moving it) outside the kind's bounds as the
   * ruleset declares them (the message states them, or says the ruleset states none: MTG 119.1, life
   * has no bound), or too far from 0 to store (a counter is a 32-bit integer; the message says so).
   */
  | 'COUNTER_OUT_OF_RANGE'
  /** Face up is not allowed in that zone. */
  | 'FACE_UP_NOT_ALLOWED'
  /**
   * FAB: an effect's move to a zone that cannot take the object fails (FAB sec:zones_general: a
   * rule would clear the object, an effect fails); the refusal cites the rule.
   */
  | 'MOVE_FAILED'
  /**
   * The destination may not hold this object (an ability outside the stack, a card outside the
   * zones its type allows, a two-handed weapon without a free pair).
   */
  | 'NOT_ADMITTED'
  /** The object is not attached to a host. */
  | 'NOT_ATTACHED'
  /** The object cannot host or hold other objects (FAB rule:under_definition). */
  | 'NOT_A_HOST'
  /** The object is not a layer on the stack. */
  | 'NOT_A_LAYER'
  /** Only the seat whose clock runs passes it. */
  | 'NOT_RUNNING_SEAT'
  /** The game keeps no clock. */
  | 'NO_CLOCK'
  /** The ruleset version declares no dice (or no coins) for this game. */
  | 'NO_RANDOMIZER'
  /**
   * The ruleset version of this game declares no statuses (older games, or a game with no tapping):
   * there is nothing to set.
   */
  | 'NO_STATUSES'
  /**
   * The zone's order may not be changed this way (MTG 400.5: face-down piles keep their order;
   * players arrange only objects they own).
   */
  | 'ORDER_LOCKED'
  /**
   * A rewind across the end of a game: the seed is revealed there, so every later shuffle would be
   * predictable (IPG 1.4 backs up only within a game).
   */
  | 'REWIND_CROSSES_GAME_END'
  /** A rewind to an event whose state the service did not supply (IPG 1.4). */
  | 'REWIND_UNAVAILABLE'
  /** The status does not exist in the object's zone type (MTG 110.5: tapped exists on the battlefield). */
  | 'STATUS_NOT_IN_ZONE'
  /** An acceptance by a seat that already accepted the open takeback. */
  | 'TAKEBACK_ALREADY_ACCEPTED'
  /**
   * A takeback over an event from which the asking seat may have gained information (a card seen, a
   * hidden card moved, a random act). The message names the event's seq only, never a card.
   */
  | 'TAKEBACK_BARRIER'
  /**
   * A seat's takeback request beyond the bound: at most 3 requests per seat per turn (per game in a
   * game without turns), answered or not.
   */
  | 'TAKEBACK_LIMIT'
  /** A takeback over an event that is not the asking seat's own move. */
  | 'TAKEBACK_NOT_OWN_MOVE'
  /**
   * An answer to a takeback that is not waiting: none was asked, it was answered already, the open one
   * goes back to another toSeq, or a move since made it void.
   */
  | 'TAKEBACK_NOT_PENDING'
  /** An answer to a takeback by the seat that asked for it: the other seats answer. */
  | 'TAKEBACK_OWN_REQUEST'
  /** A takeback request while another is still waiting for its answers: one request at a time. */
  | 'TAKEBACK_PENDING'
  /**
   * A takeback asked or answered by no seat (a judge or the referee acting in no seat's name), or
   * asked in a game where no other seat is still in play to answer it.
   */
  | 'TAKEBACK_SEATS_ONLY'
  /** More counter kinds on one holder than the cap (32). */
  | 'TOO_MANY_COUNTER_KINDS'
  /**
   * A counter kind the ruleset does not list where it allows no other, or one that does not exist
   * on that holder or in that zone type.
   */
  | 'UNKNOWN_COUNTER_KIND'
  /** An object id that the caller cannot see in this game (unknown, or replaced by a new id). */
  | 'UNKNOWN_OBJECT'
  /** The ruleset version declares no turn structure, or the phase is not one of the active side's. */
  | 'UNKNOWN_PHASE'
  /**
   * A player id that is not a player of this game, or a zone type given with the wrong owner (a
   * shared zone with an owner, a player's zone without one).
   */
  | 'UNKNOWN_PLAYER'
  /** A status name or value the ruleset does not declare. */
  | 'UNKNOWN_STATUS'
  /** A zone id that is not a zone of this game, or a destination of no known kind. */
  | 'UNKNOWN_ZONE'
  /** A zone type the ruleset does not have (see `rulesets`). */
  | 'UNKNOWN_ZONE_TYPE'
  /** The destination is at capacity (FAB arsenal, weapon zones). */
  | 'ZONE_FULL'
  /** The zone must be empty first (removing a zone). */
  | 'ZONE_NOT_EMPTY'
  /**
   * The destination is ambiguous: several zones of that type could take the object, or the type
   * needs an owner and none follows from the move. Name a zone (FAB sec:zones_general).
   */
  | 'ZONE_REQUIRED';

export type MoveBy =
  | 'EFFECT'
  | 'RULE';

export type ObjectKind =
  | 'CARD'
  | 'LAYER'
  | 'TOKEN';

export type Position =
  | 'BOTTOM'
  | 'TOP';

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

/** Who sees a roll's or a flip's results. */
export type RollAudience =
  /** Every viewer (a public roll: MTG 706.1, 705.1). */
  | 'ALL'
  /** Only the seat that rolled, and admins (a private roll, where the ruleset allows it). */
  | 'ROLLER';

export type SelectorFrom =
  | 'BOTTOM'
  | 'RANDOM'
  | 'TOP';

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
