/**
 * The payload of each event kind in an export document, strict: every field of every event, the
 * transitions' contexts included, is checked before an import writes anything. This is the one
 * place to extend when the event vocabulary grows: a new kind needs its entry in
 * {@link EVENT_PAYLOADS} (the `Record` over `EventKind` makes a missing one a compile error), and a
 * new field of an event or of an object belongs in the schema here or in `schema-parts.ts`.
 *
 * The shape alone: whether the transitions are what the rules would have recorded (the contexts
 * are where the objects really were, the objects before are the state's) is `replay-check.ts`'s.
 */
import { z } from 'zod';
import type { EventKind } from '../rules/index.js';
import { objectState, seat, snapshotContext, uuid, zoneState } from './schema-parts.js';

/** An object's change, as the planner records it: both contexts set, each with its side. */
const transition = z
  .strictObject({
    before: objectState.nullable(),
    after: objectState.nullable(),
    newObject: z.boolean(),
    beforeContext: snapshotContext.nullable(),
    afterContext: snapshotContext.nullable(),
  })
  .refine((t) => t.before !== null || t.after !== null, 'a transition changes an object')
  .refine(
    (t) =>
      (t.before === null) === (t.beforeContext === null) && (t.after === null) === (t.afterContext === null),
    'each side of a transition has its context, and only that side',
  )
  .refine(
    (t) => t.before === null || t.after === null || t.before.key === t.after.key,
    'a transition keeps the object key',
  );

const MAX_LIST = 10_000;
const none = z.array(z.never()).max(0);

/** What every event lists: the zones it touched, object transitions, zones created and removed, citations. */
const eventFields = {
  zoneIds: z.array(uuid).max(MAX_LIST),
  transitions: z.array(transition).max(MAX_LIST),
  zonesCreated: z.array(zoneState).max(MAX_LIST),
  zonesRemoved: z.array(zoneState).max(MAX_LIST),
  rules: z.array(z.string().max(200)).max(100),
};

/** An event the planner makes: any transitions, and the public ids a rule kept where they were. */
const planned = <K extends EventKind>(kind: K) =>
  z.strictObject({
    kind: z.literal(kind),
    ...eventFields,
    unchangedIds: z.array(uuid).max(MAX_LIST).optional(),
  });

/** A lifecycle event the data layer writes: it changes no object and no zone. */
const lifecycle = <K extends EventKind>(kind: K) =>
  z.strictObject({
    kind: z.literal(kind),
    zoneIds: none,
    transitions: none,
    zonesCreated: none,
    zonesRemoved: none,
    rules: none,
  });

/** Every event kind's payload. */
export const EVENT_PAYLOADS = {
  OBJECTS_MOVED: planned('OBJECTS_MOVED'),
  TURNED_FACE: planned('TURNED_FACE'),
  REVEALED: planned('REVEALED'),
  REVEAL_ENDED: planned('REVEAL_ENDED'),
  ZONE_SHUFFLED: planned('ZONE_SHUFFLED'),
  ZONE_REORDERED: planned('ZONE_REORDERED'),
  TOKEN_CREATED: planned('TOKEN_CREATED'),
  ATTACHED: planned('ATTACHED'),
  DETACHED: planned('DETACHED'),
  ZONE_CREATED: planned('ZONE_CREATED'),
  ZONE_REMOVED: planned('ZONE_REMOVED'),
  LAYER_ADDED: planned('LAYER_ADDED'),
  LAYER_REMOVED: planned('LAYER_REMOVED'),
  OBJECTS_CLEARED: planned('OBJECTS_CLEARED'),
  BROUGHT_INTO_GAME: planned('BROUGHT_INTO_GAME'),
  REMOVED_FROM_GAME: planned('REMOVED_FROM_GAME'),
  NO_MOVE: planned('NO_MOVE'),
  // The new game: its zones and starting objects (`replay-check.ts` holds them to createGame's
  // rules) and its seats.
  GAME_CREATED: z.strictObject({
    kind: z.literal('GAME_CREATED'),
    ...eventFields,
    players: z
      .array(z.strictObject({ id: uuid, seat }))
      .min(1)
      .max(16),
  }),
  GAME_ENDED: lifecycle('GAME_ENDED'),
  GAME_ARCHIVED: lifecycle('GAME_ARCHIVED'),
  GAME_IMPORTED: lifecycle('GAME_IMPORTED').extend({ importedFrom: uuid }),
} satisfies Record<EventKind, z.ZodType>;

/** An event payload of any kind, told apart by `kind`. */
export const eventPayload = z.discriminatedUnion(
  'kind',
  Object.values(EVENT_PAYLOADS) as unknown as [
    (typeof EVENT_PAYLOADS)[EventKind],
    ...(typeof EVENT_PAYLOADS)[EventKind][],
  ],
);
