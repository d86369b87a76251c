/**
 * A mutable working copy of a game used while planning one move. It records, per event, which
 * objects changed and applies the identity policy when an event closes: an object gets a new public
 * id when the rules make it a new object (MTG 400.7, FAB rule:become_new_object) or when some viewer
 * cannot follow it, so ids never link what a viewer could not see.
 *
 * Over 300 lines on purpose: the event a move records, its identity policy and what a zone change
 * does to statuses and counters (MTG 400.7, 122.2) close together in `end`, read as one.
 */
import type { GameHooks } from '../types.js';
import { compareBySortKey, indexPositions } from '../positions.js';
import { zoneSpecOf } from '../spec.js';
import { clearOnZoneChange } from '../table.js';
import type {
  Counters,
  DomainEvent,
  GameResult,
  PlayerState,
  TableDelta,
  TurnState,
  EventKind,
  GameState,
  ObjectState,
  PlanContext,
  RulesetSpec,
  SnapshotContext,
  Transition,
  ZoneState,
  ZoneTypeSpec,
} from '../types.js';
import { canSeeSnapshot, contextIn, nonAdminViewers, type ObjectSnapshot } from '../visibility.js';
import { newObjectHistory } from './history.js';
import { ActLog } from './acts.js';

/** How an object was touched: a real change, or only a renumbered sort key (keeps its id). */
type TouchMode = 'change' | 'renumber';

interface OpenEvent {
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
  /** Fields the event records beyond changes (a roll's audience, seat entropy). */
  extra: Pick<DomainEvent, 'roll' | 'entropyAdded'>;
}

/** The working copy of one move's planning: reads, writes and events, closed by {@link Draft.end}. */
export class Draft {
  zones: ZoneState[];
  players: readonly PlayerState[];
  turn: TurnState | null;
  result: GameResult | null;
  /** zk-rng/1's running entropy hash (hex), null until a seat adds entropy. */
  entropy: string | null;
  private readonly objects: Map<string, ObjectState>;
  private readonly byPublicId = new Map<string, string>();
  readonly events: DomainEvent[] = [];
  readonly acts = new ActLog(); // the plan's random acts (docs/fairness.md)
  private open: OpenEvent | null = null;
  /** The ruleset's hooks (`spec.hooks`), asked wherever a rule is more than catalog data. */
  readonly hooks: GameHooks;

  constructor(
    readonly spec: RulesetSpec,
    readonly state: GameState,
    readonly ctx: PlanContext,
  ) {
    this.hooks = spec.hooks;
    this.zones = [...state.zones];
    this.players = state.players;
    this.turn = state.turn ?? null;
    this.result = state.result ?? null;
    this.entropy = state.entropy ?? null;
    this.objects = new Map(state.objects.map((o) => [o.key, o]));
    for (const o of state.objects) this.byPublicId.set(o.publicId, o.key);
  }

  // ----- reading ----------------------------------------------------------------------------

  get(key: string): ObjectState {
    const o = this.objects.get(key);
    if (!o) throw new Error(`no object with key ${key}`);
    return o;
  }

  has(key: string): boolean {
    return this.objects.has(key);
  }

  byId(publicId: string): ObjectState | undefined {
    const key = this.byPublicId.get(publicId);
    return key === undefined ? undefined : this.objects.get(key);
  }

  zone(zoneId: string): ZoneState | undefined {
    return this.zones.find((z) => z.id === zoneId);
  }

  zoneOf(obj: ObjectState): ZoneState {
    const z = this.zone(obj.zoneId);
    if (!z) throw new Error(`object ${obj.key} is in unknown zone ${obj.zoneId}`);
    return z;
  }

  typeOf(zone: ZoneState): ZoneTypeSpec {
    return zoneSpecOf(this.spec, zone);
  }

  zonesOf(type: string, ownerId: string | null): ZoneState[] {
    return this.zones
      .filter((z) => z.type === type && z.ownerId === ownerId)
      .sort((a, b) => a.index - b.index);
  }

  /** Top-level objects of a zone, top first. */
  topLevel(zoneId: string): ObjectState[] {
    const list: ObjectState[] = [];
    for (const o of this.objects.values()) if (o.zoneId === zoneId && o.hostKey === null) list.push(o);
    return list.sort(compareBySortKey);
  }

  /** Objects hosted directly on the object with this key. */
  hosted(key: string): ObjectState[] {
    const list: ObjectState[] = [];
    for (const o of this.objects.values()) if (o.hostKey === key) list.push(o);
    return list.sort(compareBySortKey);
  }

  /** Every object in a zone, top-level and hosted. */
  allInZone(zoneId: string): ObjectState[] {
    return [...this.objects.values()].filter((o) => o.zoneId === zoneId);
  }

  isPlayer(id: string): boolean {
    return this.state.players.some((p) => p.id === id);
  }

