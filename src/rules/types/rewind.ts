/**
 * A judge's rewind (Magic Infraction Procedure Guide 1.4, "Backing Up"): the game returns to the
 * state after an earlier event, recorded as one new event, so the log keeps every earlier row.
 */
import type { TakebackRecord } from './takeback.js';

/**
 * How the rewound game places what nobody knew.
 * - `EXACT`: every object returns to its place after `toSeq`.
 * - `RANDOMIZE_UNKNOWN` (IPG 1.4, paraphrased: a card a player did not know is chosen at
 *   random from the candidates, and a shuffle is undone by shuffling the random portion again):
 *   every object some seat could see after `toSeq` returns to its known place; in each zone the
 *   objects no seat could see are shuffled again among the places they held, as one random act of
 *   the game's scheme.
 */
export type RewindMode = 'EXACT' | 'RANDOMIZE_UNKNOWN';

/** A judge (an admin, or the game's referee) rewinds the game to the state after event `toSeq`. */
export interface RewindMove {
  readonly kind: 'rewind';
  /** The event whose state the game returns to; later events stay in the log. */
  readonly toSeq: number;
  readonly mode: RewindMode;
  /** Why, in the judge's words: public, as every judge's act is. */
  readonly reason: string;
}

/** What a GAME_REWOUND event records of the rewind beyond its changes. */
export interface RewindRecord {
  readonly toSeq: number;
  readonly mode: RewindMode;
  readonly reason: string;
  /** A seats' takeback, accepted (issue 41): the request it ends and the last seat to accept. */
  readonly takeback?: TakebackRecord;
}
