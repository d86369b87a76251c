/** Moving objects between zones: the heart of moveObjects, detach and removeLayer. */
import { clearObject } from './clear.js';
import type { Draft } from './draft.js';
import { admission, Occupancy, resolveDestination } from './destination.js';
import type { ZoneTypeSpec } from '../types/catalog.js';
import type { EventKind } from '../types/events.js';
import type { AdmitFailure } from '../types/game-hooks.js';
import type { MoveObjectsMove } from '../types/moves.js';
import type { Destination, MoveBy, Placement } from '../types/selection.js';
import type { ObjectState, ZoneState } from '../types/state.js';
import { changeInPlace, hostedPublicity, isPublicNow, releaseHosted, removeWithHosted } from './hosted.js';
import { insertionIndex, requireFaceUpAllowed, requireStackTop, validatePlacement } from './checks.js';
import { clearRule } from './clear.js';
import { withHistory } from './history.js';
import { insertInto } from './place.js';
import { Rejected, reject } from './reject.js';

/** What {@link relocate} moves, where, and the event it records. */
export interface RelocateRequest {
  /** Moving objects in arrival order, top first. */
  readonly objects: readonly ObjectState[];
  readonly to: Destination;
  readonly placement: Placement;
  readonly faceUp: boolean | undefined;
  readonly by: MoveBy;
  readonly replacedFrom: Destination | undefined;
  readonly move: MoveObjectsMove | null;
  readonly eventKind: EventKind;
  readonly eventRules: readonly string[];
}

interface Arrival {
  readonly key: string;
  readonly zone: ZoneState;
  readonly zoneType: ZoneTypeSpec;
  readonly rules: readonly string[];
  /** Same-zone reposition (MTG/NR): the rule making it new, or null. Undefined for real moves. */
  readonly samePlace?: string | null;
}

/** Face of an object arriving in a zone type: requested or the type's default, never up where not allowed. */
function arrivalFace(zoneType: ZoneTypeSpec, requested: boolean | undefined): boolean {
  return zoneType.allowsFaceUp && (requested ?? zoneType.defaultFaceUp);
}

/**
 * Plans a move of objects to a destination. Enforces, per object: MTG 400.3 redirect, MTG 400.4a/b
 * (stays: NO_MOVE event), FAB same origin/destination (no move, only visibility), capacity and
 * admission (FAB: a rule clears, an effect fails: MOVE_FAILED; others: rejection), FAB tokens and
 * non-card layers ceasing, NR rule_reveal_from_hidden, FAB rule:flip_step (with `replacedFrom`
 * re-evaluation), new-object decisions (MTG 400.7, FAB rule:become_new_object) with history,
 * sub-cards following or being cleared (FAB rule:under_definition), MTG 401.8 deep index.
 */
export function relocate(d: Draft, req: RelocateRequest): void {
  validatePlacement(req.placement);
  const { arrivals, stays, noMoves, clears, ceases } = sortObjects(d, req);

  revealFirst(d, req, arrivals);
  flipStep(d, req, arrivals);

  if (arrivals.length > 0) {
    d.begin(req.eventKind, req.eventRules);
    placeArrivals(d, req, arrivals);
    d.end();
  }
  if (stays.length > 0 || noMoves.length > 0) {
    d.begin('NO_MOVE');
    for (const s of stays) {
      d.cite(s.rule);
      d.touchZone(d.get(s.key).zoneId);
      d.unchanged(d.get(s.key).publicId);
    }
    for (const n of noMoves) sameZoneVisibility(d, n.key, n.zoneType, req.faceUp, n.rule, req.by);
    d.end();
  }
  if (clears.length > 0 || ceases.length > 0) {
    d.begin('OBJECTS_CLEARED');
    for (const c of ceases) {
      d.cite(c.rule);
      removeWithHosted(d, c.key);
    }
    for (const c of clears) if (d.has(c.key)) clearObject(d, c.key, clearRule(d));
    for (const c of clears) d.cite(c.rule);
    d.end();
  }
}

