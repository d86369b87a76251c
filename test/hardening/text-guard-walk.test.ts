/**
 * The text guard's walk of the variables (src/server/text-guard.ts), without a server: it refuses
 * exactly what a plain recursive walk refuses, and names the same path, for any JSON value. The
 * walk builds a path only for the refused string; the reference below builds one for every value.
 * The order is the guard's documented one: depth first, in order, an object's keys checked (last
 * first) as it is entered, so a request with several bad strings always names the same one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { findForbiddenText, isForbiddenText } from '../../src/server/text-guard.js';

/** The path of the first forbidden string of `value` below `at`, walked recursively. */
function reference(value: unknown, at: string): string | null {
  if (typeof value === 'string') return isForbiddenText(value) ? at : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = reference(v, `${at}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i >= 0; i--)
    if (isForbiddenText(keys[i] as string)) return `${at} (an object key)`;
  for (const key of keys) {
    const found = reference((value as Record<string, unknown>)[key], `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

const DOCUMENT = parse('mutation M($input: JSON) { ping(input: $input) }');

/** The path the guard names for variables `{ input: value }`, or null. */
function guarded(value: unknown): string | null {
  const refused = findForbiddenText(DOCUMENT, { input: value });
  return refused ? (refused.extensions['field'] as string) : null;
}

const text = fc.oneof(
  fc.constantFrom('ok', '', 'a\u0000b', '\uD800', 'x\uDC00', '\uDC00\uD800', '\uD83D\uDE00'),
  fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)) }),
  fc.string({ unit: 'binary' }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('the text guard’s walk of the variables', () => {
  it('refuses what a recursive walk refuses, naming the same path', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(guarded(value)).toBe(reference(value, '$input'));
      }),
      { numRuns: 3000 },
    );
  });

  it('names the first bad string of a deck, deep in a card', () => {
    const deck = Array.from({ length: 60 }, (_, i) => ({
      name: `Card ${i}`,
      types: ['Creature'],
      attributes: { cost: i, note: i === 41 ? 'bad\u0000' : 'fine' },
    }));
    expect(guarded({ players: [{ deck: [] }, { deck }] })).toBe('$input.players.1.deck.41.attributes.note');
    expect(guarded({ players: [{ deck }], [`key\uD800`]: 1 })).toBe('$input (an object key)');
  });

  it('sees an unpaired surrogate at either end of a string, and lets a pair through', () => {
    expect(isForbiddenText('\uD83D\uDE00')).toBe(false);
    expect(isForbiddenText('a\uD83D')).toBe(true);
    expect(isForbiddenText('\uDE00a')).toBe(true);
    expect(isForbiddenText('a\u0000')).toBe(true);
  });
});
