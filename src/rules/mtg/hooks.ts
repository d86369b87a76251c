/**
 * Magic's code hooks (CR 400-408), named in `rulesets/mtg.yaml`: the 400.4 exceptions and Auras.
 * The rest of the game's behaviour (400.3 owners' zones, 400.7 new objects, 400.8/400.10 same-zone
 * moves, 401.7, 401.8, 405.1) is data in that file.
 */
import { hasTag } from '../hooks.js';
import type { GameHooks } from '../types/game-hooks.js';
import type { ObjectState } from '../types/state.js';

const COMMAND_BOUND = ['conspiracy', 'phenomenon', 'plane', 'scheme', 'vanguard'];

/** MTG 400.4a: an instant or sorcery card (tokens and copies are not cards). */
function isInstantOrSorceryCard(obj: ObjectState): boolean {
  return obj.kind === 'card' && (hasTag(obj.card.types, 'instant') || hasTag(obj.card.types, 'sorcery'));
}

/** Magic's code hooks by name. */
export const MTG_NAMED_HOOKS: Readonly<Record<string, Partial<GameHooks>>> = {
  'mtg.staysInPlace': {
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
  },
  'mtg.instantSorceryOffBattlefield': {
    /**
     * MTG 400.4a: an instant or sorcery card is never on the battlefield (a move leaves it where it
     * was, see `mtg.staysInPlace`; a card created or seeded there is refused).
     */
    admits(obj, _zone, zoneType) {
      if (zoneType.type === 'battlefield' && isInstantOrSorceryCard(obj)) {
        return {
          code: 'NOT_ADMITTED',
          rule: 'MTG 400.4a',
          message: 'An instant or sorcery card is never on the battlefield.',
        };
      }
      return null;
    },
  },
  'mtg.auraToGraveyard': {
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
  },
};
