/**
 * Hand-off codes: what a link to a page carries instead of a credential (docs/frontend.md, "Opening
 * a page by link"). A code is 256 random bits (`zkh_<43 base64url>`), stored only as its SHA-256;
 * the credential it stands for is sealed with AES-256-GCM under a key derived from the code
 * (HKDF-SHA256), so the stored row alone yields neither the code nor the credential, and a database
 * dump holds no credential, as for every other credential (tokens.ts stores hashes only).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { hashToken } from './tokens.js';

const CODE = /^zkh_[A-Za-z0-9_-]{43}$/;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The key's context: a key derived for this use is good for nothing else. */
const KEY_INFO = 'zonekeeper handoff/1 credential seal';

export function newHandoffCode(): string {
  return `zkh_${randomBytes(32).toString('base64url')}`;
}

/** Whether `value` has the shape of a hand-off code (anything else is refused before any lookup). */
export function isHandoffCode(value: unknown): value is string {
  return typeof value === 'string' && CODE.test(value);
}

/** The stored key of a code: its SHA-256 (256 random bits need no slow hash). */
export function hashHandoffCode(code: string): string {
  return hashToken(code);
}

function keyOf(code: string): Buffer {
  return Buffer.from(hkdfSync('sha256', code, Buffer.alloc(0), KEY_INFO, 32));
}

/** `credential` sealed under `code`: nonce, tag, ciphertext. */
export function sealCredential(code: string, credential: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(code), nonce);
  const body = Buffer.concat([cipher.update(credential, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

/** The credential sealed under `code`, or null when `sealed` was not sealed under it. */
export function openSealed(code: string, sealed: Uint8Array): string | null {
  const bytes = Buffer.from(sealed);
  if (bytes.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(code), bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