  snapshot(): GameState {
    return {
      ruleset: this.state.ruleset,
      players: this.players,
      zones: this.zones,
      objects: [...this.objects.values()],
      ...(this.turn ? { turn: this.turn } : {}),
      ...(this.result ? { result: this.result } : {}),
      ...(this.entropy ? { entropy: this.entropy } : {}),
    };
  }

  // ----- writing ----------------------------------------------------------------------------

  /** Opens an event; every change until {@link end} belongs to it. */
  begin(kind: EventKind, rules: readonly string[] = []): void {
    if (this.open) throw new Error('event already open');
    this.open = {
      kind,
      rules: [...rules],
      zoneIds: [],
      unchangedIds: [],
      zonesCreated: [],
      zonesRemoved: [],
      startObjects: new Map(this.objects),
      startZones: [...this.zones],
      touched: new Map(),
      newObjects: new Set(),
      players: new Map(),
      zoneCounters: new Map(),
      extra: {},
    };
  }

  private ev(): OpenEvent {
    if (!this.open) throw new Error('no open event');
    return this.open;
  }

  cite(rule: string | null | undefined): void {
    if (rule && !this.ev().rules.includes(rule)) this.ev().rules.push(rule);
  }

  touchZone(zoneId: string): void {
    if (!this.ev().zoneIds.includes(zoneId)) this.ev().zoneIds.push(zoneId);
  }

  unchanged(publicId: string): void {
    this.ev().unchangedIds.push(publicId);
  }

  /** Marks an object (and whatever it hosts, whose visibility follows it) as changed in this event. */
  touch(key: string, mode: TouchMode = 'change'): void {
    const touched = this.ev().touched;
    const current = touched.get(key);
    if (current !== 'change') touched.set(key, mode);
    if (mode === 'change')
      for (const h of this.hosted(key)) if (touched.get(h.key) !== 'change') this.touch(h.key, 'change');
  }

  /** Replaces an object (same key). */
  put(obj: ObjectState, mode: TouchMode = 'change'): void {
    this.touch(obj.key, mode);
    const previous = this.objects.get(obj.key);
    if (previous && previous.publicId !== obj.publicId) this.byPublicId.delete(previous.publicId);
    this.objects.set(obj.key, obj);
    this.byPublicId.set(obj.publicId, obj.key);
  }

  /** Adds a created object. */
  create(obj: ObjectState): void {
    if (this.objects.has(obj.key)) throw new Error(`duplicate key ${obj.key}`);
    this.put(obj);
  }

  /** The object ceases to exist (or leaves the game). */
  remove(key: string): void {
    const obj = this.get(key);
    this.touch(key);
    this.objects.delete(key);
    this.byPublicId.delete(obj.publicId);
  }

  /** Records that the rules make this object a new object (MTG 400.7, FAB rule:become_new_object). */
  markNew(key: string, rule: string | null): void {
    if (rule === null) return;
    this.ev().newObjects.add(key);
    this.cite(rule);
  }

  /** Replaces a player (counters, conceded) and records it in the event's table change. */
  putPlayer(player: PlayerState): void {
    this.players = this.players.map((p) => (p.id === player.id ? player : p));
    this.ev().players.set(player.id, player);
  }

  /** Sets a zone's counters and records them in the event's table change. */
  setZoneCounters(zoneId: string, counters: Counters): void {
    this.zones = this.zones.map((z) => {
      if (z.id !== zoneId) return z;
      const { counters: _old, ...rest } = z;
      return Object.keys(counters).length > 0 ? { ...rest, counters } : rest;
    });
    this.ev().zoneCounters.set(zoneId, counters);
    this.touchZone(zoneId);
  }

  setTurn(turn: TurnState): void {
    this.turn = turn;
    this.ev().turn = turn;
  }

  /** Sets zk-rng/1's running entropy hash and records it in the event's table change. */
  setEntropy(hash: string): void {
    this.entropy = hash;
    this.ev().entropy = hash;
  }

  /** Records fields of the open event beyond its changes; such an event is kept even if nothing else changed. */
  record(extra: OpenEvent['extra']): void {
    Object.assign(this.ev().extra, extra);
  }

  setResult(result: GameResult): void {
    this.result = result;
    this.ev().result = result;
  }

  addZone(zone: ZoneState): void {
    this.zones.push(zone);
    this.ev().zonesCreated.push(zone);
    this.touchZone(zone.id);
  }

  removeZone(zone: ZoneState): void {
    this.zones = this.zones.filter((z) => z.id !== zone.id);
    this.ev().zonesRemoved.push(zone);
    this.touchZone(zone.id);
  }

