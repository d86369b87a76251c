/** Magic rule hooks (CR 400-408). */
import { hasTag } from '../hooks.js';
import type { GameHooks } from '../types.js';
import type { ObjectState } from '../types.js';

const OWNERS_ZONES = new Set(['library', 'graveyard', 'hand']);
const COMMAND_BOUND = ['conspiracy', 'phenomenon', 'plane', 'scheme', 'vanguard'];

/** MTG 400.4a: an instant or sorcery card (tokens and copies are not cards). */
function isInstantOrSorceryCard(obj: ObjectState): boolean {
  return obj.kind === 'card' && (hasTag(obj.card.types, 'instant') || hasTag(obj.card.types, 'sorcery'));
}

/** Magic's hooks. */
export const MTG_HOOKS: GameHooks = {
  /** MTG 400.3: an object bound for another player's library, graveyard or hand goes to its owner's. */
  redirectOwner(obj, toType, ownerId) {
    if (!OWNERS_ZONES.has(toType) || ownerId === obj.ownerId) return null;
    return { ownerId: obj.ownerId, rule: 'MTG 400.3' };
  },
  aliasType: () => null,
  /** MTG 400.4a (instant/sorcery never enters the battlefield), 400.4b (command-zone card types stay). */
  staysInPlace(obj, from, to) {
    if (to.type === 'battlefield' && isInstantOrSorceryCard(obj)) return 'MTG 400.4a';
    if (
      from.type === 'command' &&
      to.type !== 'command' &&
      COMMAND_BOUND.some((t) => hasTag(obj.card.types, t))
    ) {
      return 'MTG 400.4b';
    }
    return null;
  },
  /** MTG 400.8 (exile → exile) and 400.10 (command → command): new object without changing zones. */
  sameZone(zoneType) {
    if (zoneType.type === 'exile') return { kind: 'reposition', newObject: 'MTG 400.8' };
    if (zoneType.type === 'command') return { kind: 'reposition', newObject: 'MTG 400.10' };
    return { kind: 'reposition', newObject: null };
  },
  /** MTG 400.7 / 403.4: an object that moves from one zone to another becomes a new object. */
  newObjectOnMove: () => 'MTG 400.7',
  /** MTG 400.9: a face-up object in the command zone turned face down becomes a new object. */
  newObjectOnTurnFace: (zoneType, wasPublic, isPublic) =>
    zoneType.type === 'command' && wasPublic && !isPublic ? 'MTG 400.9' : null,
  /** MTG 401.7: the revealed top card of a library that stops being revealed becomes a new object. */
  newObjectOnEndReveal: (zoneType) => (zoneType.type === 'library' ? 'MTG 401.7' : null),
  /** MTG 400.7: changing zones to go under another object is a zone change like any other. */
  newObjectOnAttach: (from, to) => (from.type !== to.type ? 'MTG 400.7' : null),
  /**
   * MTG 405.1: abilities (layers) exist only on the stack. MTG 400.4a: an instant or sorcery card
   * is never on the battlefield (a move leaves it where it was, see `staysInPlace`; a card created
   * or seeded there is refused).
   */
  admits(obj, zone, zoneType) {
    if (obj.kind === 'layer' && !zoneType.isStack) {
      return {
        code: 'NOT_ADMITTED',
        rule: 'MTG 405.1',
        message: `Object ${obj.publicId} is an ability and can only be on the stack, not in zone ${zone.id}`,
      };
    }
    if (zoneType.type === 'battlefield' && isInstantOrSorceryCard(obj)) {
      return {
        code: 'NOT_ADMITTED',
        rule: 'MTG 400.4a',
        message: `Object ${obj.publicId} is an instant or sorcery card and cannot be in zone ${zone.id}`,
      };
    }
    return null;
  },
  clearsOnImpossibleRuleMove: false,
  /**
   * An attached object follows a permanent that stays the same object in the same zone. When the
   * host changes zones it is a new object with no relation to its previous existence (MTG 400.7),
   * so nothing stays attached to it: an Aura goes to its owner's graveyard (the state-based action
   * MTG 704.5m), anything else (Equipment, Fortifications, cards under it) stays unattached in the
   * zone the host left (MTG 400.7; 704.5n for Equipment).
   */
  hostedFate(hosted, _from, _to, hostReset, canFollow, isPublic) {
    if (!hostReset && canFollow) return { kind: 'follow' };
    // Only an Aura everyone can see is treated as one: a face-down object has no subtypes
    // (MTG 708.2), and the outcome must not tell others what they cannot see.
    if (isPublic && hasTag(hosted.card.subtypes, 'aura'))
      return { kind: 'toOwnerZone', type: 'graveyard', rule: 'MTG 704.5m' };
    return { kind: 'stay', rule: 'MTG 400.7' };
  },
  revealBeforeMove: () => null,
  ceasesInsteadOfMoving: () => null,
  /** A hosted object is public when it and its host are face up. */
  hostedIsPublic: (faceUp, hostFaceUp) => faceUp && hostFaceUp,
  /** MTG 400.1: with several zones of a type able to take an object, the owner chooses. */
  takesFirstFit: () => null,
  /** MTG 400.5: the order of objects in a library, graveyard or the stack cannot change except by an effect. */
  orderLock: () => 'MTG 400.5',
  /** MTG 400.5: face-down piles keep their order even in a public zone whose owners may arrange it. */
  faceDownPileKeepsOrder: (zoneType) => (zoneType.visibility === 'public' ? 'MTG 400.5' : null),
  /** MTG 401.8: an object put deeper into a library than it has cards goes to the bottom. */
  deepIndexToBottom: (zoneType) => (zoneType.type === 'library' ? 'MTG 401.8' : null),
};
