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

/** Every ruleset's zone catalog: enough to draw any game generically. */
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
      }
      viewer {
        kind
        player {
          id
          name
          seat
        }
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
