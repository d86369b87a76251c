/**
 * `Query.rulesets`: every loaded ruleset's zone catalog, statuses, counters, turn structure and
 * randomizers, shaped for a generic frontend that draws any game (`docs/rulesets.md`).
 */
import type {
  CounterKindSpec,
  RandomizerSpec,
  RulesetSpec,
  TableSpec,
  ZoneTypeSpec,
} from '../rules/index.js';

const zoneTypeOut = (t: ZoneTypeSpec) => ({
  type: t.type,
  name: t.name,
  visibility: t.visibility.toUpperCase() as Uppercase<ZoneTypeSpec['visibility']>,
  faceDownSeenBy: t.faceDownSeenBy.toUpperCase() as Uppercase<ZoneTypeSpec['faceDownSeenBy']>,
  scope: t.scope.toUpperCase() as Uppercase<ZoneTypeSpec['scope']>,
  perPlayer: t.perPlayer,
  ordered: t.ordered,
  ownerMayReorder: t.ownerMayReorder,
  capacity: t.capacity,
  defaultFaceUp: t.defaultFaceUp,
  allowsFaceUp: t.allowsFaceUp,
  arena: t.arena,
  isStack: t.isStack,
  displayNames: Object.entries(t.displayNames ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, n]) => n),
  admits: t.admits,
  rules: t.rules,
});

const counterKindOut = (c: CounterKindSpec) => ({
  kind: c.kind,
  rule: c.rule,
  min: c.min,
  max: c.max,
  zoneTypes: c.zoneTypes,
  faceOnly: c.faceOnly,
  start: c.start,
  visibility: c.visibility.toUpperCase() as Uppercase<CounterKindSpec['visibility']>,
});

const randomizerOut = (r: RandomizerSpec | null | undefined) =>
  r
    ? { sides: r.sides, seenBy: r.seenBy.map((a) => a.toUpperCase() as Uppercase<typeof a>), rule: r.rule }
    : null;

/** Statuses, counter kinds and the turn structure a table page draws (`docs/rulesets.md`). */
const tableOut = (t: TableSpec | undefined) => ({
  statuses: t?.statuses ?? [],
  statusesNone: t?.statusesNone ?? null,
  openObjectCounterKinds: t?.openObjectKinds ?? false,
  objectCounters: (t?.objectCounters ?? []).map(counterKindOut),
  playerCounters: (t?.playerCounters ?? []).map(counterKindOut),
  zoneCounters: (t?.zoneCounters ?? []).map(counterKindOut),
  countersNone: t?.countersNone ?? null,
  objectCountersNone: t?.objectCountersNone ?? null,
  playerCountersNone: t?.playerCountersNone ?? null,
  zoneCountersNone: t?.zoneCountersNone ?? null,
  turn: t?.turn
    ? {
        phases: t.turn.phases,
        phasesBySide: Object.entries(t.turn.phasesBySide).map(([side, phases]) => ({ side, phases })),
        rule: t.turn.rule,
      }
    : null,
  turnNone: t?.turnNone ?? null,
  dice: randomizerOut(t?.dice),
  diceNone: t?.diceNone ?? null,
  coins: randomizerOut(t?.coins),
  coinsNone: t?.coinsNone ?? null,
});

/** One ruleset as `Query.rulesets` lists it (`docs/rulesets.md`). */
export const rulesetOut = (r: RulesetSpec) => ({
  id: r.id,
  name: r.name,
  deckZone: r.deckZone,
  minPlayers: r.players.min,
  maxPlayers: r.players.max,
  version: r.version,
  sides: r.sides,
  zoneTypes: r.zoneTypes.map(zoneTypeOut),
  ...tableOut(r.table),
});
