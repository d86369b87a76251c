/** Netrunner rule hooks (chapter chpt_game_zones). */
import type { GameRules } from './rules.js';

/** Netrunner's hooks. The chapter has no notion of "new object": ids change only for hidden information. */
export const NR_RULES: GameRules = {
  redirectOwner: () => null,
  aliasType: () => null,
  staysInPlace: () => null,
  sameZone: () => ({ kind: 'reposition', newObject: null }),
  newObjectOnMove: () => null,
  newObjectOnTurnFace: () => null,
  newObjectOnEndReveal: () => null,
  newObjectOnAttach: () => null,
  /** NR has no stack: layers cannot be anywhere (rule_zone_types lists no such zone). */
  admits(obj, zone) {
    if (obj.kind === 'layer') {
      return {
        code: 'NOT_ADMITTED',
        rule: 'NR rule_zone_types',
        message: `Object ${obj.publicId} is a layer; zone ${zone.id} cannot hold it`,
      };
    }
    return null;
  },
  clearsOnImpossibleRuleMove: false,
  hostedOnHostReset: 'follow',
  /**
   * NR rule_reveal_from_hidden: a facedown card, or a card in a hidden zone, moved by an effect that
   * requires an attribute is revealed before it moves (unless it will be public anyway).
   */
  revealBeforeMove(obj, zoneType, isPublic, move) {
    if (move.requiresAttribute !== true || obj.kind !== 'card' || isPublic) return null;
    const facedown = zoneType.allowsFaceUp && !obj.faceUp;
    return zoneType.visibility === 'hidden' || facedown ? 'NR rule_reveal_from_hidden' : null;
  },
  ceasesInsteadOfMoving: () => null,
};
