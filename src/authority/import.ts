/**
 * The import operation (admins only, `admin.ts`): a document validated in full, its ruleset version
 * made known, its ids remapped, new credentials and a new seed (`new-game.ts`), written as a new
 * game in one transaction, and published. The document work is `src/transfer`'s, pure; every read
 * and write goes through the storage facade. A document with any problem writes nothing
 * (BAD_USER_INPUT naming where).
 */
import { CHECKPOINT_INTERVAL, DbError, type GameStore } from '../db/index.js';
import { badInput } from '../errors.js';
import {
  documentProblem,
  importedGame,
  lastCommitment,
  parseDocument,
  remapIds,
  type ExportDocument,
  type ImportCaps,
  type ImportedCredentials,
} from '../transfer/index.js';
import { newCredentials, newGameSecret } from './new-game.js';

/**
 * The document with its ruleset version made known to the service's registry (loaded, or read from
 * the stored versions) and stored: a document from before versions takes the loaded one. When the
 * version is unknown the document is returned as is, and validation names the problem.
 */
async function withRulesetVersion(store: GameStore, doc: ExportDocument): Promise<ExportDocument> {
  const version = doc.game.rulesetVersion ?? store.rulesets.get(doc.game.ruleset)?.version ?? null;
  if (version === null) return doc;
  try {
    await store.storeRulesetVersion(await store.rulesetOf(doc.game.ruleset, version));
  } catch (e) {
    if (!(e instanceof DbError && e.kind === 'RULESET_VERSION_UNAVAILABLE')) throw e;
  }
  return { ...doc, game: { ...doc.game, rulesetVersion: version } };
}

const refused = (path: string, problem: string) => {
  const field = path ? `data.${path}` : 'data';
  return badInput(`Invalid game document at ${field}: ${problem}`, field);
};

/**
 * Imports a document (unknown input; `caps` being createGame's) as a new game. The new game keeps
 * the original's status, log and state under new ids, records `importedFrom`, and appends
 * GAME_IMPORTED (actor: admin) with its commitment to a new seed under the original derivation id:
 * acts before the import are not covered.
 */
export async function importDocument(
  store: GameStore,
  input: unknown,
  caps: ImportCaps,
): Promise<ImportedCredentials> {
  const parsed = parseDocument(input);
  if (!parsed.ok) throw refused(parsed.path, parsed.problem);
  const original = await withRulesetVersion(store, parsed.doc);
  const problem = documentProblem(store.rulesets, original, caps);
  if (problem) throw refused(problem.path, problem.message);
  const doc = remapIds(original);
  const before = lastCommitment(original);
  const { write, told } = importedGame(original, doc, {
    credentials: newCredentials(
      doc.game.id,
      doc.players.map((p) => p.id),
    ),
    secret: newGameSecret(
      original.game.id,
      { derivationId: () => before?.gameId ?? original.game.id },
      before?.revealFaces ?? false,
    ),
    checkpointInterval: CHECKPOINT_INTERVAL,
  });
  await store.writeWholeGame(write);
  return told;
}
