/**
 * The pure rules layer: zone catalogs for Magic, Flesh and Blood and Netrunner, the move planner,
 * visibility and per-viewer redaction. No I/O.
 */
import { FAB } from './catalogs/fab.js';
import { MTG } from './catalogs/mtg.js';
import { NETRUNNER } from './catalogs/netrunner.js';
import { planWith } from './planner.js';
import type { GameState, Move, PlanContext, PlanResult, RulesetId, RulesetSpec } from './types.js';

export * from './types.js';
export { assertNever } from './assert.js';
export { FAB_ARENA_TYPE } from './catalogs/fab.js';
export { NR_SEATS } from './catalogs/netrunner.js';
export { isDeckCard, isTwoHanded } from './games/fab.js';
export { planWith } from './planner.js';
export {
  compareBySortKey,
  hostedObjects,
  indexPositions,
  layerNumber,
  positionOf,
  zoneObjects,
} from './positions.js';
export type { PositionIndex } from './positions.js';
export { initialZones, zoneDisplayName, zoneTypeOf } from './spec.js';
export type { ZoneSeed } from './spec.js';
export { canSee, canSeeSnapshot, contextOf, isPublicObject, nonAdminViewers } from './visibility.js';
export type { ObjectSnapshot } from './visibility.js';
export { redactEvent, viewGame, viewObject, viewSnapshot, viewZone } from './redact.js';
export type { ChangeView, EventView, GameView, ObjectView, ZoneView } from './redact.js';

/** Every ruleset by id. */
export const RULESETS: Record<RulesetId, RulesetSpec> = { mtg: MTG, fab: FAB, netrunner: NETRUNNER };

/** The ruleset with this id, or undefined for an unknown id (input from outside is not trusted). */
export function getRuleset(id: string): RulesetSpec | undefined {
  return Object.prototype.hasOwnProperty.call(RULESETS, id) ? RULESETS[id as RulesetId] : undefined;
}

/**
 * Plans a move on a state under the state's own ruleset: the complete next state and its events,
 * or a typed rejection. Never throws for bad input.
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
export { admitStartingLayout } from './layout.js';
export type { LayoutRefusal } from './layout.js';
