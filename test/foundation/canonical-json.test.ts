import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { idempotencyKeyFor } from '../../src/db/idempotency.js';
import { canonicalJson } from '../../src/json.js';
import { ROOT } from '../support/process.js';

const moveInput = {
  idempotencyKey: 'k1',
  gameId: 'g',
  move: {
    moveObjects: {
      select: { ids: ['x', 'y'] },
      to: { zoneId: 'z' },
      placement: 'TOP',
      faceUp: undefined,
      by: 'EFFECT',
    },
  },
  card: { name: 'Bolt', attributes: { cmc: 1, colors: ['R'], nested: { z: 1, a: null } } },
};

/** The same value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

describe('canonicalJson, the one canonical JSON', () => {
  it('gives the same text whatever the order of object keys, at any depth', () => {
    expect(canonicalJson(reversed(moveInput))).toBe(canonicalJson(moveInput));
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: 1 })).toBe('{"a":1,"b":[{"c":2,"d":1}]}');
  });

  it('drops undefined properties and writes undefined array members as null, as JSON.stringify does', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  it('keeps the request hash of an idempotent request (vector from before the two functions became one)', () => {
    const hash = idempotencyKeyFor('seat:1', 'move', moveInput, 'g')?.requestHash;
    expect(hash).toBe('eb1eacd6db91398e05bc00ad27868e695699c9490eda48e2c75cc26ee5d27d25');
    const { idempotencyKey: _key, ...rest } = moveInput;
    const reordered = { ...(reversed(rest) as object), idempotencyKey: 'k1' };
    expect(idempotencyKeyFor('seat:1', 'move', reordered, 'g')?.requestHash).toBe(hash);
  });

  it('has one home: no other file in src/ defines a canonical JSON function', async () => {
    const files = (await readdir(path.join(ROOT, 'src'), { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.startsWith('generated'),
    );
    const homes: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(ROOT, 'src', file), 'utf8');
      if (/function canonicalJson\b|canonicalJson\s*=\s*\(/.test(text)) homes.push(file);
    }
    expect(homes).toEqual(['json.ts']);
  });
});
