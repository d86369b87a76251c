/** Magic rule hooks (CR 400-408). */
import type { GameRules } from './rules.js';
import { hasTag } from './rules.js';

const OWNERS_ZONES = new Set(['library', 'graveyard', 'hand']);
const COMMAND_BOUND = ['conspiracy', 'phenomenon', 'plane', 'scheme', 'vanguard'];

/** Magic's hooks. */
export const MTG_RULES: GameRules = {
  /** MTG 400.3: an object bound for another player's library, graveyard or hand goes to its owner's. */
  redirectOwner(obj, toType, ownerId) {
    if (!OWNERS_ZONES.has(toType) || ownerId === obj.ownerId) return null;
    return { ownerId: obj.ownerId, rule: 'MTG 400.3' };
  },
  aliasType: () => null,
  /** MTG 400.4a (instant/sorcery never enters the battlefield), 400.4b (command-zone card types stay). */
  staysInPlace(obj, from, to) {
    if (
      to.type === 'battlefield' &&
      obj.kind === 'card' &&
      (hasTag(obj.card.types, 'instant') || hasTag(obj.card.types, 'sorcery'))
    ) {
      return 'MTG 400.4a';
    }
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
  /** MTG 405.1: abilities (layers) exist only on the stack. */
  admits(obj, zone, zoneType) {
    if (obj.kind === 'layer' && !zoneType.isStack) {
      return {
        code: 'NOT_ADMITTED',
        rule: 'MTG 405.1',
        message: `Object ${obj.publicId} is an ability and can only be on the stack, not in zone ${zone.id}`,
      };
    }
    return null;
  },
  clearsOnImpossibleRuleMove: false,
  hostedOnHostReset: 'follow',
  revealBeforeMove: () => null,
  ceasesInsteadOfMoving: () => null,
};
