/**
 * Property: createGame's verdict on a random starting layout is the verdict of building the same
 * layout move by move (one `bringIntoGame` per card, in listing order, at the bottom of its zone):
 * both accept it, or both refuse it at the same card for the same rule and reason.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialZones, type GameState, type RulesetSpec } from '../../src/rules/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { CREATE, type CardIn } from './helpers.js';
import type { BuiltinId } from '../rules/helpers.js';
import { builtinRulesets } from '../support/rulesets.js';

const RUNS = Number(process.env.FC_RUNS ?? 40);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

const POOL: Record<BuiltinId, Omit<CardIn, 'zone' | 'zoneIndex'>[]> = {
  mtg: [
    { name: 'Bear', types: ['Creature'] },
    { name: 'Bolt', types: ['Instant'] },
    { name: 'Wrath', types: ['Sorcery'] },
    { name: 'Aura', types: ['Enchantment'], subtypes: ['Aura'] },
    { name: 'Land', types: ['Land'] },
  ],
  fab: [
    { name: 'Hero', types: ['Hero'] },
    { name: 'Strike', types: ['Action'], subtypes: ['Attack'] },
    { name: 'Sword', types: ['Weapon'], subtypes: ['Sword', '1H'] },
    { name: 'Greatsword', types: ['Weapon'], subtypes: ['Sword', '2H'] },
    { name: 'Shield', types: ['Equipment'], subtypes: ['Off-Hand'] },
    { name: 'Helm', types: ['Equipment'], subtypes: ['Head'] },
    { name: 'Greaves', types: ['Equipment'], subtypes: ['Legs'] },
    { name: 'Gloves', types: ['Equipment'], subtypes: ['Arms'] },
  ],
  netrunner: [
    { name: 'Hedge Fund', types: ['Operation'] },
    { name: 'Ice Wall', types: ['ICE'] },
    { name: 'Parasite', types: ['Program'] },
  ],
};

const ruleset = (id: BuiltinId): RulesetSpec => builtinRulesets().get(id)!;

/** Starting zones of a ruleset a layout may name (zone type, index), owner's or shared. */
function slots(id: BuiltinId): { type: string; index: number }[] {
  return ruleset(id)
    .zoneTypes.filter((t) => t.startsInGame !== false)
    .flatMap((t) =>
      Array.from({ length: Math.max(1, t.perPlayer) }, (_, index) => ({ type: t.type, index })),
    );
}

const layoutArb = (id: BuiltinId) => {
  const cardArb = fc.record({
    card: fc.constantFrom(...POOL[id]),
    slot: fc.constantFrom(...slots(id)),
  });
  return fc.array(fc.array(cardArb, { maxLength: 6 }), { minLength: 2, maxLength: 2 });
};

type Layout = { card: Omit<CardIn, 'zone' | 'zoneIndex'>; slot: { type: string; index: number } }[][];

interface Verdict {
  readonly refused: {
    readonly player: number;
    readonly card: number;
    readonly rule: string;
    readonly reason: string;
  } | null;
}

/** The move-by-move build through the planner, as moves are planned for a game. */
function buildByMoves(id: BuiltinId, layout: Layout): Verdict {
  const sp = ruleset(id);
  const players = layout.map((_, seat) => ({ id: `p${seat}`, seat }));
  const zones = initialZones(sp, players).map((z) => ({
    ...z,
    id: `${z.type}:${z.ownerId ?? '-'}:${z.index}`,
  }));
  let state: GameState = { ruleset: id, players, zones, objects: [] };
  let n = 0;
  for (const [p, cards] of layout.entries()) {
    for (const [c, { card, slot }] of cards.entries()) {
      const type = sp.zoneTypes.find((t) => t.type === slot.type)!;
      const owner = type.scope === 'shared' ? '-' : `p${p}`;
      const r = builtinRulesets().plan(
        state,
        {
          kind: 'bringIntoGame',
          cards: [
            {
              name: card.name,
              types: card.types ?? [],
              subtypes: card.subtypes ?? [],
              text: '',
              attributes: {},
            },
          ],
          ownerId: `p${p}`,
          to: { kind: 'zone', zoneId: `${slot.type}:${owner}:${slot.index}` },
          // Objects enter a stack on top (MTG 405.2, FAB sec:stack_zone); order does not affect admission.
          placement: type.isStack ? { kind: 'top' } : { kind: 'bottom' },
        },
        {
          newId: () => `id${++n}`,
          randomAct: () => () => 0,
          randomScheme: null,
          actorId: `p${p}`,
          foldEntropy: () => '',
        },
      );
      if (!r.ok) return { refused: { player: p, card: c, rule: r.rejection.rule, reason: r.rejection.code } };
      state = r.plan.state;
    }
  }
  return { refused: null };
}

async function createVerdict(id: BuiltinId, layout: Layout): Promise<Verdict> {
  const res = await s.gql(CREATE, {
    input: {
      ruleset: id,
      players: layout.map((cards, p) => ({
        name: `P${p}`,
        deck: cards.map(({ card, slot }) => ({ ...card, zone: slot.type, zoneIndex: slot.index })),
      })),
    },
  });
  if (!res.errors) return { refused: null };
  const ext = res.errors[0]!.extensions ?? {};
  expect(ext['code'], JSON.stringify(res.errors)).toBe('BAD_USER_INPUT');
  const m = /^players\.(\d+)\.deck\.(\d+)\.zone$/.exec(String(ext['field']));
  expect(m, JSON.stringify(res.errors)).not.toBeNull();
  return {
    refused: {
      player: Number(m![1]),
      card: Number(m![2]),
      rule: String(ext['rule']),
      reason: String(ext['reason']),
    },
  };
}

describe('createGame admits what moves admit', () => {
  for (const id of ['mtg', 'fab', 'netrunner'] as const)
    it(`property: ${id} random starting layouts get the verdict of a move-by-move build`, async () => {
      let cases = 0;
      let refusals = 0;
      await fc.assert(
        fc.asyncProperty(layoutArb(id), async (layout) => {
          cases++;
          const byMoves = buildByMoves(id, layout);
          const created = await createVerdict(id, layout);
          if (byMoves.refused === null) {
            expect(created.refused).toBeNull();
            return;
          }
          refusals++;
          expect(created.refused).not.toBeNull();
          const { reason, ...where } = created.refused!;
          const { reason: moveReason, ...moveWhere } = byMoves.refused;
          expect(where).toEqual(moveWhere);
          // FAB sec:zones_general: an effect that cannot move an object fails (MOVE_FAILED); the
          // underlying reason is the admission's own.
          if (id === 'fab') expect(moveReason).toBe('MOVE_FAILED');
          else expect(reason).toBe(moveReason);
          expect(['NOT_ADMITTED', 'ZONE_FULL']).toContain(reason);
        }),
        { numRuns: RUNS },
      );
      expect(cases).toBe(RUNS);
      if (id !== 'netrunner') expect(refusals).toBeGreaterThan(0);
    }, 180_000);
});
