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

/** A destination: a zone by id, or a zone type plus its owning player (omit owner for shared zones). */
export type DestinationInput = {
  ownerId?: string | number | null | undefined;
  type?: string | null | undefined;
  zoneId?: string | number | null | undefined;
};

/** What happened, as recorded in a game's append-only log. */
export type EventKind =
  | 'ATTACHED'
  | 'BROUGHT_INTO_GAME'
  | 'DETACHED'
  | 'GAME_ARCHIVED'
  | 'GAME_CREATED'
  | 'GAME_ENDED'
  | 'GAME_IMPORTED'
  | 'LAYER_ADDED'
  | 'LAYER_REMOVED'
  | 'NO_MOVE'
  | 'OBJECTS_CLEARED'
  | 'OBJECTS_MOVED'
  | 'REMOVED_FROM_GAME'
  | 'REVEALED'
  | 'REVEAL_ENDED'
  | 'TOKEN_CREATED'
  | 'TURNED_FACE'
  | 'ZONE_CREATED'
  | 'ZONE_REMOVED'
  | 'ZONE_REORDERED'
  | 'ZONE_SHUFFLED';

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
  /** The host backend (HOST_TOKEN): creates games, has no standing in them. */
  | 'HOST'
  | 'PLAYER'
  /**
   * A game's referee: its own engine or host backend. Sees every card of that game and may make any move
   * the rules allow there; its moves are logged with actor kind REFEREE.
   */
  | 'REFEREE'
  | 'SPECTATOR';

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

export type ObjectFieldsFragment = { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null };

export type EventFieldsFragment = { gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }> };

export type WhoamiQueryVariables = Exact<{ [key: string]: never; }>;


export type WhoamiQuery = { whoami: { kind: PrincipalKind, gameId: string | null, playerId: string | null } };

export type RulesetsQueryVariables = Exact<{ [key: string]: never; }>;


export type RulesetsQuery = { rulesets: Array<{ id: string, name: string, deckZone: string, minPlayers: number, maxPlayers: number, zoneTypes: Array<{ type: string, name: string, visibility: ZoneVisibility, faceDownSeenBy: FaceDownSeenBy, scope: ZoneScope, perPlayer: number, ordered: boolean, ownerMayReorder: boolean, capacity: number | null, defaultFaceUp: boolean, allowsFaceUp: boolean }> }> };

export type GameQueryVariables = Exact<{
  id: string | number;
}>;


export type GameQuery = { game: { id: string, ruleset: string, status: GameStatus, version: number, lastSeq: number, createdAt: string, players: Array<{ id: string, name: string, seat: number }>, viewer: { kind: PrincipalKind, player: { id: string, name: string, seat: number } | null }, zones: Array<{ id: string, type: string, name: string, index: number, count: number, owner: { id: string } | null, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null }> }> } };

export type LastSeqQueryVariables = Exact<{
  id: string | number;
}>;


export type LastSeqQuery = { game: { lastSeq: number } };

export type GameEventsPageQueryVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
  first?: number | null | undefined;
}>;


export type GameEventsPageQuery = { gameEvents: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }> }> };

export type MoveObjectsMutationVariables = Exact<{
  input: MoveObjectsInput;
}>;


export type MoveObjectsMutation = { moveObjects: { version: number, objects: Array<{ id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null }>, events: Array<{ gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }> }> } };

export type GameEventsSubscriptionVariables = Exact<{
  gameId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type GameEventsSubscription = { gameEvents: { gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }> } };

export type ZoneEventsSubscriptionVariables = Exact<{
  gameId: string | number;
  zoneId: string | number;
  afterSeq?: number | null | undefined;
}>;


export type ZoneEventsSubscription = { zoneEvents: { gameId: string, seq: number, version: number, kind: EventKind, at: string, zoneIds: Array<string>, rules: Array<string>, actor: { kind: ActorKind, playerId: string | null, onBehalfOf: string | null }, changes: Array<{ previousId: string | null, objectId: string | null, fromZoneId: string | null, toZoneId: string | null, object: { id: string, kind: ObjectKind, position: number | null, layer: number | null, faceUp: boolean, revealedToAll: boolean, revealedTo: Array<{ id: string }>, owner: { id: string }, controller: { id: string }, zone: { id: string }, host: { id: string } | null, attached: Array<{ id: string }>, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string, attributes: unknown } | null } | null }>, zonesCreated: Array<{ id: string, type: string, ownerId: string | null, index: number }>, zonesRemoved: Array<{ id: string, type: string, ownerId: string | null, index: number }> } };

export type FairnessTranscriptQueryVariables = Exact<{
  gameId: string | number;
}>;


export type FairnessTranscriptQuery = { fairnessTranscript: unknown };

export type TableRulesetsQueryVariables = Exact<{ [key: string]: never; }>;


export type TableRulesetsQuery = { rulesets: Array<{ id: string, name: string, zoneTypes: Array<{ type: string, name: string, visibility: ZoneVisibility, scope: ZoneScope, ordered: boolean, isStack: boolean }> }> };

export type TableGameQueryVariables = Exact<{
  id: string | number;
}>;


export type TableGameQuery = { game: { id: string, ruleset: string, status: GameStatus, version: number, lastSeq: number, players: Array<{ id: string, name: string, seat: number }>, viewer: { kind: PrincipalKind, player: { id: string } | null }, zones: Array<{ id: string, type: string, name: string, index: number, count: number, owner: { id: string } | null, objects: Array<{ id: string, kind: ObjectKind, faceUp: boolean, position: number | null, layer: number | null, card: { name: string, types: Array<string>, subtypes: Array<string>, text: string } | null, attached: Array<{ id: string, faceUp: boolean, card: { name: string } | null }> }> }> } };

export type TableMoveMutationVariables = Exact<{
  input: MoveObjectsInput;
}>;


export type TableMoveMutation = { moveObjects: { version: number } };

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
}
    `, {"fragmentName":"ObjectFields"}) as unknown as TypedDocumentString<ObjectFieldsFragment, unknown>;
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
}`, {"fragmentName":"EventFields"}) as unknown as TypedDocumentString<EventFieldsFragment, unknown>;
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
  }
}
    `) as unknown as TypedDocumentString<RulesetsQuery, RulesetsQueryVariables>;
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
}`) as unknown as TypedDocumentString<ZoneEventsSubscription, ZoneEventsSubscriptionVariables>;
export const FairnessTranscriptDocument = new TypedDocumentString(`
    query FairnessTranscript($gameId: ID!) {
  fairnessTranscript(gameId: $gameId)
}
    `) as unknown as TypedDocumentString<FairnessTranscriptQuery, FairnessTranscriptQueryVariables>;
export const TableRulesetsDocument = new TypedDocumentString(`
    query TableRulesets {
  rulesets {
    id
    name
    zoneTypes {
      type
      name
      visibility
      scope
      ordered
      isStack
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
    }
    viewer {
      kind
      player {
        id
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
      objects {
        id
        kind
        faceUp
        position
        layer
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
  }
}
    `) as unknown as TypedDocumentString<TableMoveMutation, TableMoveMutationVariables>;