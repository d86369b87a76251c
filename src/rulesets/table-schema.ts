/**
 * The table sections of a ruleset file (`statuses`, `counters`, `turn`; docs/rulesets.md) and their
 * checks between fields, for the validator in `schema.ts`.
 */
import { z } from 'zod';
import { isKindName, MAX_DIE_SIDES } from '../rules/index.js';

// The same citation and zone type name as schema.ts (which imports this file).
const rule = z.string().min(1).max(200).describe('A rule citation, e.g. "MTG 400.7"');
const name = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9_-]{0,63}$/, 'must start with a lower-case letter, then letters, digits, _ or -');

type Issue = { path: (string | number)[]; message: string };

/** Kind and status names, and status values: drawn as badges (src/rules/table.ts isKindName). */
const kindName = z
  .string()
  .regex(/^[A-Za-z0-9+\-/_]{1,32}$/, 'must be 1 to 32 characters of A-Z a-z 0-9 + - / _')
  .refine(isKindName, 'must not be a name every object has (such as constructor or __proto__)');
const int32 = z.number().int().min(-2147483648).max(2147483647);
export const noneDeclared = z.strictObject({ none: z.string().min(1).max(300), rule });

const status = z.strictObject({
  name: kindName,
  values: z.array(kindName).min(2),
  default: kindName.optional(),
  zoneTypes: z.array(name).min(1),
  rule,
  faceOnly: z.boolean().optional(),
});

const counterKind = z.strictObject({
  kind: kindName,
  rule,
  min: int32.nullable().optional(),
  max: int32.nullable().optional(),
  zoneTypes: z.array(name).min(1).nullable().optional(),
  faceOnly: z.boolean().optional(),
  returnTo: z.strictObject({ zoneType: name, kind: kindName, rule }).nullable().optional(),
  start: int32.nullable().optional(),
  visibility: z.enum(['public', 'owner']).optional(),
});

export const counters = z.strictObject({
  openObjectKinds: z.boolean().optional(),
  objects: z.union([z.array(counterKind), noneDeclared]).optional(),
  players: z.union([z.array(counterKind), noneDeclared]).optional(),
  zones: z.union([z.array(counterKind), noneDeclared]).optional(),
});

const phase = kindName;
export const turn = z.strictObject({
  phases: z.array(phase).min(1).optional(),
  phasesBySide: z.record(z.string(), z.array(phase).min(1)).optional(),
  rule,
  firstPlayer: z
    .string()
    .regex(/^seat[0-9]{1,2}$/, 'must be seat0, seat1, …')
    .optional(),
});

const seenBy = z.array(z.enum(['all', 'roller'])).min(1);
/** `dice`: the faces a die may have, who may see the results (all, the roller), and the rule. */
export const dice = z.union([
  z.strictObject({
    sides: z.array(z.number().int().min(2).max(MAX_DIE_SIDES)).min(1),
    seenBy,
    rule,
  }),
  noneDeclared,
]);
/** `coins`: who may see the results, and the rule. */
export const coins = z.union([z.strictObject({ seenBy, rule }), noneDeclared]);

/** Records an issue when `type` is given and is not a zone type of the file. */
export type Refer = (path: (string | number)[], type: string | null | undefined) => void;

/**
 * The table's checks: zone types named exist (through `refer`, which records on the caller's list),
 * defaults and bounds agree, sides and seats exist.
 */
export function tableIssues(doc: TableDocument, refer: Refer): Issue[] {
  return [...statusIssues(doc, refer), ...counterIssues(doc, refer), ...turnIssues(doc)];
}

/** An issue for each name that repeats an earlier one of `names`. */
function duplicates(path: (string | number)[], names: readonly string[], what: string): Issue[] {
  return names.flatMap((n, i) =>
    names.indexOf(n) !== i ? [{ path: [...path, i], message: `Duplicate ${what} "${n}"` }] : [],
  );
}

