/**
 * The validator of ruleset files (`rulesets/<id>.yaml`, `RULESETS_DIR`; the format is
 * `docs/rulesets.md`). `schemas/ruleset.schema.json` is generated from it (`npm run
 * schema:rulesets`) for editors. Shapes first, then what a JSON Schema cannot say: names that must
 * refer to zone types of the same file, duplicates, known hook names.
 */
import { z } from 'zod';
import {
  coins,
  counters,
  dice,
  statuses,
  tableIssues,
  turn,
  noneDeclared,
  type Refer,
} from './table-schema.js';
import { HOOK_NAMES, type RulesetDocument } from '../rules/index.js';

/** A rule citation: the game's own rule, e.g. `MTG 400.7`, `FAB sec:deck_zone`. */
const rule = z.string().min(1).max(200).describe('A rule citation, e.g. "MTG 400.7"');
const citation = rule.nullable();
/** A machine name: zone types, ruleset ids. Stable API. */
const name = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9_-]{0,63}$/, 'must start with a lower-case letter, then letters, digits, _ or -');
const display = z.string().min(1).max(100);

const OBJECT_MOVES = [
  'moveObjects',
  'turnFace',
  'reveal',
  'endReveal',
  'attach',
  'detach',
  'removeLayer',
  'removeFromGame',
  'setStatus',
  'changeCounters',
  'changePlayerCounters',
] as const;

const sameZone = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('noMove'), rule }),
  z.strictObject({ kind: z.literal('reposition'), newObject: citation }),
]);

const admitRule = z.strictObject({
  description: z.string().min(1).max(300),
  rule,
  types: z.array(z.string().min(1)).min(1).optional(),
  subtypes: z.array(z.string().min(1)).min(1).optional(),
  kinds: z
    .array(z.enum(['card', 'token', 'layer']))
    .min(1)
    .optional(),
  ownersOnly: z.boolean().optional(),
});

const zoneType = z.strictObject({
  type: name,
  name: display,
  displayNames: z.array(display).optional(),
  visibility: z.enum(['public', 'secret', 'hidden']),
  faceDownSeenBy: z.enum(['nobody', 'owner', 'controller']).optional(),
  scope: z.enum(['player', 'shared']),
  perPlayer: z.number().int().min(0).max(16).optional(),
  ordered: z.boolean().optional(),
  ownerMayReorder: z.boolean().optional(),
  capacity: z.number().int().min(1).nullable().optional(),
  defaultFaceUp: z.boolean().optional(),
  allowsFaceUp: z.boolean().optional(),
  arena: z.boolean().optional(),
  isStack: z.boolean().optional(),
  startsInGame: z.boolean().optional(),
  admits: z.array(admitRule).optional(),
  rules: z.array(rule).min(1),
  newObject: z
    .strictObject({
      onEnter: citation.optional(),
      onTurnFaceDown: rule.optional(),
      onEndReveal: rule.optional(),
    })
    .optional(),
  sameZone: sameZone.optional(),
  orderLock: rule.optional(),
  deepIndexToBottom: rule.optional(),
});

const hostedFate = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('clear'), rule }),
  z.strictObject({ kind: z.literal('stay'), rule }),
  z.strictObject({ kind: z.literal('toOwnerZone'), type: name, rule, faceUp: z.boolean().optional() }),
]);

const behaviour = z.strictObject({
  newObject: z
    .strictObject({
      onMove: citation.optional(),
      onPublicToPrivate: citation.optional(),
      onAttach: z
        .strictObject({ rule, when: z.enum(['always', 'zoneChange']) })
        .nullable()
        .optional(),
    })
    .optional(),
  sameZone: sameZone.optional(),
  ownersZones: z
    .strictObject({ types: z.array(name).min(1), rule })
    .nullable()
    .optional(),
  aliases: z.array(z.strictObject({ type: name, to: name, rule })).optional(),
  layersOnlyOnStack: citation.optional(),
  hostedFate: hostedFate.optional(),
  hostedIsPublic: z.enum(['host', 'faceAndHost']).optional(),
  clearsOnImpossibleRuleMove: z.boolean().optional(),
  firstFit: z.array(z.strictObject({ type: name, rule })).optional(),
  orderLock: rule.optional(),
  faceDownPileKeepsOrder: citation.optional(),
});

