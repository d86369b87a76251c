/**
 * Random identifiers (UUID version 4) for games, seats, zones and objects.
 *
 * Not `crypto.randomUUID()`: V8 builds its result by string concatenation, a rope of some twenty
 * pieces, and the state cache keeps ids for as long as a game is cached (about 250 per two-player
 * game). A flat one-byte string of 36 characters costs 56 bytes of heap; the rope costs several
 * times that until something flattens it, and its pieces are garbage for the collector either way.
 * Here the text is written into a buffer and decoded once, which yields a flat string. The
 * randomness is the same CSPRNG, drawn 4 KiB at a time.
 */
import { randomFillSync } from 'node:crypto';

const POOL = Buffer.allocUnsafe(4096);
let offset = POOL.length;
const TEXT = Buffer.alloc(36, 0x2d); // '-' at 8, 13, 18 and 23 stay as they are
const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of the 16 bytes goes in the text. */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34] as const;

/** A new random UUID (version 4, RFC 9562), as a flat lower-case string. */
export function newId(): string {
  if (offset === POOL.length) {
    randomFillSync(POOL);
    offset = 0;
  }
  const o = offset;
  offset += 16;
  POOL[o + 6] = (POOL[o + 6]! & 0x0f) | 0x40; // version 4
  POOL[o + 8] = (POOL[o + 8]! & 0x3f) | 0x80; // variant 10
  for (let i = 0; i < 16; i++) {
    const byte = POOL[o + i]!;
    const at = AT[i]!;
    TEXT[at] = HEX[byte >> 4]!;
    TEXT[at + 1] = HEX[byte & 15]!;
  }
  return TEXT.toString('latin1');
}
