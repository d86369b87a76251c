/**
 * Hostile input (`BENCH_CASES=hostile`): a fresh service process (WORKERS=1), anonymous clients.
 *
 * - **Fragment doubling.** The 40-level doubling (`fragment F0 on Query { ...F1 ...F1 } …`, and the
 *   same below `__schema`), sent one after another: how long each refusal takes, and how long a
 *   bystander's `/healthz` waits meanwhile. Unbounded validation never answers it at all.
 * - **Flood of unique queries.** BENCH_HOSTILE_QUERIES unique anonymous queries just under the
 *   query length cap (a short query padded with a comment, which costs no tokens) from 8 clients,
 *   then as many registered as persisted queries (APQ). The service's RSS is sampled throughout;
 *   the peak must stay within the memory budget (512 MiB, NODE_HEAP_MB's default).
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ARMOR_LIMITS } from '../src/server/armor.js';
import { fragmentDoubling, introspectionDoubling, longComment } from '../test/support/hostile-documents.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { summarize, type LatencySummary } from './lib/stats.js';

const MiB = 2 ** 20;
/** The documented memory budget of one service process (docs/operators.md, "Memory budget"). */
const RSS_BUDGET_BYTES = 512 * MiB;
const DOUBLINGS = 20;
const FLOOD_CLIENTS = 8;
/** Generous: on a busy 2-core machine the round trip is mostly waiting for a core; unbounded validation never answers. */
const REFUSAL_TARGET_MS = 1_000;

async function post(url: string, body: string): Promise<{ status: number; code: string | undefined }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const json = (await res.json().catch(() => null)) as {
    errors?: { extensions?: { code?: string } }[];
  } | null;
  return { status: res.status, code: json?.errors?.[0]?.extensions?.code };
}

/** Runs `work` while a bystander asks `/healthz` back to back; its latencies. */
async function withBystander(service: ServiceProcess, work: () => Promise<void>): Promise<LatencySummary> {
  const healthz = new URL('/healthz', service.url).href;
  const samples: number[] = [];
  let done = false;
  const bystander = (async () => {
    while (!done) {
      const t0 = performance.now();
      await (await fetch(healthz, { signal: AbortSignal.timeout(60_000) })).arrayBuffer();
      samples.push(performance.now() - t0);
      await sleep(5);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await bystander;
  }
  return summarize(samples);
}

/** Samples the service's RSS every 200 ms while `work` runs; the peak. */
async function peakRss(service: ServiceProcess, work: () => Promise<void>): Promise<number> {
  let peak = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, (await service.memory()).rssBytes);
      await sleep(200);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await sampler;
  }
  return Math.max(peak, (await service.memory()).rssBytes);
}

/** `total` requests from FLOOD_CLIENTS clients; `body(i)` for the i-th. Counts answers by code. */
async function flood(url: string, total: number, body: (i: number) => string): Promise<Map<string, number>> {
  const codes = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: FLOOD_CLIENTS }, async () => {
      for (let i = next++; i < total; i = next++) {
        const { status, code } = await post(url, body(i));
        const key = code ?? String(status);
        codes.set(key, (codes.get(key) ?? 0) + 1);
      }
    }),
  );
  return codes;
}

