/**
 * The per-ruleset table each built-in file declares (issue 28): a zone where a status exists and
 * that status, an object counter and the zone it sits in, a player counter, each `null` where the
 * ruleset declares none; and the cards that put a seat's piece there. Shared by the API and the
 * typed client's table suites.
 */
import { deck, type CardIn } from './helpers.js';

export interface GameCase {
  readonly ruleset: string;
  /** A zone type where the status exists, and the card there. */
  readonly statusZone: string | null;
  readonly status: { name: string; value: string } | null;
  readonly counterZone: string;
  readonly objectCounter: string;
  readonly playerCounter: string | null;
  readonly extraCards?: (seat: number) => CardIn[];
}

export const CASES: GameCase[] = [
  {
    ruleset: 'mtg',
    statusZone: 'battlefield',
    status: { name: 'tapped', value: 'tapped' },
    counterZone: 'battlefield',
    objectCounter: '+1/+1',
    playerCounter: 'life',
  },
  {
    ruleset: 'fab',
    statusZone: 'hero',
    status: { name: 'marked', value: 'marked' },
    counterZone: 'hero',
    objectCounter: '+1power',
    playerCounter: 'actionPoints',
  },
  {
    ruleset: 'netrunner',
    statusZone: null,
    status: null,
    counterZone: 'play',
    objectCounter: 'advancement',
    playerCounter: 'credits',
  },
  {
    ruleset: 'pokemon',
    statusZone: 'active_spot',
    status: { name: 'rotation', value: 'asleep' },
    counterZone: 'active_spot',
    objectCounter: 'damage',
    playerCounter: null,
  },
  {
    ruleset: 'yugioh',
    statusZone: 'main_monster_zone',
    status: { name: 'position', value: 'defense' },
    counterZone: 'main_monster_zone',
    objectCounter: 'spellCounter',
    playerCounter: 'lifePoints',
  },
];

export const heroCard = (seat: number): CardIn => ({
  name: `Hero ${seat}`,
  types: ['Hero'],
  zone: 'hero',
  attributes: { intellect: 4, life: 20 },
});

export function cardsFor(c: GameCase, seat: number): CardIn[] {
  const inPlay: CardIn = {
    name: `Piece ${seat}`,
    types: c.ruleset === 'pokemon' ? ['pokemon'] : ['Creature'],
    subtypes: c.ruleset === 'pokemon' ? ['Basic'] : [],
    zone: c.statusZone ?? c.counterZone,
  };
  if (c.ruleset === 'fab') return [heroCard(seat), ...deck(`Deck ${seat}`, 3, ['Action'])];
  if (c.ruleset === 'netrunner')
    return [
      { name: `Piece ${seat}`, types: ['Asset'], zone: 'play', faceUp: true },
      ...deck(`D${seat}`, 3, ['Asset']),
    ];
  return [inPlay, ...deck(`Deck ${seat}`, 3, [c.ruleset === 'pokemon' ? 'Pokémon' : 'Creature'])];
}

/** The name of the seat's piece the table actions act on: its hero in FAB, else the card in play. */
export const pieceName = (c: GameCase, seat: number): string =>
  c.ruleset === 'fab' ? `Hero ${seat}` : `Piece ${seat}`;
