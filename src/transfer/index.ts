/**
 * Export and import of whole games: state and log as one JSON document (`format.ts`).
 *
 * Import gives the game new ids everywhere (`remap.ts`): game, players, zones, object keys and public
 * ids are remapped consistently, inside event payloads too. The log is kept verbatim apart from ids,
 * then GAME_IMPORTED is appended. New seat, spectator and referee credentials are issued; the
 * original ones never travel in a document. The I/O is the data layer's (`db/transfer-io.ts`).
 */
import { hashToken, newToken } from '../auth/tokens.js';
import { decodeEvent, objectFromRow, objectToRow } from '../db/rows.js';
import { newGameRng } from '../db/fairness.js';
import { readWholeGame, writeWholeGame } from '../db/transfer-io.js';
import { emptyState, lifecycleEvent, type RulesetId } from '../rules/index.js';
import { replayImportedLog } from './checkpoints.js';
import type { Db } from '../db/client.js';
import type { Store } from '../db/store.js';
import { rulesetOfGame, storeRulesetVersion } from '../db/ruleset-versions.js';
import { DbError } from '../db/errors.js';
import { EXPORT_FORMAT, exportSchema, type ExportDocument } from './format.js';
import { remapIds } from './remap.js';
import { documentProblem, type ImportCaps } from './validate.js';

export type { ExportDocument } from './format.js';
export type { ImportCaps } from './validate.js';

/** The whole game as an export document, or null for an unknown game. */
export async function exportGame(db: Db, gameId: string): Promise<ExportDocument | null> {
  const stored = await readWholeGame(db, gameId);
  if (!stored) return null;
  const { game } = stored;
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    game: {
      ...game,
      createdAt: game.createdAt.toISOString(),
      endedAt: game.endedAt?.toISOString() ?? null,
    },
    players: [...stored.players],
    zones: stored.zones.map((z) => ({ ...z, createdAt: z.createdAt.toISOString() })),
    objects: stored.state.objects.map(objectToRow),
    events: stored.events.map((e) => ({
      seq: e.seq,
      kind: e.payload.kind,
      version: e.version,
      actorKind: e.actorKind,
      actorPlayerId: e.actorPlayerId,
      // The stored event as is: the format's payload is that JSON (readonly lists are its only difference).
      payload: e.payload as unknown as ExportDocument['events'][number]['payload'],
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export type ImportResult =
  | {
      readonly ok: true;
      readonly gameId: string;
      /** The id of the game the document was exported from. */
      readonly importedFrom: string;
      readonly seats: readonly { playerId: string; seat: number; name: string; token: string }[];
      readonly spectatorToken: string;
      readonly refereeToken: string;
      readonly seq: number;
    }
  | {
      readonly ok: false;
      /** Where in the document (a dot-separated path, empty for the whole document). */
      readonly path: string;
      readonly problem: string;
    };

/**
 * The document with its ruleset version made known to the service's registry (loaded, or read from
 * the stored versions) and stored: a document from before versions takes the loaded one. When the
 * version is unknown the document is returned as is, and validation names the problem.
 */
async function withRulesetVersion(store: Store, doc: ExportDocument): Promise<ExportDocument> {
  const version = doc.game.rulesetVersion ?? store.rulesets.get(doc.game.ruleset)?.version ?? null;
  if (version === null) return doc;
  try {
    await storeRulesetVersion(
      store,
      await rulesetOfGame(store.db, store.rulesets, doc.game.ruleset, version),
    );
  } catch (e) {
    if (!(e instanceof DbError && e.kind === 'RULESET_VERSION_UNAVAILABLE')) throw e;
  }
  return { ...doc, game: { ...doc.game, rulesetVersion: version } };
}

/**
 * Imports a document (unknown input, validated here, `caps` being createGame's) as a new game: one
 * transaction, nothing written when anything is wrong. The new game keeps the original's status, log and state under new ids,
 * records `importedFrom`, and appends GAME_IMPORTED (actor: admin).
 */
export async function importGame(store: Store, input: unknown, caps: ImportCaps): Promise<ImportResult> {
  const parsed = exportSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, path: issue?.path.join('.') ?? '', problem: issue?.message ?? 'invalid' };
  }
  const original = await withRulesetVersion(store, parsed.data);
  const problem = documentProblem(store.rulesets, original, caps);
  if (problem) return { ok: false, path: problem.path, problem: problem.message };
  const doc = remapIds(original);
  const gameId = doc.game.id;
  const seats = doc.players.map((p) => ({
    playerId: p.id,
    seat: p.seat,
    name: p.name,
    token: newToken('player', gameId),
  }));
  const spectatorToken = newToken('spectator', gameId);
  // Credentials are never exported: an imported game gets new ones, its referee's included.
  const refereeToken = newToken('referee', gameId);
  const seq = doc.game.lastSeq + 1;
  const version = doc.game.version + 1;
  // A new seed, committed to under the original derivation id: acts before the import are not covered.
  const before = original.events
    .map((e) => decodeEvent(e.payload).commitment)
    .filter((c) => c !== undefined)
    .at(-1);
  const rng = newGameRng(
    original.game.id,
    { derivationId: () => before?.gameId ?? original.game.id },
    // An import commits anew: its acts wait for every seat's entropy again, as the original's did.
    { revealFaces: before?.revealFaces ?? false, waitsForSeats: before?.waitsForSeats ?? true },
  );
  const imported = {
    ...lifecycleEvent('GAME_IMPORTED'),
    importedFrom: original.game.id,
    commitment: rng.commitment,
  };
  const events = [
    ...doc.events.map((e) => ({
      gameId,
      seq: e.seq,
      kind: e.kind,
      version: e.version,
      actorKind: e.actorKind,
      actorPlayerId: e.actorPlayerId,
      payload: decodeEvent(e.payload),
      createdAt: new Date(e.createdAt),
    })),
    {
      gameId,
      seq,
      kind: 'GAME_IMPORTED',
      version,
      actorKind: 'ADMIN' as const,
      actorPlayerId: null,
      payload: imported,
      createdAt: new Date(),
    },
  ];
  const start = emptyState(
    doc.game.ruleset as RulesetId,
    seats.map((s) => ({ id: s.playerId, seat: s.seat })),
  );
  await writeWholeGame(store.db, {
    game: {
      ...doc.game,
      rulesetVersion: doc.game.rulesetVersion ?? null,
      version,
      lastSeq: seq,
      createdAt: new Date(),
      endedAt: doc.game.endedAt ? new Date(doc.game.endedAt) : null,
      importedFrom: original.game.id,
    },
    players: seats.map((s) => ({
      id: s.playerId,
      seat: s.seat,
      name: s.name,
      tokenHash: hashToken(s.token),
    })),
    zones: doc.zones.map((z) => ({ ...z, createdAt: new Date(z.createdAt) })),
    state: { objects: doc.objects.map(objectFromRow) },
    events,
    spectatorTokenHash: hashToken(spectatorToken),
    refereeTokenHash: hashToken(refereeToken),
    rng: { ...rng.row, coveredFromSeq: seq },
    replayed: replayImportedLog(gameId, start, events),
  });
  return { ok: true, gameId, importedFrom: original.game.id, seats, spectatorToken, refereeToken, seq };
}
