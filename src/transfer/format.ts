/**
 * The export document format (`zonekeeper.game/1`): a whole game, state and log, as one JSON
 * document. Pure: the schema every import is validated against before anything is written.
 * Objects are stored rows (`db/rows.ts` maps them to and from state); event payloads are the stored,
 * unredacted events, validated here in full because a document comes from outside.
 */
import { z } from 'zod';
import { EVENT_KINDS } from '../db/rows.js';
import { isUuid } from '../uuid.js';

/**
 * Identifies the document format; bump the number on any incompatible change. Version 2 (issue 28)
 * adds objects' `statuses` and `counters`; the table beyond objects (players' and zones' counters,
 * turn, result) is what the log's events make it. Version 1 documents still import: they have none.
 */
export const EXPORT_FORMAT = 'zonekeeper.game/2';
/** Formats an import reads. */
export const IMPORT_FORMATS = ['zonekeeper.game/1', EXPORT_FORMAT] as const;

const uuid = z.string().refine(isUuid, 'must be a UUID');
const int = z.number().int();
const GAME_STATUSES = ['ACTIVE', 'ENDED', 'ARCHIVED'] as const;
const ACTOR_KINDS = ['PLAYER', 'ADMIN', 'REFEREE', 'SYSTEM'] as const;

const historySchema = z.object({
  fromZoneType: z.string().nullable(),
  toZoneType: z.string(),
  by: z.enum(['rule', 'effect']),
  reason: z.string(),
});
const cardSchema = z.object({
  name: z.string(),
  types: z.array(z.string()),
  subtypes: z.array(z.string()),
  text: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});
const zoneStateSchema = z.looseObject({
  id: uuid,
  type: z.string(),
  ownerId: uuid.nullable(),
  index: int.min(0),
});
/** Where an object is and whose: the same in a state object and an object row. */
const objectPlace = {
  key: uuid,
  publicId: uuid,
  ownerId: uuid,
  controllerId: uuid,
  zoneId: uuid,
  sortKey: z.number().finite(),
  faceUp: z.boolean(),
  hostKey: uuid.nullable(),
};
/** An {@link ObjectState} inside an event payload. */
const objectStateSchema = z.looseObject({
  ...objectPlace,
  kind: z.enum(['card', 'token', 'layer']),
  revealedTo: z.union([z.literal('all'), z.array(uuid)]),
  card: cardSchema,
  history: z.array(historySchema),
});
const payloadSchema = z.looseObject({
  kind: z.enum(EVENT_KINDS),
  zoneIds: z.array(uuid),
  transitions: z.array(
    z.looseObject({
      before: objectStateSchema.nullable(),
      after: objectStateSchema.nullable(),
      newObject: z.boolean(),
    }),
  ),
  zonesCreated: z.array(zoneStateSchema),
  zonesRemoved: z.array(zoneStateSchema),
  rules: z.array(z.string()),
  players: z.array(z.looseObject({ id: uuid, seat: int.min(0) })).optional(),
});

/** The export document. Validated in full before an import writes anything. */
export const exportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  exportedAt: z.iso.datetime({ offset: true }).optional(),
  game: z.object({
    id: uuid,
    ruleset: z.string(),
    /**
     * The ruleset version the game plays under (docs/rulesets.md); an import needs it loaded or
     * stored. Absent (documents from before versions): the version loaded when importing.
     */
    rulesetVersion: z
      .string()
      .regex(/^[0-9a-f]{16}$/, 'must be a ruleset version (16 lower-case hex digits)')
      .nullable()
      .optional(),
    status: z.enum(GAME_STATUSES),
    version: int.min(0),
    lastSeq: int.min(0),
    createdAt: z.iso.datetime({ offset: true }),
    endedAt: z.iso.datetime({ offset: true }).nullable(),
    importedFrom: uuid.nullable(),
  }),
  players: z
    .array(z.object({ id: uuid, seat: int.min(0), name: z.string().min(1).max(200) }))
    .min(1)
    .max(16),
  zones: z.array(
    z.object({
      id: uuid,
      type: z.string(),
      ownerId: uuid.nullable(),
      index: int.min(0),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  objects: z.array(
    z.object({
      ...objectPlace,
      kind: z.enum(['CARD', 'TOKEN', 'LAYER']),
      revealedToAll: z.boolean(),
      revealedTo: z.array(uuid),
      name: z.string(),
      types: z.array(z.string()),
      subtypes: z.array(z.string()),
      text: z.string(),
      attributes: z.record(z.string(), z.unknown()),
      history: z.array(historySchema),
      statuses: z.record(z.string(), z.string()).nullable().optional(),
      counters: z.record(z.string(), int).nullable().optional(),
    }),
  ),
  events: z.array(
    z.object({
      seq: int.min(1),
      kind: z.enum(EVENT_KINDS),
      version: int.min(0),
      actorKind: z.enum(ACTOR_KINDS),
      actorPlayerId: uuid.nullable(),
      payload: payloadSchema,
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});

export type ExportDocument = z.infer<typeof exportSchema>;
