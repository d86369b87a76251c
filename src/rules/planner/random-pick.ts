/**
 * Refused picks use nothing up and show nothing (docs/fairness.md, "Refused picks"). A move whose
 * RANDOM selection could be refused for some of the objects it might draw is refused before anything
 * is drawn, with a message that names no object. Were it refused after the draw instead, nothing
 * would be committed, so the same request would draw the same object again: a seat could probe a
 * pick (learning from the refusal what it drew), then re-roll with any committed move until the
 * pick suits it. What a refusal after a draw may still follow (a combination of several picked
 * objects that the candidates one by one do not show) is committed by `planWith` as NO_MOVE, using
 * the act up.
 */
import { Draft } from './draft.js';
import { Rejected } from './reject.js';
import { MAX_COUNT } from './select.js';
import type { Move } from '../types/moves.js';
import type { PlanContext } from '../types/plan.js';
import type { Rejection } from '../types/rejection.js';
import type { RulesetSpec } from '../types/ruleset.js';
import type { Selector } from '../types/selection.js';
import type { GameState } from '../types/state.js';

/** The moves that act on a selection of existing objects. */
type SelectingMove = Extract<Move, { readonly select: Selector }>;

function selecting(move: Move): move is SelectingMove {
  return 'select' in move && typeof move.select === 'object' && move.select !== null;
}

/** Runs one move on a draft, throwing {@link Rejected} when it is refused (the planner's dispatch). */
export type PlanStep = (d: Draft, move: Move) => void;

/** A plan's context for a trial run: stubbed new ids, and draws that are all 0 (no order changes). */
function trialContext(ctx: PlanContext): PlanContext {
  let stubbed = 0;
  return { ...ctx, newId: () => `trial-${++stubbed}`, randomAct: () => () => 0 };
}

/** The rejection of a trial run of `move`, or null when the run is admitted. */
function trial(
  spec: RulesetSpec,
  state: GameState,
  move: Move,
  ctx: PlanContext,
  step: PlanStep,
): Rejection | null {
  try {
    step(new Draft(spec, state, ctx), move);
    return null;
  } catch (e) {
    if (e instanceof Rejected) return e.rejection;
    throw e;
  }
}

/**
 * Checks a move that draws before it checks, before anything is drawn:
 * - A RANDOM selection, against every object it could pick: the move is tried once per window of
 *   `count` candidates (each candidate in one window, every window the size of the pick), the window
 *   named by id instead of drawn. The first refusal refuses the move, citing its code and rule and
 *   naming no object.
 * - A random order of arrivals (`randomOrder`) of objects the caller named: the move is tried in
 *   their given order, and its refusal (about objects the caller named, not about the draw) is returned.
 *
 * Trials stub new ids and draws. Null when every trial is admitted, when the move draws nothing
 * before its checks, or when the selector itself is bad (the planner refuses that before drawing).
 */
export function refusedBeforeDrawing(
  spec: RulesetSpec,
  state: GameState,
  move: Move,
  ctx: PlanContext,
  step: PlanStep,
): Rejection | null {
  if (!selecting(move) || move.select.kind !== 'random')
    return move.kind === 'moveObjects' && move.randomOrder === true
      ? trial(spec, state, move, trialContext(ctx), step)
      : null;
  const { zoneId, count } = move.select;
  const view = new Draft(spec, state, ctx);
  if (!view.zone(zoneId)) return null;
  const candidates = view.topLevel(zoneId);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT || count > candidates.length) return null;
  const trialCtx = trialContext(ctx);
  for (let start = 0; start < candidates.length; start += count) {
    const ids = Array.from(
      { length: count },
      (_, i) => candidates[(start + i) % candidates.length]!.publicId,
    );
    const refused = trial(spec, state, { ...move, select: { kind: 'ids', ids } }, trialCtx, step);
    if (refused)
      return {
        code: refused.code,
        rule: refused.rule,
        message: `A random pick of ${count} from ${view.labels.zone(view.zone(zoneId)!)} could be refused (${refused.code}, ${refused.rule}) for some of the objects it might draw, so nothing was drawn.`,
      };
  }
  return null;
}
