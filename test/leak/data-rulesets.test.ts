/**
 * Leak suite for every loaded ruleset defined by its file alone (Pokémon, Yu-Gi-Oh!, any other in
 * rulesets/): see `suite.ts`. Its model is read from the file (`model.ts`); no code per game.
 */
import { describe } from 'vitest';
import { leakSuite } from './suite.js';
import { builtinRulesets } from '../support/rulesets.js';

for (const r of builtinRulesets().list())
  if (!['mtg', 'fab', 'netrunner'].includes(r.id))
    describe(r.name, () => leakSuite(r.id, Math.min(r.players.max, 3), r.players.min));
