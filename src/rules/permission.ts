/**
 * What a seat may act on: the permission policy the authority applies before a seat's move is
 * planned. Pure, and decided only from what the seat itself can observe (ids, owners, controllers,
 * zones, positions, faces, reveals, counts), never from a card it cannot see. So a refusal never
 * depends on a hidden property, and planning (which reads card properties) starts only once the
 * move is known to touch nothing hidden from the seat except, by position, the seat's own cards.
 *
 * The policy:
 * - A seat acts on objects it owns or controls, and on its own zones and shared zones.
 * - It acts on another player's objects only when it can see them, and only with the moves the
 *   ruleset lists in `seatPolicy.othersVisible`.
 * - It never acts on, selects (by id or by TOP / BOTTOM / RANDOM) or reveals another player's object
 *   that is hidden from it; a RANDOM pick is checked against every object it could pick.
 * - It never shuffles, reorders, creates or removes another player's zones, and puts objects into
 *   another player's hidden or secret zones only when they are that player's own cards going home
 *   (MTG 400.3: a card goes to its owner's hand, library or graveyard). It never creates objects there.
 * - Its own hidden cards (its library, its face-down exiled cards) it reaches by position only, so
 *   it cannot name one card and follow it; and it may not move one into a zone whose admission reads
 *   printed properties its origin does not guarantee (`seatPolicy.revealToEnter`, e.g. MTG 400.4a
 *   keeps instants out of the battlefield): accepted or refused would tell it what the card is. It
 *   reveals the card first (revealObjects), which declassifies it by the rules.
 * Referees and admins are not bound by this policy: they may make any move the rules allow.
 */
import { recordOf } from './moves/index.js';
import { Policy, refusal, type PermissionRefusal } from './policy.js';
import type { Move } from './types/moves.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState } from './types/state.js';
import type { PlayerNames } from './types/viewer.js';

export type { PermissionRefusal, SeatRefusalReason } from './policy.js';

/**
 * Whether the seat `seatId` may make `move` on `state`, or why not. Runs before planning and reads
 * only what the seat can observe (see the file comment); malformed input is left to the planner.
 * Each move kind's check is its record's `policy` (`src/rules/moves/`). `names`, the players' names,
 * only make messages friendlier (`seat 1 (Bob)`).
 */
export function seatMayMake(
  spec: RulesetSpec,
  state: GameState,
  seatId: string,
  move: Move,
  names?: PlayerNames,
): PermissionRefusal | null {
  if (state.players.some((x) => x.id === seatId && x.conceded))
    return refusal(
      'CONCEDED',
      'You have conceded: you may make no further action (MTG 104.3a).',
      'MTG 104.3a',
    );
  const record = recordOf(move.kind);
  return record ? record.policy(new Policy(spec, state, seatId, names), move) : null;
}
