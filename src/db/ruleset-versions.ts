/**
 * Ruleset versions and the games that use them (docs/rulesets.md, "Stable games"). A game records
 * the version (content hash) of its ruleset; each version in use is stored with its canonical
 * content, so that a game whose file has changed on disk keeps planning and replaying with its own
 * version, across restarts. A version neither loaded nor stored is refused with a typed error.
 */
import { ErrorCode, ZonekeeperError } from '../errors.js';
import { addRulesetVersion, getRuleset, loadedRulesets, type RulesetSpec } from '../rules/index.js';
import { rulesetDocumentOf, rulesetFromContent } from '../rulesets/load.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';

/** A client or an interactive transaction. */
type Queryable = Db | Prisma.TransactionClient;

/** The refusal of a game whose ruleset version is neither loaded nor stored. */
export function rulesetVersionUnavailable(ruleset: string, version: string | null): ZonekeeperError {
  return new ZonekeeperError(
    ErrorCode.RULESET_VERSION_UNAVAILABLE,
    `This game plays ruleset ${ruleset} version ${version ?? '(none)'}, which is neither loaded nor stored: ` +
      'load that version of the ruleset file again (RULESETS_DIR).',
    { ruleset, rulesetVersion: version },
  );
}

/** Versions known to be stored, per database client: each is written once per process. */
const stored = new WeakMap<object, Set<string>>();

/** Stores a ruleset version's canonical content, once (a no-op when it is stored already). */
export async function storeRulesetVersion(db: Queryable, spec: RulesetSpec): Promise<void> {
  const key = `${spec.id}@${spec.version}`;
  const known = stored.get(db) ?? new Set<string>();
  stored.set(db, known);
  if (known.has(key)) return;
  const content = rulesetDocumentOf(spec.id, spec.version);
  if (!content) throw new Error(`ruleset ${key} has no validated content`);
  await db.$executeRaw`
    INSERT INTO ruleset_version (ruleset, version, content)
    VALUES (${spec.id}, ${spec.version}, ${JSON.stringify(content)}::jsonb)
    ON CONFLICT DO NOTHING`;
  known.add(key);
}

/**
 * The ruleset a game plays under: its version when loaded, else the stored content of that version
 * (validated again, then kept for the process). Null version: a game from before versions, which
 * plays the loaded one. Throws RULESET_VERSION_UNAVAILABLE when the version is neither.
 */
export async function rulesetOfGame(
  db: Queryable,
  ruleset: string,
  version: string | null,
): Promise<RulesetSpec> {
  const known = version === null ? getRuleset(ruleset) : getRuleset(ruleset, version);
  if (known) return known;
  if (version === null) throw rulesetVersionUnavailable(ruleset, version);
  const rows = await db.$queryRaw<{ content: unknown }[]>`
    SELECT content FROM ruleset_version WHERE ruleset = ${ruleset} AND version = ${version}`;
  const row = rows[0];
  if (!row) throw rulesetVersionUnavailable(ruleset, version);
  const { spec } = rulesetFromContent(row.content, `ruleset_version ${ruleset}@${version}`);
  // The stored content is the canonical document whose hash is the version; anything else is not it.
  if (spec.id !== ruleset || spec.version !== version) throw rulesetVersionUnavailable(ruleset, version);
  addRulesetVersion(spec);
  return spec;
}

/**
 * At start: stores every loaded version, and gives games from before versions existed (null) the
 * loaded version of their ruleset, so that they too keep it from now on.
 */
export async function recordLoadedRulesets(db: Db): Promise<void> {
  for (const spec of loadedRulesets()) {
    await storeRulesetVersion(db, spec);
    await db.$executeRaw`
      UPDATE game SET ruleset_version = ${spec.version} WHERE ruleset = ${spec.id} AND ruleset_version IS NULL`;
  }
}
