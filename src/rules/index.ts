/**
 * The public API of the pure rules layer: rulesets built from their files (data plus named code
 * hooks for Magic, Flesh and Blood and Netrunner), the move planner, visibility, per-viewer redaction, the seat policy and replay. No I/O. Code
 * outside `src/rules` imports from this file only; everything else here is internal.
 *
 * Layout: `<game>/` (mtg, fab, netrunner) holds each game's named code hooks (its catalog and
 * citations are its file, `rulesets/<game>.yaml`); `data-hooks.ts` answers the hooks from data;
 * `planner/` the generic planner, one file per move family; `types/` the vocabulary, one file per
 * concept; the files beside this one are the public functions.
 */

// Vocabulary: catalog, state, viewers, moves, plans, events, rejections, hooks.
export type * from './types/card.js';
export type * from './types/catalog.js';
export type * from './types/table-spec.js';
export type * from './types/seat-policy.js';
export type * from './types/ruleset.js';
export type * from './types/citations.js';
export type * from './types/game-hooks.js';
export type * from './types/state.js';
export type * from './types/viewer.js';
export type * from './types/selection.js';
export type * from './types/moves.js';
export type * from './types/table-moves.js';
export type * from './types/chance-moves.js';
export type * from './types/clock-moves.js';
export type * from './types/rejection.js';
export type * from './types/plan.js';
export type * from './types/events.js';
export type * from './types/randomness.js';
export type * from './types/rewind.js';
export type * from './types/takeback.js';

// The clocks the referee keeps (issue 40).
export * from './clock/index.js';

// Rulesets and planning.
export { RulesetRegistry } from './rulesets.js';
export type { KeptVersions, RulesetEntry } from './rulesets.js';
export { buildRuleset } from './data-hooks.js';
export { HOOK_NAMES } from './hook-registry.js';
export type { RulesetDocument, ZoneTypeDocument } from './document.js';
export { planExpiry, planWith } from './planner/index.js';
export { TimeNeeded } from './planner/clock-hooks.js';
export { PLANNED_EVENT_KINDS } from './moves/index.js';
export type { MoveKind, MoveOf, PlannedEventKind } from './moves/index.js';
export { REJECTION_CODES } from './planner/reject.js';
export { MAX_DIE_SIDES, MAX_ROLL_COUNT } from './planner/chance.js';
export { MAX_REWIND_REASON } from './moves/rewind.js';
export { MAX_TAKEBACK_REASON, MAX_TAKEBACK_REQUESTS_PER_TURN } from './takeback-state.js';
export { takebackBarrier, takebackRefusal } from './takeback.js';
export type { LoggedEvent } from './takeback.js';
export { HISTORY_BOUND } from './planner/history.js';
export { admitStartingLayout } from './layout.js';
export { stateFault } from './invariants.js';
export { CARD_LIMITS } from './card-limits.js';
export { isKindName } from './table.js';

// Per-game facts other layers use.
export { isDeckCard, isTwoHanded } from './fab/hooks.js';

// Catalog lookups and positions.
export { initialZones, zoneDisplayName, zoneTypeOf } from './spec.js';
export { indexPositions, layerNumber, positionOf, SORT_KEY_STEP, zoneObjects } from './positions.js';

// Visibility and redaction.
export { canSee, canSeeSnapshot, contextOf, nonAdminViewers } from './visibility.js';
export { redactEvent, viewGame, viewObject, viewSnapshot } from './redact.js';
export type { ObjectView, ZoneView } from './redact.js';

// Actors, the seat policy and replay.
export { actingPlayer, noMove } from './actor.js';
export { endsPlay, LIFECYCLE_STEPS, lifecycleEvent, statusChangeEvent } from './lifecycle.js';
export type { LifecycleStep } from './lifecycle.js';
export { assertNever } from './assert.js';
export type { Actor } from './actor.js';
export type { SeatRefusalReason } from './permission.js';
export { seatMayMake } from './permission.js';
export { applyEvent, emptyState, replay, Replayer, replaySteps } from './replay.js';
export type { EventWithPlayers } from './replay.js';

// The table beyond zones: statuses, counters, turns (issue 28).
export { startTable } from './table-start.js';
export type { CounterOverride } from './table-start.js';
