/** Flesh and Blood zones (CR chapter 3, cha:zones). */
import type { RulesetCatalog, ZoneTypeSpec } from '../types.js';
import { EVERY_OBJECT_MOVE, LOCKED_ORDER, stackZone, zoneType } from '../catalog.js';
import { FAB_CITATION } from './citations.js';

const OBJECT_VISIBILITY = FAB_CITATION.objectVisibility;

/** FAB rule:object_visibility: a player may look at private objects they own or in a zone they own. */
function fabZone(spec: Parameters<typeof zoneType>[0]): ZoneTypeSpec {
  return zoneType({ faceDownSeenBy: 'owner', ...spec });
}

/** FAB sec:arms_zone, sec:chest_zone, sec:head_zone, sec:legs_zone: one piece of equipment, in the arena. */
function equipment(type: 'arms' | 'chest' | 'head' | 'legs', name: string): ZoneTypeSpec {
  return fabZone({
    type,
    name,
    visibility: 'public',
    scope: 'player',
    arena: true,
    capacity: 1,
    admits: [{ description: `one object with subtype ${type}`, rule: `FAB sec:${type}_zone` }],
    rules: [`FAB sec:${type}_zone`, 'FAB rule:arena', 'FAB rule:empty_exposed', OBJECT_VISIBILITY],
  });
}

/** A player's own zone (FAB sec:<type>_zone) admitting only its owner's cards or deck-cards. */
function ownersZone(
  type: 'arsenal' | 'banished' | 'graveyard' | 'hand' | 'pitch',
  name: string,
  visibility: 'public' | 'secret',
  admits: string,
  rules: readonly string[],
): ZoneTypeSpec {
  const rule = `FAB sec:${type}_zone`;
  return fabZone({
    type,
    name,
    visibility,
    scope: 'player',
    admits: [{ description: admits, rule }],
    rules: [rule, ...rules],
  });
}

/**
 * FAB zone catalog: the 15 zone types (FAB sec:zones_general). Public zones: arms, banished,
 * chest, combat chain, graveyard, head, hero, legs, permanent, pitch, stack, weapon; private:
 * arsenal, deck, hand. A player may look at private objects they own or in a zone they own,
 * unless in the deck (FAB rule:object_visibility), hence `faceDownSeenBy: 'owner'` except deck.
 */
export const FAB_CATALOG: RulesetCatalog = {
  id: 'fab',
  name: 'Flesh and Blood',
  deckZone: 'deck',
  clearZone: 'graveyard',
  players: { min: 2, max: 6 },
  seatPolicy: {
    // Effects act on public objects of any player (FAB rule:object_visibility: public objects are seen by all).
    othersVisible: EVERY_OBJECT_MOVE,
    // Equipment, hero and weapon zones admit by type and subtype (FAB sec:*_zone, rule:2h_subtype).
    // Hand, arsenal and pitch admit deck-cards only, which every card in a deck is (FAB sec:deck_zone,
    // checked when a game is created), so a card drawn unseen is admitted whatever it is.
    revealToEnter: [
      { type: 'arms', rule: 'FAB sec:arms_zone' },
      { type: 'chest', rule: 'FAB sec:chest_zone' },
      { type: 'head', rule: 'FAB sec:head_zone' },
      { type: 'legs', rule: 'FAB sec:legs_zone' },
      { type: 'hero', rule: 'FAB sec:hero_zone' },
      { type: 'weapon', rule: 'FAB sec:weapon_zone' },
    ],
  },
  zoneTypes: [
    equipment('arms', 'Arms'),
    {
      ...ownersZone('arsenal', 'Arsenal', 'secret', "one of its owner's deck-cards", [OBJECT_VISIBILITY]),
      capacity: 1,
    },
    ownersZone('banished', 'Banished', 'public', "only its owner's cards", [OBJECT_VISIBILITY]),
    equipment('chest', 'Chest'),
    fabZone({
      type: 'combatChain',
      name: 'Combat Chain',
      visibility: 'public',
      scope: 'shared',
      arena: true,
      ...LOCKED_ORDER,
      admits: [
        { description: 'only cards (tokens too) and attack-proxies', rule: 'FAB sec:combat_chain_zone' },
      ],
      rules: ['FAB sec:combat_chain_zone', 'FAB rule:arena'],
    }),
    zoneType({
      type: 'deck',
      name: 'Deck',
      visibility: 'hidden',
      scope: 'player',
      ...LOCKED_ORDER,
      allowsFaceUp: false,
      admits: [{ description: "only its owner's deck-cards", rule: 'FAB sec:deck_zone' }],
      rules: ['FAB sec:deck_zone', OBJECT_VISIBILITY],
    }),
    ownersZone('graveyard', 'Graveyard', 'public', "only its owner's cards", ['FAB rule:clear_definition']),
    ownersZone('hand', 'Hand', 'secret', "only its owner's deck-cards", [OBJECT_VISIBILITY]),
    equipment('head', 'Head'),
    fabZone({
      type: 'hero',
      name: 'Hero',
      visibility: 'public',
      scope: 'player',
      arena: true,
      capacity: 1,
      admits: [
        {
          description: "one card with type hero; the hero's soul are its sub-cards",
          rule: 'FAB sec:hero_zone',
        },
      ],
      rules: ['FAB sec:hero_zone', 'FAB rule:hero_soul', 'FAB rule:arena'],
    }),
    equipment('legs', 'Legs'),
    fabZone({
      type: 'permanent',
      name: 'Permanent',
      visibility: 'public',
      scope: 'shared',
      arena: true,
      admits: [{ description: 'only permanents (no layers)', rule: 'FAB sec:permanent_zone' }],
      rules: ['FAB sec:permanent_zone', 'FAB rule:arena'],
    }),
    ownersZone('pitch', 'Pitch', 'public', "only its owner's deck-cards", []),
    stackZone({
      faceDownSeenBy: 'owner',
      admits: [{ description: 'layers; a new layer becomes layer N+1 on top', rule: 'FAB sec:stack_zone' }],
      rules: ['FAB sec:stack_zone'],
    }),
    fabZone({
      type: 'weapon',
      name: 'Weapon',
      visibility: 'public',
      scope: 'player',
      perPlayer: 2,
      arena: true,
      capacity: 1,
      admits: [
        {
          description: 'one object with type weapon or subtype off-hand or quiver',
          rule: 'FAB sec:weapon_zone',
        },
        {
          description:
            'a 2H object sits in one weapon zone and occupies every other weapon zone of its owner',
          rule: 'FAB rule:2h_subtype',
        },
      ],
      rules: ['FAB sec:weapon_zone', 'FAB rule:arena'],
    }),
  ],
};

/** FAB rule:arena: destination type naming the arena, which resolves to the permanent zone. */
export const FAB_ARENA_TYPE = 'arena';
