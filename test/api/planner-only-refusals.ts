/**
 * INVALID_MOVE reasons no request can be refused for: the pure planner's own guards, which the
 * authority's checks before it always pre-empt over the API. Each is triggered here through the
 * planner itself (as test/rules/ tests it), with why the API cannot give it; the refusal-reasons
 * test accepts an exemption only for a reason whose API trigger is null, and demands one for each.
 */
import type { RejectionCode } from '../../src/rules/index.js';
import { newGame, testCtx } from '../rules/helpers.js';
import { builtinRulesets } from '../support/rulesets.js';

export interface PlannerOnly {
  /** Why no request is refused for this reason. */
  readonly why: string;
  /** The planner's rejection code for a move that must be refused for this reason. */
  readonly plan: () => string | undefined;
}

const REWIND = { kind: 'rewind', toSeq: 1, mode: 'EXACT', reason: 'Misdeal.' } as const;

export const PLANNER_ONLY: Partial<Record<RejectionCode, PlannerOnly>> = {
  REWIND_UNAVAILABLE: {
    why: "the authority reads the state of every toSeq a judge's well-formed rewind names (src/authority/rewind.ts)",
    plan: () => {
      const r = builtinRulesets().plan(newGame('mtg'), REWIND, testCtx(null));
      return r.ok ? undefined : r.rejection.code;
    },
  },
  REWIND_CROSSES_GAME_END: {
    why: 'a game with a result has ended: the authority answers GAME_NOT_ACTIVE with this reason first',
    plan: () => {
      const now = newGame('mtg');
      const ended = { ...now, result: { winnerIds: [], draw: true, reason: 'Draw.' } };
      const r = builtinRulesets().plan(ended, REWIND, { ...testCtx(null), stateAt: () => now });
      return r.ok ? undefined : r.rejection.code;
    },
  },
};
