/** Flesh and Blood rule hooks (CR chapter 3). */
import { hasTag } from '../hooks.js';
import type { AdmitContext, AdmitFailure, GameHooks } from '../types/game-hooks.js';
import type { ObjectState, ZoneState } from '../types/state.js';

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

function refuse(rule: string, why: string): AdmitFailure {
  return {
    code: 'NOT_ADMITTED',
    rule,
    message: why,
  };
}

/**
 * Flesh and Blood's code hooks, named in `rulesets/fab.yaml`. The rest of the game's behaviour
 * (the arena alias, new objects, the arsenal's first fit, sub-cards cleared) is data in that file.
 */
export const FAB_NAMED_HOOKS: Readonly<Record<string, Partial<GameHooks>>> = {
  /**
   * FAB sec:*_zone, rule:2h_subtype: each zone's admission in one place: the owner's deck-cards
   * (rule:deck_card), equipment by subtype, the hero, the combat chain, permanents and the
   * two-handed weapons that occupy both weapon zones.
   */
  'fab.admits': {
    admits(obj, zone, zoneType, ctx) {
      const own = obj.ownerId === zone.ownerId;
      switch (zoneType.type) {
        case 'arsenal':
        case 'deck':
        case 'hand':
        case 'pitch':
          return own && isDeckCard(obj)
            ? null
            : refuse(`FAB sec:${zoneType.type}_zone`, "It admits only its owner's deck-cards.");
        case 'banished':
        case 'graveyard':
          return own && obj.kind === 'card'
            ? null
            : refuse(`FAB sec:${zoneType.type}_zone`, "It admits only its owner's cards.");
        case 'arms':
        case 'chest':
        case 'head':
        case 'legs':
          return hasTag(obj.card.subtypes, zoneType.type)
            ? null
            : refuse(
                `FAB sec:${zoneType.type}_zone`,
                `It admits only objects with subtype ${zoneType.type}.`,
              );
        case 'hero':
          return obj.kind === 'card' && hasTag(obj.card.types, 'hero')
            ? null
            : refuse('FAB sec:hero_zone', 'It admits only an object of type hero.');
        case 'combatChain':
          // A token is a card with the token type (Uzuri example: a token attacking card is on the chain).
          return obj.kind === 'card' || obj.kind === 'token' || hasTag(obj.card.types, 'attack-proxy')
            ? null
            : refuse('FAB sec:combat_chain_zone', 'It admits only cards (tokens too) and attack-proxies.');
        case 'permanent':
          return obj.kind !== 'layer' ? null : refuse('FAB sec:permanent_zone', 'It admits only permanents.');
        case 'weapon':
          return admitWeapon(obj, zone, ctx);
        default:
          return null;
      }
    },
  },
  /** FAB rule:clear_definition: tokens and non-card layers cease to exist instead of moving where they cannot be. */
  'fab.tokensCease': {
    /**
     * FAB rule:clear_definition: tokens and non-card layers that leave for a zone that cannot hold
     * them cease to exist (Uzuri example: a token put into a deck ceases to exist first).
     */
    ceasesInsteadOfMoving(obj, to) {
      if (obj.kind === 'layer' && !to.isStack) return 'FAB rule:clear_definition';
      if (obj.kind === 'token' && !to.arena && !to.isStack) return 'FAB rule:clear_definition';
      return null;
    },
  },
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
    return refuse(
      'FAB sec:weapon_zone',
      'It admits only objects of type weapon or subtype off-hand or quiver.',
    );
  }
  const others = ctx.zonesOf('weapon', zone.ownerId).filter((z) => z.id !== zone.id);
  if (isTwoHanded(obj)) {
    if (others.length === 0) return refuse('FAB rule:2h_subtype', 'A 2H object needs two weapon zones.');
    if (others.some((z) => ctx.occupants(z.id).length > 0)) {
      return {
        code: 'ZONE_FULL',
        rule: 'FAB rule:2h_subtype',
        message: 'A 2H object needs two empty weapon zones, and the other one is occupied.',
      };
    }
    return null;
  }
  if (others.some((z) => ctx.occupants(z.id).some(isTwoHanded))) {
    return {
      code: 'ZONE_FULL',
      rule: 'FAB rule:2h_subtype',
      message: 'A 2H object in the other weapon zone occupies this one too.',
    };
  }
  return null;
}
