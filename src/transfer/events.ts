/**
 * The payload of each event kind in an export document, strict: every field of every event, the
 * transitions' contexts included, is checked before an import writes anything. This is the one
 * place to extend when the event vocabulary grows: an event kind a move kind's record lists gets the
 * planned payload by itself ({@link EVENT_PAYLOADS} is derived from the records' kinds); a kind
 * with fields of its own gets its entry there (the `Record` over `EventKind` makes a missing one a
 * compile error), and a new field of an event or of an object belongs in the schema here or in
 * `schema-parts.ts`.
 *
 * The shape alone: whether the transitions are what the rules would have recorded (the contexts
 * are where the objects really were, the objects before are the state's) is `replay-check.ts`'s.
 */
import { z } from 'zod';
import { SCHEMES, SEED_BYTES } from '../fairness/zk-rng.js';
import {
  MAX_DIE_SIDES,
  MAX_REWIND_REASON,
  MAX_TAKEBACK_REASON,
  MAX_ROLL_COUNT,
  PLANNED_EVENT_KINDS,
  type EventKind,
  type PlannedEventKind,
} from '../rules/index.js';
import { clockChange, clockState } from './clock-schema.js';
import { counters, objectState, seat, snapshotContext, uuid, zoneState } from './schema-parts.js';

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

/** Players', zones', turn and result changes an event records (issue 28, `TableDelta`). */
const turn = z.strictObject({
  number: z
    .number()
    .int()
    .min(0)
    .max(2 ** 30),
  activePlayerId: uuid.nullable(),
  phase: z.string().max(32).nullable(),
});
const table = z.strictObject({
  players: z
    .array(z.strictObject({ id: uuid, counters, conceded: z.boolean() }))
    .max(16)
    .optional(),
  zones: z
    .array(z.strictObject({ id: uuid, counters }))
    .max(MAX_LIST)
    .optional(),
  turn: turn.optional(),
  result: z
    .strictObject({ winnerIds: z.array(uuid).max(16), draw: z.boolean(), reason: z.string().max(500) })
    .optional(),
  entropy: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'lower-case hex')
    .optional(),
  clock: clockState.optional(),
});

/**
 * zk-rng (docs/fairness.md): the random acts an event records over objects' internal keys, with the
 * count asked for (zk-rng/2), the commitment a creation or import publishes, the seed an ending
 * reveals. Only the schemes this service speaks; an event's acts may be "not covered" (scheme null,
 * a game older than the scheme).
 */
const scheme = z.enum(SCHEMES);
const askedFor = z.number().int().min(1).max(MAX_LIST).optional();
const keys = z.array(uuid).max(MAX_LIST);
const actIndex = z.number().int().min(0).max(MAX_LIST);
/** Whether `part` lists distinct keys, each one of `pool`'s (sets: a document's lists may be long). */
const distinctWithin = (part: readonly string[], pool: readonly string[]) => {
  const inPool = new Set(pool);
  return new Set(part).size === part.length && part.every((k) => inPool.has(k));
};
const randomAct = z.discriminatedUnion('kind', [
  z
    .strictObject({
      index: actIndex,
      kind: z.literal('shuffle'),
      before: keys,
      after: keys,
      part: z.enum(['top', 'bottom']).optional(),
    })
    .refine(
      (a) => a.after.length === a.before.length && distinctWithin(a.after, a.before),
      'a shuffle reorders the objects it had',
    ),
  z
    .strictObject({ index: actIndex, kind: z.literal('pick'), from: keys, picked: keys, count: askedFor })
    .refine((a) => distinctWithin(a.picked, a.from), 'a pick takes distinct objects of its pool'),
  z
    .strictObject({
      index: actIndex,
      kind: z.literal('roll'),
      sides: z.number().int().min(2).max(MAX_DIE_SIDES),
      results: z.array(z.number().int().min(1).max(MAX_DIE_SIDES)).min(1).max(MAX_ROLL_COUNT),
      count: askedFor,
    })
    .refine((a) => a.results.every((r) => r <= a.sides), 'a die shows one of its faces'),
  z.strictObject({
    index: actIndex,
    kind: z.literal('coin'),
    results: z
      .array(z.enum(['heads', 'tails']))
      .min(1)
      .max(MAX_ROLL_COUNT),
    count: askedFor,
  }),
]);
const random = z.strictObject({
  scheme: scheme.nullable(),
  acts: z.array(randomAct).min(1).max(MAX_LIST),
});
const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), 'lower-case hex');
const commitment = z.strictObject({
  scheme,
  gameId: z.string().min(1).max(200),
  hash: hex(32),
  revealFaces: z.boolean(),
  waitsForSeats: z.boolean().optional(),
});
const seedReveal = z.strictObject({ scheme, seed: hex(SEED_BYTES) });

