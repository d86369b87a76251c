/**
 * The generic planner: state + move → plan or typed rejection (never throws for bad input). One file
 * per move family; each asks the ruleset's hooks (`spec.hooks`) and cites `spec.cite`, never a game id.
 */
import { assertNever } from '../assert.js';
import { Draft } from './draft.js';
import { planAttach } from './attach.js';
import { planClockExpiry, planClockMove } from './clock.js';
import { planAddEntropy, planFlipCoin, planRollDice } from './chance.js';
import { planBringIntoGame, planCreateToken, planRemoveFromGame } from './create.js';
import { planEndReveal, planReveal, planTurnFace } from './face.js';
import { planDetach, planMoveObjects } from './move.js';
import { planReorder, planShuffle } from './order.js';
import { Rejected } from './reject.js';
import { refusedBeforeDrawing } from './random-pick.js';
import { checkMoveShape } from './shape.js';
import { planAddLayer, planRemoveLayer } from './stack.js';
import {
  planAdvanceTurn,
  planChangeCounters,
  planConcede,
  planEndGame,
  planMoveCounters,
  planSetPhase,
  planSetStatus,
} from './table.js';
import { planCreateZone, planRemoveZone } from './zones.js';
import { noMove } from '../actor.js';
import type { DomainEvent } from '../types/events.js';
import type { Move } from '../types/moves.js';
import type { PlanContext, PlanResult } from '../types/plan.js';
import type { Rejection } from '../types/rejection.js';
import type { RulesetSpec } from '../types/ruleset.js';
import type { GameState } from '../types/state.js';

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
    case 'setStatus':
      return planSetStatus(d, move);
    case 'changeCounters':
      return planChangeCounters(d, move);
    case 'moveCounters':
      return planMoveCounters(d, move);
    case 'advanceTurn':
      return planAdvanceTurn(d, move);
    case 'setPhase':
      return planSetPhase(d, move);
    case 'concede':
      return planConcede(d, move);
    case 'endGame':
      return planEndGame(d, move);
    case 'rollDice':
      return planRollDice(d, move);
    case 'flipCoin':
      return planFlipCoin(d, move);
    case 'addEntropy':
      return planAddEntropy(d, move);
    case 'startClock':
    case 'passClock':
    case 'pauseClock':
    case 'resumeClock':
    case 'addClockTime':
      return planClockMove(d, move);
    default:
      return assertNever(move);
  }
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
    return {
      ok: true,
      plan: { state, events: d.acts.attach(refusedAfterDraw(drawn, e.rejection), ctx.randomScheme) },
    };
  }
  return { ok: true, plan: { state: d.snapshot(), events: d.acts.attach(d.events, ctx.randomScheme) } };
}

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
 * game's consequence (`planner/clock.ts`). A rejection when nothing is due: the clock was passed,
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
  return { ok: true, plan: { state: d.snapshot(), events: d.events } };
}
