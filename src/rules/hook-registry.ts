/**
 * The code hooks a ruleset file may name (`hooks:` in `rulesets/<id>.yaml`), for the few
 * behaviours data cannot express: the MTG 400.4 exceptions and Auras (MTG 704.5m), FAB admission
 * with two-handed weapons (FAB rule:2h_subtype) and tokens ceasing (rule:clear_definition),
 * Netrunner hosting (NR rule_hosted_object_location) and revealing (rule_reveal_from_hidden).
 */
import { FAB_NAMED_HOOKS } from './fab/hooks.js';
import { MTG_NAMED_HOOKS } from './mtg/hooks.js';
import { NR_NAMED_HOOKS } from './netrunner/hooks.js';
import type { GameHooks } from './types/game-hooks.js';

/** Every named hook: the questions of {@link GameHooks} it answers. */
export const NAMED_HOOKS: Readonly<Record<string, Partial<GameHooks>>> = {
  ...MTG_NAMED_HOOKS,
  ...FAB_NAMED_HOOKS,
  ...NR_NAMED_HOOKS,
};

/** The names a ruleset file may list under `hooks`. */
export const HOOK_NAMES: readonly string[] = Object.keys(NAMED_HOOKS);
