/**
 * rewind: a judge backs the game up (Magic Infraction Procedure Guide 1.4, "Backing Up") to the
 * state after an earlier event, recorded as one GAME_REWOUND event: nothing in the log is removed
 * or changed, so every earlier state still replays as it did. Objects, zones, player and zone
 * counters, concessions and the turn return to that state; the fairness chain does not (the seat
 * entropy folded so far and the count of random acts drawn stay, so every act after the earlier
 * event keeps its number and still verifies, docs/fairness.md).
 *
 * Identity: an object every viewer could see where it returns (public, or revealed to all) takes
 * back the public id it had then; any other object that changes takes a fresh id, and the identity
 * policy (`draft-event.ts`) re-mints whatever some viewer cannot follow, so the rewind tells nobody
 * which hidden card is which. In `RANDOMIZE_UNKNOWN` (IPG 1.4: a card a player did not know is
 * chosen at random; a shuffle is undone by shuffling the random portion again) the objects of each
 * zone that no seat could see are shuffled among the places they held, one random act per zone.
 */
import type { Draft } from './draft.js';
import { reject } from './reject.js';
import { compareBySortKey, indexPositions, type PositionIndex } from '../positions.js';
import { canSeeSnapshot, contextOf, nonAdminViewers } from '../visibility.js';
import type { RewindMove, RewindRecord } from '../types/rewind.js';
import type { GameState, ObjectState, PlayerState } from '../types/state.js';
import type { Viewer } from '../types/viewer.js';

/** The rule every rewind cites. */
export const REWIND_RULE = 'IPG 1.4';

const SPECTATOR: Viewer = { kind: 'spectator' };

/** Plans a rewind on a draft: see the file comment. */
export function planRewind(d: Draft, move: RewindMove): void {
  rewindTo(d, { toSeq: move.toSeq, mode: move.mode, reason: move.reason });
}

/**
 * Plans one GAME_REWOUND event recording `record`, back to the state after `record.toSeq`: a judge's
 * rewind, or a seats' takeback once accepted (`takeback.ts`, EXACT, `record.takeback` set).
 */
export function rewindTo(d: Draft, record: RewindRecord): void {
  const past = d.ctx.stateAt?.(record.toSeq) ?? null;
  if (!past)
    throw reject(
      'REWIND_UNAVAILABLE',
      REWIND_RULE,
      `The game has no state after event ${record.toSeq} to go back to.`,
    );
  if (d.result || past.result)
    throw reject(
      'REWIND_CROSSES_GAME_END',
      REWIND_RULE,
      'A rewind may not cross the end of a game: its seed is revealed there.',
    );
  const target = record.mode === 'EXACT' ? past : reshuffleUnknown(d, past);
  d.begin('GAME_REWOUND', [REWIND_RULE]);
  d.record({ rewind: record });
  const now = new Set(d.zones.map((z) => z.id));
  for (const z of target.zones) if (!now.has(z.id)) d.addZone(z);
  restoreObjects(d, target);
  const then = new Set(target.zones.map((z) => z.id));
  for (const z of [...d.zones]) if (!then.has(z.id)) d.removeZone(z);
  restoreTable(d, target);
  d.end();
}

/**
 * `past` with, in each zone, the top-level objects no seat could see there shuffled among the
 * places they held (one random act per zone with two or more of them, drawn before the event opens
 * as a shuffle's are, `order.ts`). Objects some seat knew keep their places.
 */
function reshuffleUnknown(d: Draft, past: GameState): GameState {
  const viewers = nonAdminViewers(past);
  const positions = indexPositions(past);
  const byKey = new Map(past.objects.map((o) => [o.key, o]));
  const known = (o: ObjectState) => {
    const snap = { obj: o, context: contextOf(d.spec, past, o, positions, byKey) };
    return viewers.some((v) => canSeeSnapshot(d.spec, v, snap));
  };
  const unknownByZone = new Map<string, ObjectState[]>();
  for (const o of past.objects) {
    if (o.hostKey !== null || known(o)) continue;
    const list = unknownByZone.get(o.zoneId) ?? [];
    list.push(o);
    unknownByZone.set(o.zoneId, list);
  }
  const placed = new Map<string, ObjectState>();
  for (const z of past.zones) {
    const unknown = (unknownByZone.get(z.id) ?? []).sort(compareBySortKey);
    if (unknown.length < 2) continue;
    const slots = unknown.map((o) => o.sortKey);
    const order = d.acts.draw(d.ctx, d.events.length, 'shuffle', unknown, unknown.length);
    order.forEach((o, i) => placed.set(o.key, { ...o, sortKey: slots[i] as number }));
  }
  return placed.size === 0 ? past : { ...past, objects: past.objects.map((o) => placed.get(o.key) ?? o) };
}

/**
 * Every object of `target` where it is there, every other object gone. An object that differs from
 * its target in nothing but its public id is left alone (its id links nothing new).
 */
function restoreObjects(d: Draft, target: GameState): void {
  const wanted = new Map(target.objects.map((o) => [o.key, o]));
  for (const o of d.state.objects) if (!wanted.has(o.key)) d.remove(o.key);
  const positions = indexPositions(target);
  for (const t of target.objects) {
    const current = d.has(t.key) ? d.get(t.key) : null;
    if (current && sameValue({ ...current, publicId: '' }, { ...t, publicId: '' })) continue;
    const restored = { ...t, publicId: restoredId(d, target, t, positions, wanted) };
    if (current) d.put(restored);
    else d.create(restored);
  }
}

/** The id an object returns with: its old one where every viewer sees it there, else a fresh one. */
function restoredId(
  d: Draft,
  target: GameState,
  o: ObjectState,
  positions: PositionIndex,
  byKey: ReadonlyMap<string, ObjectState>,
): string {
  const snap = { obj: o, context: contextOf(d.spec, target, o, positions, byKey) };
  return canSeeSnapshot(d.spec, SPECTATOR, snap) ? o.publicId : d.ctx.newId();
}

/** Players' counters and concessions, zones' counters and the turn, as `target` has them. */
function restoreTable(d: Draft, target: GameState): void {
  const players = new Map(d.players.map((p) => [p.id, p]));
  for (const p of target.players) {
    const current = players.get(p.id);
    if (!current || !samePlayer(current, p)) d.putPlayer(p);
  }
  const zones = new Map(target.zones.map((z) => [z.id, z]));
  for (const z of [...d.zones]) {
    const then = zones.get(z.id)?.counters ?? {};
    if (!sameValue(z.counters ?? {}, then)) d.setZoneCounters(z.id, then);
  }
  if (target.turn && !sameValue(d.turn, target.turn)) d.setTurn(target.turn);
}

const samePlayer = (a: PlayerState, b: PlayerState) =>
  sameValue(a.counters ?? {}, b.counters ?? {}) && (a.conceded ?? false) === (b.conceded ?? false);

/** Deep equality of plain data, whatever the order of object keys; an undefined field is absent. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue(ra[k], rb[k]));
}
