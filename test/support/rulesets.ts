/**
 * The built-in rulesets as a service reads them at start (`rulesetRegistry` with no
 * `RULESETS_DIR`): one registry per test file (each file has its own module graph), built when a
 * test first asks for it. Nothing is installed anywhere: code under test gets the registry as a
 * value, as the service's own code does.
 */
import type { RulesetRegistry } from '../../src/rules/index.js';
import { rulesetRegistry } from '../../src/rulesets/load.js';

let registry: RulesetRegistry | undefined;

/** The built-in rulesets of this test file. */
export function builtinRulesets(): RulesetRegistry {
  registry ??= rulesetRegistry();
  return registry;
}
