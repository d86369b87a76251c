/**
 * Adversarial documents at every validation rule, as a property: fragment doublings (below `Query`,
 * below `__schema`, through lists, in cycles), deep nesting, wide aliases, many directives, long
 * comments (over the query cap too) and mixtures of them, sent anonymously to a real service process
 * over HTTP and graphql-ws.
 *
 * Each must be answered (data, or an error with a public code; never a 5xx) within
 * {@link RATIO} × the round trip of a trivial query measured just before it, while a bystander
 * asks `/healthz` back to back and is answered within {@link BYSTANDER_MS}. The bounds are
 * generous, for a busy 2-core machine: what they catch is validation that grows with 2^levels,
 * which takes seconds or never ends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARMOR_LIMITS } from '../../src/server/armor.js';
import {
  deepNesting,
  fragmentDoubling,
  introspectionDoubling,
  listDoubling,
  longComment,
  manyDirectives,
  TRIVIAL_QUERY,
  wideAliases,
} from '../support/hostile-documents.js';
import { healthzBystander, RawWs, serviceProcessPerFile, type GqlErrorJson } from './support.js';

/** A document may take this many times the trivial query's round trip (at least 5 ms of it). */
const RATIO = 100;
/** The bystander's `/healthz` must be answered within this, whatever is being validated. */
const BYSTANDER_MS = 5_000;
const RUNS = 40;

const levels = fc.integer({ min: 1, max: 60 });
const documents: fc.Arbitrary<string> = fc.oneof(
  levels.map((n) => fragmentDoubling(n)),
  levels.map((n) => introspectionDoubling(n)),
  levels.map((n) => listDoubling(n)),
  levels.map((n) => fragmentDoubling(n, { leaf: '...F0' })),
  fc.integer({ min: 1, max: 500 }).map(deepNesting),
  fc.integer({ min: 1, max: 600 }).map(wideAliases),
  fc.integer({ min: 1, max: 500 }).map(manyDirectives),
  fc.integer({ min: 1, max: ARMOR_LIMITS.maxQueryBytes + 4_096 }).map((n) => longComment(n)),
  // Mixtures: a doubling whose last fragment is wide, aliased and directive-laden, padded by a comment.
  fc
    .record({
      levels,
      aliases: fc.integer({ min: 1, max: 40 }),
      directives: fc.integer({ min: 0, max: 60 }),
      pad: fc.integer({ min: 0, max: 20_000 }),
    })
    .map(({ levels: n, aliases, directives, pad }) =>
      longComment(
        pad,
        fragmentDoubling(n, {
          leaf: Array.from(
            { length: aliases },
            (_, i) => `a${i}: whoami { kind${i < directives ? ' @include(if: true)' : ''} }`,
          ).join(' '),
        }),
      ),
    ),
);

const service = serviceProcessPerFile();

/** POSTs `query`; gives up (throws) after `timeoutMs`, so a service that never answers fails the test. */
async function post(query: string, timeoutMs = 60_000) {
  const res = await fetch(service().url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(Math.ceil(timeoutMs)),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as { errors?: GqlErrorJson[] } };
}

/** Rejects once `ms` have passed. */
function deadline(ms: number): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

/** Median round trip of the trivial query, three tries, at least 5 ms. */
async function trivialMs(send: (query: string) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) samples.push((await timed(() => send(TRIVIAL_QUERY))).ms);
  return Math.max(5, samples.sort((a, b) => a - b)[1] ?? 5);
}

function expectPublicAnswer(errors: readonly GqlErrorJson[] | undefined, query: string): void {
  for (const e of errors ?? []) {
    expect(e.extensions?.code, query.slice(0, 200)).toBeDefined();
    expect(e.extensions?.code, query.slice(0, 200)).not.toBe('INTERNAL_SERVER_ERROR');
  }
}

describe('adversarial documents against every validation rule', () => {
  it(`over HTTP: each answered within ${RATIO}× a trivial query, /healthz answering meanwhile`, async () => {
    const watch = healthzBystander(service().url);
    try {
      await fc.assert(
        fc.asyncProperty(documents, async (query) => {
          const bound = RATIO * (await trivialMs((q) => post(q)));
          const { ms, value } = await timed(() => post(query, bound));
          expect(value.status, value.text.slice(0, 200)).toBeLessThan(500);
          expectPublicAnswer(value.json?.errors, query);
          expect(ms, `${query.slice(0, 120)}… (${query.length} chars)`).toBeLessThanOrEqual(bound);
        }),
        // A hung service answers nothing more: shrinking would only wait out more deadlines.
        { numRuns: RUNS, endOnFailure: true },
      );
    } finally {
      expect(await watch.stop()).toBeLessThan(BYSTANDER_MS);
    }
  }, 300_000);

  it(`over graphql-ws, anonymous: each answered within ${RATIO}× a trivial query`, async () => {
    const wsUrl = service().url.replace(/^http/, 'ws');
    // A fresh anonymous connection per document: one connection carrying every run's frames would
    // pass its message budget (WS_ANONYMOUS_MESSAGE_BURST, 50) and be closed with 4031.
    let ws = await RawWs.connect(wsUrl);
    const watch = healthzBystander(service().url);
    let id = 0;
    try {
      const send = async (query: string) => {
        const frame = await ws.run(String(++id), query, {});
        // A query that ran leaves its subscription to complete; errors end it.
        await ws.next((f) => f.id === frame.id && (f.type === 'complete' || f.type === 'error'), 60_000);
        return frame;
      };
      await fc.assert(
        fc.asyncProperty(
          documents.filter((q) => Buffer.byteLength(q) < 200_000),
          async (query) => {
            ws.close();
            ws = await RawWs.connect(wsUrl);
            const bound = RATIO * (await trivialMs(send));
            const { ms, value } = await timed(() => Promise.race([send(query), deadline(bound)]));
            if (value.type === 'error') expectPublicAnswer(value.payload as GqlErrorJson[], query);
            expect(ms, `${query.slice(0, 120)}…`).toBeLessThanOrEqual(bound);
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    } finally {
      ws.close();
      expect(await watch.stop()).toBeLessThan(BYSTANDER_MS);
    }
  }, 300_000);
});
