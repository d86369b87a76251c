/**
 * The generic planner: state + move → plan or typed rejection (never throws for bad input). Each move
 * kind's record (`src/rules/moves/`) names its shape check and its planner, one file per move
 * family here; each asks the ruleset's hooks (`spec.hooks`) and cites `spec.cite`, never a game id.
 */
import { Draft } from './draft.js';
import { planClockExpiry } from './clock.js';
import { Rejected } from './reject.js';
import { refusedBeforeDrawing } from './random-pick.js';
import { commonChecks, firstFailing, isObj, notAMove, unknownKind } from './shape.js';
import { noMove } from '../actor.js';
import { withTakebackAfter } from '../takeback-state.js';
import { recordOf } from '../moves/index.js';
import type { DomainEvent } from '../types/events.js';
import type { Move } from '../types/moves.js';
import type { PlanContext, PlanResult } from '../types/plan.js';
import type { Rejection } from '../types/rejection.js';
import type { RulesetSpec } from '../types/ruleset.js';
import type { GameState } from '../types/state.js';

/** A typed rejection for a structurally malformed move (its record's `shape`), or null when valid. */
export function checkMoveShape(move: unknown): Rejection | null {
  if (!isObj(move)) return notAMove;
  const record = recordOf(move.kind);
  return record ? firstFailing(record.shape(move, commonChecks(move))) : unknownKind;
}

/** Plans one move on a draft with its kind's record (shape already checked). */
function dispatch(d: Draft, move: Move): void {
  const record = recordOf(move.kind);
  if (!record) throw new Error(`no record for move kind ${String(move.kind)}`);
  record.plan(d, move);
}

/**
 * Plans a move against a state under a ruleset. Returns the complete next state and its events, or
 * a typed rejection leaving the input untouched (moves are all-or-nothing). Only programmer bugs
 * (a state violating its own invariants) throw.
 *
 * Refused picks use nothing up and show nothing (docs/fairness.md, "Refused picks"): a RANDOM
 * selection that could be refused for some object it might draw is refused before drawing
 * (`random-pick.ts`); a refusal that still follows a draw is not returned (nothing would be used up,
 * and the next identical request would draw the same) but planned as NO_MOVE events recording the
 * acts, which the game commits.
 */
export function planWith(spec: RulesetSpec, state: GameState, move: Move, ctx: PlanContext): PlanResult {
  const malformed = checkMoveShape(move);
  if (malformed) return { ok: false, rejection: malformed };
  const early = refusedBeforeDrawing(spec, state, move, ctx, dispatch);
  if (early) return { ok: false, rejection: early };
  const d = new Draft(spec, state, ctx);
  try {
    dispatch(d, move);
  } catch (e) {
    if (!(e instanceof Rejected)) throw e;
    const drawn = d.acts.events;
    if (drawn.length === 0) return { ok: false, rejection: e.rejection };
    // The acts are used up: the game's act count moves past them, so the next request draws afresh.
    return planned(
      state,
      d.acts.counted(state),
      d.acts.attach(refusedAfterDraw(drawn, e.rejection), ctx.randomScheme),
    );
  }
  return planned(state, d.acts.counted(d.snapshot()), d.acts.attach(d.events, ctx.randomScheme));
}

/** A plan from `before` to `after` by `events`, its takebacks folded over them (`takeback-state.ts`). */
const planned = (before: GameState, after: GameState, events: readonly DomainEvent[]): PlanResult => ({
  ok: true,
  plan: { state: withTakebackAfter(before, after, events), events },
});

/**
 * A refusal after a draw, committed: one NO_MOVE per event position up to the last that recorded an
 * act (each act keeps the event, hence the key, it was drawn for), citing the refusal's rule.
 */
function refusedAfterDraw(drawn: readonly number[], rejection: Rejection): DomainEvent[] {
  const last = Math.max(...drawn);
  return Array.from({ length: last + 1 }, () => ({ ...noMove(), rules: [rejection.rule] }));
}

/**
 * Plans the expiry of the ticking clock (issue 40) as of `ctx.now`: one CLOCK_EXPIRED, then the
 * game's consequence (`src/rules/planner/clock.ts`). A rejection when nothing is due: the clock was passed,
 * paused or expired by another writer first.
 */
export function planExpiry(spec: RulesetSpec, state: GameState, ctx: PlanContext): PlanResult {
  const d = new Draft(spec, state, ctx);
  try {
    planClockExpiry(d);
  } catch (e) {
    if (!(e instanceof Rejected)) throw e;
    return { ok: false, rejection: e.rejection };
  }
  return planned(state, d.snapshot(), d.events);
}
