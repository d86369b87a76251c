/** Flesh and Blood as one ruleset: its zone catalog, its rule hooks and its citations. */
import type { RulesetSpec } from '../types.js';
import { FAB_CATALOG } from './catalog.js';
import { FAB_CITE } from './citations.js';
import { FAB_HOOKS } from './hooks.js';

/** The Flesh and Blood ruleset (CR chapter 3, cha:zones). */
export const FAB_RULESET: RulesetSpec = { ...FAB_CATALOG, hooks: FAB_HOOKS, cite: FAB_CITE };
