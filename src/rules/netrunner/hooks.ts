/** Netrunner rule hooks (chapter chpt_game_zones). */
import type { GameHooks } from '../types.js';

/** Netrunner's hooks. The chapter has no notion of "new object": ids change only for hidden information. */
export const NR_HOOKS: GameHooks = {
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
  /**
   * NR rule_hosted_object_location: a hosted card's location is its host, so it follows its host
   * while the host stays in play. A host leaving play (for a deck, hand, discard pile, score area or
   * any other zone) leaves its hosted cards no location: they go to their owner's discard pile
   * (Archives / Heap), the trashing of the full rules' hosting section, keeping their face (a
   * facedown card is trashed facedown).
   */
  hostedFate(hosted, _from, to, hostReset, canFollow) {
    if (!hostReset && canFollow && to?.type === 'play') return { kind: 'follow' };
    return {
      kind: 'toOwnerZone',
      type: 'discard',
      rule: 'NR rule_hosted_object_location',
      faceUp: hosted.faceUp,
    };
  },
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
  /** A hosted card is public when it and its host are faceup (NR rule_hosted_object_location). */
  hostedIsPublic: (faceUp, hostFaceUp) => faceUp && hostFaceUp,
  /** NR rule_player_zones: with several zones of a type able to take a card, the owner names one. */
  takesFirstFit: () => null,
  /** NR rule_deck_ordered: a deck's order changes only by an effect. */
  orderLock: () => 'NR rule_deck_ordered',
  faceDownPileKeepsOrder: () => null,
  deepIndexToBottom: () => null,
};
