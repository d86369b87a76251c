/**
 * docs/fairness.md's known-answer vectors, read from the document itself, against both zk-rng
 * implementations: the service's (node:crypto) and the client's verifier (@noble/hashes).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  commitmentHash,
  drawsFrom,
  foldEntropy as clientFold,
  perActKey,
  perActKey2,
  shuffleTop,
  startEntropy,
} from '../../client/verify.js';
import {
  actKey,
  actKey2,
  ActStream,
  commitmentOf,
  foldEntropy,
  INITIAL_ENTROPY,
} from '../../src/fairness/zk-rng.js';
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

describe('zk-rng/2 known-answer vectors (docs/fairness.md): every act kind, from the act number', () => {
  const e1 = foldEntropy(INITIAL_ENTROPY, Buffer.from('c0ffee', 'hex'));
  const e2 = foldEntropy(e1, Buffer.from('0123456789abcdef', 'hex'));
  const entropies: Record<string, Uint8Array> = { E0: INITIAL_ENTROPY, E1: e1, E2: e2 };
  /** Both implementations' draws for `K2(number, E)`, as [service, client]. */
  const draws = (number: number, e: string): [(n: number) => number, (n: number) => number] => {
    const stream = new ActStream(actKey2(seed, { gameId, number, entropy: entropies[e]! }));
    return [(n) => stream.int(n), drawsFrom(perActKey2(seed, gameId, number, entropies[e]!))];
  };
  const cards = Array.from({ length: 10 }, (_, i) => `c${i}`);
  const words = (label: string) => cell(label).split(' ');

  it('entropy fold, keys (a number above 255) and zk-rng/1 at a seq above 255 and an index above 1', () => {
    expect(hex(e2)).toBe(cell('`E2`, `E1` folded with `data` `0123456789abcdef`'));
    expect(
      hex(
        clientFold(
          clientFold(startEntropy(), Buffer.from('c0ffee', 'hex')),
          Buffer.from('0123456789abcdef', 'hex'),
        ),
      ),
    ).toBe(hex(e2));
    for (const [n, e] of [
      [0, 'E0'],
      [1, 'E1'],
    ] as const) {
      expect(hex(actKey2(seed, { gameId, number: n, entropy: entropies[e]! }))).toBe(
        cell(`\`K2(${n}, ${e})\``),
      );
      expect(hex(perActKey2(seed, gameId, n, entropies[e]!))).toBe(cell(`\`K2(${n}, ${e})\``));
    }
    const big = cell('`K2(300, E2)`, a number above 255');
    expect(hex(actKey2(seed, { gameId, number: 300, entropy: e2 }))).toBe(big);
    expect(hex(perActKey2(seed, gameId, 300, e2))).toBe(big);
    const v1 = cell('zk-rng/1 key, seq 300, index 2, `E0` (a seq above 255, an index above 1)');
    expect(hex(actKey(seed, { gameId, seq: 300, index: 2, entropy: INITIAL_ENTROPY }))).toBe(v1);
    expect(hex(perActKey(seed, gameId, 300, 2, startEntropy()))).toBe(v1);
  });

  it('a shuffle, a pick, a partial shuffle and a random order', () => {
    for (const draw of draws(0, 'E0'))
      expect(fisherYates(cards, 10, draw)).toEqual(words('shuffle of `c0 … c9`, `K2(0, E0)`'));
    for (const draw of draws(1, 'E1'))
      expect(fisherYates(cards, 3, draw).slice(0, 3)).toEqual(
        words('pick, `count` 3 from `c0 … c9`, `K2(1, E1)`'),
      );
    for (const draw of draws(5, 'E1'))
      expect([...fisherYates(cards.slice(0, 4), 4, draw), ...cards.slice(4)]).toEqual(
        words('partial shuffle, `top` 4 of `c0 … c9`, `K2(5, E1)`'),
      );
    for (const draw of draws(3, 'E1'))
      expect(shuffleTop(['c7', 'c8', 'c9'], 3, draw)).toEqual(
        words('random order of arrivals `c7 c8 c9`, `K2(3, E1)`'),
      );
  });

  it('a roll and a flip', () => {
    const roll = ints(cell('roll, `count` 5 d6, `K2(4, E2)`'));
    for (const draw of draws(4, 'E2')) expect(roll.map(() => 1 + draw(6))).toEqual(roll);
    const flip = cell('flip, `count` 4, `K2(300, E2)`').split(', ');
    for (const draw of draws(300, 'E2'))
      expect(flip.map(() => (draw(2) === 0 ? 'heads' : 'tails'))).toEqual(flip);
  });
});
