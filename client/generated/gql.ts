/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ObjectFields on GameObject {\n    id\n    kind\n    position\n    layer\n    faceUp\n    revealedToAll\n    revealedTo {\n      id\n    }\n    owner {\n      id\n    }\n    controller {\n      id\n    }\n    zone {\n      id\n    }\n    host {\n      id\n    }\n    attached {\n      id\n    }\n    card {\n      name\n      types\n      subtypes\n      text\n      attributes\n    }\n    statuses {\n      name\n      value\n    }\n    counters {\n      kind\n      amount\n    }\n  }\n": typeof types.ObjectFieldsFragmentDoc,
    "\n  fragment TurnFields on Turn {\n    number\n    phase\n    activePlayer {\n      id\n    }\n  }\n": typeof types.TurnFieldsFragmentDoc,
    "\n  fragment ResultFields on GameResult {\n    winners {\n      id\n    }\n    draw\n    reason\n  }\n": typeof types.ResultFieldsFragmentDoc,
    "\n  fragment EventFields on GameEvent {\n    gameId\n    seq\n    version\n    kind\n    actor {\n      kind\n      playerId\n      onBehalfOf\n    }\n    at\n    zoneIds\n    rules\n    changes {\n      previousId\n      objectId\n      fromZoneId\n      toZoneId\n      object {\n        ...ObjectFields\n      }\n    }\n    zonesCreated {\n      id\n      type\n      ownerId\n      index\n    }\n    zonesRemoved {\n      id\n      type\n      ownerId\n      index\n    }\n    counterChanges {\n      playerId\n      zoneId\n      kind\n      amount\n    }\n    turn {\n      ...TurnFields\n    }\n    result {\n      ...ResultFields\n    }\n    concededPlayerId\n  }\n": typeof types.EventFieldsFragmentDoc,
    "\n  query Whoami {\n    whoami {\n      kind\n      gameId\n      playerId\n    }\n  }\n": typeof types.WhoamiDocument,
    "\n  fragment CounterKindFields on CounterKind {\n    kind\n    rule\n    min\n    max\n    zoneTypes\n    faceOnly\n    start\n    visibility\n  }\n": typeof types.CounterKindFieldsFragmentDoc,
    "\n  query Rulesets {\n    rulesets {\n      id\n      name\n      deckZone\n      minPlayers\n      maxPlayers\n      zoneTypes {\n        type\n        name\n        visibility\n        faceDownSeenBy\n        scope\n        perPlayer\n        ordered\n        ownerMayReorder\n        capacity\n        defaultFaceUp\n        allowsFaceUp\n      }\n      sides\n      statuses {\n        name\n        values\n        default\n        zoneTypes\n        rule\n        faceOnly\n      }\n      statusesNone {\n        reason\n        rule\n      }\n      openObjectCounterKinds\n      objectCounters {\n        ...CounterKindFields\n      }\n      playerCounters {\n        ...CounterKindFields\n      }\n      zoneCounters {\n        ...CounterKindFields\n      }\n      countersNone {\n        reason\n        rule\n      }\n      turn {\n        phases\n        phasesBySide {\n          side\n          phases\n        }\n        rule\n      }\n      turnNone {\n        reason\n        rule\n      }\n    }\n  }\n": typeof types.RulesetsDocument,
    "\n  query Game($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      createdAt\n      players {\n        id\n        name\n        seat\n        conceded\n        counters {\n          kind\n          amount\n        }\n      }\n      viewer {\n        kind\n        player {\n          id\n          name\n          seat\n        }\n      }\n      turn {\n        ...TurnFields\n      }\n      result {\n        ...ResultFields\n      }\n      zones {\n        id\n        type\n        name\n        index\n        count\n        owner {\n          id\n        }\n        counters {\n          kind\n          amount\n        }\n        objects {\n          ...ObjectFields\n        }\n      }\n    }\n  }\n": typeof types.GameDocument,
    "\n  query LastSeq($id: ID!) {\n    game(id: $id) {\n      lastSeq\n    }\n  }\n": typeof types.LastSeqDocument,
    "\n  query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      ...EventFields\n    }\n  }\n": typeof types.GameEventsPageDocument,
    "\n  mutation MoveObjects($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        ...ObjectFields\n      }\n      events {\n        ...EventFields\n      }\n    }\n  }\n": typeof types.MoveObjectsDocument,
    "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": typeof types.GameEventsDocument,
    "\n  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {\n    zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": typeof types.ZoneEventsDocument,
    "\n  query FairnessTranscript($gameId: ID!) {\n    fairnessTranscript(gameId: $gameId)\n  }\n": typeof types.FairnessTranscriptDocument,
    "\n  query SeatHistory($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      seq\n      commitment {\n        hash\n      }\n      deckCommitment\n      zonesCreated {\n        id\n      }\n      entropy {\n        playerId\n        data\n      }\n      roll {\n        dice\n        coins\n      }\n      changes {\n        toZoneId\n        object {\n          kind\n          owner {\n            id\n          }\n          card {\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.SeatHistoryDocument,
    "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        ruleset\n        status\n        version\n        lastSeq\n        players {\n          id\n          name\n          seat\n        }\n      }\n      seats {\n        player {\n          id\n          name\n          seat\n        }\n        token\n      }\n      spectatorToken\n      refereeToken\n    }\n  }\n": typeof types.CreateGameDocument,
    "\n  fragment PayloadFields on MovePayload {\n    version\n    objects {\n      ...ObjectFields\n    }\n    events {\n      ...EventFields\n    }\n  }\n": typeof types.PayloadFieldsFragmentDoc,
    "\n  mutation SetStatus($input: SetStatusInput!) {\n    setStatus(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.SetStatusDocument,
    "\n  mutation AddEntropy($input: AddEntropyInput!) {\n    addEntropy(input: $input) {\n      version\n    }\n  }\n": typeof types.AddEntropyDocument,
    "\n  mutation ChangeCounters($input: ChangeCountersInput!) {\n    changeCounters(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.ChangeCountersDocument,
    "\n  mutation MoveCounters($input: MoveCountersInput!) {\n    moveCounters(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.MoveCountersDocument,
    "\n  mutation AdvanceTurn($input: AdvanceTurnInput!) {\n    advanceTurn(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.AdvanceTurnDocument,
    "\n  mutation SetPhase($input: SetPhaseInput!) {\n    setPhase(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.SetPhaseDocument,
    "\n  mutation Concede($input: ConcedeInput!) {\n    concede(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.ConcedeDocument,
    "\n  mutation EndGame($input: EndGameInput!) {\n    endGameWithResult(input: $input) {\n      ...PayloadFields\n    }\n  }\n": typeof types.EndGameDocument,
    "\n  query TableRulesets {\n    rulesets {\n      id\n      name\n      sides\n      zoneTypes {\n        type\n        name\n        visibility\n        scope\n        ordered\n        isStack\n        faceDownSeenBy\n        defaultFaceUp\n        allowsFaceUp\n        admits {\n          description\n          rule\n        }\n      }\n      statuses {\n        name\n        values\n        default\n        zoneTypes\n      }\n      openObjectCounterKinds\n      objectCounters {\n        kind\n        zoneTypes\n      }\n      playerCounters {\n        kind\n        visibility\n      }\n      zoneCounters {\n        kind\n        zoneTypes\n      }\n      turn {\n        phases\n        phasesBySide {\n          side\n          phases\n        }\n      }\n    }\n  }\n": typeof types.TableRulesetsDocument,
    "\n  query TableGame($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      players {\n        id\n        name\n        seat\n        conceded\n        counters {\n          kind\n          amount\n        }\n      }\n      turn {\n        number\n        phase\n        activePlayer {\n          id\n        }\n      }\n      result {\n        draw\n        reason\n        winners {\n          id\n          name\n        }\n      }\n      clock {\n        kind\n        asOfMs\n        runningPlayerId\n        ticking\n        started\n        paused\n        pauseReason\n        stopped\n        seats {\n          playerId\n          remainingMs\n          periodsLeft\n          flagged\n          stopped\n        }\n      }\n      viewer {\n        kind\n        player {\n          id\n        }\n      }\n      takeback {\n        asker {\n          id\n          name\n        }\n        toSeq\n        reason\n        accepted {\n          id\n          name\n        }\n        awaiting {\n          id\n          name\n        }\n      }\n      zones {\n        id\n        type\n        name\n        owner {\n          id\n        }\n        index\n        count\n        counters {\n          kind\n          amount\n        }\n        objects {\n          id\n          kind\n          faceUp\n          position\n          layer\n          owner {\n            id\n            name\n            seat\n          }\n          controller {\n            id\n            name\n            seat\n          }\n          statuses {\n            name\n            value\n          }\n          counters {\n            kind\n            amount\n          }\n          card {\n            name\n            types\n            subtypes\n            text\n          }\n          attached {\n            id\n            faceUp\n            card {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.TableGameDocument,
    "\n  mutation TableMove($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        id\n      }\n      events {\n        kind\n        rules\n      }\n    }\n  }\n": typeof types.TableMoveDocument,
    "\n  mutation TableTurnFace($input: TurnFaceInput!) {\n    turnFace(input: $input) {\n      version\n      objects {\n        id\n      }\n      events {\n        kind\n        rules\n      }\n    }\n  }\n": typeof types.TableTurnFaceDocument,
    "\n  mutation TablePassClock($input: PassClockInput!) {\n    passClock(input: $input) {\n      version\n    }\n  }\n": typeof types.TablePassClockDocument,
    "\n  query TableEvents($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      seq\n      version\n      kind\n      actor {\n        kind\n        playerId\n      }\n    }\n  }\n": typeof types.TableEventsDocument,
    "\n  mutation TableRequestTakeback($input: RequestTakebackInput!) {\n    requestTakeback(input: $input) {\n      version\n    }\n  }\n": typeof types.TableRequestTakebackDocument,
    "\n  mutation TableAcceptTakeback($input: AnswerTakebackInput!) {\n    acceptTakeback(input: $input) {\n      version\n    }\n  }\n": typeof types.TableAcceptTakebackDocument,
    "\n  mutation TableRefuseTakeback($input: AnswerTakebackInput!) {\n    refuseTakeback(input: $input) {\n      version\n    }\n  }\n": typeof types.TableRefuseTakebackDocument,
    "\n  mutation TableRewind($input: RewindGameInput!) {\n    rewindGame(input: $input) {\n      version\n    }\n  }\n": typeof types.TableRewindDocument,
};
const documents: Documents = {
    "\n  fragment ObjectFields on GameObject {\n    id\n    kind\n    position\n    layer\n    faceUp\n    revealedToAll\n    revealedTo {\n      id\n    }\n    owner {\n      id\n    }\n    controller {\n      id\n    }\n    zone {\n      id\n    }\n    host {\n      id\n    }\n    attached {\n      id\n    }\n    card {\n      name\n      types\n      subtypes\n      text\n      attributes\n    }\n    statuses {\n      name\n      value\n    }\n    counters {\n      kind\n      amount\n    }\n  }\n": types.ObjectFieldsFragmentDoc,
    "\n  fragment TurnFields on Turn {\n    number\n    phase\n    activePlayer {\n      id\n    }\n  }\n": types.TurnFieldsFragmentDoc,
    "\n  fragment ResultFields on GameResult {\n    winners {\n      id\n    }\n    draw\n    reason\n  }\n": types.ResultFieldsFragmentDoc,
    "\n  fragment EventFields on GameEvent {\n    gameId\n    seq\n    version\n    kind\n    actor {\n      kind\n      playerId\n      onBehalfOf\n    }\n    at\n    zoneIds\n    rules\n    changes {\n      previousId\n      objectId\n      fromZoneId\n      toZoneId\n      object {\n        ...ObjectFields\n      }\n    }\n    zonesCreated {\n      id\n      type\n      ownerId\n      index\n    }\n    zonesRemoved {\n      id\n      type\n      ownerId\n      index\n    }\n    counterChanges {\n      playerId\n      zoneId\n      kind\n      amount\n    }\n    turn {\n      ...TurnFields\n    }\n    result {\n      ...ResultFields\n    }\n    concededPlayerId\n  }\n": types.EventFieldsFragmentDoc,
    "\n  query Whoami {\n    whoami {\n      kind\n      gameId\n      playerId\n    }\n  }\n": types.WhoamiDocument,
    "\n  fragment CounterKindFields on CounterKind {\n    kind\n    rule\n    min\n    max\n    zoneTypes\n    faceOnly\n    start\n    visibility\n  }\n": types.CounterKindFieldsFragmentDoc,
    "\n  query Rulesets {\n    rulesets {\n      id\n      name\n      deckZone\n      minPlayers\n      maxPlayers\n      zoneTypes {\n        type\n        name\n        visibility\n        faceDownSeenBy\n        scope\n        perPlayer\n        ordered\n        ownerMayReorder\n        capacity\n        defaultFaceUp\n        allowsFaceUp\n      }\n      sides\n      statuses {\n        name\n        values\n        default\n        zoneTypes\n        rule\n        faceOnly\n      }\n      statusesNone {\n        reason\n        rule\n      }\n      openObjectCounterKinds\n      objectCounters {\n        ...CounterKindFields\n      }\n      playerCounters {\n        ...CounterKindFields\n      }\n      zoneCounters {\n        ...CounterKindFields\n      }\n      countersNone {\n        reason\n        rule\n      }\n      turn {\n        phases\n        phasesBySide {\n          side\n          phases\n        }\n        rule\n      }\n      turnNone {\n        reason\n        rule\n      }\n    }\n  }\n": types.RulesetsDocument,
    "\n  query Game($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      createdAt\n      players {\n        id\n        name\n        seat\n        conceded\n        counters {\n          kind\n          amount\n        }\n      }\n      viewer {\n        kind\n        player {\n          id\n          name\n          seat\n        }\n      }\n      turn {\n        ...TurnFields\n      }\n      result {\n        ...ResultFields\n      }\n      zones {\n        id\n        type\n        name\n        index\n        count\n        owner {\n          id\n        }\n        counters {\n          kind\n          amount\n        }\n        objects {\n          ...ObjectFields\n        }\n      }\n    }\n  }\n": types.GameDocument,
    "\n  query LastSeq($id: ID!) {\n    game(id: $id) {\n      lastSeq\n    }\n  }\n": types.LastSeqDocument,
    "\n  query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      ...EventFields\n    }\n  }\n": types.GameEventsPageDocument,
    "\n  mutation MoveObjects($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        ...ObjectFields\n      }\n      events {\n        ...EventFields\n      }\n    }\n  }\n": types.MoveObjectsDocument,
    "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": types.GameEventsDocument,
    "\n  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {\n    zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": types.ZoneEventsDocument,
    "\n  query FairnessTranscript($gameId: ID!) {\n    fairnessTranscript(gameId: $gameId)\n  }\n": types.FairnessTranscriptDocument,
    "\n  query SeatHistory($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      seq\n      commitment {\n        hash\n      }\n      deckCommitment\n      zonesCreated {\n        id\n      }\n      entropy {\n        playerId\n        data\n      }\n      roll {\n        dice\n        coins\n      }\n      changes {\n        toZoneId\n        object {\n          kind\n          owner {\n            id\n          }\n          card {\n            name\n          }\n        }\n      }\n    }\n  }\n": types.SeatHistoryDocument,
    "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        ruleset\n        status\n        version\n        lastSeq\n        players {\n          id\n          name\n          seat\n        }\n      }\n      seats {\n        player {\n          id\n          name\n          seat\n        }\n        token\n      }\n      spectatorToken\n      refereeToken\n    }\n  }\n": types.CreateGameDocument,
    "\n  fragment PayloadFields on MovePayload {\n    version\n    objects {\n      ...ObjectFields\n    }\n    events {\n      ...EventFields\n    }\n  }\n": types.PayloadFieldsFragmentDoc,
    "\n  mutation SetStatus($input: SetStatusInput!) {\n    setStatus(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.SetStatusDocument,
    "\n  mutation AddEntropy($input: AddEntropyInput!) {\n    addEntropy(input: $input) {\n      version\n    }\n  }\n": types.AddEntropyDocument,
    "\n  mutation ChangeCounters($input: ChangeCountersInput!) {\n    changeCounters(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.ChangeCountersDocument,
    "\n  mutation MoveCounters($input: MoveCountersInput!) {\n    moveCounters(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.MoveCountersDocument,
    "\n  mutation AdvanceTurn($input: AdvanceTurnInput!) {\n    advanceTurn(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.AdvanceTurnDocument,
    "\n  mutation SetPhase($input: SetPhaseInput!) {\n    setPhase(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.SetPhaseDocument,
    "\n  mutation Concede($input: ConcedeInput!) {\n    concede(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.ConcedeDocument,
    "\n  mutation EndGame($input: EndGameInput!) {\n    endGameWithResult(input: $input) {\n      ...PayloadFields\n    }\n  }\n": types.EndGameDocument,
    "\n  query TableRulesets {\n    rulesets {\n      id\n      name\n      sides\n      zoneTypes {\n        type\n        name\n        visibility\n        scope\n        ordered\n        isStack\n        faceDownSeenBy\n        defaultFaceUp\n        allowsFaceUp\n        admits {\n          description\n          rule\n        }\n      }\n      statuses {\n        name\n        values\n        default\n        zoneTypes\n      }\n      openObjectCounterKinds\n      objectCounters {\n        kind\n        zoneTypes\n      }\n      playerCounters {\n        kind\n        visibility\n      }\n      zoneCounters {\n        kind\n        zoneTypes\n      }\n      turn {\n        phases\n        phasesBySide {\n          side\n          phases\n        }\n      }\n    }\n  }\n": types.TableRulesetsDocument,
    "\n  query TableGame($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      players {\n        id\n        name\n        seat\n        conceded\n        counters {\n          kind\n          amount\n        }\n      }\n      turn {\n        number\n        phase\n        activePlayer {\n          id\n        }\n      }\n      result {\n        draw\n        reason\n        winners {\n          id\n          name\n        }\n      }\n      clock {\n        kind\n        asOfMs\n        runningPlayerId\n        ticking\n        started\n        paused\n        pauseReason\n        stopped\n        seats {\n          playerId\n          remainingMs\n          periodsLeft\n          flagged\n          stopped\n        }\n      }\n      viewer {\n        kind\n        player {\n          id\n        }\n      }\n      takeback {\n        asker {\n          id\n          name\n        }\n        toSeq\n        reason\n        accepted {\n          id\n          name\n        }\n        awaiting {\n          id\n          name\n        }\n      }\n      zones {\n        id\n        type\n        name\n        owner {\n          id\n        }\n        index\n        count\n        counters {\n          kind\n          amount\n        }\n        objects {\n          id\n          kind\n          faceUp\n          position\n          layer\n          owner {\n            id\n            name\n            seat\n          }\n          controller {\n            id\n            name\n            seat\n          }\n          statuses {\n            name\n            value\n          }\n          counters {\n            kind\n            amount\n          }\n          card {\n            name\n            types\n            subtypes\n            text\n          }\n          attached {\n            id\n            faceUp\n            card {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n": types.TableGameDocument,
    "\n  mutation TableMove($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        id\n      }\n      events {\n        kind\n        rules\n      }\n    }\n  }\n": types.TableMoveDocument,
    "\n  mutation TableTurnFace($input: TurnFaceInput!) {\n    turnFace(input: $input) {\n      version\n      objects {\n        id\n      }\n      events {\n        kind\n        rules\n      }\n    }\n  }\n": types.TableTurnFaceDocument,
    "\n  mutation TablePassClock($input: PassClockInput!) {\n    passClock(input: $input) {\n      version\n    }\n  }\n": types.TablePassClockDocument,
    "\n  query TableEvents($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      seq\n      version\n      kind\n      actor {\n        kind\n        playerId\n      }\n    }\n  }\n": types.TableEventsDocument,
    "\n  mutation TableRequestTakeback($input: RequestTakebackInput!) {\n    requestTakeback(input: $input) {\n      version\n    }\n  }\n": types.TableRequestTakebackDocument,
    "\n  mutation TableAcceptTakeback($input: AnswerTakebackInput!) {\n    acceptTakeback(input: $input) {\n      version\n    }\n  }\n": types.TableAcceptTakebackDocument,
    "\n  mutation TableRefuseTakeback($input: AnswerTakebackInput!) {\n    refuseTakeback(input: $input) {\n      version\n    }\n  }\n": types.TableRefuseTakebackDocument,
    "\n  mutation TableRewind($input: RewindGameInput!) {\n    rewindGame(input: $input) {\n      version\n    }\n  }\n": types.TableRewindDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ObjectFields on GameObject {\n    id\n    kind\n    position\n    layer\n    faceUp\n    revealedToAll\n    revealedTo {\n      id\n    }\n    owner {\n      id\n    }\n    controller {\n      id\n    }\n    zone {\n      id\n    }\n    host {\n      id\n    }\n    attached {\n      id\n    }\n    card {\n      name\n      types\n      subtypes\n      text\n      attributes\n    }\n    statuses {\n      name\n      value\n    }\n    counters {\n      kind\n      amount\n    }\n  }\n"): typeof import('./graphql.js').ObjectFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TurnFields on Turn {\n    number\n    phase\n    activePlayer {\n      id\n    }\n  }\n"): typeof import('./graphql.js').TurnFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResultFields on GameResult {\n    winners {\n      id\n    }\n    draw\n    reason\n  }\n"): typeof import('./graphql.js').ResultFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventFields on GameEvent {\n    gameId\n    seq\n    version\n    kind\n    actor {\n      kind\n      playerId\n      onBehalfOf\n    }\n    at\n    zoneIds\n    rules\n    changes {\n      previousId\n      objectId\n      fromZoneId\n      toZoneId\n      object {\n        ...ObjectFields\n      }\n    }\n    zonesCreated {\n      id\n      type\n      ownerId\n      index\n    }\n    zonesRemoved {\n      id\n      type\n      ownerId\n      index\n    }\n    counterChanges {\n      playerId\n      zoneId\n      kind\n      amount\n    }\n    turn {\n      ...TurnFields\n    }\n    result {\n      ...ResultFields\n    }\n    concededPlayerId\n  }\n"): typeof import('./graphql.js').EventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Whoami {\n    whoami {\n      kind\n      gameId\n      playerId\n    }\n  }\n"): typeof import('./graphql.js').WhoamiDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CounterKindFields on CounterKind {\n    kind\n    rule\n    min\n    max\n    zoneTypes\n    faceOnly\n    start\n    visibility\n  }\n"): typeof import('./graphql.js').CounterKindFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Rulesets {\n    rulesets {\n      id\n      name\n      deckZone\n      minPlayers\n      maxPlayers\n      zoneTypes {\n        type\n        name\n        visibility\n        faceDownSeenBy\n        scope\n        perPlayer\n        ordered\n        ownerMayReorder\n        capacity\n        defaultFaceUp\n        allowsFaceUp\n      }\n      sides\n      statuses {\n        name\n        values\n        default\n        zoneTypes\n        rule\n        faceOnly\n      }\n      statusesNone {\n        reason\n        rule\n      }\n      openObjectCounterKinds\n      objectCounters {\n        ...CounterKindFields\n      }\n      playerCounters {\n        ...CounterKindFields\n      }\n      zoneCounters {\n        ...CounterKindFields\n      }\n      countersNone {\n        reason\n        rule\n      }\n      turn {\n        phases\n        phasesBySide {\n          side\n          phases\n        }\n        rule\n      }\n      turnNone {\n        reason\n        rule\n      }\n    }\n  }\n"): typeof import('./graphql.js').RulesetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Game($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      createdAt\n      players {\n        id\n        name\n        seat\n        conceded\n        counters {\n          kind\n          amount\n        }\n      }\n      viewer {\n        kind\n        player {\n          id\n          name\n          seat\n        }\n      }\n      turn {\n        ...TurnFields\n      }\n      result {\n        ...ResultFields\n      }\n      zones {\n        id\n        type\n        name\n        index\n        count\n        owner {\n          id\n        }\n        counters {\n          kind\n          amount\n        }\n        objects {\n          ...ObjectFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').GameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LastSeq($id: ID!) {\n    game(id: $id) {\n      lastSeq\n    }\n  }\n"): typeof import('./graphql.js').LastSeqDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      ...EventFields\n    }\n  }\n"): typeof import('./graphql.js').GameEventsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveObjects($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        ...ObjectFields\n      }\n      events {\n        ...EventFields\n      }\n    }\n  }\n"): typeof import('./graphql.js').MoveObjectsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n"): typeof import('./graphql.js').GameEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {\n    zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n"): typeof import('./graphql.js').ZoneEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FairnessTranscript($gameId: ID!) {\n    fairnessTranscript(gameId: $gameId)\n  }\n"): typeof import('./graphql.js').FairnessTranscriptDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SeatHistory($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      seq\n      commitment {\n        hash\n      }\n      deckCommitment\n      zonesCreated {\n        id\n      }\n      entropy {\n        playerId\n        data\n      }\n      roll {\n        dice\n        coins\n      }\n      changes {\n        toZoneId\n        object {\n          kind\n          owner {\n            id\n          }\n          card {\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').SeatHistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        ruleset\n        status\n        version\n        lastSeq\n        players {\n          id\n          name\n          seat\n        }\n      }\n      seats {\n        player {\n          id\n          name\n          seat\n        }\n        token\n      }\n      spectatorToken\n      refereeToken\n    }\n  }\n"): typeof import('./graphql.js').CreateGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PayloadFields on MovePayload {\n    version\n    objects {\n      ...ObjectFields\n    }\n    events {\n      ...EventFields\n    }\n  }\n"): typeof import('./graphql.js').PayloadFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetStatus($input: SetStatusInput!) {\n    setStatus(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').SetStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddEntropy($input: AddEntropyInput!) {\n    addEntropy(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').AddEntropyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeCounters($input: ChangeCountersInput!) {\n    changeCounters(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').ChangeCountersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveCounters($input: MoveCountersInput!) {\n    moveCounters(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').MoveCountersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdvanceTurn($input: AdvanceTurnInput!) {\n    advanceTurn(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').AdvanceTurnDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPhase($input: SetPhaseInput!) {\n    setPhase(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').SetPhaseDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Concede($input: ConcedeInput!) {\n    concede(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').ConcedeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndGame($input: EndGameInput!) {\n    endGameWithResult(input: $input) {\n      ...PayloadFields\n    }\n  }\n"): typeof import('./graphql.js').EndGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TableRulesets {\n    rulesets {\n      id\n      name\n      sides\n      zoneTypes {\n        type\n        name\n        visibility\n        scope\n        ordered\n        isStack\n        faceDownSeenBy\n        defaultFaceUp\n        allowsFaceUp\n        admits {\n          description\n          rule\n        }\n      }\n      statuses {\n        name\n        values\n        default\n        zoneTypes\n      }\n      openObjectCounterKinds\n      objectCounters {\n        kind\n        zoneTypes\n      }\n      playerCounters {\n        kind\n        visibility\n      }\n      zoneCounters {\n        kind\n        zoneTypes\n      }\n      turn {\n        phases\n        phasesBySide {\n          side\n          phases\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableRulesetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TableGame($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      players {\n        id\n        name\n        seat\n        conceded\n        counters {\n          kind\n          amount\n        }\n      }\n      turn {\n        number\n        phase\n        activePlayer {\n          id\n        }\n      }\n      result {\n        draw\n        reason\n        winners {\n          id\n          name\n        }\n      }\n      clock {\n        kind\n        asOfMs\n        runningPlayerId\n        ticking\n        started\n        paused\n        pauseReason\n        stopped\n        seats {\n          playerId\n          remainingMs\n          periodsLeft\n          flagged\n          stopped\n        }\n      }\n      viewer {\n        kind\n        player {\n          id\n        }\n      }\n      takeback {\n        asker {\n          id\n          name\n        }\n        toSeq\n        reason\n        accepted {\n          id\n          name\n        }\n        awaiting {\n          id\n          name\n        }\n      }\n      zones {\n        id\n        type\n        name\n        owner {\n          id\n        }\n        index\n        count\n        counters {\n          kind\n          amount\n        }\n        objects {\n          id\n          kind\n          faceUp\n          position\n          layer\n          owner {\n            id\n            name\n            seat\n          }\n          controller {\n            id\n            name\n            seat\n          }\n          statuses {\n            name\n            value\n          }\n          counters {\n            kind\n            amount\n          }\n          card {\n            name\n            types\n            subtypes\n            text\n          }\n          attached {\n            id\n            faceUp\n            card {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableMove($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        id\n      }\n      events {\n        kind\n        rules\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableMoveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableTurnFace($input: TurnFaceInput!) {\n    turnFace(input: $input) {\n      version\n      objects {\n        id\n      }\n      events {\n        kind\n        rules\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableTurnFaceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TablePassClock($input: PassClockInput!) {\n    passClock(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').TablePassClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TableEvents($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      seq\n      version\n      kind\n      actor {\n        kind\n        playerId\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableRequestTakeback($input: RequestTakebackInput!) {\n    requestTakeback(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').TableRequestTakebackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableAcceptTakeback($input: AnswerTakebackInput!) {\n    acceptTakeback(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').TableAcceptTakebackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableRefuseTakeback($input: AnswerTakebackInput!) {\n    refuseTakeback(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').TableRefuseTakebackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableRewind($input: RewindGameInput!) {\n    rewindGame(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').TableRewindDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
