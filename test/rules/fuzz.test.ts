/** Arbitrary, malformed moves never make the planner throw: they are typed rejections. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Move } from '../../src/rules/index.js';
import { card, newGame, put, testCtx } from './helpers.js';
import { builtinRulesets } from '../support/rulesets.js';

const RUNS = Number(process.env.FC_RUNS ?? 60);
const KINDS = [
  'moveObjects',
  'turnFace',
  'reveal',
  'endReveal',
  'shuffle',
  'reorder',
  'createToken',
  'attach',
  'detach',
  'createZone',
  'removeZone',
  'addLayer',
  'removeLayer',
  'bringIntoGame',
  'removeFromGame',
  'bogus',
];

describe('malformed input', () => {
  it('property: malformed moves are rejected, never thrown', () => {
    const g = put(put(newGame('fab'), 'hand:p0:0', [card('a', ['action'])]).state, 'permanent:shared:0', [
      card('b', ['action']),
    ]);
    const field = fc.oneof(
      fc.anything(),
      fc.constantFrom('hand:p0:0', 'p0', g.objects[0]!.publicId, 'top', 'ids', 'zone', 'type'),
    );
    const arb = fc.record(
      {
        kind: fc.constantFrom(...KINDS),
        select: fc.oneof(
          field,
          fc.record({
            kind: fc.constantFrom('ids', 'top', 'bottom', 'random', 'x'),
            ids: field,
            zoneId: field,
            count: field,
          }),
        ),
        to: fc.oneof(
          field,
          fc.record({
            kind: fc.constantFrom('zone', 'type', 'x'),
            zoneId: field,
            type: field,
            ownerId: field,
          }),
        ),
        placement: fc.oneof(
          field,
          fc.record({ kind: fc.constantFrom('top', 'bottom', 'index', 'x'), index: field }),
        ),
        by: fc.oneof(field, fc.constantFrom('rule', 'effect')),
        order: field,
        faceUp: field,
        card: field,
        cards: field,
        zoneId: field,
        hostId: field,
        layerId: field,
        ownerId: field,
        controllerId: field,
        count: field,
        type: field,
      },
      { requiredKeys: ['kind'] },
    );
    fc.assert(
      fc.property(arb, (m) => {
        const r = builtinRulesets().plan(g.state, m as unknown as Move, testCtx('p0'));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: RUNS * 5 },
    );
  });
});
