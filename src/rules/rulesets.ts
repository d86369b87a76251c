/** The three built-in rulesets by id, and planning a move under a state's own ruleset. */
import { FAB_RULESET } from './fab/ruleset.js';
import { MTG_RULESET } from './mtg/ruleset.js';
import { NR_RULESET } from './netrunner/ruleset.js';
import { planWith } from './planner/index.js';
import type { GameState, Move, PlanContext, PlanResult, RulesetId, RulesetSpec } from './types.js';

/** Every ruleset by id: catalog, hooks and citations (MTG 400-408, FAB chapter 3, NR chpt_game_zones). */
export const RULESETS: Record<RulesetId, RulesetSpec> = {
  mtg: MTG_RULESET,
  fab: FAB_RULESET,
  netrunner: NR_RULESET,
};

/** The ruleset with this id, or undefined for an unknown id (input from outside is not trusted). */
export function getRuleset(id: string): RulesetSpec | undefined {
  return Object.prototype.hasOwnProperty.call(RULESETS, id) ? RULESETS[id as RulesetId] : undefined;
}

/**
 * Plans a move on a state under the state's own ruleset: the complete next state and its events,
 * or a typed rejection citing the rule. Never throws for bad input.
 */
export function plan(state: GameState, move: Move, ctx: PlanContext): PlanResult {
  const spec = getRuleset(state.ruleset);
  if (!spec)
    return {
      ok: false,
      rejection: {
        code: 'UNKNOWN_ZONE_TYPE',
        rule: 'input',
        message: `Unknown ruleset ${String(state.ruleset)}`,
      },
    };
  return planWith(spec, state, move, ctx);
}
