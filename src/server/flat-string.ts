/**
 * Strings a connection or a subscription keeps for its whole life, kept flat. V8 builds a
 * concatenation (a template literal, `randomUUID()`'s text) as a tree of pieces, each piece a heap
 * object of its own, and keeps the tree until something flattens it: a UUID so built holds some
 * fifteen objects (about 500 bytes) where its flat copy holds one (about 80).
 */

/** Code units 0–255 only: text that Latin-1 carries exactly. */
const ONE_BYTE = /^[\0-\xff]*$/;

/**
 * `text` as one flat string, equal to it. One-byte text (UUIDs, keys of ASCII JSON) is copied
 * through Latin-1, which is exact for it; other text is returned as it is, never altered.
 */
export function flatString(text: string): string {
  return ONE_BYTE.test(text) ? Buffer.from(text, 'latin1').toString('latin1') : text;
}
