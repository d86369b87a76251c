/** Flesh and Blood zones (CR chapter 3, cha:zones). */
import type { RulesetCatalog, ZoneTypeSpec } from '../types.js';
import { EVERY_OBJECT_MOVE, zoneType } from '../catalog.js';
import { FAB_CITATION } from './citations.js';

const OBJECT_VISIBILITY = FAB_CITATION.objectVisibility;

function equipment(type: 'arms' | 'chest' | 'head' | 'legs', name: string): ZoneTypeSpec {
  return zoneType({
    type,
    name,
    visibility: 'public',
    scope: 'player',
    faceDownSeenBy: 'owner',
    arena: true,
    capacity: 1,
    admits: [{ description: `one object with subtype ${type}`, rule: `FAB sec:${type}_zone` }],
    rules: [`FAB sec:${type}_zone`, 'FAB rule:arena', 'FAB rule:empty_exposed', OBJECT_VISIBILITY],
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
    zoneType({
      type: 'arsenal',
      name: 'Arsenal',
      visibility: 'secret',
      scope: 'player',
      faceDownSeenBy: 'owner',
      capacity: 1,
      defaultFaceUp: false,
      admits: [{ description: "one of its owner's deck-cards", rule: 'FAB sec:arsenal_zone' }],
      rules: ['FAB sec:arsenal_zone', OBJECT_VISIBILITY],
    }),
    zoneType({
      type: 'banished',
      name: 'Banished',
      visibility: 'public',
      scope: 'player',
      faceDownSeenBy: 'owner',
      admits: [{ description: "only its owner's cards", rule: 'FAB sec:banished_zone' }],
      rules: ['FAB sec:banished_zone', OBJECT_VISIBILITY],
    }),
    equipment('chest', 'Chest'),
    zoneType({
      type: 'combatChain',
      name: 'Combat Chain',
      visibility: 'public',
      scope: 'shared',
      faceDownSeenBy: 'owner',
      arena: true,
      ordered: true,
      ownerMayReorder: false,
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
      faceDownSeenBy: 'nobody',
      ordered: true,
      ownerMayReorder: false,
      defaultFaceUp: false,
      allowsFaceUp: false,
      admits: [{ description: "only its owner's deck-cards", rule: 'FAB sec:deck_zone' }],
      rules: ['FAB sec:deck_zone', OBJECT_VISIBILITY],
    }),
    zoneType({
      type: 'graveyard',
      name: 'Graveyard',
      visibility: 'public',
      scope: 'player',
      faceDownSeenBy: 'owner',
      admits: [{ description: "only its owner's cards", rule: 'FAB sec:graveyard_zone' }],
      rules: ['FAB sec:graveyard_zone', 'FAB rule:clear_definition'],
    }),
    zoneType({
      type: 'hand',
      name: 'Hand',
      visibility: 'secret',
      scope: 'player',
      faceDownSeenBy: 'owner',
      defaultFaceUp: false,
      admits: [{ description: "only its owner's deck-cards", rule: 'FAB sec:hand_zone' }],
      rules: ['FAB sec:hand_zone', OBJECT_VISIBILITY],
    }),
    equipment('head', 'Head'),
    zoneType({
      type: 'hero',
      name: 'Hero',
      visibility: 'public',
      scope: 'player',
      faceDownSeenBy: 'owner',
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
    zoneType({
      type: 'permanent',
      name: 'Permanent',
      visibility: 'public',
      scope: 'shared',
      faceDownSeenBy: 'owner',
      arena: true,
      admits: [{ description: 'only permanents (no layers)', rule: 'FAB sec:permanent_zone' }],
      rules: ['FAB sec:permanent_zone', 'FAB rule:arena'],
    }),
    zoneType({
      type: 'pitch',
      name: 'Pitch',
      visibility: 'public',
      scope: 'player',
      faceDownSeenBy: 'owner',
      admits: [{ description: "only its owner's deck-cards", rule: 'FAB sec:pitch_zone' }],
      rules: ['FAB sec:pitch_zone'],
    }),
    zoneType({
      type: 'stack',
      name: 'Stack',
      visibility: 'public',
      scope: 'shared',
      faceDownSeenBy: 'owner',
      ordered: true,
      ownerMayReorder: false,
      isStack: true,
      admits: [{ description: 'layers; a new layer becomes layer N+1 on top', rule: 'FAB sec:stack_zone' }],
      rules: ['FAB sec:stack_zone'],
    }),
    zoneType({
      type: 'weapon',
      name: 'Weapon',
      visibility: 'public',
      scope: 'player',
      perPlayer: 2,
      faceDownSeenBy: 'owner',
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
