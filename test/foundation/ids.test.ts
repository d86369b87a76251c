import { describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.js';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('mints distinct version-4 UUIDs, across many refills of its random pool', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every hex digit in every free position (the text is random, not a fixed pattern)', () => {
    const ids = Array.from({ length: 4_000 }, newId);
    for (let at = 0; at < 36; at++) {
      if ([8, 13, 14, 18, 23].includes(at)) continue; // dashes, the version digit
      const seen = new Set(ids.map((id) => id[at]));
      expect(seen.size, `position ${at}`).toBe(at === 19 ? 4 : 16);
    }
  });
});