/** An event the planner makes: any transitions, and the public ids a rule kept where they were. */
const planned = <K extends EventKind>(kind: K) =>
  z.strictObject({
    kind: z.literal(kind),
    ...eventFields,
    unchangedIds: z.array(uuid).max(MAX_LIST).optional(),
    table: table.optional(),
    random: random.optional(),
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

/** A roll's or flip's audience, and seat entropy (docs/fairness.md). */
const roll = z.strictObject({
  seenBy: z.union([z.literal('all'), z.array(uuid).min(1).max(16)]),
});
const entropyAdded = z.strictObject({
  playerId: uuid.nullable(),
  data: z.string().regex(/^(?:[0-9a-f]{2}){1,64}$/, '1 to 64 bytes, lower-case hex'),
});

const eventSeq = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** A seats' takeback request and who answered it (issue 41). */
const takeback = z.strictObject({
  askerId: uuid,
  toSeq: eventSeq,
  reason: z.string().min(1).max(MAX_TAKEBACK_REASON),
  answeredBy: uuid.nullable(),
});

const rewind = z.strictObject({
  toSeq: eventSeq,
  mode: z.enum(['EXACT', 'RANDOMIZE_UNKNOWN']),
  reason: z.string().min(1).max(Math.max(MAX_REWIND_REASON, MAX_TAKEBACK_REASON)),
  takeback: takeback.optional(),
});

/** The payload of each event kind a plan may hold (each move kind's record lists its own). */
const plannedPayloads = Object.fromEntries(PLANNED_EVENT_KINDS.map((kind) => [kind, planned(kind)])) as {
  readonly [K in PlannedEventKind]: ReturnType<typeof planned<K>>;
};

/** Every event kind's payload: a planned event's, unless its kind has fields of its own. */
export const EVENT_PAYLOADS = {
  ...plannedPayloads,
  DICE_ROLLED: planned('DICE_ROLLED').extend({ roll }),
  COINS_FLIPPED: planned('COINS_FLIPPED').extend({ roll }),
  ENTROPY_ADDED: planned('ENTROPY_ADDED').extend({ entropyAdded }),
  // A judge's rewind (IPG 1.4): the event it went back to, the mode and the reason.
  GAME_REWOUND: planned('GAME_REWOUND').extend({ rewind }),
  // A seats' takeback (issue 41): the request, an acceptance while others still have to, a refusal.
  TAKEBACK_REQUESTED: planned('TAKEBACK_REQUESTED').extend({ takeback }),
  TAKEBACK_ACCEPTED: planned('TAKEBACK_ACCEPTED').extend({ takeback }),
  TAKEBACK_REFUSED: planned('TAKEBACK_REFUSED').extend({ takeback }),
  CLOCK_CHANGED: planned('CLOCK_CHANGED').extend({ clockChange }),
  CLOCK_EXPIRED: planned('CLOCK_EXPIRED').extend({ clockChange }),
  // The new game: its zones and starting objects (`replay-check.ts` holds them to createGame's
  // rules) and its seats.
  GAME_CREATED: z.strictObject({
    kind: z.literal('GAME_CREATED'),
    ...eventFields,
    players: z
      .array(z.strictObject({ id: uuid, seat, counters: counters.optional() }))
      .min(1)
      .max(16),
    table: table.optional(),
    commitment: commitment.optional(),
    deckCommitments: z
      .array(z.strictObject({ playerId: uuid, hash: hex(32) }))
      .max(16)
      .optional(),
  }),
  // Ended by an admin (no result), or by a result a move recorded (its citation and the result).
  // Either reveals the seed when it ends play (docs/fairness.md, "Reveal").
  GAME_ENDED: lifecycle('GAME_ENDED').extend({
    rules: z.array(z.string().max(200)).max(100),
    table: table.optional(),
    seedReveal: seedReveal.optional(),
  }),
  GAME_ARCHIVED: lifecycle('GAME_ARCHIVED').extend({ seedReveal: seedReveal.optional() }),
  // The import's commitment to its new seed, under the original derivation id.
  GAME_IMPORTED: lifecycle('GAME_IMPORTED').extend({
    importedFrom: uuid,
    commitment: commitment.optional(),
    // The clocks as of the export, stopped (issue 40).
    table: table.optional(),
  }),
} satisfies Record<EventKind, z.ZodType>;

/** An event payload of any kind, told apart by `kind`. */
export const eventPayload = z.discriminatedUnion(
  'kind',
  Object.values(EVENT_PAYLOADS) as unknown as [
    (typeof EVENT_PAYLOADS)[EventKind],
    ...(typeof EVENT_PAYLOADS)[EventKind][],
  ],
);

/** Every event kind, as the export format's enum: the kinds the payload schemas are keyed by. */
export const EVENT_KIND_ENUM = z.enum(Object.keys(EVENT_PAYLOADS) as [EventKind, ...EventKind[]]);
