/** Flesh and Blood rule hooks (CR chapter 3). */
import { hasTag } from '../hooks.js';
import type { AdmitContext, AdmitFailure, GameHooks } from '../types.js';
import type { ObjectState, ZoneState } from '../types.js';
import { FAB_ARENA_TYPE } from './catalog.js';
import { FAB_CITATION } from './citations.js';

/**
 * FAB rule:deck_card (outside the chapter): a card that may be in a deck. Heroes, weapons,
 * equipment and tokens are not; `attributes.deckCard` (boolean) overrides.
 */
export function isDeckCard(obj: ObjectState): boolean {
  const flag = obj.card.attributes['deckCard'];
  if (typeof flag === 'boolean') return flag && obj.kind === 'card';
  if (obj.kind !== 'card') return false;
  return !['hero', 'weapon', 'equipment', 'token'].some((t) => hasTag(obj.card.types, t));
}

/** FAB rule:2h_subtype: a 2H object must be equipped to two weapon zones. */
export function isTwoHanded(obj: ObjectState): boolean {
  return hasTag(obj.card.subtypes, '2h');
}

function refuse(rule: string, obj: ObjectState, zone: ZoneState, why: string): AdmitFailure {
  return {
    code: 'NOT_ADMITTED',
    rule,
    message: `Zone ${zone.id} cannot contain object ${obj.publicId}: ${why}`,
  };
}

/** Flesh and Blood's hooks. */
export const FAB_HOOKS: GameHooks = {
  redirectOwner: () => null,
  /** FAB rule:arena: the arena is not a zone; an object put into the arena goes to the permanent zone. */
  aliasType: (type) => (type === FAB_ARENA_TYPE ? { type: 'permanent', rule: FAB_CITATION.arena } : null),
  staysInPlace: () => null,
  /** FAB sec:zones_general: same origin and destination: no move occurs, only the visibility changes. */
  sameZone: () => ({ kind: 'noMove', rule: FAB_CITATION.sameZone }),
  /**
   * FAB rule:become_new_object: entering a zone not in the arena and not the stack, or going from
   * public to private, resets the object. Arena → arena moves keep the object.
   */
  newObjectOnMove(_from, to, wasPublic, isPublic) {
    if (!to.arena && !to.isStack) return FAB_CITATION.becomeNew;
    return wasPublic && !isPublic ? FAB_CITATION.becomeNew : null;
  },
  /** FAB rule:become_new_object: a public object becoming private resets. */
  newObjectOnTurnFace: (_zoneType, wasPublic, isPublic) =>
    wasPublic && !isPublic ? FAB_CITATION.becomeNew : null,
  /** FAB rule:become_new_object: ending a reveal to all makes a public object private. */
  newObjectOnEndReveal: (_zoneType, wasPublic, isPublic) =>
    wasPublic && !isPublic ? FAB_CITATION.becomeNew : null,
  /** FAB rule:under_definition: a card that becomes a sub-card becomes a new card. */
  newObjectOnAttach: () => FAB_CITATION.under,
  /** Per-zone admission (FAB sec:*_zone, rule:2h_subtype). Capacity itself is checked generically. */
  admits(obj, zone, zoneType, ctx) {
    const own = obj.ownerId === zone.ownerId;
    switch (zoneType.type) {
      case 'arsenal':
      case 'deck':
      case 'hand':
      case 'pitch':
        return own && isDeckCard(obj)
          ? null
          : refuse(`FAB sec:${zoneType.type}_zone`, obj, zone, "only its owner's deck-cards");
      case 'banished':
      case 'graveyard':
        return own && obj.kind === 'card'
          ? null
          : refuse(`FAB sec:${zoneType.type}_zone`, obj, zone, "only its owner's cards");
      case 'arms':
      case 'chest':
      case 'head':
      case 'legs':
        return hasTag(obj.card.subtypes, zoneType.type)
          ? null
          : refuse(`FAB sec:${zoneType.type}_zone`, obj, zone, `needs subtype ${zoneType.type}`);
      case 'hero':
        return obj.kind === 'card' && hasTag(obj.card.types, 'hero')
          ? null
          : refuse('FAB sec:hero_zone', obj, zone, 'needs type hero');
      case 'combatChain':
        // A token is a card with the token type (Uzuri example: a token attacking card is on the chain).
        return obj.kind === 'card' || obj.kind === 'token' || hasTag(obj.card.types, 'attack-proxy')
          ? null
          : refuse('FAB sec:combat_chain_zone', obj, zone, 'only cards (tokens too) and attack-proxies');
      case 'permanent':
        return obj.kind !== 'layer' ? null : refuse('FAB sec:permanent_zone', obj, zone, 'only permanents');
      case 'weapon':
        return admitWeapon(obj, zone, ctx);
      default:
        return null;
    }
  },
  clearsOnImpossibleRuleMove: true,
  /**
   * FAB sec:zones_general: sub-cards move with a top-card that moves zones and remains the same
   * object; a top-card that becomes a new object no longer exists as it was, so, as when it ceases
   * to exist, its sub-cards are cleared (rule:under_definition). A sub-card is never taken into a
   * private zone or another player's zone: it is cleared.
   */
  hostedFate: (_hosted, _from, _to, hostReset, canFollow) =>
    !hostReset && canFollow ? { kind: 'follow' } : { kind: 'clear', rule: FAB_CITATION.under },
  revealBeforeMove: () => null,
  /**
   * FAB rule:clear_definition: tokens and non-card layers that leave for a zone that cannot hold
   * them cease to exist (Uzuri example: a token put into a deck ceases to exist first).
   */
  ceasesInsteadOfMoving(obj, to) {
    if (obj.kind === 'layer' && !to.isStack) return FAB_CITATION.clear;
    if (obj.kind === 'token' && !to.arena && !to.isStack) return FAB_CITATION.clear;
    return null;
  },
  /** FAB rule:under_definition: "If the top-card is public, all sub-cards are also public" (and private likewise). */
  hostedIsPublic: (_faceUp, hostFaceUp) => hostFaceUp,
  /** FAB sec:arsenal_zone: an object put into the arsenal goes to the first empty arsenal zone. */
  takesFirstFit: (type) => (type === 'arsenal' ? FAB_CITATION.arsenal : null),
  /** FAB ordered piles: each zone's own section keeps its order (deck, stack, combat chain). */
  orderLock: (zoneType) =>
    zoneType.type === 'combatChain' ? 'FAB sec:combat_chain_zone' : `FAB sec:${zoneType.type}_zone`,
  faceDownPileKeepsOrder: () => null,
  deepIndexToBottom: () => null,
};

