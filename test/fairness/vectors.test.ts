/**
 * docs/fairness.md's known-answer vectors, read from the document itself, against both zk-rng/1
 * implementations: the service's (node:crypto) and the client's verifier (@noble/hashes).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  commitmentHash,
  drawsFrom,
  foldEntropy as clientFold,
  perActKey,
  shuffleTop,
  startEntropy,
} from '../../client/verify.js';
import { actKey, ActStream, commitmentOf, foldEntropy, INITIAL_ENTROPY } from '../../src/fairness/zk-rng.js';
import { fisherYates } from '../../src/rules/planner/acts.js';

const doc = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
const cell = (label: string): string => {
  const row = doc.split('\n').find((l) => l.startsWith(`| ${label} |`));
  if (!row) throw new Error(`docs/fairness.md has no row "${label}"`);
  return (row.split('|')[2] ?? '').trim().replace(/`/g, '');
};
const ints = (s: string) => s.split(',').map((x) => Number(x.trim()));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

const seed = Buffer.from(doc.match(/`seed = ([0-9a-f]{64})`/)![1]!, 'hex');
const gameId = doc.match(/`gameId = ([0-9a-f-]{36})`/)![1]!;
const at = (index: number) => ({ gameId, seq: 7, index, entropy: INITIAL_ENTROPY });

/** Both implementations draw `want` from the key of seq 7, index 0, each from a fresh stream. */
function expectDraws(n: number, want: readonly number[]): void {
  const server = new ActStream(actKey(seed, at(0)));
  const client = drawsFrom(perActKey(seed, gameId, 7, 0, startEntropy()));
  expect(want.map(() => server.int(n))).toEqual(want);
  expect(want.map(() => client(n))).toEqual(want);
}

describe('zk-rng/1 known-answer vectors (docs/fairness.md)', () => {
  it('commitment, initial entropy and per-act keys, in both implementations', () => {
    expect(commitmentOf(seed)).toBe(cell('commitment hash'));
    expect(commitmentHash(seed)).toBe(cell('commitment hash'));
    expect(hex(INITIAL_ENTROPY)).toBe(cell('`E0`'));
    expect(hex(startEntropy())).toBe(cell('`E0`'));
    // data is folded as the bytes its hex spells (c0 ff ee), not as the text "c0ffee".
    const data = Buffer.from('c0ffee', 'hex');
    const e1 = cell('`E1`, `E0` folded with `data` `c0ffee`');
    expect(hex(foldEntropy(INITIAL_ENTROPY, data))).toBe(e1);
    expect(hex(clientFold(startEntropy(), data))).toBe(e1);
    for (const index of [0, 1]) {
      const want = cell(`per-act key, seq 7, index ${index}`);
      expect(hex(actKey(seed, at(index)))).toBe(want);
      expect(hex(perActKey(seed, gameId, 7, index, startEntropy()))).toBe(want);
    }
    const stream = new ActStream(actKey(seed, at(0)));
    const words = cell("first words of that (index 0) key's stream").split(' ');
    expect(words.map(() => stream.word().toString(16).padStart(8, '0'))).toEqual(words);
  });

  it.each([2, 6, 52, 60])('the first 10 draws for n = %i', (n) => {
    expectDraws(n, ints(cell(String(n))));
  });

  it('a draw where the rejection step fires', () => {
    const m = doc.match(/with `n = (\d+)`.*?the sixth word, `([0-9a-f]{8})`.*?draws are\s+`([\d, ]+)`/s)!;
    const n = Number(m[1]);
    const words = new ActStream(actKey(seed, at(0)));
    const sixth = Array.from({ length: 6 }, () => words.word())[5]!;
    expect(sixth.toString(16)).toBe(m[2]);
    expect(sixth).toBeGreaterThanOrEqual(2 ** 32 - (2 ** 32 % n));
    expectDraws(n, ints(m[3]!));
  });

  it('a 10-card shuffle', () => {
    const want = doc.match(/from the same key gives, top first:\s+`([c\d ]+)`/)![1]!.split(' ');
    const cards = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const server = new ActStream(actKey(seed, at(0)));
    expect(fisherYates(cards, 10, (n) => server.int(n))).toEqual(want);
    expect(shuffleTop(cards, 10, drawsFrom(perActKey(seed, gameId, 7, 0, startEntropy())))).toEqual(want);
  });
});
