/**
 * The built-in rulesets as a service reads them at start (`rulesetRegistry` with no
 * `RULESETS_DIR`): one registry per worker process (test files share it: `isolate: false`), built
 * when a test first asks for it. A file cannot change what another sees through it: it holds the
 * built-ins, and older versions only by their content hash. Nothing is installed anywhere: code
 * under test gets the registry as a value, as the service's own code does.
 */
import type { RulesetRegistry } from '../../src/rules/index.js';
import { rulesetRegistry } from '../../src/rulesets/load.js';

let registry: RulesetRegistry | undefined;

/** The built-in rulesets of this test file. */
export function builtinRulesets(): RulesetRegistry {
  registry ??= rulesetRegistry();
  return registry;
}
