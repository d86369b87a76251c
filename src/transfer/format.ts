/**
 * The export document format (`zonekeeper.game/1`): a whole game, state and log, as one JSON
 * document. Pure: the schema every import is validated against before anything is written.
 * Objects are stored rows (`stored/object-rows.ts` maps them to and from state); event payloads are the stored,
 * unredacted events, validated here in full because a document comes from outside: strict (no
 * unknown field anywhere), bounded (`schema-parts.ts`), one schema per event kind (`events.ts`).
 */
import { z } from 'zod';
import { eventPayload, EVENT_KIND_ENUM } from './events.js';
import {
  attributes,
  cardFields,
  counter,
  dateTime,
  history,
  objectPlace,
  seat,
  uuid,
  zoneIndex,
  statuses,
  counters as counterAmounts,
} from './schema-parts.js';

/**
 * Identifies the document format; bump the number on any incompatible change. Version 2 (issue 28)
 * adds objects' `statuses` and `counters`; the table beyond objects (players' and zones' counters,
 * turn, result) is what the log's events make it. Version 1 documents still import: they have none.
 */
export const EXPORT_FORMAT = 'zonekeeper.game/2';
/** Formats an import reads. */
export const IMPORT_FORMATS = ['zonekeeper.game/1', EXPORT_FORMAT] as const;

const GAME_STATUSES = ['ACTIVE', 'ENDED', 'ARCHIVED'] as const;
const ACTOR_KINDS = ['PLAYER', 'ADMIN', 'REFEREE', 'SYSTEM'] as const;
/** Far more than the largest game createGame admits (CREATE_GAME_MAX_CARDS is at most 1,000,000). */
const MAX_ROWS = 1_000_000;

/** The export document. Validated in full before an import writes anything. */
export const exportSchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS),
  exportedAt: dateTime.optional(),
  game: z.strictObject({
    id: uuid,
    ruleset: z.string().max(200),
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
    version: counter,
    lastSeq: counter,
    createdAt: dateTime,
    endedAt: dateTime.nullable(),
    importedFrom: uuid.nullable(),
  }),
  players: z
    .array(z.strictObject({ id: uuid, seat, name: z.string().min(1).max(200) }))
    .min(1)
    .max(16),
  zones: z
    .array(
      z.strictObject({
        id: uuid,
        type: z.string().max(200),
        ownerId: uuid.nullable(),
        index: zoneIndex,
        createdAt: dateTime,
      }),
    )
    .max(MAX_ROWS),
  objects: z
    .array(
      z.strictObject({
        ...objectPlace,
        kind: z.enum(['CARD', 'TOKEN', 'LAYER']),
        revealedToAll: z.boolean(),
        revealedTo: z.array(uuid).max(16),
        ...cardFields,
        attributes,
        history,
        statuses: statuses.optional(),
        counters: counterAmounts.optional(),
      }),
    )
    .max(MAX_ROWS),
  events: z
    .array(
      z.strictObject({
        seq: counter.min(1),
        kind: EVENT_KIND_ENUM,
        version: counter,
        actorKind: z.enum(ACTOR_KINDS),
        actorPlayerId: uuid.nullable(),
        payload: eventPayload,
        createdAt: dateTime,
      }),
    )
    .max(MAX_ROWS),
});

export type ExportDocument = z.infer<typeof exportSchema>;
