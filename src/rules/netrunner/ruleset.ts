/** Android: Netrunner as one ruleset: its zone catalog, its rule hooks and its citations. */
import type { RulesetSpec } from '../types.js';
import { NR_CATALOG } from './catalog.js';
import { NR_CITE } from './citations.js';
import { NR_HOOKS } from './hooks.js';

/** The Netrunner ruleset (chapter chpt_game_zones). */
export const NR_RULESET: RulesetSpec = { ...NR_CATALOG, hooks: NR_HOOKS, cite: NR_CITE };
