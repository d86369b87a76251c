/**
 * Who may see an object's card: the single visibility function every outgoing path uses, and the
 * one way to work out where an object is (its snapshot context) for it.
 */
import { indexPositions, type PositionIndex } from './positions.js';
import { zoneSpecOf } from './spec.js';
import type { SnapshotContext } from './types/events.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState, ObjectState, ZoneState } from './types/state.js';
import type { Viewer } from './types/viewer.js';

/** An object together with where it is: enough to decide visibility without the whole state. */
export interface ObjectSnapshot {
  readonly obj: ObjectState;
  readonly context: SnapshotContext;
}

/**
 * Whether the object is public (face up) where it is. Sub-cards share their top-card's visibility
 * in FAB (rule:under_definition "If the top-card is public, all sub-cards are also public"); in
 * the other games a hosted object is public when it and its host are face up. A face-up flag in a
 * zone that does not allow face-up objects (libraries, decks, MTG/NR hands) counts as face down.
 */
export function isPublicObject(spec: RulesetSpec, snap: ObjectSnapshot): boolean {
  const zoneType = zoneSpecOf(spec, snap.context.zone);
  if (!zoneType.allowsFaceUp) return false;
  const host = snap.context.host;
  if (host === null) return snap.obj.faceUp;
  return spec.hooks.hostedIsPublic(snap.obj.faceUp, host.faceUp);
}

/**
 * Visibility of a snapshot to a viewer. Admin sees all. Otherwise a reveal (to all or to the viewer)
 * shows it; a public object shows; a face-down object is seen per the zone type's `faceDownSeenBy`:
 * `owner` = the object's owner or the zone's owner (FAB rule:object_visibility), `controller` = the
 * object's controller (NR rule_secret_zone, MTG 702.37/708 face-down permanents), `nobody`
 * (MTG 401.2, 406.3; FAB deck; NR rule_deck_hidden). Spectators see only public or revealed-to-all.
 */
export function canSeeSnapshot(spec: RulesetSpec, viewer: Viewer, snap: ObjectSnapshot): boolean {
  if (viewer.kind === 'admin') return true;
  const { obj, context } = snap;
  if (obj.revealedTo === 'all') return true;
  if (isPublicObject(spec, snap)) return true;
  if (viewer.kind === 'spectator') return false;
  const pid = viewer.playerId;
  if (obj.revealedTo.includes(pid)) return true;
  const seenBy = zoneSpecOf(spec, context.zone).faceDownSeenBy;
  switch (seenBy) {
    case 'nobody':
      return false;
    case 'owner':
      return obj.ownerId === pid || context.zone.ownerId === pid;
    case 'controller':
      return obj.controllerId === pid;
  }
}

/**
 * The snapshot context of an object in a state (zone, host, position, layer). Pass a prebuilt
 * `positions` index (and `objectsByKey`) when computing many contexts of one state.
 */
export function contextOf(
  spec: RulesetSpec,
  state: Pick<GameState, 'zones' | 'objects'>,
  obj: ObjectState,
  positions: PositionIndex = indexPositions(state),
  objectsByKey?: ReadonlyMap<string, ObjectState>,
): SnapshotContext {
  const hostOf = (key: string) => objectsByKey?.get(key) ?? state.objects.find((o) => o.key === key);
  return contextIn(spec, state.zones, hostOf, positions, obj);
}

/**
 * {@link contextOf} over any representation of a state: its zones, a lookup of objects by key (for
 * the host) and a position index. The planner's working copy uses it directly.
 */
export function contextIn(
  spec: RulesetSpec,
  zones: readonly ZoneState[],
  objectByKey: (key: string) => ObjectState | undefined,
  positions: PositionIndex,
  obj: ObjectState,
): SnapshotContext {
  const zone = zones.find((z) => z.id === obj.zoneId);
  if (!zone) throw new Error(`object ${obj.key} is in unknown zone ${obj.zoneId}`);
  const hostObj = obj.hostKey === null ? undefined : objectByKey(obj.hostKey);
  const at = obj.hostKey === null ? positions.get(obj.key) : undefined;
  return {
    zone,
    host: hostObj ? { publicId: hostObj.publicId, faceUp: hostObj.faceUp } : null,
    position: at ? at.position : null,
    layer: at && zoneSpecOf(spec, zone).isStack ? at.count - at.position : null,
  };
}

/** Visibility of an object in a state to a viewer. See {@link canSeeSnapshot}. */
export function canSee(spec: RulesetSpec, state: GameState, viewer: Viewer, obj: ObjectState): boolean {
  return canSeeSnapshot(spec, viewer, { obj, context: contextOf(spec, state, obj) });
}

/**
 * Every non-admin viewer of a game: each player and a spectator. The identity policy re-mints an
 * object's public id unless every one of them can follow it (MTG 400.7, FAB rule:become_new_object).
 */
export function nonAdminViewers(state: Pick<GameState, 'players'>): Viewer[] {
  return [...state.players.map((p): Viewer => ({ kind: 'player', playerId: p.id })), { kind: 'spectator' }];
}
