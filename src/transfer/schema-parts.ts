/**
 * The pieces the export format is made of, strict (an unknown field is refused) and bounded like
 * the inputs they came from: ids are UUIDs, integers fit the columns with room for the game to go
 * on, dates are real dates, and a card is no larger than createGame or a move would take.
 */
import { z } from 'zod';
import { CARD_LIMITS, HISTORY_BOUND, isKindName } from '../rules/index.js';
import { isUuid } from '../uuid.js';

export const uuid = z.string().refine(isUuid, 'must be a UUID');
/**
 * Versions and sequence numbers: an import adds one, and every later move one more, to 32-bit
 * columns, so a document may not start within reach of their end.
 */
export const MAX_COUNTER = 2 ** 30;
export const counter = z.number().int().min(0).max(MAX_COUNTER);
/** Seats, as createGame numbers them (0 up to the largest table a ruleset may declare). */
export const seat = z.number().int().min(0).max(15);
/** A zone's index among its owner's zones of its type (createZone adds one at a time). */
export const zoneIndex = z.number().int().min(0).max(100_000);
/** A top-level object's order in its zone: a safe integer (positions are computed from it). */
export const sortKey = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

const FIRST_YEAR = Date.UTC(1970, 0, 1);
const LAST_YEAR = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** An ISO date-time between 1970 and 9999, as the service writes them. */
export const dateTime = z.iso.datetime({ offset: true }).refine((s) => {
  const t = Date.parse(s);
  return t >= FIRST_YEAR && t <= LAST_YEAR;
}, 'must be a date between 1970 and 9999');

const name = z
  .string()
  .max(CARD_LIMITS.name)
  .refine((s) => s.trim().length > 0, 'must not be blank');
const nameList = z.array(name).max(CARD_LIMITS.list);
/** Card attributes: a JSON object of bounded size. */
export const attributes = z
  .record(z.string(), z.unknown())
  .refine((a) => JSON.stringify(a).length <= CARD_LIMITS.attributesBytes, 'is too large');

/** A card's printed properties, with createGame's and the moves' caps. */
export const cardFields = {
  name,
  types: nameList,
  subtypes: nameList,
  text: z.string().max(CARD_LIMITS.text),
  attributes,
};

export const history = z
  .array(
    z.strictObject({
      fromZoneType: z.string().max(CARD_LIMITS.name).nullable(),
      toZoneType: z.string().max(CARD_LIMITS.name),
      by: z.enum(['rule', 'effect']),
      reason: z.string().max(CARD_LIMITS.name),
    }),
  )
  .max(HISTORY_BOUND);

/** Kind and status names (src/rules/table.ts), and amounts of 32-bit counters, at most 32 kinds. */
const kindName = z
  .string()
  .refine(isKindName, 'must be a counter kind or status name (src/rules/table.ts isKindName)');
const int32 = z.number().int().min(-2147483648).max(2147483647);
export const counters = z
  .record(kindName, int32)
  .refine((c) => Object.keys(c).length <= 32, 'at most 32 counter kinds');
export const statuses = z
  .record(kindName, kindName)
  .refine((c) => Object.keys(c).length <= 32, 'at most 32 statuses');

export const zoneState = z.strictObject({
  id: uuid,
  type: z.string().max(CARD_LIMITS.name),
  ownerId: uuid.nullable(),
  index: zoneIndex,
  counters: counters.optional(),
});

/** Where an object is and whose: the same in a state object and an object row. */
export const objectPlace = {
  key: uuid,
  publicId: uuid,
  ownerId: uuid,
  controllerId: uuid,
  zoneId: uuid,
  sortKey,
  faceUp: z.boolean(),
  hostKey: uuid.nullable(),
};

/** An object as the rules layer holds it ({@link ObjectState}), inside an event payload. */
export const objectState = z.strictObject({
  ...objectPlace,
  kind: z.enum(['card', 'token', 'layer']),
  revealedTo: z.union([z.literal('all'), z.array(uuid).max(16)]),
  card: z.strictObject(cardFields),
  history,
  statuses: statuses.optional(),
  counters: counters.optional(),
});

/** Where an object was when an event saw it ({@link SnapshotContext}). */
export const snapshotContext = z.strictObject({
  zone: zoneState,
  host: z.strictObject({ publicId: uuid, faceUp: z.boolean() }).nullable(),
  position: z.number().int().min(0).nullable(),
  layer: z.number().int().min(1).nullable(),
});
