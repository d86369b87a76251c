/**
 * The twin-world non-interference property (see `twin.ts`) for every loaded ruleset defined by its
 * file alone (Pokémon, Yu-Gi-Oh!, any other in rulesets/), with no code per game.
 */
import { describe } from 'vitest';
import { twinSuite } from './twin.js';
import { builtinRulesets } from '../support/rulesets.js';

for (const r of builtinRulesets().list())
  if (!['mtg', 'fab', 'netrunner'].includes(r.id))
    describe(r.name, () => twinSuite(r.id, Math.min(r.players.max, 3), r.players.min));
