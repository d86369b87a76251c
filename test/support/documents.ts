/**
 * The GraphQL documents tests and benchmarks send, in one place. Test selections ask for every
 * field a viewer could learn something from (so redaction tests see everything the server sends);
 * benchmark selections are what a client would ask for, so that B1–B3 and the aging bench measure
 * realistic work. Every move mutation, in tests and in the bench, comes from {@link moveDocument}.
 */

/** Everything about an object, including nested references a careless resolver might not redact. */
export const OBJECT_FRAGMENT = /* GraphQL */ `
  fragment Obj on GameObject {
    id
    kind
    zone {
      id
      type
      owner {
        id
      }
    }
    owner {
      id
    }
    controller {
      id
    }
    position
    layer
    faceUp
    host {
      id
      faceUp
    }
    attached {
      id
    }
    revealedTo {
      id
    }
    revealedToAll
    card {
      name
      types
      subtypes
      text
      attributes
    }
    history {
      fromZoneType
      toZoneType
      by
      reason
    }
    internalKey
    statuses {
      name
      value
    }
    counters {
      kind
      amount
    }
  }
`;

export const EVENT_FRAGMENT = /* GraphQL */ `
  fragment Ev on GameEvent {
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
        ...Obj
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
    takeback {
      askerId
      toSeq
      reason
      answeredBy
    }
    rewind {
      toSeq
      mode
      reason
    }
    turn {
      number
      phase
      activePlayer {
        id
      }
    }
    result {
      winners {
        id
      }
      draw
      reason
    }
    concededPlayerId
    randomness {
      scheme
      acts
    }
    revealedSeed
    roll {
      sides
      count
      dice
      coins
      seenBy
    }
    entropy {
      playerId
      data
      hash
    }
  }
`;

export const GAME_QUERY = /* GraphQL */ `
  query Game($id: ID!) {
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
        winners {
          id
        }
        draw
        reason
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
          ...Obj
        }
      }
      takeback {
        asker {
          id
        }
        toSeq
        reason
        accepted {
          id
        }
        awaiting {
          id
        }
      }
      viewer {
        kind
        player {
          id
        }
      }
    }
  }
  ${OBJECT_FRAGMENT}
`;

/**
 * The payload selection of every mutation. `zone { objects }` under each returned object is a probe:
 * a nested path that must be redacted exactly like `game(id)`.
 */
export const PAYLOAD_SELECTION = /* GraphQL */ `
  version
  objects {
    ...Obj
    zone { id count objects { id faceUp card { name } internalKey host { id card { name } } } }
  }
  events { ...Ev }
`;

export const CREATE_GAME = /* GraphQL */ `
  mutation CreateGame($input: CreateGameInput!) {
    createGame(input: $input) {
      game {
        id
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
          seat
        }
        token
      }
      spectatorToken
    }
  }
`;

export const HISTORY_QUERY = /* GraphQL */ `
  query History($gameId: ID!, $afterSeq: Int, $first: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
      ...Ev
    }
  }
  ${EVENT_FRAGMENT}
  ${OBJECT_FRAGMENT}
`;

export const SUBSCRIPTION = /* GraphQL */ `
  subscription Events($gameId: ID!, $afterSeq: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
      ...Ev
    }
  }
  ${EVENT_FRAGMENT}
  ${OBJECT_FRAGMENT}
`;

export const ZONE_SUBSCRIPTION = /* GraphQL */ `
  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {
    gameEvents: zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {
      ...Ev
    }
  }
  ${EVENT_FRAGMENT}
  ${OBJECT_FRAGMENT}
`;

/**
 * The mutation `field(input: $input)` with input type `inputType`, as operation `name`. By default
 * it selects the full payload (every object and event field, {@link PAYLOAD_SELECTION}); a lean
 * `selection` (the bench's) names its fields itself and uses no fragment.
 */
export function moveDocument(
  field: string,
  inputType: string,
  opts: { name?: string; selection?: string } = {},
): string {
  const selection = opts.selection ?? PAYLOAD_SELECTION;
  return /* GraphQL */ `
  mutation ${opts.name ?? 'Step'}($input: ${inputType}!) {
    ${field}(input: $input) { ${selection} }
  }
  ${selection === PAYLOAD_SELECTION ? EVENT_FRAGMENT + OBJECT_FRAGMENT : ''}
`;
}

