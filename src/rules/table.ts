/**
 * The table beyond zones (issue 28), as pure rules over a ruleset's declared data: statuses of
 * objects (MTG 110.5), counters on objects, players and zones (MTG 122.1, 119.1), the turn (MTG
 * 500.1). Limits on names and amounts are here, as is what a zone change does to them and who sees
 * them. No ruleset id is tested: every game answers from its own file.
 */
import type { ZoneTypeSpec } from './types/catalog.js';
import type { TableDelta } from './types/events.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { Counters, GameState, ObjectState, PlayerState } from './types/state.js';
import type { CounterKindSpec, StatusSpec, TableSpec } from './types/table-spec.js';
import type { Viewer } from './types/viewer.js';

/** Kind and status names: 1 to 32 of these characters (they are drawn as badges on the table page). */
const KIND_NAME_PATTERN = /^[A-Za-z0-9+\-/_]{1,32}$/;
/**
 * Names every JavaScript object already answers (`constructor`, `toString`, `__proto__`, ...).
 * Statuses and counters are records keyed by name, so such a name would read an inherited value
 * (`constructor` + 5 is text) or, written, set the record's prototype instead of a key.
 */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Whether `name` may name a counter kind, a status or a status value: 1 to 32 characters of
 * A-Z a-z 0-9 + - / _, and not a name every object already has. The one check for moves,
 * ruleset files, starting layouts and imports.
 */
export function isKindName(name: unknown): name is string {
  return typeof name === 'string' && KIND_NAME_PATTERN.test(name) && !INHERITED_NAMES.has(name);
}

/** The most counter kinds one holder (object, player or zone) may carry at once. */
export const MAX_COUNTER_KINDS = 32;

/** Amounts are 32-bit signed integers (GraphQL `Int`). */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** The longest reason a result may give. */
export const MAX_REASON_LENGTH = 500;

const NONE: TableSpec = Object.freeze({
  statuses: [],
  statusesNone: null,
  openObjectKinds: false,
  objectCounters: [],
  playerCounters: [],
  zoneCounters: [],
  countersNone: null,
  objectCountersNone: null,
  playerCountersNone: null,
  zoneCountersNone: null,
  turn: null,
  turnNone: null,
  dice: null,
  diceNone: null,
  coins: null,
  coinsNone: null,
});

/** A ruleset's table declarations; a ruleset (or stored version) without them declares none. */
export const tableOf = (spec: RulesetSpec): TableSpec => spec.table ?? NONE;

export const statusSpec = (spec: RulesetSpec, name: string): StatusSpec | undefined =>
  tableOf(spec).statuses.find((s) => s.name === name);

export const objectCounterSpec = (spec: RulesetSpec, kind: string): CounterKindSpec | undefined =>
  tableOf(spec).objectCounters.find((c) => c.kind === kind);

export const playerCounterSpec = (spec: RulesetSpec, kind: string): CounterKindSpec | undefined =>
  tableOf(spec).playerCounters.find((c) => c.kind === kind);

export const zoneCounterSpec = (spec: RulesetSpec, kind: string): CounterKindSpec | undefined =>
  tableOf(spec).zoneCounters.find((c) => c.kind === kind);

/**
 * Counters with one kind set to `amount`. On objects 0 removes the kind (an object has no counters
 * of a kind, MTG 122.1); players and zones keep a 0 (a life total of 0 is shown, MTG 119.1).
 */
export function withCounter(
  counters: Counters | undefined,
  kind: string,
  amount: number,
  keepZero = false,
): Counters {
  return withEntry(counters, kind, amount === 0 && !keepZero ? undefined : amount);
}

/**
 * A record with one entry set (`undefined`: removed), as a new object whose keys are in order. It
 * is built by adding keys only, never by `delete`, which would turn the object into a slow
 * dictionary; and records of the same keys then share one hidden class, and list in order as is.
 */
export function withEntry<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
  value: T | undefined,
): Record<string, T> {
  const next: Record<string, T> = {};
  let placed = value === undefined;
  for (const [k, v] of Object.entries(record ?? {})) {
    if (!placed && key < k) {
      next[key] = value as T;
      placed = true;
    }
    if (k !== key) next[k] = v;
  }
  if (!placed) next[key] = value as T;
  return next;
}

/**
 * An object with its statuses and counters replaced; empty ones are left out (the common case).
 * Built as one literal listing every field in the order `objectFromRow` uses, so that every object
 * shares one hidden class in V8. Rest destructuring and spreading the rest would give each object a
 * hidden class of its own: memory per object in every cached game, and megamorphic reads in views.
 */
export function withTableState(
  obj: ObjectState,
  statuses: Readonly<Record<string, string>> | undefined,
  counters: Counters | undefined,
): ObjectState {
  return {
    key: obj.key,
    publicId: obj.publicId,
    kind: obj.kind,
    ownerId: obj.ownerId,
    controllerId: obj.controllerId,
    zoneId: obj.zoneId,
    sortKey: obj.sortKey,
    faceUp: obj.faceUp,
    revealedTo: obj.revealedTo,
    hostKey: obj.hostKey,
    card: obj.card,
    history: obj.history,
    ...(statuses && Object.keys(statuses).length > 0 ? { statuses } : {}),
    ...(counters && Object.keys(counters).length > 0 ? { counters } : {}),
  };
}

/** An amount a cleared counter carries to a zone (`returnTo`). */
export interface ReturnedCounters {
  readonly zoneType: string;
  readonly kind: string;
  readonly amount: number;
  readonly rule: string;
}

