/**
 * The twin-world non-interference property (see `twin.ts`) for every loaded ruleset defined by its
 * file alone (Pokémon, Yu-Gi-Oh!, any other in rulesets/), with no code per game.
 */
import { describe } from 'vitest';
import { loadedRulesets } from '../../src/rules/index.js';
import { twinSuite } from './twin.js';

for (const r of loadedRulesets())
  if (!['mtg', 'fab', 'netrunner'].includes(r.id))
    describe(r.name, () => twinSuite(r.id, Math.min(r.players.max, 3), r.players.min));
