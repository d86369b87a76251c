/** Magic: The Gathering zones (CR 400-408). */
import type { RulesetCatalog } from '../types.js';
import { EVERY_OBJECT_MOVE, LOCKED_ORDER, stackZone, zoneType } from '../catalog.js';

/** MTG zone catalog: MTG 400.1 seven zones plus ante; public/hidden per 400.2; order per 400.5. */
export const MTG_CATALOG: RulesetCatalog = {
  id: 'mtg',
  name: 'Magic: The Gathering',
  deckZone: 'library',
  clearZone: null,
  players: { min: 1, max: 8 },
  seatPolicy: {
    // Effects target any permanent, spell or card a player can see (MTG 109.4, 115): destroy, bounce,
    // exile, tap, enchant an opponent's creature, counter a spell.
    othersVisible: EVERY_OBJECT_MOVE,
    // MTG 400.4a: an instant or sorcery card stays out of the battlefield. The library holds any card
    // type, so a library card moved there unseen would tell its owner whether it is one.
    revealToEnter: [{ type: 'battlefield', rule: 'MTG 400.4a' }],
  },
  zoneTypes: [
    zoneType({
      type: 'library',
      name: 'Library',
      visibility: 'hidden',
      scope: 'player',
      ...LOCKED_ORDER,
      allowsFaceUp: false,
      rules: ['MTG 400.1', 'MTG 400.2', 'MTG 400.5', 'MTG 401.1', 'MTG 401.2', 'MTG 401.3'],
    }),
    zoneType({
      type: 'hand',
      name: 'Hand',
      visibility: 'secret',
      scope: 'player',
      allowsFaceUp: false,
      rules: ['MTG 400.1', 'MTG 400.2', 'MTG 402.1', 'MTG 402.3'],
    }),
    zoneType({
      type: 'battlefield',
      name: 'Battlefield',
      visibility: 'public',
      scope: 'shared',
      // Face-down permanents (morph, manifest) may be looked at by their controller: MTG 702.37, 708.5
      // (outside the zones chapter).
      faceDownSeenBy: 'controller',
      admits: [
        { description: 'no instant or sorcery card (it remains in its previous zone)', rule: 'MTG 400.4a' },
      ],
      rules: ['MTG 400.1', 'MTG 400.2', 'MTG 403.1', 'MTG 403.3', 'MTG 403.4'],
    }),
    zoneType({
      type: 'graveyard',
      name: 'Graveyard',
      visibility: 'public',
      scope: 'player',
      ...LOCKED_ORDER,
      rules: ['MTG 400.1', 'MTG 400.2', 'MTG 400.5', 'MTG 404.1', 'MTG 404.2', 'MTG 404.3'],
    }),
    stackZone({
      // A face-down spell (e.g. morph) may be looked at by its controller: MTG 708.5 (outside the chapter).
      faceDownSeenBy: 'controller',
      admits: [{ description: 'spells and abilities; each new object goes on top', rule: 'MTG 405.2' }],
      rules: ['MTG 400.1', 'MTG 400.5', 'MTG 405.1', 'MTG 405.2', 'MTG 405.3'],
    }),
    zoneType({
      type: 'exile',
      name: 'Exile',
      visibility: 'public',
      scope: 'shared',
      rules: ['MTG 400.1', 'MTG 400.8', 'MTG 406.1', 'MTG 406.3'],
    }),
    zoneType({
      type: 'command',
      name: 'Command',
      visibility: 'public',
      scope: 'shared',
      // Face-down command objects (hidden agendas) are looked at by their owner (outside the chapter).
      faceDownSeenBy: 'owner',
      admits: [
        {
          description: 'conspiracy, phenomenon, plane, scheme and vanguard cards never leave it',
          rule: 'MTG 400.4b',
        },
      ],
      rules: ['MTG 400.1', 'MTG 400.9', 'MTG 400.10', 'MTG 408.1', 'MTG 408.2', 'MTG 408.3'],
    }),
    zoneType({
      type: 'ante',
      name: 'Ante',
      visibility: 'public',
      scope: 'shared',
      startsInGame: false,
      rules: ['MTG 400.1', 'MTG 407.1', 'MTG 407.2'],
    }),
  ],
};
