/**
 * Netrunner's code hooks (chapter chpt_game_zones), named in `rulesets/netrunner.yaml`: hosting
 * and revealing from hidden. The chapter has no notion of "new object": ids change only for hidden
 * information; that and the rest is data in the file.
 */
import type { GameHooks } from '../types/game-hooks.js';

/** Netrunner's code hooks by name. */
export const NR_NAMED_HOOKS: Readonly<Record<string, Partial<GameHooks>>> = {
  'netrunner.hostedInPlay': {
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
  },
  'netrunner.revealFromHidden': {
    /**
     * NR rule_reveal_from_hidden: a facedown card, or a card in a hidden zone, moved by an effect that
     * requires an attribute is revealed before it moves (unless it will be public anyway).
     */
    revealBeforeMove(obj, zoneType, isPublic, move) {
      if (move.requiresAttribute !== true || obj.kind !== 'card' || isPublic) return null;
      const facedown = zoneType.allowsFaceUp && !obj.faceUp;
      return zoneType.visibility === 'hidden' || facedown ? 'NR rule_reveal_from_hidden' : null;
    },
  },
};
