/**
 * zk-rng/1 secrets for the leak suite (docs/fairness.md, "Reveal"): a game's seed and every per-act
 * key, each in hex, base64 and base64url. Before the end no output path may carry any of them. The
 * keys are recomputed from the admin's event history (each random act's seq and index, the seat
 * entropy folded before it), as an independent verifier would.
 */
import { randomBytes } from 'node:crypto';
import { foldEntropy, perActKey, startEntropy } from '../../client/verify.js';
import { newId } from '../../src/ids.js';
import type { Randomness } from '../../src/authority/index.js';

/** How a secret could be spelled in a response. */
export function encodings(bytes: Uint8Array): string[] {
  const b = Buffer.from(bytes);
  return [b.toString('hex'), b.toString('base64').replace(/=+$/, ''), b.toString('base64url')];
}

/** The server's randomness with every new game's seed recorded by game id (crypto seeds, as in production). */
export function recordingRandomness(): Randomness & { readonly seeds: Map<string, Uint8Array> } {
  const seeds = new Map<string, Uint8Array>();
  let last: Uint8Array | null = null;
  return {
    seeds,
    newId,
    newSeed: () => (last = randomBytes(32)),
    // Called right after newSeed, with the new game's id: the seed is that game's.
    derivationId: (gameId) => {
      if (last) seeds.set(gameId, last);
      last = null;
      return gameId;
    },
  };
}

/** An event as the admin's history shows it, with the fields the keys depend on. */
export interface SecretEvent {
  readonly seq: number;
  readonly randomness?: { readonly scheme: string | null; readonly acts: number } | null;
  readonly entropy?: { readonly data: string } | null;
}

/** The seed's and every per-act key's spellings, the keys recomputed from the log. */
export function secretNeedles(seed: Uint8Array, gameId: string, events: readonly SecretEvent[]): string[] {
  const keys: Uint8Array[] = [];
  let entropy = startEntropy();
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    for (let index = 0; index < (e.randomness?.acts ?? 0); index++)
      keys.push(perActKey(seed, gameId, e.seq, index, entropy));
    if (e.entropy) entropy = foldEntropy(entropy, Buffer.from(e.entropy.data, 'hex'));
  }
  return [seed, ...keys].flatMap(encodings);
}
