/**
 * The registry of loaded rulesets, and planning a move under a state's own ruleset. The registry
 * is filled at start from the ruleset files (`src/rulesets/load.ts` reads and validates them, then
 * calls {@link installRulesets}); the rules layer imports no file. Besides the current version of
 * each ruleset it keeps older versions games were created with, so that those games keep playing
 * and replaying under their own version after a file changes.
 */
import { planWith } from './planner/index.js';
import type { GameState, Move, PlanContext, PlanResult, RulesetSpec } from './types.js';

let current = new Map<string, RulesetSpec>();
const versions = new Map<string, RulesetSpec>();
const versionKey = (id: string, version: string) => `${id}@${version}`;

/**
 * Makes `specs` the loaded rulesets (replacing those loaded before), each under its id and its
 * version. Versions loaded before stay known to the games that use them.
 */
export function installRulesets(specs: readonly RulesetSpec[]): void {
  const next = new Map<string, RulesetSpec>();
  for (const s of specs) {
    if (next.has(s.id)) throw new Error(`ruleset ${s.id} is loaded twice`);
    next.set(s.id, s);
    versions.set(versionKey(s.id, s.version), s);
  }
  current = next;
}

/** Keeps an older version of a ruleset (stored with the games created under it) known. */
export function addRulesetVersion(spec: RulesetSpec): void {
  versions.set(versionKey(spec.id, spec.version), spec);
}

/** Every loaded ruleset (its current version), in the order they were loaded. */
export function loadedRulesets(): readonly RulesetSpec[] {
  return [...current.values()];
}

/**
 * The ruleset with this id, or undefined for an unknown id (input from outside is not trusted).
 * With a version: that version, whether current or kept, or undefined when it is not known.
 */
export function getRuleset(id: string, version?: string | null): RulesetSpec | undefined {
  if (version !== undefined && version !== null) return versions.get(versionKey(id, version));
  return current.get(id);
}

/**
 * Plans a move on a state under the state's own ruleset (its current version): the complete next
 * state and its events, or a typed rejection citing the rule. Never throws for bad input. A game
 * of an older version plans with {@link planWith} and that version's spec.
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
