/**
 * Which ruleset a game plays under (docs/rulesets.md, "Stable games"): its recorded version when it
 * is loaded, else that version's stored content, validated again and kept by the service's registry. A game
 * from before versions (null) plays the loaded one. The data layer reads and writes the stored
 * content (`src/db/ruleset-versions.ts`); the choice is made here, beside the loader.
 */
import type { RulesetRegistry, RulesetSpec } from '../rules/index.js';
import { rulesetFromContent } from './load.js';

/**
 * The ruleset of a game recorded as `ruleset@version`, or null when that version is neither loaded
 * nor stored. `readStored` reads the stored content of the version (null when none is stored).
 */
export async function resolveRulesetVersion(
  rulesets: RulesetRegistry,
  ruleset: string,
  version: string | null,
  readStored: () => Promise<unknown>,
): Promise<RulesetSpec | null> {
  const known = rulesets.get(ruleset, version);
  if (known) return known;
  if (version === null) return null;
  const content = await readStored();
  if (content === null || content === undefined) return null;
  const loaded = rulesetFromContent(content, `ruleset_version ${ruleset}@${version}`);
  // The stored content is the canonical document whose hash is the version; anything else is not it.
  const { spec } = loaded;
  if (spec.id !== ruleset || spec.version !== version) return null;
  rulesets.keep(loaded);
  return spec;
}
