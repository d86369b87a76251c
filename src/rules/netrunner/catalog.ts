/** Android: Netrunner zones (chapter chpt_game_zones). Seat 0 = Corp, seat 1 = Runner. */
import type { RulesetCatalog } from '../types.js';
import { EVERY_OBJECT_MOVE, LOCKED_ORDER, zoneType } from '../catalog.js';

/** NR zone catalog: rule_zone_types, rule_player_zones, rule_public_zone / rule_hidden_zone / rule_secret_zone. */
// The header (id, name, deck zone, clear zone, players) has the same shape as Magic's: data, one
// object per game, not logic to share.
export const NR_CATALOG: RulesetCatalog = {
  id: 'netrunner',
  name: 'Android: Netrunner',
  deckZone: 'deck',
  clearZone: null,
  players: { min: 2, max: 2 },
  seatPolicy: {
    // Trashing, derezzing, exposing and hosting act on the other side's installed cards the player can see.
    othersVisible: EVERY_OBJECT_MOVE,
    // Zones admit by kind only (NR rule_zone_types); an effect that needs an attribute reveals the card
    // first (NR rule_reveal_from_hidden, `requiresAttribute`).
    revealToEnter: [],
  },
  zoneTypes: [
    zoneType({
      type: 'deck',
      name: 'Deck',
      displayNames: { 0: 'R&D', 1: 'Stack' },
      visibility: 'hidden',
      scope: 'player',
      ...LOCKED_ORDER,
      allowsFaceUp: false,
      rules: [
        'NR rule_hidden_zone',
        'NR rule_deck_hidden',
        'NR rule_deck_ordered',
        'NR rule_deck_name',
        'NR rule_rnd_name',
        'NR rule_stack_name',
      ],
    }),
    zoneType({
      type: 'hand',
      name: 'Hand',
      // HQ and Grip are the games' names from outside this chapter.
      displayNames: { 0: 'HQ', 1: 'Grip' },
      visibility: 'secret',
      scope: 'player',
      allowsFaceUp: false,
      rules: ['NR rule_secret_zone', 'NR rule_player_zones'],
    }),
    zoneType({
      type: 'discard',
      name: 'Discard Pile',
      // Archives and Heap are the games' names from outside this chapter.
      displayNames: { 0: 'Archives', 1: 'Heap' },
      visibility: 'public',
      scope: 'player',
      faceDownSeenBy: 'owner',
      rules: ['NR rule_public_zone', 'NR rule_player_zones'],
    }),
    zoneType({
      type: 'score',
      name: 'Score Area',
      visibility: 'public',
      scope: 'player',
      faceDownSeenBy: 'owner',
      rules: ['NR rule_public_zone', 'NR rule_player_zones'],
    }),
    zoneType({
      type: 'play',
      name: 'Play Area',
      visibility: 'public',
      scope: 'shared',
      // Facedown installed cards are known to their controller (outside this chapter).
      faceDownSeenBy: 'controller',
      rules: ['NR rule_public_zone', 'NR rule_play_area_location', 'NR rule_hosted_object_location'],
    }),
    zoneType({
      type: 'bank',
      name: 'Bank',
      visibility: 'public',
      scope: 'shared',
      rules: ['NR rule_public_zone', 'NR rule_player_zones'],
    }),
    zoneType({
      type: 'setAside',
      name: 'Set Aside',
      visibility: 'public',
      scope: 'shared',
      faceDownSeenBy: 'controller',
      rules: ['NR rule_public_zone', 'NR rule_player_zones'],
    }),
    zoneType({
      type: 'removed',
      name: 'Removed from the Game',
      visibility: 'public',
      scope: 'shared',
      faceDownSeenBy: 'controller',
      rules: ['NR rule_public_zone', 'NR rule_outside_game'],
    }),
  ],
};