/**
 * What an object keeps of its statuses and counters after changing zones into `to`: nothing when
 * the rules make it a new object (MTG 400.7, 122.2; FAB rule:become_new_object); otherwise every
 * status and counter kind that exists in `to` (a status whose zone types lack `to` is cleared, as
 * is a counter kind declared with zone types that lack it: a retreating Pokémon keeps its damage
 * counters and loses its Special Conditions). Cleared counters with `returnTo` are returned.
 */
export function clearOnZoneChange(
  spec: RulesetSpec,
  obj: ObjectState,
  to: ZoneTypeSpec,
  newObject: boolean,
): { readonly obj: ObjectState; readonly returned: readonly ReturnedCounters[] } {
  const statuses: Record<string, string> = {};
  for (const [name, value] of Object.entries(obj.statuses ?? {})) {
    const s = statusSpec(spec, name);
    if (!newObject && s && s.zoneTypes.includes(to.type)) statuses[name] = value;
  }
  const counters: Record<string, number> = {};
  const returned: ReturnedCounters[] = [];
  for (const [kind, amount] of Object.entries(obj.counters ?? {})) {
    const c = objectCounterSpec(spec, kind);
    const exists = !c || c.zoneTypes === null || c.zoneTypes.includes(to.type);
    if (!newObject && exists) {
      counters[kind] = amount;
      continue;
    }
    if (c?.returnTo)
      returned.push({ zoneType: c.returnTo.zoneType, kind: c.returnTo.kind, amount, rule: c.returnTo.rule });
  }
  const same =
    Object.keys(statuses).length === Object.keys(obj.statuses ?? {}).length &&
    Object.keys(counters).length === Object.keys(obj.counters ?? {}).length;
  return { obj: same ? obj : withTableState(obj, statuses, counters), returned };
}

/**
 * An object's statuses and counters as a viewer sees them: all of them when the viewer sees its
 * face; in a public zone also without the face (a face-down MTG permanent's tapped status and
 * counters are public), except kinds declared `faceOnly`; none otherwise (in a secret or hidden
 * zone they would let a viewer follow a card it cannot see).
 */
export function visibleTableState(
  spec: RulesetSpec,
  obj: ObjectState,
  seesFace: boolean,
  publicZone: boolean,
): { readonly statuses: Readonly<Record<string, string>>; readonly counters: Counters } {
  if (!obj.statuses && !obj.counters) return EMPTY_TABLE_VIEW;
  if (seesFace)
    return {
      statuses: obj.statuses ?? EMPTY_TABLE_VIEW.statuses,
      counters: obj.counters ?? EMPTY_TABLE_VIEW.counters,
    };
  if (!publicZone) return EMPTY_TABLE_VIEW;
  const statuses: Record<string, string> = {};
  for (const [name, value] of Object.entries(obj.statuses ?? {}))
    if (!statusSpec(spec, name)?.faceOnly) statuses[name] = value;
  const counters: Record<string, number> = {};
  for (const [kind, amount] of Object.entries(obj.counters ?? {}))
    if (!objectCounterSpec(spec, kind)?.faceOnly) counters[kind] = amount;
  return { statuses, counters };
}

const EMPTY_TABLE_VIEW = Object.freeze({ statuses: Object.freeze({}), counters: Object.freeze({}) });

/** Whether a viewer sees a player's counter of this kind: public unless declared `owner`. */
export function seesPlayerCounter(
  spec: RulesetSpec,
  viewer: Viewer,
  playerId: string,
  kind: string,
): boolean {
  if (playerCounterSpec(spec, kind)?.visibility !== 'owner') return true;
  return viewer.kind === 'admin' || (viewer.kind === 'player' && viewer.playerId === playerId);
}

/** A player's counters as a viewer sees them. */
export function visiblePlayerCounters(
  spec: RulesetSpec,
  viewer: Viewer,
  playerId: string,
  counters: Counters | undefined,
): Counters {
  if (!counters) return {};
  const out: Record<string, number> = {};
  for (const [kind, amount] of Object.entries(counters))
    if (seesPlayerCounter(spec, viewer, playerId, kind)) out[kind] = amount;
  return out;
}

/** A state with an event's table change applied (replay). */
export function applyTableDelta(state: GameState, delta: TableDelta | undefined): GameState {
  if (!delta) return state;
  let { players, zones } = state;
  if (delta.players) {
    const byId = new Map(delta.players.map((p) => [p.id, p]));
    players = players.map((p) => {
      const d = byId.get(p.id);
      return d ? playerWith(p, d.counters, d.conceded) : p;
    });
  }
  if (delta.zones) {
    const byId = new Map(delta.zones.map((z) => [z.id, z.counters]));
    zones = zones.map((z) => {
      const counters = byId.get(z.id);
      if (counters === undefined) return z;
      const { counters: _old, ...rest } = z;
      return Object.keys(counters).length > 0 ? { ...rest, counters } : rest;
    });
  }
  return {
    ...state,
    players,
    zones,
    ...(delta.turn ? { turn: delta.turn } : {}),
    ...(delta.result ? { result: delta.result } : {}),
    ...(delta.entropy ? { entropy: delta.entropy } : {}),
    ...(delta.clock ? { clock: delta.clock } : {}),
  };
}

/** A player with counters and conceded set (left out when empty / false). */
export function playerWith(p: PlayerState, counters: Counters, conceded: boolean): PlayerState {
  return {
    id: p.id,
    seat: p.seat,
    ...(Object.keys(counters).length > 0 ? { counters } : {}),
    ...(conceded ? { conceded: true } : {}),
  };
}

/** The phases of the turn of a player (by its side where the sides' turns differ). */
export function phasesFor(spec: RulesetSpec, seat: number): readonly string[] {
  const turn = tableOf(spec).turn;
  if (!turn) return [];
  const side = spec.sides[seat];
  if (side !== undefined && turn.phasesBySide[side]) return turn.phasesBySide[side];
  return turn.phases;
}
