/**
 * Validation is bounded by the size of the document. Every custom rule (armor.ts's limit rules, and
 * the rule that runs them first) is run alone on hostile documents whose nodes count each visit:
 * none may visit more than VISITS_PER_NODE × the document's nodes. A rule that follows fragment
 * spreads without a memo visits 2^levels nodes and is stopped by the count (the self-check below
 * plants one). Then the 40-level fragment doubling goes to a real service process, anonymous, over
 * HTTP and graphql-ws, while another client's `/healthz` keeps answering.
 */
import type { DocumentNode, SelectionSetNode, ValidationRule } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ARMOR_LIMITS, createArmor, limitsFirstRule } from '../../src/server/armor.js';
import { graphqlCjs } from '../../src/server/graphql-cjs.js';
import { buildSchema } from '../../src/resolvers/schema.js';
import {
  deepNesting,
  fragmentDoubling,
  introspectionDoubling,
  listDoubling,
  manyDirectives,
  wideAliases,
} from '../support/hostile-documents.js';
import { counted, OverBudget } from '../support/read-count.js';
import { healthzBystander, RawWs, postRaw, serviceProcessPerFile, type GqlErrorJson } from './support.js';

/** The graphql copy the server's rules use (src/server/graphql-cjs.ts). */
const { Kind, parse, validate, visit } = graphqlCjs;

/** Node visits allowed per node of the document, per rule (graphql's own walk included). */
const VISITS_PER_NODE = 64;

const schema = buildSchema();
const armor = createArmor({ introspection: true });

function nodesOf(document: DocumentNode): number {
  let nodes = 0;
  visit(document, { enter: () => void (nodes += 1) });
  return nodes;
}

/** Visits `rule` makes on `query`, or throws OverBudget past VISITS_PER_NODE × its nodes. */
function visitsOf(rule: ValidationRule, query: string): { visits: number; nodes: number } {
  const plain = parse(query);
  const nodes = nodesOf(plain);
  const { document, visits } = counted(plain, VISITS_PER_NODE * nodes);
  validate(schema, document, [rule]);
  return { visits: visits(), nodes };
}

const HOSTILE: Record<string, string> = {
  'fragment doubling, 40 levels': fragmentDoubling(40),
  'fragment doubling below __schema, 40 levels': introspectionDoubling(40),
  'fragment doubling through lists, 40 levels': listDoubling(40),
  'fragment doubling in a cycle': fragmentDoubling(30, { leaf: '...F0' }),
  'deep nesting': deepNesting(300),
  'wide aliases': wideAliases(400),
  'many directives': manyDirectives(300),
};

const RULES: [string, ValidationRule][] = [
  ['limits first (all limit rules)', limitsFirstRule(armor.limitRules)],
  ...armor.limitRules.map((rule, i): [string, ValidationRule] => [`limit rule ${i}`, rule]),
];

/** The list-nesting walk as it was, following every spread again: the count must stop it. */
const unmemoised: ValidationRule = (context) => {
  const walk = (set: SelectionSetNode): number => {
    let n = 1;
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = context.getFragment(s.name.value);
        if (fragment) n += walk(fragment.selectionSet);
      } else if (s.selectionSet) n += walk(s.selectionSet);
    }
    return n;
  };
  return { OperationDefinition: (node) => void walk(node.selectionSet) };
};

describe('custom validation rules visit each node a bounded number of times', () => {
  it('the count stops a rule that walks every spread again (self-check)', () => {
    expect(() => visitsOf(unmemoised, fragmentDoubling(40))).toThrow(OverBudget);
  });

  for (const [name, query] of Object.entries(HOSTILE)) {
    it(`${name}: every rule within ${VISITS_PER_NODE} visits per node, and the document refused`, () => {
      for (const [ruleName, rule] of RULES) {
        const { visits, nodes } = visitsOf(rule, query);
        expect(visits, ruleName).toBeLessThanOrEqual(VISITS_PER_NODE * nodes);
      }
      expect(armor.check(schema, query)?.length).toBeGreaterThan(0);
    });
  }

  it('refuses a doubling below __schema by its expanded size, before graphql walks it', () => {
    const errors = armor.check(schema, introspectionDoubling(40)) ?? [];
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(new RegExp(`Selection limit of ${ARMOR_LIMITS.maxExpandedSize} exceeded`)),
    ]);
  });
});

describe('the 40-level fragment doubling against a service process', () => {
  const service = serviceProcessPerFile();

  /** Runs `attack` while another client asks `/healthz` back to back; returns the slowest answer. */
  async function whileHealthzPolls(attack: () => Promise<void>): Promise<number> {
    const watch = healthzBystander(service().url);
    try {
      await attack();
    } catch (err) {
      await watch.stop().catch(() => 0);
      throw err;
    }
    return watch.stop();
  }

  it('is refused over HTTP, anonymous, while /healthz answers', async () => {
    for (const query of [fragmentDoubling(40), introspectionDoubling(40), listDoubling(40)]) {
      const slowest = await whileHealthzPolls(async () => {
        const res = await postRaw(service().url, JSON.stringify({ query }));
        expect(res.status).toBe(400);
        expect(res.json?.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      });
      // Generous: a busy 2-core machine; the unbounded walk never answers at all.
      expect(slowest).toBeLessThan(5_000);
    }
  }, 60_000);

  it('is refused over graphql-ws after an anonymous connection_init, while /healthz answers', async () => {
    const ws = await RawWs.connect(service().url.replace(/^http/, 'ws'));
    try {
      const slowest = await whileHealthzPolls(async () => {
        const frame = await ws.run('1', fragmentDoubling(40), {});
        expect(frame.type).toBe('error');
        expect((frame.payload as GqlErrorJson[])[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      });
      expect(slowest).toBeLessThan(5_000);
    } finally {
      ws.close();
    }
  }, 60_000);
});
