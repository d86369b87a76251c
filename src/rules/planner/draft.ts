/**
 * A mutable working copy of a game used while planning one move: {@link DraftView}'s reads, the
 * writes, and the events they make. Every write belongs to the event opened by {@link Draft.begin};
 * {@link Draft.end} closes it, clearing what a zone change clears and applying the identity policy
 * (`draft-event.ts`).
 */
import type { ClockState } from '../clock/types.js';
import type { DomainEvent, EventKind } from '../types/events.js';
import type { Counters, GameResult, ObjectState, PlayerState, TurnState, ZoneState } from '../types/state.js';
import { clearOnZoneChange } from '../table.js';
import { ActLog } from './acts.js';
import { closeEvent, openEvent, type OpenEvent, type TouchMode } from './draft-event.js';
import { DraftView } from './draft-view.js';

/** The working copy of one move's planning: reads, writes and events, closed by {@link Draft.end}. */
export class Draft extends DraftView {
  readonly events: DomainEvent[] = [];
  readonly acts = new ActLog(this.state); // the plan's random acts (docs/fairness.md)
  private open: OpenEvent | null = null;

  /** Opens an event; every change until {@link end} belongs to it. */
  begin(kind: EventKind, rules: readonly string[] = []): void {
    if (this.open) throw new Error('event already open');
    this.open = openEvent(kind, rules, this.objects, this.zones);
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

  /**
   * Sets zk-rng's running entropy hash and records it in the event's table change; `seat`, when
   * not already among them, joins the seats that gave entropy since the commitment.
   */
  setEntropy(hash: string, seat: string | null): void {
    this.entropy = hash;
    this.ev().entropy = hash;
    const given = this.seatEntropy?.given;
    if (this.seatEntropy && given && seat !== null && !given.includes(seat))
      this.seatEntropy = { ...this.seatEntropy, given: [...given, seat] };
  }

  /** Sets the game's clocks and records them in the event's table change (issue 40). */
  setClock(clock: ClockState): void {
    this.clock = clock;
    this.ev().clock = clock;
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

  /** Closes the event (`closeEvent`) and keeps it, unless it changed and recorded nothing. */
  end(): void {
    const ev = this.ev();
    this.clearTableState(ev);
    this.open = null;
    const event = closeEvent(ev, {
      spec: this.spec,
      state: this.state,
      ctx: this.ctx,
      zones: this.zones,
      objects: this.objects,
      recordsAct: this.acts.recordsAt(this.events.length),
      reidentify: (key, publicId, history) => {
        const obj = this.get(key);
        this.objects.set(key, { ...obj, publicId, history });
        this.byPublicId.delete(obj.publicId);
        this.byPublicId.set(publicId, key);
      },
    });
    if (event) this.events.push(event);
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
