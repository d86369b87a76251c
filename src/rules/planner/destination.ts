/** Resolving a Destination to a zone for one object, and admission checks. */
import { requirePlayer } from './checks.js';
import type { Draft } from './draft.js';
import type { ZoneTypeSpec } from '../types/catalog.js';
import type { AdmitFailure } from '../types/game-hooks.js';
import type { Destination } from '../types/selection.js';
import type { ObjectState, ZoneState } from '../types/state.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import { zoneTypeOf } from '../spec.js';

/** Planned top-level occupants of zones during one move (staying objects plus admitted arrivals). */
export class Occupancy {
  private readonly planned = new Map<string, ObjectState[]>();
  constructor(
    private readonly d: Draft,
    private readonly leaving: ReadonlySet<string>,
  ) {}

  occupants(zoneId: string): ObjectState[] {
    let list = this.planned.get(zoneId);
    if (!list) {
      list = this.d.topLevel(zoneId).filter((o) => !this.leaving.has(o.key));
      this.planned.set(zoneId, list);
    }
    return list;
  }

  add(zoneId: string, obj: ObjectState): void {
    this.occupants(zoneId).push(obj);
  }
}

/** Where an object goes, or why it cannot go there (zone missing or unable to contain it). */
export type Resolution =
  | {
      readonly kind: 'zone';
      readonly zone: ZoneState;
      readonly zoneType: ZoneTypeSpec;
      readonly rules: readonly string[];
    }
  | { readonly kind: 'impossible'; readonly zoneType: ZoneTypeSpec; readonly failure: AdmitFailure };

/** Capacity (ZoneTypeSpec.capacity) then the game's own admission hook. Null when admitted. */
export function admission(
  d: Draft,
  obj: ObjectState,
  zone: ZoneState,
  zoneType: ZoneTypeSpec,
  occ: Occupancy,
): AdmitFailure | null {
  const occupants = occ.occupants(zone.id);
  if (zoneType.capacity !== null && occupants.length + 1 > zoneType.capacity) {
    const rule = zoneType.admits[0]?.rule ?? zoneType.rules[0] ?? INPUT_RULE;
    return {
      code: 'ZONE_FULL',
      rule,
      message: `At most ${zoneType.capacity} object(s) fit in ${d.labels.zone(zone)}.`,
    };
  }
  const refused = d.hooks.admits(obj, zone, zoneType, {
    zonesOf: (t, o) => d.zonesOf(t, o),
    occupants: (id) => occ.occupants(id),
  });
  if (refused === null) return null;
  return {
    ...refused,
    message: `Cannot put ${d.labels.object(obj)} in ${d.labels.zone(zone)}. ${refused.message}`,
  };
}

/** The destination zone does not exist (FAB sec:zones_general: a rule clears, an effect fails; others reject). */
function missing(d: Draft, zoneType: ZoneTypeSpec, ownerId: string | null): Resolution {
  const rule = d.hooks.clearsOnImpossibleRuleMove ? d.spec.cite.missingZone : INPUT_RULE;
  return {
    kind: 'impossible',
    zoneType,
    failure: {
      code: 'UNKNOWN_ZONE',
      rule,
      message:
        ownerId === null
          ? `There is no shared ${zoneType.type} zone.`
          : `There is no ${zoneType.type} zone of ${d.labels.player(ownerId)}.`,
    },
  };
}

/** The owner's zone of a type after a redirect (MTG 400.3), matching the index where possible. */
function redirected(d: Draft, zone: ZoneState, obj: ObjectState, rules: string[]): ZoneState | null {
  const r = d.hooks.redirectOwner(obj, zone.type, zone.ownerId);
  if (!r) return zone;
  rules.push(r.rule);
  const candidates = d.zonesOf(zone.type, r.ownerId);
  return candidates.find((z) => z.index === zone.index) ?? candidates[0] ?? null;
}

/**
 * Resolves where one object goes. Kind `zone`: that zone (after MTG 400.3 redirect). Kind `type`:
 * the zone of that type of the given owner (null owner on a per-player type = the acting player,
 * FAB "zones owned by the controller of the effect"); FAB rule:arena aliases `arena` to the
 * permanent zone. With several candidates: FAB arsenal takes the first empty one
 * (FAB sec:arsenal_zone); otherwise exactly one that can contain the object, else ZONE_REQUIRED
 * ("the player that owns the object chooses", FAB sec:zones_general) — pass a concrete zone.
 */
export function resolveDestination(d: Draft, obj: ObjectState, to: Destination, occ: Occupancy): Resolution {
  const rules: string[] = [];
  if (to.kind === 'zone') {
    const zone = d.zone(to.zoneId);
    if (!zone) throw unknownId('UNKNOWN_ZONE', 'to.zoneId');
    const target = redirected(d, zone, obj, rules);
    const zoneType = d.typeOf(zone);
    if (!target) return missing(d, zoneType, obj.ownerId);
    return { kind: 'zone', zone: target, zoneType, rules };
  }
  if (to.kind !== 'type') throw reject('UNKNOWN_ZONE', INPUT_RULE, 'Unknown destination kind');
  let type = to.type;
  const alias = d.hooks.aliasType(type);
  if (alias) {
    type = alias.type;
    rules.push(alias.rule);
  }
  const zoneType = zoneTypeOf(d.spec, type);
  if (!zoneType)
    throw reject('UNKNOWN_ZONE_TYPE', INPUT_RULE, `No zone type ${String(type)} in ${d.spec.id}`);
  let ownerId: string | null = null;
  if (zoneType.scope === 'player') {
    ownerId = to.ownerId ?? d.ctx.actorId;
    if (ownerId === null)
      throw reject('ZONE_REQUIRED', d.spec.cite.effectController, `Zone type ${type} needs an owner`);
    requirePlayer(d, ownerId);
    const r = d.hooks.redirectOwner(obj, type, ownerId);
    if (r) {
      ownerId = r.ownerId;
      rules.push(r.rule);
    }
  }
  const candidates = d.zonesOf(type, ownerId);
  const first = candidates[0];
  if (!first) return missing(d, zoneType, ownerId);
  if (candidates.length === 1) return { kind: 'zone', zone: first, zoneType, rules };
  const own = candidates.find((z) => z.id === obj.zoneId && obj.hostKey === null);
  if (own) return { kind: 'zone', zone: own, zoneType, rules };
  const fits = candidates.filter((z) => admission(d, obj, z, zoneType, occ) === null);
  const fit = fits[0];
  if (!fit) {
    const failure = admission(d, obj, first, zoneType, occ) as AdmitFailure;
    return { kind: 'impossible', zoneType, failure };
  }
  const firstFit = d.hooks.takesFirstFit(type);
  if (fits.length === 1 || firstFit !== null) {
    if (firstFit !== null) rules.push(firstFit);
    return { kind: 'zone', zone: fit, zoneType, rules };
  }
  throw reject(
    'ZONE_REQUIRED',
    d.spec.cite.ownerChooses,
    `Several ${type} zones can take ${d.labels.object(obj)}: name one.`,
  );
}