const citations = z.strictObject({
  arrivalOrder: rule,
  reveal: rule,
  shuffle: rule,
  outside: rule,
  stack: rule,
  host: rule,
  zoneCreated: rule,
  zoneRemoved: rule,
  ownerChooses: rule,
  effectController: rule,
  missingZone: rule,
  ownerArrangement: rule,
  layerAdded: z.array(rule).min(1),
  layerCeases: rule,
  apnap: citation,
  flip: citation,
  clear: citation,
});

/** The shape of a ruleset file, before the checks between its fields. */
const shape = z.strictObject({
  $schema: z.string().optional(),
  id: name,
  name: display,
  players: z.strictObject({ min: z.number().int().min(1).max(16), max: z.number().int().min(1).max(16) }),
  sides: z.array(display).optional(),
  deckZone: name,
  clearZone: name.nullable().optional(),
  seatPolicy: z.strictObject({
    othersVisible: z.array(z.enum(OBJECT_MOVES)),
    revealToEnter: z.array(z.strictObject({ type: name, rule })),
  }),
  citations,
  behaviour: behaviour.optional(),
  hooks: z.array(z.string()).optional(),
  zoneTypes: z.array(zoneType).min(1),
  statuses: statuses.optional(),
  counters: z.union([counters, noneDeclared]).optional(),
  turn: z.union([turn, noneDeclared]).optional(),
  dice: dice.optional(),
  coins: coins.optional(),
});

type Shape = z.infer<typeof shape>;
type Issue = { path: (string | number)[]; message: string };

/**
 * The checks between fields: every name that refers to a zone type of the file names one, and
 * fields that bound one another agree. Issues come in the order of the file's sections.
 */
function crossIssues(doc: Shape): Issue[] {
  const issues: Issue[] = [...zoneTypeIssues(doc), ...seatIssues(doc)];
  const types = doc.zoneTypes.map((t) => t.type);
  const known = new Set(types);
  const valid = `valid values: ${types.join(', ')}`;
  const refer: Refer = (path, type) => {
    if (type !== null && type !== undefined && !known.has(type))
      issues.push({ path, message: `No zone type "${type}" in this file (${valid})` });
  };
  referenceIssues(doc, known, refer, issues);
  issues.push(...tableIssues(doc, refer), ...hookIssues(doc));
  return issues;
}

/** Each zone type: unique, its seats and faces consistent. */
function zoneTypeIssues(doc: Shape): Issue[] {
  const issues: Issue[] = [];
  const types = doc.zoneTypes.map((t) => t.type);
  doc.zoneTypes.forEach((t, i) => {
    if (types.indexOf(t.type) !== i)
      issues.push({ path: ['zoneTypes', i, 'type'], message: `Duplicate zone type "${t.type}"` });
    if (t.scope === 'shared' && t.perPlayer !== undefined && t.perPlayer !== 0)
      issues.push({
        path: ['zoneTypes', i, 'perPlayer'],
        message: 'A shared zone type has perPlayer 0 (or none)',
      });
    if (t.scope === 'player' && t.perPlayer === 0 && t.startsInGame !== false)
      issues.push({
        path: ['zoneTypes', i, 'perPlayer'],
        message: 'A player zone type that starts in the game has perPlayer 1 or more',
      });
    if (t.displayNames && t.displayNames.length > doc.players.max)
      issues.push({
        path: ['zoneTypes', i, 'displayNames'],
        message: `There are ${t.displayNames.length} display names for at most ${doc.players.max} seats`,
      });
    if (t.defaultFaceUp === true && t.allowsFaceUp === false)
      issues.push({
        path: ['zoneTypes', i, 'defaultFaceUp'],
        message: 'Face up by default where face up is not allowed',
      });
  });
  return issues;
}

