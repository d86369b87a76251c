/**
 * The operations the typed client ships with. GraphQL Code Generator reads every `graphql(...)`
 * call in `client/`, `examples/` and `web/table/` and writes their result and variable types to
 * `generated/` (`npm run codegen`); write your own the same way and pass them to
 * `ZonekeeperClient.request`.
 */
import { graphql } from './generated/index.js';

/** An object as the viewer sees it: `card` and `history` are null for objects it may not see. */
export const ObjectFields = graphql(`
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
`);

/** Whose turn it is, and its phase. */
export const TurnFields = graphql(`
  fragment TurnFields on Turn {
    number
    phase
    activePlayer {
      id
    }
  }
`);

/** How a game ended: the winners, or a draw, and why. */
export const ResultFields = graphql(`
  fragment ResultFields on GameResult {
    winners {
      id
    }
    draw
    reason
  }
`);

/** Every field of an event, as the subscriber's own viewer receives it. */
export const EventFields = graphql(`
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
`);

export const WhoamiDocument = graphql(`
  query Whoami {
    whoami {
      kind
      gameId
      playerId
    }
  }
`);

/** A counter kind a ruleset declares, with its bounds and where it exists. */
export const CounterKindFields = graphql(`
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
`);

/** Every ruleset's catalog (zones, statuses, counters, turn structure): enough to draw any game generically. */
export const RulesetsDocument = graphql(`
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
`);

/** A game as the caller may see it: every zone with its true count, objects redacted per viewer. */
export const GameDocument = graphql(`
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
`);

/** Where a game's log ends now: the resume point of a subscription that starts "from now on". */
export const LastSeqDocument = graphql(`
  query LastSeq($id: ID!) {
    game(id: $id) {
      lastSeq
    }
  }
`);

/** A page of a game's log, oldest first, redacted exactly as a subscription delivers it. */
export const GameEventsPageDocument = graphql(`
  query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
      ...EventFields
    }
  }
`);

export const MoveObjectsDocument = graphql(`
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
`);

export const GameEventsSubscriptionDocument = graphql(`
  subscription GameEvents($gameId: ID!, $afterSeq: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
      ...EventFields
    }
  }
`);

export const ZoneEventsSubscriptionDocument = graphql(`
  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {
    zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {
      ...EventFields
    }
  }
`);

export const FairnessTranscriptDocument = graphql(`
  query FairnessTranscript($gameId: ID!) {
    fairnessTranscript(gameId: $gameId)
  }
`);

/**
 * What a seat records of its game to check its own cards after the end (`seatRecordOf`,
 * docs/fairness.md "Your own cards"): a page of its events with the commitments, its entropy,
 * the rolls and flips it was shown, and its own cards as they arrived.
 */
export const SeatHistoryDocument = graphql(`
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
`);

/** A new game: its view for the caller, and the credentials it hands out, each shown once. */
export const CreateGameDocument = graphql(`
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
`);

/** What every game action answers: the new version, the changed objects and the events, as the caller sees them. */
export const PayloadFields = graphql(`
  fragment PayloadFields on MovePayload {
    version
    objects {
      ...ObjectFields
    }
    events {
      ...EventFields
    }
  }
`);

export const SetStatusDocument = graphql(`
  mutation SetStatus($input: SetStatusInput!) {
    setStatus(input: $input) {
      ...PayloadFields
    }
  }
`);

export const ChangeCountersDocument = graphql(`
  mutation ChangeCounters($input: ChangeCountersInput!) {
    changeCounters(input: $input) {
      ...PayloadFields
    }
  }
`);

export const MoveCountersDocument = graphql(`
  mutation MoveCounters($input: MoveCountersInput!) {
    moveCounters(input: $input) {
      ...PayloadFields
    }
  }
`);

export const AdvanceTurnDocument = graphql(`
  mutation AdvanceTurn($input: AdvanceTurnInput!) {
    advanceTurn(input: $input) {
      ...PayloadFields
    }
  }
`);

export const SetPhaseDocument = graphql(`
  mutation SetPhase($input: SetPhaseInput!) {
    setPhase(input: $input) {
      ...PayloadFields
    }
  }
`);

export const ConcedeDocument = graphql(`
  mutation Concede($input: ConcedeInput!) {
    concede(input: $input) {
      ...PayloadFields
    }
  }
`);

export const EndGameDocument = graphql(`
  mutation EndGame($input: EndGameInput!) {
    endGameWithResult(input: $input) {
      ...PayloadFields
    }
  }
`);