/** Where each moving object goes: each list in the order the objects arrive. */
interface Sorted {
  /** Objects that arrive in a zone (or are repositioned in their own). */
  readonly arrivals: readonly Arrival[];
  /** Objects that stay where they are (MTG 400.4a/b): a NO_MOVE event. */
  readonly stays: readonly { key: string; rule: string }[];
  /** Objects already in their destination that do not move (FAB): only their visibility changes. */
  readonly noMoves: readonly { key: string; zoneType: ZoneTypeSpec; rule: string }[];
  /** Objects cleared because a rule move of theirs was impossible (FAB). */
  readonly clears: readonly { key: string; rule: string }[];
  /** Tokens and non-card layers that cease to exist instead of moving. */
  readonly ceases: readonly { key: string; rule: string }[];
}

/**
 * Sorts the moving objects by what happens to each: redirect, ceasing, stays, same zone, capacity
 * and admission (an impossible effect move is refused here, an impossible rule move clears).
 */
function sortObjects(d: Draft, req: RelocateRequest): Sorted {
  const occ = new Occupancy(d, new Set(req.objects.map((o) => o.key)));
  const arrivals: Arrival[] = [];
  const stays: { key: string; rule: string }[] = [];
  const noMoves: { key: string; zoneType: ZoneTypeSpec; rule: string }[] = [];
  const clears: { key: string; rule: string }[] = [];
  const ceases: { key: string; rule: string }[] = [];

  const impossible = (obj: ObjectState, failure: AdmitFailure): void => {
    if (d.hooks.clearsOnImpossibleRuleMove && req.by === 'rule')
      clears.push({ key: obj.key, rule: failure.rule });
    else if (d.hooks.clearsOnImpossibleRuleMove) throw reject('MOVE_FAILED', failure.rule, failure.message);
    else throw reject(failure.code, failure.rule, failure.message);
  };

  for (const obj of req.objects) {
    const from = d.zoneOf(obj);
    const fromType = d.typeOf(from);
    const res = resolveDestination(d, obj, req.to, occ);
    const cease = d.hooks.ceasesInsteadOfMoving(obj, res.zoneType);
    if (cease) {
      ceases.push({ key: obj.key, rule: cease });
      continue;
    }
    if (res.kind === 'impossible') {
      impossible(obj, res.failure);
      continue;
    }
    const { zone, zoneType } = res;
    if (req.faceUp === true) requireFaceUpAllowed(d, zone, zoneType);
    const stay = d.hooks.staysInPlace(obj, fromType, zoneType);
    if (stay) {
      stays.push({ key: obj.key, rule: stay });
      continue;
    }
    if (obj.hostKey === null && zone.id === from.id) {
      const same = d.hooks.sameZone(zoneType);
      if (same.kind === 'noMove') noMoves.push({ key: obj.key, zoneType, rule: same.rule });
      else arrivals.push({ key: obj.key, zone, zoneType, rules: res.rules, samePlace: same.newObject });
      continue;
    }
    requireStackTop(d, zoneType, req.placement);
    const failure = admission(d, obj, zone, zoneType, occ);
    if (failure) {
      impossible(obj, failure);
      continue;
    }
    occ.add(zone.id, obj);
    arrivals.push({ key: obj.key, zone, zoneType, rules: res.rules });
  }
  return { arrivals, stays, noMoves, clears, ceases };
}

/** NR rule_reveal_from_hidden: reveal to all before moving when the effect requires an attribute. */
function revealFirst(d: Draft, req: RelocateRequest, arrivals: readonly Arrival[]): void {
  if (!req.move) return;
  const move = req.move;
  const toReveal = arrivals.filter((a) => {
    const obj = d.get(a.key);
    const from = d.typeOf(d.zoneOf(obj));
    return d.hooks.revealBeforeMove(obj, from, isPublicNow(d, obj), move) !== null;
  });
  if (toReveal.length === 0) return;
  d.begin('REVEALED', [d.spec.cite.reveal]);
  for (const a of toReveal) d.put({ ...d.get(a.key), revealedTo: 'all' });
  d.end();
}