  /**
   * Closes the event: applies the identity policy (re-mint the public id when the rules say new
   * object, or when some non-admin viewer cannot see the object both before and after), then
   * records the transitions of every object that differs.
   */
  end(): void {
    const ev = this.ev();
    this.clearTableState(ev);
    this.open = null;
    const viewers = nonAdminViewers(this.state);
    // Positions are needed only where touched objects were or are: index just those zones.
    const zonesTouched = new Set<string>();
    for (const key of ev.touched.keys()) {
      const before = ev.startObjects.get(key);
      const after = this.objects.get(key);
      if (before) zonesTouched.add(before.zoneId);
      if (after) zonesTouched.add(after.zoneId);
    }
    const positionsIn = (objects: Iterable<ObjectState>) => {
      const inZones: ObjectState[] = [];
      for (const o of objects) if (zonesTouched.has(o.zoneId)) inZones.push(o);
      return indexPositions({ objects: inZones });
    };
    const startPositions = positionsIn(ev.startObjects.values());
    let endPositions = positionsIn(this.objects.values());
    const startObject = (k: string) => ev.startObjects.get(k);
    const endObject = (k: string) => this.objects.get(k);
    const beforeCtx = (o: ObjectState): SnapshotContext =>
      contextIn(this.spec, ev.startZones, startObject, startPositions, o);
    const afterCtx = (o: ObjectState): SnapshotContext =>
      contextIn(this.spec, this.zones, endObject, endPositions, o);

    for (const [key, mode] of ev.touched) {
      const before = ev.startObjects.get(key) ?? null;
      const after = this.objects.get(key) ?? null;
      if (!before || !after) continue;
      const isNew = ev.newObjects.has(key);
      if (!isNew && mode === 'renumber') continue;
      const b: ObjectSnapshot = { obj: before, context: beforeCtx(before) };
      const a: ObjectSnapshot = { obj: after, context: afterCtx(after) };
      const tracked = viewers.every(
        (v) => canSeeSnapshot(this.spec, v, b) && canSeeSnapshot(this.spec, v, a),
      );
      if (isNew || !tracked) {
        const publicId = this.ctx.newId();
        const history = isNew ? newObjectHistory(before.history, after.history) : after.history;
        this.objects.set(key, { ...after, publicId, history });
        this.byPublicId.delete(after.publicId);
        this.byPublicId.set(publicId, key);
      }
    }
    endPositions = positionsIn(this.objects.values());

    const transitions: Transition[] = [];
    const zoneIds = new Set<string>(ev.zoneIds);
    for (const key of ev.touched.keys()) {
      const before = ev.startObjects.get(key) ?? null;
      const after = this.objects.get(key) ?? null;
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
    if (changes.every((list) => list.length === 0) && !table && !extra) return;
    this.events.push({
      kind: ev.kind,
      zoneIds: [...zoneIds],
      transitions,
      zonesCreated: ev.zonesCreated,
      zonesRemoved: ev.zonesRemoved,
      rules: ev.rules,
      ...(ev.unchangedIds.length > 0 ? { unchangedIds: ev.unchangedIds } : {}),
      ...(table ? { table } : {}),
      ...ev.extra,
    });
  }

  /**
   * Statuses and counters an object loses as it changes zones (`src/rules/table.ts`): all of them
   * when the rules make it a new object (MTG 400.7, 122.2; FAB rule:become_new_object), else those
   * that do not exist in its new zone type. A cleared counter with `returnTo` goes to that zone.
   */
  private clearTableState(ev: OpenEvent): void {
    for (const key of ev.touched.keys()) {
      const before = ev.startObjects.get(key);
      const after = this.objects.get(key);
      if (!before || !after) continue;
      if (!after.statuses && !after.counters) continue;
      const zone = this.zone(after.zoneId);
      if (!zone) continue;
      const changedZone = before.zoneId !== after.zoneId;
      if (!changedZone && !ev.newObjects.has(key)) continue;
      const cleared = clearOnZoneChange(this.spec, after, this.typeOf(zone), ev.newObjects.has(key));
      if (cleared.obj === after) continue;
      this.objects.set(key, cleared.obj);
      for (const r of cleared.returned) {
        const target = this.zones.find(
          (z) => z.type === r.zoneType && (z.ownerId === null || z.ownerId === after.ownerId),
        );
        if (!target) continue;
        const current = ev.zoneCounters.get(target.id) ?? target.counters ?? {};
        this.setZoneCounters(target.id, { ...current, [r.kind]: (current[r.kind] ?? 0) + r.amount });
        this.cite(r.rule);
      }
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
  if (players.length === 0 && zones.length === 0 && !ev.turn && !ev.result && !ev.entropy) return null;
  return {
    ...(players.length > 0 ? { players } : {}),
    ...(zones.length > 0 ? { zones } : {}),
    ...(ev.turn ? { turn: ev.turn } : {}),
    ...(ev.result ? { result: ev.result } : {}),
    ...(ev.entropy ? { entropy: ev.entropy } : {}),
  };
}
