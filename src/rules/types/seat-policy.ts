/** A ruleset's permission policy for seats, as data (`src/rules/permission.ts` applies it). */

import type { Move } from './moves.js';

/** The moves that act on existing objects (a selection, a host, a layer). */
export type ObjectMoveKind = Extract<
  Move['kind'],
  | 'moveObjects'
  | 'turnFace'
  | 'reveal'
  | 'endReveal'
  | 'attach'
  | 'detach'
  | 'removeLayer'
  | 'removeFromGame'
  | 'setStatus'
  | 'changeCounters'
>;

/**
 * What `seatPolicy.othersVisible` may list: the object moves, and `changePlayerCounters` (another
 * player's counters: MTG Lightning Bolt sets an opponent's life).
 */
export type OthersVisibleKind = ObjectMoveKind | 'changePlayerCounters';

/**
 * A ruleset's permission policy for seats, as data. The fixed part (a seat never acts on, selects
 * or reveals another player's object that is hidden from it; another player's zones are theirs)
 * is code in `src/rules/permission.ts`; what varies by game is here.
 */
export interface SeatPolicy {
  /**
   * The moves a seat may make on another player's objects that it can see (public, or revealed to
   * it): destroying, bouncing, tapping, hosting on an opponent's permanent are ordinary effects.
   */
  readonly othersVisible: readonly OthersVisibleKind[];
  /**
   * Zone types whose admission reads printed properties (types, subtypes) that the object's hidden
   * origin does not guarantee. An object hidden from the acting seat (its own library card) may
   * not be moved there until it is revealed: otherwise acceptance would tell the seat what the
   * card is. `rule` is the admission rule that reads the card.
   */
  readonly revealToEnter: readonly { readonly type: string; readonly rule: string }[];
}