/**
 * FAB rule:flip_step re-evaluation: when a replacement changed the destination, an object that
 * would have been public at the original destination became public first (revealed to all), then
 * turns private again for a private final destination (Drone of Brutality example).
 */
function flipStep(d: Draft, req: RelocateRequest, arrivals: readonly Arrival[]): void {
  const flip = d.spec.cite.flip;
  if (flip === null || !req.replacedFrom) return;
  const original = req.replacedFrom;
  const flips = arrivals.filter((a) => {
    const obj = d.get(a.key);
    if (isPublicNow(d, obj)) return false;
    let originalType: ZoneTypeSpec | undefined;
    try {
      const r = resolveDestination(d, obj, original, new Occupancy(d, new Set([obj.key])));
      originalType = r.zoneType;
    } catch (e) {
      if (e instanceof Rejected) return false;
      throw e;
    }
    return arrivalFace(originalType, undefined) && !arrivalFace(a.zoneType, req.faceUp);
  });
  if (flips.length === 0) return;
  d.begin('REVEALED', [flip]);
  for (const a of flips) d.put({ ...d.get(a.key), revealedTo: 'all' });
  d.end();
}

function placeArrivals(d: Draft, req: RelocateRequest, arrivals: readonly Arrival[]): void {
  const byZone = new Map<string, Arrival[]>();
  for (const a of arrivals) byZone.set(a.zone.id, [...(byZone.get(a.zone.id) ?? []), a]);
  const leaving = new Set(arrivals.map((a) => a.key));
  const publicBefore = new Map<string, boolean>();
  for (const a of arrivals) hostedPublicity(d, a.key, publicBefore);
  const followers: { hostKey: string; zoneId: string; reset: boolean }[] = [];
  for (const group of byZone.values()) {
    const first = group[0] as Arrival;
    const zone = first.zone;
    const zoneType = first.zoneType;
    const remaining = d.topLevelCount(zone.id, leaving);
    const at = insertionIndex(d, zone, zoneType, req.placement, remaining);
    const items = group.map((a) => {
      const obj = d.get(a.key);
      const fromZone = d.zoneOf(obj);
      const fromType = d.typeOf(fromZone);
      const faceUp = arrivalFace(zoneType, req.faceUp);
      const wasPublic = isPublicNow(d, obj);
      const newRule =
        a.samePlace !== undefined
          ? a.samePlace
          : d.hooks.newObjectOnMove(fromType, zoneType, wasPublic, faceUp);
      for (const r of a.rules) d.cite(r);
      if (wasPublic !== faceUp) d.cite(d.spec.cite.flip);
      d.markNew(a.key, newRule);
      followers.push({ hostKey: a.key, zoneId: zone.id, reset: newRule !== null });
      const history = withHistory(obj, newRule, fromType.type, zoneType.type, req.by);
      return {
        ...obj,
        zoneId: zone.id,
        hostKey: null,
        faceUp,
        revealedTo: [] as string[],
        controllerId: newRule === null ? obj.controllerId : obj.ownerId,
        history,
      };
    });
    insertInto(d, zone, items, at);
  }
  for (const f of followers) releaseHosted(d, f.hostKey, d.zone(f.zoneId) ?? null, f.reset, publicBefore);
}

/**
 * FAB sec:zones_general: origin and destination the same: no move occurs; an object that would go
 * public → private just becomes private (a new object), private → public just becomes public.
 */
function sameZoneVisibility(
  d: Draft,
  key: string,
  zoneType: ZoneTypeSpec,
  requested: boolean | undefined,
  rule: string,
  by: MoveBy,
): void {
  const obj = d.get(key);
  d.cite(rule);
  d.touchZone(obj.zoneId);
  const wasPublic = isPublicNow(d, obj);
  const faceUp = arrivalFace(zoneType, requested);
  if (wasPublic === faceUp && obj.faceUp === faceUp) {
    d.unchanged(obj.publicId);
    return;
  }
  changeInPlace(
    d,
    { ...obj, faceUp, revealedTo: faceUp ? obj.revealedTo : [] },
    d.hooks.newObjectOnTurnFace(zoneType, wasPublic, faceUp),
    by,
  );
}
