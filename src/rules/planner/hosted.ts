/**
 * What becomes of hosted objects and sub-cards when their host leaves: they follow it, are cleared,
 * stay unattached, or go to their owner's zone, as each game's {@link GameHooks.hostedFate} says.
 * A hosted object never follows its host into a zone that is not public or that belongs to another
 * player (MTG 400.3; counts stay true: MTG 401.3, 402.3, NR rule_deck_size_open_information).
 */
import { assertNever } from '../assert.js';
import { clearObject } from './clear.js';
import type { Draft } from './draft.js';
import type { ZoneTypeSpec } from '../types/catalog.js';
import type { Citation } from '../types/game-hooks.js';
import type { MoveBy } from '../types/selection.js';
import type { ObjectState, ZoneState } from '../types/state.js';
import { withHistory } from './history.js';
import { insertInto } from './place.js';
import type { PositionIndex } from '../positions.js';
import { contextIn, isPublicObject } from '../visibility.js';

/** Public now: face up where that counts, or revealed to everyone (FAB rule:object_visibility). */
export function isPublicNow(d: Draft, obj: ObjectState): boolean {
  if (obj.revealedTo === 'all') return true;
  const context = contextIn(d.spec, d.zones, (key) => d.get(key), NO_POSITIONS, obj);
  return isPublicObject(d.spec, { obj, context });
}

/** Publicity does not depend on positions: an empty index leaves position and layer null. */
const NO_POSITIONS: PositionIndex = new Map();

/** Whether each object hosted (at any depth) on `hostKey` is public now: taken before the host changes. */
export function hostedPublicity(
  d: Draft,
  hostKey: string,
  into = new Map<string, boolean>(),
): Map<string, boolean> {
  for (const h of d.hosted(hostKey)) {
    into.set(h.key, isPublicNow(d, h));
    hostedPublicity(d, h.key, into);
  }
  return into;
}

/** Whether a hosted object may stay hosted in a zone: a public zone, shared or its owner's. */
export function mayHostIn(zone: ZoneState, zoneType: ZoneTypeSpec, hosted: ObjectState): boolean {
  return zoneType.visibility === 'public' && (zone.ownerId === null || zone.ownerId === hosted.ownerId);
}

/**
 * Settles every object hosted on `hostKey` after the host moved to `to` (null: the host ceased to
 * exist). `hostReset`: the host became a new object (MTG 400.7, FAB rule:become_new_object).
 * `publicBefore`: whether each hosted object was public before the host changed (see
 * {@link hostedPublicity}). Runs inside the host's event; cites the rule of each fate.
 */
export function releaseHosted(
  d: Draft,
  hostKey: string,
  to: ZoneState | null,
  hostReset: boolean,
  publicBefore: ReadonlyMap<string, boolean> = new Map(),
): void {
  for (const h of d.hosted(hostKey)) {
    const from = d.zoneOf(h);
    const fromType = d.typeOf(from);
    const toType = to === null ? null : d.typeOf(to);
    const canFollow = to !== null && toType !== null && mayHostIn(to, toType, h);
    const isPublic = publicBefore.get(h.key) ?? isPublicNow(d, h);
    const fate = d.hooks.hostedFate(h, fromType, toType, hostReset, canFollow, isPublic);
    switch (fate.kind) {
      case 'follow':
        if (to === null || toType === null || !canFollow)
          throw new Error(`hostedFate: ${d.spec.id} lets ${h.key} follow where it cannot`);
        follow(d, h, to, toType);
        break;
      case 'clear':
        clearObject(d, h.key, fate.rule);
        break;
      case 'stay':
        unattach(d, h, stayZone(d, h, from), fate.rule, undefined);
        break;
      case 'toOwnerZone':
        unattach(d, h, d.zonesOf(fate.type, h.ownerId)[0] ?? null, fate.rule, fate.faceUp);
        break;
      default:
        assertNever(fate);
    }
  }
}

/** The zone a hosted object staying behind ends in: the zone left, or its owner's of that type (MTG 400.3). */
function stayZone(d: Draft, h: ObjectState, from: ZoneState): ZoneState | null {
  const r = d.hooks.redirectOwner(h, from.type, from.ownerId);
  if (!r) return from;
  d.cite(r.rule);
  return d.zonesOf(from.type, r.ownerId)[0] ?? null;
}

/** The hosted object changes zones with its host and stays hosted; MTG 400.7 may make it new. */
function follow(d: Draft, h: ObjectState, to: ZoneState, toType: ZoneTypeSpec): void {
  if (h.zoneId !== to.id) {
    const fromType = d.typeOf(d.zoneOf(h));
    const wasPublic = isPublicNow(d, h);
    const newRule = d.hooks.newObjectOnMove(fromType, toType, wasPublic, wasPublic);
    d.markNew(h.key, newRule);
    d.put({ ...h, zoneId: to.id, history: withHistory(h, newRule, fromType.type, toType.type, 'rule') });
  }
  releaseHosted(d, h.key, to, false);
}

/**
 * The object is no longer hosted: it becomes a top-level object on top of `zone` (null: its owner
 * has no such zone, so it ceases to exist), face up as the game asks or as the zone's default.
 * Changing zones may make it a new object.
 */
function unattach(
  d: Draft,
  h: ObjectState,
  zone: ZoneState | null,
  rule: string,
  requestedFace: boolean | undefined,
): void {
  d.cite(rule);
  if (zone === null) {
    releaseHosted(d, h.key, null, true);
    d.remove(h.key);
    return;
  }
  const fromType = d.typeOf(d.zoneOf(h));
  const toType = d.typeOf(zone);
  const moved = zone.id !== h.zoneId;
  const faceUp = toType.allowsFaceUp && (moved ? (requestedFace ?? toType.defaultFaceUp) : h.faceUp);
  const newRule = moved ? d.hooks.newObjectOnMove(fromType, toType, isPublicNow(d, h), faceUp) : null;
  d.markNew(h.key, newRule);
  releaseHosted(d, h.key, zone, newRule !== null);
  insertInto(
    d,
    zone,
    [
      {
        ...h,
        zoneId: zone.id,
        hostKey: null,
        faceUp,
        revealedTo: moved ? [] : h.revealedTo,
        controllerId: newRule === null ? h.controllerId : h.ownerId,
        history: withHistory(h, newRule, fromType.type, toType.type, 'rule'),
      },
    ],
    0,
  );
}

/**
 * The object ceases to exist or leaves the game (MTG 400.11b, NR rule_outside_game, FAB tokens and
 * non-card layers ceasing); what it hosted meets the game's fate for a host that ceases to exist.
 */
export function removeWithHosted(d: Draft, key: string): void {
  releaseHosted(d, key, null, true, hostedPublicity(d, key));
  d.remove(key);
}

/**
 * Writes `next`, an object changing in place. When the rules make it a new object without a zone
 * change (FAB rule:become_new_object public to private, MTG 400.8, 400.9, 401.7), its history records
 * how (FAB sec:zones_general "the process ... is preserved as the history"), and what it hosted is
 * settled as for any host that becomes a new object: FAB sub-cards are cleared.
 */
export function changeInPlace(d: Draft, next: ObjectState, rule: Citation, by: MoveBy): void {
  if (rule === null) {
    d.put(next);
    return;
  }
  const zone = d.zoneOf(next);
  const publicBefore = hostedPublicity(d, next.key);
  d.markNew(next.key, rule);
  d.put({ ...next, history: withHistory(next, rule, zone.type, zone.type, by) });
  releaseHosted(d, next.key, zone, true, publicBefore);
}
