/**
 * Export and import documents of whole games: state and log as one JSON document (`format.ts`).
 * Pure: the authority reads and writes through the storage facade and hands values in and out
 * (`src/authority/import.ts`).
 *
 * Import gives the game new ids everywhere (`remap.ts`): game, players, zones, object keys and public
 * ids are remapped consistently, inside event payloads too. The log is kept verbatim apart from ids,
 * then GAME_IMPORTED is appended. The original credentials never travel in a document; the new
 * ones and the new seed are the authority's (`src/authority/new-game.ts`).
 */
import { hashToken } from '../auth/tokens.js';
import {
  emptyState,
  haltClock,
  lifecycleEvent,
  type ClockState,
  type DomainEvent,
  type GameState,
  type RandomCommitment,
  type RulesetId,
  type ZoneState,
} from '../rules/index.js';
import type { NewSecret } from '../stored/new-secret.js';
import { objectFromRow, objectToRow } from '../stored/object-rows.js';
import { replayImportedLog } from './checkpoints.js';
import { importLimits, type ImportLimit } from './import-limits.js';
import { EXPORT_FORMAT, exportSchema, type ExportDocument } from './format.js';

export type { ExportDocument } from './format.js';
export type { ImportCaps } from './validate.js';
export { documentProblem } from './validate.js';
export { remapIds } from './remap.js';
export type { ImportLimit } from './import-limits.js';

/** A whole game as storage reads it for an export. */
export interface ExportSource {
  readonly game: Omit<ExportDocument['game'], 'createdAt' | 'endedAt'> & {
    readonly createdAt: Date;
    readonly endedAt: Date | null;
  };
  readonly players: readonly { readonly id: string; readonly seat: number; readonly name: string }[];
  readonly zones: readonly (ZoneState & { readonly createdAt: Date })[];
  readonly state: Pick<GameState, 'objects'>;
  readonly events: readonly {
    readonly seq: number;
    readonly version: number;
    readonly actorKind: ExportDocument['events'][number]['actorKind'];
    readonly actorPlayerId: string | null;
    readonly payload: DomainEvent;
    readonly createdAt: Date;
  }[];
}

/**
 * The export document of a game as stored, exported at `now` (the database's time, epoch ms: the
 * instant an import stops the clocks at).
 */