/** The seats: `min` at most `max`, and no more sides than seats. */
function seatIssues(doc: Shape): Issue[] {
  const issues: Issue[] = [];
  if (doc.players.min > doc.players.max)
    issues.push({
      path: ['players', 'min'],
      message: `Min ${doc.players.min} is more than max ${doc.players.max}`,
    });
  if (doc.sides && doc.sides.length > doc.players.max)
    issues.push({
      path: ['sides'],
      message: `There are ${doc.sides.length} sides for at most ${doc.players.max} seats`,
    });
  return issues;
}

/**
 * The zone types the catalog, the seat policy and the behaviour name (through `refer`), in the
 * file's order, and what they need: an alias is not itself a zone type, clearing has a clearZone
 * and a citation. Pushes onto `issues`, where `refer` records too, so the two stay in order.
 */
function referenceIssues(doc: Shape, known: ReadonlySet<string>, refer: Refer, issues: Issue[]): void {
  refer(['deckZone'], doc.deckZone);
  refer(['clearZone'], doc.clearZone);
  doc.seatPolicy.revealToEnter.forEach((r, i) => refer(['seatPolicy', 'revealToEnter', i, 'type'], r.type));
  const b = doc.behaviour;
  b?.ownersZones?.types.forEach((t, i) => refer(['behaviour', 'ownersZones', 'types', i], t));
  b?.aliases?.forEach((a, i) => {
    refer(['behaviour', 'aliases', i, 'to'], a.to);
    if (known.has(a.type))
      issues.push({
        path: ['behaviour', 'aliases', i, 'type'],
        message: `The alias "${a.type}" is a zone type`,
      });
  });
  b?.firstFit?.forEach((f, i) => refer(['behaviour', 'firstFit', i, 'type'], f.type));
  if (b?.hostedFate?.kind === 'toOwnerZone') refer(['behaviour', 'hostedFate', 'type'], b.hostedFate.type);
  if (b?.hostedFate?.kind === 'clear' && !doc.clearZone)
    issues.push({ path: ['behaviour', 'hostedFate', 'kind'], message: 'Clearing needs a clearZone' });
  if (doc.clearZone && !doc.citations.clear)
    issues.push({
      path: ['citations', 'clear'],
      message: 'A ruleset with a clearZone cites the rule that clears',
    });
}

/** The code hooks named: each one known ({@link HOOK_NAMES}), and named once. */
function hookIssues(doc: Shape): Issue[] {
  const issues: Issue[] = [];
  const hooks = new Set<string>();
  doc.hooks?.forEach((h, i) => {
    if (!HOOK_NAMES.includes(h))
      issues.push({
        path: ['hooks', i],
        message: `Unknown hook "${h}" (valid values: ${HOOK_NAMES.join(', ')})`,
      });
    else if (hooks.has(h)) issues.push({ path: ['hooks', i], message: `The hook "${h}" is named twice` });
    hooks.add(h);
  });
  return issues;
}

/**
 * A ruleset file's validator: the shape, then the checks between fields. Its output is the
 * document the rules layer builds a ruleset from.
 */
export const rulesetSchema = shape.superRefine((doc, ctx) => {
  for (const issue of crossIssues(doc)) ctx.addIssue({ code: 'custom', ...issue });
}) satisfies z.ZodType<RulesetDocument>;

/** The shape alone, for the JSON Schema (checks between fields are not JSON Schema). */
const rulesetShape = shape;

/** Where the JSON Schema is committed (`npm run schema:rulesets` writes it). */
export const RULESET_JSON_SCHEMA_FILE = 'schemas/ruleset.schema.json';

/**
 * The JSON Schema of ruleset files, for editors (validation and completion), generated from the
 * validator's shape. The checks between fields (zone type names, hook names) are the validator's.
 */
export function rulesetJsonSchema(): string {
  const schema = z.toJSONSchema(rulesetShape, { io: 'input', target: 'draft-2020-12' });
  const doc = {
    $id: 'https://zonekeeper.dev/schemas/ruleset.schema.json',
    title: 'Zonekeeper ruleset',
    description:
      "A card game's zones as data (docs/rulesets.md). Generated by `npm run schema:rulesets` from src/rulesets/schema.ts; do not edit by hand.",
    ...schema,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
