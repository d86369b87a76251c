/**
 * A ruleset file's table declarations (`statuses`, `counters`, `turn`; docs/rulesets.md) as the
 * rules layer's {@link TableSpec}, with the defaults the file format documents.
 */
import type { CounterKindDocument, NoneDocument, RandomizerDocument, RulesetDocument } from './document.js';
import type { CounterKindSpec, NoneDeclared, RandomizerSpec, TableSpec } from './types/table-spec.js';

const isNone = (x: unknown): x is NoneDocument =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'none' in x;

const noneOf = (x: unknown): NoneDeclared | null => (isNone(x) ? { reason: x.none, rule: x.rule } : null);

const counterKind = (c: CounterKindDocument): CounterKindSpec => ({
  kind: c.kind,
  rule: c.rule,
  min: c.min === undefined ? 0 : c.min,
  max: c.max ?? null,
  zoneTypes: c.zoneTypes ?? null,
  faceOnly: c.faceOnly ?? false,
  returnTo: c.returnTo ?? null,
  start: c.start ?? null,
  visibility: c.visibility ?? 'public',
});

const listOf = <T>(x: readonly T[] | NoneDocument | undefined): readonly T[] =>
  Array.isArray(x) ? (x as readonly T[]) : [];

const randomizer = (x: RandomizerDocument | NoneDocument | undefined, sides: readonly number[]) =>
  x && !isNone(x)
    ? ({ sides: x.sides ?? sides, seenBy: x.seenBy, rule: x.rule } satisfies RandomizerSpec)
    : null;

/** The table a file declares; undefined when it declares none of statuses, counters, turn, dice, coins. */
export function buildTable(doc: RulesetDocument): TableSpec | undefined {
  const declared = [doc.statuses, doc.counters, doc.turn, doc.dice, doc.coins];
  if (declared.every((x) => x === undefined)) return undefined;
  const statuses = doc.statuses && !isNone(doc.statuses) ? doc.statuses : [];
  const counters = doc.counters && !isNone(doc.counters) ? doc.counters : {};
  const turn = doc.turn && !isNone(doc.turn) ? doc.turn : null;
  return {
    statuses: statuses.map((s) => ({
      name: s.name,
      values: s.values,
      default: s.default ?? s.values[0] ?? '',
      zoneTypes: s.zoneTypes,
      rule: s.rule,
      faceOnly: s.faceOnly ?? false,
    })),
    statusesNone: noneOf(doc.statuses),
    openObjectKinds: counters.openObjectKinds ?? false,
    objectCounters: listOf(counters.objects).map(counterKind),
    playerCounters: listOf(counters.players).map(counterKind),
    zoneCounters: listOf(counters.zones).map(counterKind),
    countersNone: noneOf(doc.counters),
    objectCountersNone: noneOf(counters.objects),
    playerCountersNone: noneOf(counters.players),
    zoneCountersNone: noneOf(counters.zones),
    turn: turn
      ? {
          phases: turn.phases ?? [],
          phasesBySide: turn.phasesBySide ?? {},
          rule: turn.rule,
          firstSeat: Number((turn.firstPlayer ?? 'seat0').slice(4)),
        }
      : null,
    turnNone: noneOf(doc.turn),
    dice: randomizer(doc.dice, []),
    diceNone: noneOf(doc.dice),
    coins: randomizer(doc.coins, [2]),
    coinsNone: noneOf(doc.coins),
  };
}