export function exportDocument(stored: ExportSource, now: number): ExportDocument {
  const { game } = stored;
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date(now).toISOString(),
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

/** Where a document is wrong: a dot-separated path (empty for the whole document) and the problem. */
export interface ImportProblem {
  readonly ok: false;
  readonly path: string;
  readonly problem: string;
}

/** The document's shape checked against the format (`format.ts`), or the first problem found. */
export function parseDocument(
  input: unknown,
): { readonly ok: true; readonly doc: ExportDocument } | ImportProblem {
  const parsed = exportSchema.safeParse(input);
  if (parsed.success) return { ok: true, doc: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, path: issue?.path.join('.') ?? '', problem: issue?.message ?? 'invalid' };
}

/**
 * A payload the format validated in full (every transition listed), as the rules layer's event:
 * the stored decoder's envelope checks (`db/event-rows.ts`) hold for it already.
 */
const asEvent = (payload: ExportDocument['events'][number]['payload']) => payload as unknown as DomainEvent;

/**
 * The commitment the document's log made last (GAME_CREATED's, or an earlier import's): a new seed
 * is committed to under its derivation id, so acts before the import stay checkable against it.
 */
export function lastCommitment(doc: ExportDocument): RandomCommitment | undefined {
  return doc.events
    .map((e) => asEvent(e.payload).commitment)
    .filter((c) => c !== undefined)
    .at(-1);
}

/** What an import is given besides the document: new credentials and seed, the checkpoint interval. */
export interface ImportSecrets {
  readonly credentials: {
    readonly seats: readonly { readonly playerId: string; readonly token: string }[];
    readonly spectatorToken: string;
    readonly refereeToken: string;
  };
  readonly secret: NewSecret;
  readonly checkpointInterval: number;
}

/** An imported game's credentials, as the caller is given them once. */
export interface ImportedCredentials {
  readonly gameId: string;
  /** The id of the game the document was exported from. */
  readonly importedFrom: string;
  readonly seats: readonly { playerId: string; seat: number; name: string; token: string }[];
  readonly spectatorToken: string;
  readonly refereeToken: string;
  /** GAME_IMPORTED's seq: the new game's last. */
  readonly seq: number;
  /** The fairness guarantees the imported game cannot give (docs/fairness.md, "Export and import"). */
  readonly fairnessLimits: readonly ImportLimit[];
}

/**
 * The clocks an import starts with (issue 40: "export and import carry clocks as of the export,
 * stopped, and a judge restarts them"): the log's last clocks as of the export, not started; clocks
 * an ended game stopped for good stay as they are. Null: the game keeps no clock.
 */
function importedClock(doc: ExportDocument): ClockState | null {
  const clock = doc.events.map((e) => asEvent(e.payload).table?.clock).findLast((c) => c !== undefined);
  if (!clock || clock.stopped) return clock ?? null;
  return haltClock(clock, doc.exportedAt ? Date.parse(doc.exportedAt) : clock.asOf);
}

/** The log of the new game: the document's events under new ids, then GAME_IMPORTED (actor: admin). */
function importedLog(original: ExportDocument, doc: ExportDocument, commitment: RandomCommitment) {
  const gameId = doc.game.id;
  const clock = importedClock(doc);
  const imported = {
    ...lifecycleEvent('GAME_IMPORTED'),
    importedFrom: original.game.id,
    commitment,
    ...(clock ? { table: { clock } } : {}),
  };
  return [
    ...doc.events.map((e) => ({
      gameId,
      seq: e.seq,
      kind: e.kind,
      version: e.version,
      actorKind: e.actorKind,
      actorPlayerId: e.actorPlayerId,
      payload: asEvent(e.payload),
      createdAt: new Date(e.createdAt),
    })),
    {
      gameId,
      seq: doc.game.lastSeq + 1,
      kind: 'GAME_IMPORTED',
      version: doc.game.version + 1,
      actorKind: 'ADMIN' as const,
      actorPlayerId: null,
      payload: imported as DomainEvent,
      createdAt: new Date(),
    },
  ];
}

/**
 * The new game an import writes (`doc`: the validated `original` with its ids remapped): the
 * original's status, log and state under new ids, `importedFrom`, GAME_IMPORTED appended, the new
 * credentials' hashes and the new secret, and its log's checkpoints. Also what the caller is told.
 */
export function importedGame(original: ExportDocument, doc: ExportDocument, secrets: ImportSecrets) {
  const gameId = doc.game.id;
  const seats = doc.players.map((p, i) => ({
    playerId: p.id,
    seat: p.seat,
    name: p.name,
    token: secrets.credentials.seats[i]!.token,
  }));
  const seq = doc.game.lastSeq + 1;
  const events = importedLog(original, doc, secrets.secret.commitment);
  const start = emptyState(
    doc.game.ruleset as RulesetId,
    seats.map((s) => ({ id: s.playerId, seat: s.seat })),
  );
  const write = {
    game: {
      ...doc.game,
      rulesetVersion: doc.game.rulesetVersion ?? null,
      version: doc.game.version + 1,
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
    spectatorTokenHash: hashToken(secrets.credentials.spectatorToken),
    refereeTokenHash: hashToken(secrets.credentials.refereeToken),
    rng: { ...secrets.secret.row, coveredFromSeq: seq },
    replayed: replayImportedLog(start, events, secrets.checkpointInterval),
  };
  const { spectatorToken, refereeToken } = secrets.credentials;
  const told: ImportedCredentials = {
    gameId,
    importedFrom: original.game.id,
    seats,
    spectatorToken,
    refereeToken,
    seq,
    fairnessLimits: importLimits(original),
  };
  return { write, told };
}