/**
 * FAB sec:weapon_zone, rule:2h_subtype. Representation: a 2H object sits in one weapon zone and
 * occupies every other weapon zone of the same owner, which must all be empty when it enters;
 * while it is there, no other object may enter those zones.
 */
function admitWeapon(obj: ObjectState, zone: ZoneState, ctx: AdmitContext): AdmitFailure | null {
  const types = obj.card.types;
  const subtypes = obj.card.subtypes;
  if (!(hasTag(types, 'weapon') || hasTag(subtypes, 'off-hand') || hasTag(subtypes, 'quiver'))) {
    return refuse('FAB sec:weapon_zone', obj, zone, 'needs type weapon or subtype off-hand or quiver');
  }
  const others = ctx.zonesOf('weapon', zone.ownerId).filter((z) => z.id !== zone.id);
  if (isTwoHanded(obj)) {
    if (others.length === 0)
      return refuse('FAB rule:2h_subtype', obj, zone, 'a 2H object needs two weapon zones');
    if (others.some((z) => ctx.occupants(z.id).length > 0)) {
      return {
        code: 'ZONE_FULL',
        rule: 'FAB rule:2h_subtype',
        message: `A 2H object needs two empty weapon zones; zone ${zone.id}'s pair is occupied`,
      };
    }
    return null;
  }
  if (others.some((z) => ctx.occupants(z.id).some(isTwoHanded))) {
    return {
      code: 'ZONE_FULL',
      rule: 'FAB rule:2h_subtype',
      message: `Weapon zone ${zone.id} is occupied by a 2H object in another weapon zone`,
    };
  }
  return null;
}