/** Statuses: unique names, zone types that exist, a default among the values. */
function statusIssues(doc: TableDocument, refer: Refer): Issue[] {
  if (!Array.isArray(doc.statuses)) return [];
  const issues = duplicates(
    ['statuses'],
    doc.statuses.map((s) => s.name),
    'status',
  );
  doc.statuses.forEach((s, i) => {
    s.zoneTypes.forEach((t, j) => refer(['statuses', i, 'zoneTypes', j], t));
    if (s.default !== undefined && !s.values.includes(s.default))
      issues.push({
        path: ['statuses', i, 'default'],
        message: `Default "${s.default}" is not one of its values`,
      });
  });
  return issues;
}

/** Counter kinds of objects, players and zones: unique per list, zone types that exist, bounds that agree. */
function counterIssues(doc: TableDocument, refer: Refer): Issue[] {
  if (!doc.counters || 'none' in doc.counters) return [];
  const issues: Issue[] = [];
  for (const list of ['objects', 'players', 'zones'] as const) {
    const given = doc.counters[list] ?? [];
    const kinds = Array.isArray(given) ? given : [];
    issues.push(
      ...duplicates(
        ['counters', list],
        kinds.map((c) => c.kind),
        'counter kind',
      ),
    );
    kinds.forEach((c, i) => issues.push(...counterKindIssues(c, ['counters', list, i], list, refer)));
  }
  return issues;
}

/** One counter kind at `at`: its zone types exist, `min` ≤ `start` ≤ `max`, a zone counter names its zone types. */
function counterKindIssues(
  c: z.infer<typeof counterKind>,
  at: (string | number)[],
  list: 'objects' | 'players' | 'zones',
  refer: Refer,
): Issue[] {
  const issues: Issue[] = [];
  c.zoneTypes?.forEach((t, j) => refer([...at, 'zoneTypes', j], t));
  if (c.returnTo) refer([...at, 'returnTo', 'zoneType'], c.returnTo.zoneType);
  const min = c.min === undefined ? 0 : c.min;
  const max = c.max ?? null;
  if (min !== null && max !== null && min > max)
    issues.push({ path: [...at, 'min'], message: `Min ${min} is more than max ${max}` });
  const start = c.start ?? null;
  if (start !== null && ((min !== null && start < min) || (max !== null && start > max)))
    issues.push({ path: [...at, 'start'], message: `Start ${start} is outside the kind's bounds` });
  if (list === 'zones' && !c.zoneTypes)
    issues.push({
      path: [...at, 'zoneTypes'],
      message: 'A zone counter names the zone types holding it',
    });
  return issues;
}

/** The turn: one phase list or one per side, sides that exist, a first seat in every game. */
function turnIssues(doc: TableDocument): Issue[] {
  if (!doc.turn || 'none' in doc.turn) return [];
  const issues: Issue[] = [];
  const t = doc.turn;
  if (!t.phases === !t.phasesBySide)
    issues.push({ path: ['turn'], message: 'Give exactly one of phases and phasesBySide' });
  Object.keys(t.phasesBySide ?? {}).forEach((side) => {
    if (!(doc.sides ?? []).includes(side))
      issues.push({ path: ['turn', 'phasesBySide', side], message: `No side "${side}" in this file` });
  });
  const seat = Number((t.firstPlayer ?? 'seat0').slice(4));
  if (seat >= doc.players.min)
    issues.push({
      path: ['turn', 'firstPlayer'],
      message: `Seat ${seat} is not in every game of this ruleset`,
    });
  return issues;
}

/** `statuses`: a list of statuses, or none and why. */
export const statuses = z.union([z.array(status), noneDeclared]);

/** What {@link tableIssues} reads of a file. */
interface TableDocument {
  readonly statuses?: z.infer<typeof statuses> | undefined;
  readonly counters?: z.infer<typeof counters> | z.infer<typeof noneDeclared> | undefined;
  readonly turn?: z.infer<typeof turn> | z.infer<typeof noneDeclared> | undefined;
  readonly sides?: readonly string[] | undefined;
  readonly players: { readonly min: number; readonly max: number };
}
