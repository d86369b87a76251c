/**
 * The event a move records, from its opening ({@link Draft.begin}) to its closing
 * ({@link Draft.end}): what changed while it was open, and the identity policy applied when it
 * closes. An object gets a new public id when the rules make it a new object (MTG 400.7, FAB
 * rule:become_new_object) or when some viewer cannot follow it, so ids never link what a viewer
 * could not see.
 */
import type { ClockState } from '../clock/types.js';
import type { DomainEvent, EventKind, SnapshotContext, TableDelta, Transition } from '../types/events.js';
import type { PlanContext } from '../types/plan.js';
import type { RulesetSpec } from '../types/ruleset.js';
import type {
  Counters,
  GameResult,
  GameState,
  ObjectState,
  PlayerState,
  TurnState,
  ZoneState,
} from '../types/state.js';
import { indexPositions } from '../positions.js';
import { canSeeSnapshot, contextIn, nonAdminViewers, type ObjectSnapshot } from '../visibility.js';
import { newObjectHistory } from './history.js';

/** How an object was touched: a real change, or only a renumbered sort key (keeps its id). */
export type TouchMode = 'change' | 'renumber';

/** The event being recorded: every change since it opened, and the state it opened on. */
export interface OpenEvent {
  readonly kind: EventKind;
  readonly rules: string[];
  readonly zoneIds: string[];
  readonly unchangedIds: string[];
  readonly zonesCreated: ZoneState[];
  readonly zonesRemoved: ZoneState[];
  readonly startObjects: ReadonlyMap<string, ObjectState>;
  readonly startZones: readonly ZoneState[];
  readonly touched: Map<string, TouchMode>;
  readonly newObjects: Set<string>;
  readonly players: Map<string, PlayerState>;
  readonly zoneCounters: Map<string, Counters>;
  turn?: TurnState;
  result?: GameResult;
  entropy?: string;
  clock?: ClockState;
  /** Fields the event records beyond changes (a roll's audience, seat entropy, a rewind, a clock change). */
  extra: Pick<DomainEvent, 'roll' | 'entropyAdded' | 'rewind' | 'clockChange' | 'takeback'>;
}

/** An event of `kind` opened on the objects and zones as they are now. */
export function openEvent(
  kind: EventKind,
  rules: readonly string[],
  objects: ReadonlyMap<string, ObjectState>,
  zones: readonly ZoneState[],
): OpenEvent {
  return {
    kind,
    rules: [...rules],
    zoneIds: [],
    unchangedIds: [],
    zonesCreated: [],
    zonesRemoved: [],
    startObjects: new Map(objects),
    startZones: [...zones],
    touched: new Map(),
    newObjects: new Set(),
    players: new Map(),
    zoneCounters: new Map(),
    extra: {},
  };
}

/** What closing an event reads of the draft, and the one write it makes: a new public id. */
export interface Closing {
  readonly spec: RulesetSpec;
  /** The game as the move found it: whose viewers must be able to follow an object. */
  readonly state: GameState;
  readonly ctx: PlanContext;
  /** The zones and objects as they are now. */
  readonly zones: readonly ZoneState[];
  readonly objects: ReadonlyMap<string, ObjectState>;
  /**
   * The event records a random act: it is kept even when it changed nothing (a shuffle that left
   * every object in place), so that every act number used up is in the log (docs/fairness.md).
   */
  readonly recordsAct: boolean;
  /** Gives the object with this key a new public id and history; its key stays. */
  reidentify(key: string, publicId: string, history: ObjectState['history']): void;
}

/**
 * Closes the event: applies the identity policy (re-mint the public id when the rules say new
 * object, or when some non-admin viewer cannot see the object both before and after), then
 * records the transitions of every object that differs. Null when the event changed nothing and
 * records nothing beyond (no random act among it).
 */