export async function runHostile(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  const n = config.hostileQueries;
  const service = await startService(deps.databaseUrl, { WORKERS: '1' });
  try {
    // Fragment doubling: refusal time and the bystander's wait.
    const doublings: number[] = [];
    const refusedCodes = new Set<string>();
    const healthDuringDoubling = await withBystander(service, async () => {
      for (let i = 0; i < DOUBLINGS; i++) {
        const query = i % 2 === 0 ? fragmentDoubling(40) : introspectionDoubling(40);
        const t0 = performance.now();
        const { code } = await post(service.url, JSON.stringify({ query }));
        doublings.push(performance.now() - t0);
        refusedCodes.add(code ?? 'none');
      }
    });
    const refusal = summarize(doublings);
    log(
      `hostile: 40-level doubling refused in p50 ${refusal.p50.toFixed(1)} ms, max ${refusal.max.toFixed(1)} ms`,
    );

    // Flood of unique queries just under the cap, then the same through APQ.
    const size = ARMOR_LIMITS.maxQueryBytes - 64;
    const unique = (tag: string, i: number) => longComment(size, `{ ${tag}${i}: whoami { kind } }`);
    const rssBefore = (await service.memory()).rssBytes;
    let plainCodes = new Map<string, number>();
    let apqCodes = new Map<string, number>();
    const t0 = performance.now();
    const peak = await peakRss(service, async () => {
      plainCodes = await flood(service.url, n, (i) => JSON.stringify({ query: unique('q', i) }));
      log(`hostile: ${n} unique queries sent`);
      apqCodes = await flood(service.url, n, (i) => {
        const query = unique('p', i);
        const sha256Hash = createHash('sha256').update(query).digest('hex');
        return JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash } } });
      });
      log(`hostile: ${n} unique persisted queries registered`);
    });
    const floodSeconds = (performance.now() - t0) / 1000;
    const alive = (await fetch(new URL('/healthz', service.url))).status === 200;
    const answered = (codes: Map<string, number>) => codes.get('200') ?? 0;
    log(`hostile: peak RSS ${(peak / MiB).toFixed(1)} MiB; service ${alive ? 'up' : 'DOWN'}`);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const markdown = [
      table(
        ['40-level fragment doubling, anonymous', 'p50', 'p99', 'max'],
        [
          ['refusal (HTTP round trip)', ms(refusal.p50), ms(refusal.p99), ms(refusal.max)],
          [
            'bystander `/healthz` meanwhile',
            ms(healthDuringDoubling.p50),
            ms(healthDuringDoubling.p99),
            ms(healthDuringDoubling.max),
          ],
        ],
      ),
      '',
      `${DOUBLINGS} documents, alternately below \`Query\` and below \`__schema\`; answered ${[...refusedCodes].join(', ')}.`,
      '',
      table(
        ['flood of unique queries, 8 anonymous clients', 'value'],
        [
          ['query size', `${size} bytes (cap ${ARMOR_LIMITS.maxQueryBytes})`],
          ['plain queries answered', `${answered(plainCodes)} of ${n}`],
          ['persisted queries (APQ) registered and answered', `${answered(apqCodes)} of ${n}`],
          ['RSS before', `${(rssBefore / MiB).toFixed(1)} MiB`],
          ['peak RSS', `${(peak / MiB).toFixed(1)} MiB`],
          ['service up afterwards', alive ? 'yes' : '**no**'],
          ['duration', `${floodSeconds.toFixed(1)} s`],
        ],
      ),
    ].join('\n');
    return {
      title: 'Hostile input: fragment doubling, a flood of unique queries',
      markdown,
      targets: [
        {
          target: `40-level fragment doubling refused within ${REFUSAL_TARGET_MS} ms (max)`,
          measured: ms(refusal.max),
          threshold: `≤ ${REFUSAL_TARGET_MS} ms, GRAPHQL_VALIDATION_FAILED`,
          met:
            refusal.max <= REFUSAL_TARGET_MS &&
            refusedCodes.size === 1 &&
            refusedCodes.has('GRAPHQL_VALIDATION_FAILED'),
        },
        {
          target: `peak RSS ≤ 512 MiB under ${n} unique queries and ${n} unique APQ registrations, service up`,
          measured: `${(peak / MiB).toFixed(1)} MiB`,
          threshold: '≤ 512 MiB, every query answered',
          met: peak <= RSS_BUDGET_BYTES && alive && answered(plainCodes) === n && answered(apqCodes) === n,
        },
      ],
      results: {
        doublingRefusalMs: refusal,
        healthzDuringDoublingMs: healthDuringDoubling,
        refusalTargetMs: REFUSAL_TARGET_MS,
        floodQueries: n,
        floodQueryBytes: size,
        floodAnswered: answered(plainCodes),
        apqAnswered: answered(apqCodes),
        rssBeforeFloodBytes: rssBefore,
        peakRssBytes: peak,
        rssBudgetBytes: RSS_BUDGET_BYTES,
        aliveAfterFlood: alive,
        floodSeconds,
      },
    };
  } finally {
    await service.stop();
  }
}
