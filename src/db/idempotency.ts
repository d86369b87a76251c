/**
 * Idempotency records: the first response to (scope, key) is kept and replayed; a different request
 * under the same key is refused. Records are written in the same transaction as the change they
 * describe, so "applied" and "recorded" commit together.
 *
 * The client's key is stored only as its SHA-256, and a createGame response (which holds seat
 * credentials) is sealed with AES-256-GCM under a key derived from the client's key: the database
 * alone never reveals a credential. The scope is always one caller's own (a seat, the host, the
 * admin; src/authority/create-game.ts refuses createGame keys from callers without one), so a replay
 * never hands one caller's response to another.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.js';
import { canonicalJson } from '../json.js';
import { dbError } from './errors.js';
import type { Queryable } from './state.js';

export interface IdempotencyKey {
  /**
   * The game the record belongs to, first in its primary key: the game a move acts on, or for
   * createGame the id the key gives the new game ({@link creationGameId}).
   */
  readonly gameId: string;
  readonly scope: string;
  /** sha256 of the client's key. */
  readonly keyHash: string;
  /** The client's key itself, kept in memory only (seals createGame responses). */
  readonly secret: string;
  readonly requestHash: string;
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * The id a createGame idempotency key gives its game: a version-8 UUID of the first 128 bits of
 * sha256('zonekeeper-create|' + scope + '|' + keyHash). A repeat of the request names the same game
 * before it is known, so its record is found by game id like any other (SQL twin:
 * `zk_creation_game_id`, prisma/migrations; test/db/citus-keys.test.ts checks they agree).
 */
export function creationGameId(scope: string, keyHash: string): string {
  const h = sha256(`zonekeeper-create|${scope}|${keyHash}`);
  const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  const hex = `${h.slice(0, 12)}8${h.slice(13, 16)}${variant}${h.slice(17, 32)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The idempotency key of a request, or null when the client sent none. `input` is the mutation's
 * input; its `idempotencyKey` field is left out of the hash. `gameId`: the game a move acts on;
 * omitted for createGame ({@link creationGameId}).
 */
export function idempotencyKeyFor(
  scope: string,
  operation: string,
  input: { readonly idempotencyKey?: string | null | undefined },
  gameId?: string,
): IdempotencyKey | null {
  const key = input.idempotencyKey;
  if (key === undefined || key === null) return null;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw dbError({ kind: 'IDEMPOTENCY_KEY_LENGTH', max: MAX_IDEMPOTENCY_KEY_LENGTH });
  const { idempotencyKey: _omit, ...rest } = input;
  const keyHash = sha256(key);
  return {
    gameId: gameId ?? creationGameId(scope, keyHash),
    scope,
    keyHash,
    secret: key,
    requestHash: sha256(canonicalJson({ operation, input: rest })),
  };
}

/** The stored response for this key, or null. A different request under the key throws IDEMPOTENCY_MISMATCH. */
export async function findResponse(db: Queryable, k: IdempotencyKey): Promise<unknown | null> {
  const record = await db.idempotencyRecord.findUnique({
    where: { gameId_scope_key: { gameId: k.gameId, scope: k.scope, key: k.keyHash } },
    select: { requestHash: true, response: true },
  });
  if (!record) return null;
  if (record.requestHash !== k.requestHash) throw dbError({ kind: 'IDEMPOTENCY_MISMATCH' });
  return record.response;
}

export async function saveResponse(db: Queryable, k: IdempotencyKey, response: unknown): Promise<void> {
  await db.idempotencyRecord.create({
    data: {
      gameId: k.gameId,
      scope: k.scope,
      key: k.keyHash,
      requestHash: k.requestHash,
      response: response as Prisma.InputJsonValue,
    },
  });
}

function sealKey(k: IdempotencyKey): Buffer {
  return createHash('sha256').update(`zonekeeper-idem\0${k.scope}\0${k.secret}`, 'utf8').digest();
}

/** Encrypts a response under the client's key (AES-256-GCM). */
export function seal(k: IdempotencyKey, value: unknown): { sealed: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(k), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

export function unseal<T>(k: IdempotencyKey, stored: unknown): T {
  const raw = Buffer.from((stored as { sealed: string }).sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(k), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
  ) as T;
}