export function closeEvent(ev: OpenEvent, d: Closing): DomainEvent | null {
  // Positions are needed only where touched objects were or are: index just those zones.
  const zonesTouched = new Set<string>();
  for (const key of ev.touched.keys()) {
    const before = ev.startObjects.get(key);
    const after = d.objects.get(key);
    if (before) zonesTouched.add(before.zoneId);
    if (after) zonesTouched.add(after.zoneId);
  }
  const positionsIn = (objects: Iterable<ObjectState>) => {
    const inZones: ObjectState[] = [];
    for (const o of objects) if (zonesTouched.has(o.zoneId)) inZones.push(o);
    return indexPositions({ objects: inZones });
  };
  const startPositions = positionsIn(ev.startObjects.values());
  // Computed once: re-identifying (below) changes an object's public id and history only, never
  // what a position is made of (zone, host, sort key, key), so these positions hold after it too.
  const endPositions = positionsIn(d.objects.values());
  const startObject = (k: string) => ev.startObjects.get(k);
  const endObject = (k: string) => d.objects.get(k);
  const beforeCtx = (o: ObjectState): SnapshotContext =>
    contextIn(d.spec, ev.startZones, startObject, startPositions, o);
  const afterCtx = (o: ObjectState): SnapshotContext =>
    contextIn(d.spec, d.zones, endObject, endPositions, o);

  reidentifyUnfollowable(ev, d, beforeCtx, afterCtx);

  const transitions: Transition[] = [];
  const zoneIds = new Set<string>(ev.zoneIds);
  for (const key of ev.touched.keys()) {
    const before = ev.startObjects.get(key) ?? null;
    const after = d.objects.get(key) ?? null;
    if (before === after) continue;
    if (before) zoneIds.add(before.zoneId);
    if (after) zoneIds.add(after.zoneId);
    transitions.push({
      before,
      after,
      newObject: ev.newObjects.has(key),
      beforeContext: before ? beforeCtx(before) : null,
      afterContext: after ? afterCtx(after) : null,
    });
  }
  const table = tableDelta(ev);
  const changes = [transitions, ev.unchangedIds, ev.zonesCreated, ev.zonesRemoved];
  const extra = Object.keys(ev.extra).length > 0;
  if (changes.every((list) => list.length === 0) && !table && !extra && !d.recordsAct) return null;
  return {
    kind: ev.kind,
    zoneIds: [...zoneIds],
    transitions,
    zonesCreated: ev.zonesCreated,
    zonesRemoved: ev.zonesRemoved,
    rules: ev.rules,
    ...(ev.unchangedIds.length > 0 ? { unchangedIds: ev.unchangedIds } : {}),
    ...(table ? { table } : {}),
    ...ev.extra,
  };
}

/**
 * The identity policy: a new public id for every touched object the rules make a new object, and
 * for every one some non-admin viewer cannot see both before and after the event.
 */
function reidentifyUnfollowable(
  ev: OpenEvent,
  d: Closing,
  beforeCtx: (o: ObjectState) => SnapshotContext,
  afterCtx: (o: ObjectState) => SnapshotContext,
): void {
  const viewers = nonAdminViewers(d.state);
  for (const [key, mode] of ev.touched) {
    const before = ev.startObjects.get(key) ?? null;
    const after = d.objects.get(key) ?? null;
    if (!before || !after) continue;
    const isNew = ev.newObjects.has(key);
    if (!isNew && mode === 'renumber') continue;
    const b: ObjectSnapshot = { obj: before, context: beforeCtx(before) };
    const a: ObjectSnapshot = { obj: after, context: afterCtx(after) };
    const tracked = viewers.every((v) => canSeeSnapshot(d.spec, v, b) && canSeeSnapshot(d.spec, v, a));
    if (isNew || !tracked) {
      const publicId = d.ctx.newId();
      const history = isNew ? newObjectHistory(before.history, after.history) : after.history;
      d.reidentify(key, publicId, history);
    }
  }
}

/** The event's table change, or null when it changed nothing beyond objects. */
function tableDelta(ev: OpenEvent): TableDelta | null {
  const players = [...ev.players.values()].map((p) => ({
    id: p.id,
    counters: p.counters ?? {},
    conceded: p.conceded ?? false,
  }));
  const zones = [...ev.zoneCounters].map(([id, counters]) => ({ id, counters }));
  if (players.length === 0 && zones.length === 0 && !ev.turn && !ev.result && !ev.entropy && !ev.clock)
    return null;
  return {
    ...(players.length > 0 ? { players } : {}),
    ...(zones.length > 0 ? { zones } : {}),
    ...(ev.turn ? { turn: ev.turn } : {}),
    ...(ev.result ? { result: ev.result } : {}),
    ...(ev.entropy ? { entropy: ev.entropy } : {}),
    ...(ev.clock ? { clock: ev.clock } : {}),
  };
}
