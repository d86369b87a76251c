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
    "\n  fragment ObjectFields on GameObject {\n    id\n    kind\n    position\n    layer\n    faceUp\n    revealedToAll\n    revealedTo {\n      id\n    }\n    owner {\n      id\n    }\n    controller {\n      id\n    }\n    zone {\n      id\n    }\n    host {\n      id\n    }\n    attached {\n      id\n    }\n    card {\n      name\n      types\n      subtypes\n      text\n      attributes\n    }\n  }\n": typeof types.ObjectFieldsFragmentDoc,
    "\n  fragment EventFields on GameEvent {\n    gameId\n    seq\n    version\n    kind\n    actor {\n      kind\n      playerId\n      onBehalfOf\n    }\n    at\n    zoneIds\n    rules\n    changes {\n      previousId\n      objectId\n      fromZoneId\n      toZoneId\n      object {\n        ...ObjectFields\n      }\n    }\n    zonesCreated {\n      id\n      type\n      ownerId\n      index\n    }\n    zonesRemoved {\n      id\n      type\n      ownerId\n      index\n    }\n  }\n": typeof types.EventFieldsFragmentDoc,
    "\n  query Whoami {\n    whoami {\n      kind\n      gameId\n      playerId\n    }\n  }\n": typeof types.WhoamiDocument,
    "\n  query Rulesets {\n    rulesets {\n      id\n      name\n      deckZone\n      minPlayers\n      maxPlayers\n      zoneTypes {\n        type\n        name\n        visibility\n        faceDownSeenBy\n        scope\n        perPlayer\n        ordered\n        ownerMayReorder\n        capacity\n        defaultFaceUp\n        allowsFaceUp\n      }\n    }\n  }\n": typeof types.RulesetsDocument,
    "\n  query Game($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      createdAt\n      players {\n        id\n        name\n        seat\n      }\n      viewer {\n        kind\n        player {\n          id\n          name\n          seat\n        }\n      }\n      zones {\n        id\n        type\n        name\n        index\n        count\n        owner {\n          id\n        }\n        objects {\n          ...ObjectFields\n        }\n      }\n    }\n  }\n": typeof types.GameDocument,
    "\n  query LastSeq($id: ID!) {\n    game(id: $id) {\n      lastSeq\n    }\n  }\n": typeof types.LastSeqDocument,
    "\n  query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      ...EventFields\n    }\n  }\n": typeof types.GameEventsPageDocument,
    "\n  mutation MoveObjects($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        ...ObjectFields\n      }\n      events {\n        ...EventFields\n      }\n    }\n  }\n": typeof types.MoveObjectsDocument,
    "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": typeof types.GameEventsDocument,
    "\n  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {\n    zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": typeof types.ZoneEventsDocument,
    "\n  query FairnessTranscript($gameId: ID!) {\n    fairnessTranscript(gameId: $gameId)\n  }\n": typeof types.FairnessTranscriptDocument,
    "\n  query TableRulesets {\n    rulesets {\n      id\n      name\n      zoneTypes {\n        type\n        name\n        visibility\n        scope\n        ordered\n        isStack\n      }\n    }\n  }\n": typeof types.TableRulesetsDocument,
    "\n  query TableGame($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      players {\n        id\n        name\n        seat\n      }\n      viewer {\n        kind\n        player {\n          id\n        }\n      }\n      zones {\n        id\n        type\n        name\n        owner {\n          id\n        }\n        index\n        count\n        objects {\n          id\n          kind\n          faceUp\n          position\n          layer\n          card {\n            name\n            types\n            subtypes\n            text\n          }\n          attached {\n            id\n            faceUp\n            card {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.TableGameDocument,
    "\n  mutation TableMove($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n    }\n  }\n": typeof types.TableMoveDocument,
};
const documents: Documents = {
    "\n  fragment ObjectFields on GameObject {\n    id\n    kind\n    position\n    layer\n    faceUp\n    revealedToAll\n    revealedTo {\n      id\n    }\n    owner {\n      id\n    }\n    controller {\n      id\n    }\n    zone {\n      id\n    }\n    host {\n      id\n    }\n    attached {\n      id\n    }\n    card {\n      name\n      types\n      subtypes\n      text\n      attributes\n    }\n  }\n": types.ObjectFieldsFragmentDoc,
    "\n  fragment EventFields on GameEvent {\n    gameId\n    seq\n    version\n    kind\n    actor {\n      kind\n      playerId\n      onBehalfOf\n    }\n    at\n    zoneIds\n    rules\n    changes {\n      previousId\n      objectId\n      fromZoneId\n      toZoneId\n      object {\n        ...ObjectFields\n      }\n    }\n    zonesCreated {\n      id\n      type\n      ownerId\n      index\n    }\n    zonesRemoved {\n      id\n      type\n      ownerId\n      index\n    }\n  }\n": types.EventFieldsFragmentDoc,
    "\n  query Whoami {\n    whoami {\n      kind\n      gameId\n      playerId\n    }\n  }\n": types.WhoamiDocument,
    "\n  query Rulesets {\n    rulesets {\n      id\n      name\n      deckZone\n      minPlayers\n      maxPlayers\n      zoneTypes {\n        type\n        name\n        visibility\n        faceDownSeenBy\n        scope\n        perPlayer\n        ordered\n        ownerMayReorder\n        capacity\n        defaultFaceUp\n        allowsFaceUp\n      }\n    }\n  }\n": types.RulesetsDocument,
    "\n  query Game($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      createdAt\n      players {\n        id\n        name\n        seat\n      }\n      viewer {\n        kind\n        player {\n          id\n          name\n          seat\n        }\n      }\n      zones {\n        id\n        type\n        name\n        index\n        count\n        owner {\n          id\n        }\n        objects {\n          ...ObjectFields\n        }\n      }\n    }\n  }\n": types.GameDocument,
    "\n  query LastSeq($id: ID!) {\n    game(id: $id) {\n      lastSeq\n    }\n  }\n": types.LastSeqDocument,
    "\n  query GameEventsPage($gameId: ID!, $afterSeq: Int, $first: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {\n      ...EventFields\n    }\n  }\n": types.GameEventsPageDocument,
    "\n  mutation MoveObjects($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n      objects {\n        ...ObjectFields\n      }\n      events {\n        ...EventFields\n      }\n    }\n  }\n": types.MoveObjectsDocument,
    "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": types.GameEventsDocument,
    "\n  subscription ZoneEvents($gameId: ID!, $zoneId: ID!, $afterSeq: Int) {\n    zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq) {\n      ...EventFields\n    }\n  }\n": types.ZoneEventsDocument,
    "\n  query FairnessTranscript($gameId: ID!) {\n    fairnessTranscript(gameId: $gameId)\n  }\n": types.FairnessTranscriptDocument,
    "\n  query TableRulesets {\n    rulesets {\n      id\n      name\n      zoneTypes {\n        type\n        name\n        visibility\n        scope\n        ordered\n        isStack\n      }\n    }\n  }\n": types.TableRulesetsDocument,
    "\n  query TableGame($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      players {\n        id\n        name\n        seat\n      }\n      viewer {\n        kind\n        player {\n          id\n        }\n      }\n      zones {\n        id\n        type\n        name\n        owner {\n          id\n        }\n        index\n        count\n        objects {\n          id\n          kind\n          faceUp\n          position\n          layer\n          card {\n            name\n            types\n            subtypes\n            text\n          }\n          attached {\n            id\n            faceUp\n            card {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n": types.TableGameDocument,
    "\n  mutation TableMove($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n    }\n  }\n": types.TableMoveDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ObjectFields on GameObject {\n    id\n    kind\n    position\n    layer\n    faceUp\n    revealedToAll\n    revealedTo {\n      id\n    }\n    owner {\n      id\n    }\n    controller {\n      id\n    }\n    zone {\n      id\n    }\n    host {\n      id\n    }\n    attached {\n      id\n    }\n    card {\n      name\n      types\n      subtypes\n      text\n      attributes\n    }\n  }\n"): typeof import('./graphql.js').ObjectFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventFields on GameEvent {\n    gameId\n    seq\n    version\n    kind\n    actor {\n      kind\n      playerId\n      onBehalfOf\n    }\n    at\n    zoneIds\n    rules\n    changes {\n      previousId\n      objectId\n      fromZoneId\n      toZoneId\n      object {\n        ...ObjectFields\n      }\n    }\n    zonesCreated {\n      id\n      type\n      ownerId\n      index\n    }\n    zonesRemoved {\n      id\n      type\n      ownerId\n      index\n    }\n  }\n"): typeof import('./graphql.js').EventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Whoami {\n    whoami {\n      kind\n      gameId\n      playerId\n    }\n  }\n"): typeof import('./graphql.js').WhoamiDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Rulesets {\n    rulesets {\n      id\n      name\n      deckZone\n      minPlayers\n      maxPlayers\n      zoneTypes {\n        type\n        name\n        visibility\n        faceDownSeenBy\n        scope\n        perPlayer\n        ordered\n        ownerMayReorder\n        capacity\n        defaultFaceUp\n        allowsFaceUp\n      }\n    }\n  }\n"): typeof import('./graphql.js').RulesetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Game($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      createdAt\n      players {\n        id\n        name\n        seat\n      }\n      viewer {\n        kind\n        player {\n          id\n          name\n          seat\n        }\n      }\n      zones {\n        id\n        type\n        name\n        index\n        count\n        owner {\n          id\n        }\n        objects {\n          ...ObjectFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').GameDocument;
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
export function graphql(source: "\n  query TableRulesets {\n    rulesets {\n      id\n      name\n      zoneTypes {\n        type\n        name\n        visibility\n        scope\n        ordered\n        isStack\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableRulesetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TableGame($id: ID!) {\n    game(id: $id) {\n      id\n      ruleset\n      status\n      version\n      lastSeq\n      players {\n        id\n        name\n        seat\n      }\n      viewer {\n        kind\n        player {\n          id\n        }\n      }\n      zones {\n        id\n        type\n        name\n        owner {\n          id\n        }\n        index\n        count\n        objects {\n          id\n          kind\n          faceUp\n          position\n          layer\n          card {\n            name\n            types\n            subtypes\n            text\n          }\n          attached {\n            id\n            faceUp\n            card {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.js').TableGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TableMove($input: MoveObjectsInput!) {\n    moveObjects(input: $input) {\n      version\n    }\n  }\n"): typeof import('./graphql.js').TableMoveDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
