/** The generic planner: state + move → plan or typed rejection (never throws for bad input). */
import { assertNever } from './assert.js';
import { Draft } from './draft.js';
import { FAB_RULES } from './games/fab.js';
import { MTG_RULES } from './games/mtg.js';
import { NR_RULES } from './games/netrunner.js';
import type { GameRules } from './games/rules.js';
import {
  planAddLayer,
  planAttach,
  planBringIntoGame,
  planCreateToken,
  planCreateZone,
  planDetach,
  planEndReveal,
  planMoveObjects,
  planRemoveFromGame,
  planRemoveLayer,
  planRemoveZone,
  planReorder,
  planReveal,
  planShuffle,
  planTurnFace,
} from './moves.js';
import { Rejected } from './reject.js';
import { checkMoveShape } from './shape.js';
import type { GameState, Move, PlanContext, PlanResult, RulesetId, RulesetSpec } from './types.js';

/** Rule hooks per ruleset. */
export const GAME_RULES: Record<RulesetId, GameRules> = {
  mtg: MTG_RULES,
  fab: FAB_RULES,
  netrunner: NR_RULES,
};

function dispatch(d: Draft, move: Move): void {
  switch (move.kind) {
    case 'moveObjects':
      return planMoveObjects(d, move);
    case 'turnFace':
      return planTurnFace(d, move);
    case 'reveal':
      return planReveal(d, move);
    case 'endReveal':
      return planEndReveal(d, move);
    case 'shuffle':
      return planShuffle(d, move);
    case 'reorder':
      return planReorder(d, move);
    case 'createToken':
      return planCreateToken(d, move);
    case 'attach':
      return planAttach(d, move);
    case 'detach':
      return planDetach(d, move);
    case 'createZone':
      return planCreateZone(d, move);
    case 'removeZone':
      return planRemoveZone(d, move);
    case 'addLayer':
      return planAddLayer(d, move);
    case 'removeLayer':
      return planRemoveLayer(d, move);
    case 'bringIntoGame':
      return planBringIntoGame(d, move);
    case 'removeFromGame':
      return planRemoveFromGame(d, move);
    default:
      return assertNever(move);
  }
}

/**
 * Plans a move against a state under a ruleset. Returns the complete next state and its events, or
 * a typed rejection leaving the input untouched (moves are all-or-nothing). Only programmer bugs
 * (a state violating its own invariants) throw.
 */
export function planWith(spec: RulesetSpec, state: GameState, move: Move, ctx: PlanContext): PlanResult {
  const malformed = checkMoveShape(move);
  if (malformed) return { ok: false, rejection: malformed };
  const d = new Draft(spec, GAME_RULES[spec.id], state, ctx);
  try {
    dispatch(d, move);
  } catch (e) {
    if (e instanceof Rejected) return { ok: false, rejection: e.rejection };
    throw e;
  }
  return { ok: true, plan: { state: d.snapshot(), events: d.events } };
}
