/**
 * The selection budget (src/server/selection-budget.ts) bounds the work of every validation rule
 * that runs after it. In process, the work is counted, not timed: every property read of the
 * document's nodes, by the rules as Apollo runs them (graphql's specified rules, then the armor's)
 * and as graphql-ws runs them (`armor.check`: the armor's first). A document within the limits reads at most
 * READS_PER_NODE per node, as the richest documents the suite sends do; `{ rulesets { id ×1,980 } }`
 * read 1,261 per node before graphql gave up comparing its pairs. Then four anonymous clients flood
 * a service process with each shape over HTTP and graphql-ws, and a seat's median `game(id)` must
 * stay within 2× its median under a flood of same-size documents the token limit refuses.
 */
import { describe, expect, it } from 'vitest';
import { ARMOR_LIMITS, createArmor } from '../../src/server/armor.js';
import { graphqlCjs } from '../../src/server/graphql-cjs.js';
import { buildSchema } from '../../src/resolvers/schema.js';
import { GAME_QUERY, HISTORY_QUERY, SUBSCRIPTION } from '../support/documents.js';
import { createGame } from '../support/game-api.js';
import { counted, OverBudget } from '../support/read-count.js';
import { EXPENSIVE_DOCUMENTS, floodMedians } from '../support/validation-flood.js';
import { serviceProcessPerFile } from './support.js';

const { getIntrospectionQuery, parse, specifiedRules, validate, visit } = graphqlCjs;

/** Reads per node of the document allowed to the whole validation (the richest legitimate: about 105). */
const READS_PER_NODE = 200;

const schema = buildSchema();
const armor = createArmor({ introspection: true });

/** The limit that refuses each shape, or null for the shapes that pass it. */
const REFUSED_BY: Record<string, RegExp | null> = {
  'one field ×1,980': new RegExp(
    `Field repeat limit of ${ARMOR_LIMITS.maxFieldRepeats} exceeded: "rulesets\\.id" is selected 1980 times`,
  ),
  '`__typename` ×1,990': new RegExp(
    `Field repeat limit of ${ARMOR_LIMITS.maxFieldRepeats} exceeded: "__typename" is selected 1990 times`,
  ),
  '300 operations': new RegExp(`Operation limit of ${ARMOR_LIMITS.maxOperations} exceeded`),
  '400 variables': new RegExp(`Variable limit of ${ARMOR_LIMITS.maxVariables} exceeded`),
  'a 200-item list argument ×8': new RegExp(`List limit of ${ARMOR_LIMITS.maxListItems} exceeded`),
  'one spread too many': new RegExp(`Selection width limit of ${ARMOR_LIMITS.maxSelectionWidth} exceeded`),
  'the widest sets of fragments ×15 (passes)': null,
  'every path repeated to the limit (passes)': null,
};

const LEGITIMATE: Record<string, string> = {
  'game(id)': GAME_QUERY,
  history: HISTORY_QUERY,
  subscription: SUBSCRIPTION,
  introspection: getIntrospectionQuery(),
};

function nodesOf(query: string): number {
  let nodes = 0;
  visit(parse(query), { enter: () => void (nodes += 1) });
  return nodes;
}

/** Property reads of `query`'s nodes by `run`, which throws OverBudget past READS_PER_NODE per node. */
function readsOf(query: string, run: (document: ReturnType<typeof parse>) => unknown): number {
  const { document, visits } = counted(parse(query), READS_PER_NODE * nodesOf(query), { every: true });
  run(document);
  return visits();
}

/** Apollo runs graphql's rules, then the armor's; graphql-ws (`armor.check`) the armor's first. */
const asApollo = (document: ReturnType<typeof parse>) =>
  validate(schema, document, [...specifiedRules, ...armor.apollo.validationRules]);
const asGraphqlWs = (document: ReturnType<typeof parse>) =>
  validate(schema, document, [...armor.apollo.validationRules, ...specifiedRules]);

describe('the selection budget', () => {
  it('the read count stops validation of a repeated field without the budget (self-check)', () => {
    const query = EXPENSIVE_DOCUMENTS['one field ×1,980'] ?? '';
    expect(() => readsOf(query, (document) => validate(schema, document, specifiedRules))).toThrow(
      OverBudget,
    );
  });

  it('knows each shape', () => {
    expect(Object.keys(REFUSED_BY)).toEqual(Object.keys(EXPENSIVE_DOCUMENTS));
  });

  for (const [name, query] of Object.entries(EXPENSIVE_DOCUMENTS)) {
    it(`${name}: ${REFUSED_BY[name] ? 'refused by its limit' : 'passes every limit'}, within ${READS_PER_NODE} reads per node`, () => {
      expect(parse(query, { maxTokens: ARMOR_LIMITS.maxTokens })).toBeTruthy();
      expect(readsOf(query, asApollo)).toBeLessThanOrEqual(READS_PER_NODE * nodesOf(query));
      expect(readsOf(query, asGraphqlWs)).toBeLessThanOrEqual(READS_PER_NODE * nodesOf(query));
      const messages = (armor.check(schema, query) ?? []).map((e) => e.message);
      const limit = REFUSED_BY[name];
      if (limit) {
        expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(limit)]));
        for (const message of messages) expect(message).toMatch(/limit of \d+ exceeded/);
      } else expect(messages).toEqual(['Variable "$unused" is never used.']);
    });
  }

  for (const [name, query] of Object.entries(LEGITIMATE)) {
    it(`${name}: within every limit and ${READS_PER_NODE} reads per node`, () => {
      expect(readsOf(query, asApollo)).toBeLessThanOrEqual(READS_PER_NODE * nodesOf(query));
      expect(armor.check(schema, query)).toBeNull();
    });
  }
});

describe('a flood of expensive documents against a service process', () => {
  const service = serviceProcessPerFile();

  it('keeps a seat within 2× its median under a flood the token limit refuses', async () => {
    const game = await createGame(service(), 'mtg', [[], []]);
    const seat = game.players[0];
    if (!seat) throw new Error('no seat');
    // Each attempt measures both floods back to back. On a machine busy with other work a burst of
    // it can land on one flood alone, so the ratio gets three attempts; the cost this test guards
    // against (validation of 0.6–1.5 s per document: 3.7× before the budget) fails all three.
    const ratios: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { refusedMs, expensiveMs, refused, expensive } = await floodMedians({
        url: service().url,
        gameId: game.gameId,
        token: seat.token,
        clients: 4,
        samples: 40,
      });
      // Every document was answered over both transports, refused at parse or at validation.
      expect([...refused.keys()]).toEqual(['GRAPHQL_PARSE_FAILED']);
      expect([...expensive.keys()].sort()).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(expensive.get('GRAPHQL_VALIDATION_FAILED')).toBeGreaterThanOrEqual(2 * 8);
      ratios.push(`${expensiveMs.toFixed(1)} ms vs ${refusedMs.toFixed(1)} ms`);
      if (expensiveMs <= 2 * refusedMs) return;
    }
    expect.fail(
      `the seat's median under the expensive flood passed 2× in every attempt: ${ratios.join('; ')}`,
    );
  }, 400_000);
});