// --- Benchmarks ---------------------------------------------------------------------------------

export const BENCH_CREATE_GAME = /* GraphQL */ `
  mutation BenchCreateGame($input: CreateGameInput!) {
    createGame(input: $input) {
      game {
        id
        zones {
          id
          type
          owner {
            id
          }
        }
      }
      seats {
        player {
          id
          seat
        }
        token
      }
      spectatorToken
      refereeToken
    }
  }
`;

/** B1's move: what a client needs back to go on (the new version, the moved ids, the event seqs). */
export const BENCH_MOVE = moveDocument('moveObjects', 'MoveObjectsInput', {
  name: 'BenchMove',
  selection: 'version objects { id } events { seq }',
});

export const BENCH_GAME_VIEW = /* GraphQL */ `
  query BenchGameView($id: ID!) {
    game(id: $id) {
      id
      version
      players {
        id
        name
        seat
      }
      zones {
        id
        type
        owner {
          id
        }
        index
        count
        objects {
          id
          kind
          position
          faceUp
          owner {
            id
          }
          controller {
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
      }
    }
  }
`;

/** The table bench's tap and counter change: B1's lean selection, so all three answer alike. */
export const BENCH_TAP = moveDocument('setStatus', 'SetStatusInput', {
  name: 'BenchTap',
  selection: 'version objects { id } events { seq }',
});
export const BENCH_COUNTERS = moveDocument('changeCounters', 'ChangeCountersInput', {
  name: 'BenchCounters',
  selection: 'version objects { id } events { seq }',
});
export const BENCH_TURN = moveDocument('advanceTurn', 'AdvanceTurnInput', {
  name: 'BenchTurn',
  selection: 'version',
});
export const BENCH_PHASE = moveDocument('setPhase', 'SetPhaseInput', {
  name: 'BenchPhase',
  selection: 'version',
});

/** B2's view with each object's statuses and counters (the table bench views both twins with it). */
export const BENCH_TABLE_VIEW = BENCH_GAME_VIEW.replace(
  'query BenchGameView',
  'query BenchTableView',
).replace('card {', 'statuses { name value } counters { kind amount } card {');

/** The objects of each zone, with their controller and table state (the table bench's set-up and checks). */
export const BENCH_TABLE_OBJECTS = /* GraphQL */ `
  query BenchTableObjects($id: ID!) {
    game(id: $id) {
      zones {
        id
        type
        objects {
          id
          controller {
            id
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
      }
    }
  }
`;

export const BENCH_GAME_EVENTS = /* GraphQL */ `
  subscription BenchGameEvents($gameId: ID!) {
    gameEvents(gameId: $gameId) {
      gameId
      seq
      version
      kind
      actor {
        kind
        playerId
      }
      at
      zoneIds
      changes {
        previousId
        objectId
        fromZoneId
        toZoneId
        object {
          id
          faceUp
          position
          card {
            name
            types
            text
          }
        }
      }
    }
  }
`;

export const AGING_PAGE = /* GraphQL */ `
  query AgingPage($gameId: ID!, $afterSeq: Int!, $first: Int!) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
      seq
      version
      kind
      actor {
        kind
        playerId
      }
      zoneIds
      rules
      changes {
        previousId
        objectId
        fromZoneId
        toZoneId
        object {
          id
          faceUp
          position
          zone {
            id
            type
          }
          card {
            name
            types
            text
          }
        }
      }
    }
  }
`;

export const AGING_GAME_AT = /* GraphQL */ `
  query AgingGameAt($gameId: ID!, $seq: Int!) {
    gameAt(gameId: $gameId, seq: $seq, as: { kind: ADMIN }) {
      seq
      game {
        zones {
          id
          objects {
            id
            card {
              name
            }
          }
        }
      }
    }
  }
`;

export const AGING_ZONES = /* GraphQL */ `
  query AgingZones($id: ID!) {
    game(id: $id) {
      lastSeq
      zones {
        id
        type
        owner {
          id
        }
        objects {
          id
        }
      }
    }
  }
`;

export const AGING_CATCH_UP = /* GraphQL */ `
  subscription AgingCatchUp($gameId: ID!, $afterSeq: Int) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
      seq
      kind
      changes {
        previousId
        objectId
        fromZoneId
        toZoneId
        object {
          id
          position
          card {
            name
          }
        }
      }
    }
  }
`;
