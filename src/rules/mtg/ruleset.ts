/** Magic: The Gathering as one ruleset: its zone catalog, its rule hooks and its citations. */
import type { RulesetSpec } from '../types.js';
import { MTG_CATALOG } from './catalog.js';
import { MTG_CITE } from './citations.js';
import { MTG_HOOKS } from './hooks.js';

/** The Magic ruleset (CR 400-408). */
export const MTG_RULESET: RulesetSpec = { ...MTG_CATALOG, hooks: MTG_HOOKS, cite: MTG_CITE };
