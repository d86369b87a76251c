/**
 * zk-rng/1, the service's side of provably fair randomness (specified in docs/fairness.md, which an
 * independent verifier implements; `client/verify.ts` is one, on `@noble/hashes`).
 *
 * A game's secret seed is drawn from the CSPRNG at creation and committed to in GAME_CREATED. Each
 * random act draws from its own key, HMAC-SHA256(seed, tag ‖ game id ‖ act number ‖ entropy) (zk-rng/1:
 * the event's seq and the act's index there instead of its number), in counter mode; integers are drawn by rejection sampling, so no value is favoured. Nothing here
 * logs, stores or returns the seed or a key: callers hold them only while planning a move.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The first scheme: each act keyed by the seq of the event that records it and its index there.
 * Games committed under it keep it (their acts verify as before); new games use {@link ZK_RNG_2}.
 */
export const ZK_RNG_1 = 'zk-rng/1';

/**
 * The current scheme, recorded in every event whose acts it drew and in the commitment: zk-rng/1
 * with each act keyed by its number among the game's random acts since the commitment instead of
 * the log's seq (docs/fairness.md, "Per-act key"), so that no event the operator inserts (an admin
 * or referee event, a no-op) shifts a later act's key.
 */
export const ZK_RNG_2 = 'zk-rng/2';

/** The schemes this service draws from and verifiers check. */
export const SCHEMES = [ZK_RNG_1, ZK_RNG_2] as const;

/** Bytes of a game seed (docs/fairness.md, "Seed"). */
export const SEED_BYTES = 32;

const TAG_COMMIT = Buffer.from('zk-rng/1:commit\0');
const TAG_ENTROPY = Buffer.from('zk-rng/1:entropy\0');
const TAG_ACT = Buffer.from('zk-rng/1:act\0');
const TAG_ACT_2 = Buffer.from('zk-rng/2:act\0');
const WORD = 2 ** 32;

/** A new game seed from the operating system's CSPRNG. */
export function newSeed(): Uint8Array {
  return randomBytes(SEED_BYTES);
}

/** The commitment published at creation: SHA-256(tag ‖ seed), lower-case hex (docs/fairness.md, "Commitment"). */
export function commitmentOf(seed: Uint8Array): string {
  return createHash('sha256').update(TAG_COMMIT).update(seed).digest('hex');
}

/** The entropy hash before any seat added entropy: SHA-256(tag) (docs/fairness.md, "Entropy"). */
export const INITIAL_ENTROPY: Uint8Array = createHash('sha256').update(TAG_ENTROPY).digest();

/** Where an act sits in the log and what it depends on (docs/fairness.md, "Per-act key"). */
export interface ActAddress {
  /** The game id in the commitment event (kept across export and import). */
  readonly gameId: string;
  /** The seq of the event that records the act. */
  readonly seq: number;
  /** The act's index within that event, from 0. */
  readonly index: number;
  /** The running entropy hash when the act was made (32 bytes). */
  readonly entropy: Uint8Array;
}

function actMessage(a: ActAddress): Buffer {
  const id = Buffer.from(a.gameId, 'utf8');
  if (id.length > 255) throw new RangeError('game id longer than 255 bytes');
  if (a.entropy.length !== 32) throw new RangeError('entropy hash must be 32 bytes');
  const position = Buffer.alloc(12);
  position.writeBigUInt64BE(BigInt(a.seq), 0);
  position.writeUInt32BE(a.index, 8);
  return Buffer.concat([TAG_ACT, Buffer.of(id.length), id, position, a.entropy]);
}

/** zk-rng/1's per-act key: HMAC-SHA256(seed, tag ‖ len ‖ game id ‖ u64 seq ‖ u32 index ‖ entropy). */
export function actKey(seed: Uint8Array, a: ActAddress): Uint8Array {
  return createHmac('sha256', seed).update(actMessage(a)).digest();
}

/** Which act of a game a zk-rng/2 key is for, and what it depends on (docs/fairness.md, "Per-act key"). */
export interface ActNumber {
  /** The game id in the commitment (kept across export and import). */
  readonly gameId: string;
  /** The act's number among the game's random acts since the commitment, from 0. */
  readonly number: number;
  /** The running entropy hash when the act was made (32 bytes). */
  readonly entropy: Uint8Array;
}

/** zk-rng/2's per-act key: HMAC-SHA256(seed, "zk-rng/2:act" ‖ 0 ‖ len ‖ game id ‖ u64 number ‖ entropy). */
export function actKey2(seed: Uint8Array, a: ActNumber): Uint8Array {
  const id = Buffer.from(a.gameId, 'utf8');
  if (id.length > 255) throw new RangeError('game id longer than 255 bytes');
  if (a.entropy.length !== 32) throw new RangeError('entropy hash must be 32 bytes');
  const number = Buffer.alloc(8);
  number.writeBigUInt64BE(BigInt(a.number));
  const message = Buffer.concat([TAG_ACT_2, Buffer.of(id.length), id, number, a.entropy]);
  return createHmac('sha256', seed).update(message).digest();
}

/**
 * The draws of one act: 32-bit big-endian words from HMAC-SHA256(key, u64 counter) blocks, counter
 * from 0, each integer in [0, n) by rejection of the words at or above the largest multiple of n.
 */
export class ActStream {
  #block = Buffer.alloc(0);
  #offset = 32;
  #counter = 0n;
  readonly #key: Uint8Array;

  constructor(key: Uint8Array) {
    this.#key = key;
  }

  /** The next 32-bit word of the stream. */
  word(): number {
    if (this.#offset >= 32) {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(this.#counter++);
      this.#block = createHmac('sha256', this.#key).update(counter).digest();
      this.#offset = 0;
    }
    const w = this.#block.readUInt32BE(this.#offset);
    this.#offset += 4;
    return w;
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, without modulo bias (docs/fairness.md, "Integers"). */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > WORD) throw new RangeError(`cannot draw from [0, ${n})`);
    const limit = WORD - (WORD % n);
    for (;;) {
      const w = this.word();
      if (w < limit) return w % n;
    }
  }
}

/**
 * The entropy hash after a seat adds `data`: SHA-256(tag ‖ E ‖ data) (docs/fairness.md, "Entropy").
 * One hash per addition, so its cost does not grow with the game's age.
 */
export function foldEntropy(current: Uint8Array, data: Uint8Array): Uint8Array {
  if (current.length !== 32) throw new RangeError('entropy hash must be 32 bytes');
  return createHash('sha256').update(TAG_ENTROPY).update(current).update(data).digest();
}
