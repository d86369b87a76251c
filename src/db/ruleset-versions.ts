/**
 * Ruleset versions and the games that use them (docs/rulesets.md, "Stable games"). A game records
 * the version (content hash) of its ruleset; each version in use is stored with its canonical
 * content, so that a game whose file has changed on disk keeps planning and replaying with its own
 * version, across restarts. Which version a game plays is chosen by `src/rulesets/versions.ts`;
 * one neither loaded nor stored is refused with a {@link DbError} (RULESET_VERSION_UNAVAILABLE).
 */
import type { RulesetRegistry, RulesetSpec } from '../rules/index.js';
import { resolveRulesetVersion } from '../rulesets/versions.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Store } from './store.js';
import { dbError } from './errors.js';

/** A client or an interactive transaction. */
type Queryable = Store['db'] | Prisma.TransactionClient;

/**
 * How many ruleset versions `store.storedVersions` remembers as written, least recently used
 * forgotten first. A service plays a handful of versions, so this only caps what many distinct
 * versions (imports, changed files) could make it keep. Forgetting one costs a single write again,
 * and that write is idempotent: a version is the hash of its content, and the row's key is
 * `(ruleset, version)`, so `ON CONFLICT DO NOTHING` leaves the stored row as it is.
 */
export const STORED_VERSIONS_MAX = 1024;

/**
 * Stores a ruleset version's canonical content (a no-op when it is stored already):
 * `store.storedVersions` remembers the versions written, so each is written once while remembered.
 */
export async function storeRulesetVersion(
  store: Pick<Store, 'db' | 'storedVersions' | 'rulesets'>,
  spec: RulesetSpec,
): Promise<void> {
  const key = `${spec.id}@${spec.version}`;
  const known = store.storedVersions;
  if (known.get(key)) return;
  const content = store.rulesets.documentOf(spec.id, spec.version);
  if (!content) throw new Error(`ruleset ${key} has no validated content`);
  await store.db.$executeRaw`
    INSERT INTO ruleset_version (ruleset, version, content)
    VALUES (${spec.id}, ${spec.version}, ${JSON.stringify(content)}::jsonb)
    ON CONFLICT DO NOTHING`;
  known.set(key, true);
}

/**
 * The ruleset a game plays under (`resolveRulesetVersion`), reading the stored content of its
 * version when it is not loaded. Throws RULESET_VERSION_UNAVAILABLE when the version is neither.
 */
export async function rulesetOfGame(
  db: Queryable,
  rulesets: RulesetRegistry,
  ruleset: string,
  version: string | null,
): Promise<RulesetSpec> {
  const spec = await resolveRulesetVersion(rulesets, ruleset, version, async () => {
    const rows = await db.$queryRaw<{ content: unknown }[]>`
      SELECT content FROM ruleset_version WHERE ruleset = ${ruleset} AND version = ${version}`;
    return rows[0]?.content ?? null;
  });
  if (!spec) throw dbError({ kind: 'RULESET_VERSION_UNAVAILABLE', ruleset, version });
  return spec;
}

/**
 * At start: stores every version the service loaded (`store.rulesets`), and gives games from before
 * versions existed (null) the loaded version of their ruleset, so that they too keep it from now on.
 */
export async function recordLoadedRulesets(store: Store): Promise<void> {
  for (const spec of store.rulesets.list()) {
    await storeRulesetVersion(store, spec);
    await store.db.$executeRaw`
      UPDATE game SET ruleset_version = ${spec.version} WHERE ruleset = ${spec.id} AND ruleset_version IS NULL`;
  }
}
