/**
 * A quick probe of the aging case's flood (not part of `npm run bench`): seat 1 of a game aged to
 * PROBE_EVENTS events (the aging case's "rotation") sends 64 concurrent last-100 pages from its
 * own client in its own thread (lib/flooder.ts) while seat 0 moves, as `bench/aging.ts` does.
 * One fresh service process per compiled entry (PROBE_ENTRIES, comma-separated; default
 * dist/main.js; `entry?NAME=value&…` sets the service's environment), each with its own aged game; then PROBE_ROUNDS floods on each, interleaved (the
 * order alternates every round). Per flood: seat 0's move latencies (p50, p99, max), the flood's
 * pages/s, the service's CPU per page, and from `/metrics` the event-loop delay over the flood
 * (the histogram is reset at each scrape) and the service's own time per move
 * (`move_duration_seconds`: from the door to the commit) against the client's.
 * PROBE_SAMPLE=1 also times a `SELECT 1` from this process every 10 ms during the flood (how
 * promptly the database answers a client whose own loop is idle). PROBE_SPLIT=1 (or `?PROBE_SPLIT=1` on one entry) sends the pages to
 * a second service process on the same database: the database shared, the event loop not. PROBE_INSPECT=<dir>:
 * after the rounds, one inspector CPU profile per entry of one more flood (`<i>-flood.cpuprofile`).
 *
 *     PROBE_ENTRIES=/tmp/before/main.js,dist/main.js npx tsx bench/flood-probe.ts
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { AGING_PAGE } from '../test/support/documents.js';
import { Ager, movesWhile } from './aging.js';
import { connectClients, openBenchDatabase } from './lib/database.js';
import { flood } from './lib/flooder.js';
import { scrape, sumOf } from './lib/scrape.js';
import { graphqlClient } from './lib/graphql.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { profileWhile } from './profile.js';
import { fmtMs, fmtRatioEstimate, pairedRatio, summarize } from './lib/stats.js';

const entries = (process.env['PROBE_ENTRIES'] || 'dist/main.js').split(',');
const rounds = Number(process.env['PROBE_ROUNDS'] || 4);
const events = Number(process.env['PROBE_EVENTS'] || 10_000);
const sampling = process.env['PROBE_SAMPLE'] === '1';
const inspectDir = process.env['PROBE_INSPECT'];
/** PROBE_SPLIT=1: the pages go to a second service process on the same database (the loop not shared, the database shared). */
const split = process.env['PROBE_SPLIT'] === '1';
const FLOOD = 64;

interface FloodRound {
  moveP50: number;
  moveP99: number;
  moveMax: number;
  moves: number;
  /** The service's mean time per move (door to commit), ms. */
  serviceMoveMs: number;
  /** The service's mean time per mutation request (received to sent), ms. */
  serviceRequestMs: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  loopP99: number;
  loopMax: number;
  answered: number;
  refused: number;
  other: number;
  samples: string;
}

async function floodOnce(service: ServiceProcess, ager: Ager, pagesFrom = service): Promise<FloodRound> {
  const before = await scrape(service);
  const cpu0 = await service.cpuMs();
  const t0 = performance.now();
  let done = false;
  let wall = 0;
  const all = flood({
    url: pagesFrom.url,
    token: ager.game.seats[1]!.token,
    query: AGING_PAGE,
    variables: { gameId: ager.game.id, afterSeq: Math.max(0, ager.lastSeq - 100), first: 100 },
    count: FLOOD,
  }).finally(() => {
    done = true;
    wall = performance.now() - t0;
  });
  const pings: number[] = [];
  const sampler = (async () => {
    while (sampling && !done) {
      const p0 = performance.now();
      await pinger!.query('SELECT 1');
      pings.push(performance.now() - p0);
      await sleep(10);
    }
  })();
  const moves = await movesWhile(ager, () => !done);
  const outcome = await all;
  await sampler;
  const cpu = (await service.cpuMs()) - cpu0;
  const after = await scrape(service);
  const moveCount =
    sumOf(after, 'move_duration_seconds_count') - sumOf(before, 'move_duration_seconds_count');
  const moveSum = sumOf(after, 'move_duration_seconds_sum') - sumOf(before, 'move_duration_seconds_sum');
  const delta = (prefix: string) => sumOf(after, prefix) - sumOf(before, prefix);
  const mutation = 'graphql_request_duration_seconds_{prefix}{operation_type="mutation"}';
  const requests = delta(mutation.replace('{prefix}', 'count'));
  const requestSum = delta(mutation.replace('{prefix}', 'sum'));
  const s = summarize(moves);
  return {
    moveP50: s.p50,
    moveP99: s.p99,
    moveMax: s.max,
    moves: s.count,
    serviceMoveMs: (moveSum / Math.max(1, moveCount)) * 1000,
    serviceRequestMs: (requestSum / Math.max(1, requests)) * 1000,
    pagesPerSecond: outcome.answered / (wall / 1000),
    cpuMsPerPage: cpu / FLOOD,
    loopP99: (after.get('nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000,
    loopMax: (after.get('nodejs_eventloop_lag_max_seconds') ?? Number.NaN) * 1000,
    ...outcome,
    samples: sampling
      ? `SELECT 1 p50 ${fmtMs(summarize(pings).p50)} p99 ${fmtMs(summarize(pings).p99)} ms`
      : '',
  };
}

const db = await openBenchDatabase();
const pinger = sampling ? (await connectClients(db.url, 1))[0] : undefined;
const services: {
  entry: string;
  service: ServiceProcess;
  pages: ServiceProcess;
  ager: Ager;
  close: () => void;
}[] = [];
try {
  for (const entry of entries) {
    const [file = 'dist/main.js', query = ''] = entry.split('?');
    const { PROBE_SPLIT: own, ...given } = Object.fromEntries(new URLSearchParams(query));
    const env = { WORKERS: '1', ...given };
    const service = await startService(db.url, env, { entry: file, inspect: Boolean(inspectDir) });
    const api = graphqlClient(service.url);
    const ager = await Ager.create(api, 'rotation');
    const t0 = performance.now();
    await ager.ageTo(events);
    process.stdout.write(
      `${entry}: aged to ${ager.lastSeq} events in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
    const pages = split || own === '1' ? await startService(db.url, env, { entry: file }) : service;
    await floodOnce(service, ager, pages); // warm-up
    services.push({ entry, service, pages, ager, close: () => api.close() });
  }
  const results = services.map(() => [] as FloodRound[]);
  const forward = services.map((_, i) => i);
  for (let r = 0; r < rounds; r++) {
    // Each round in the other order, so both sides of a pair see the same moments of the machine.
    for (const i of r % 2 ? [...forward].reverse() : forward) {
      const s = services[i]!;
      const f = await floodOnce(s.service, s.ager, s.pages);
      results[i]!.push(f);
      process.stdout.write(
        `round ${r + 1} ${s.entry}: move p50 ${fmtMs(f.moveP50)} p99 ${fmtMs(f.moveP99)} max ${fmtMs(f.moveMax)} ms ` +
          `(${f.moves} moves; service: request ${fmtMs(f.serviceRequestMs)}, door to commit ${fmtMs(f.serviceMoveMs)} ms/move), ${f.pagesPerSecond.toFixed(1)} pages/s, ` +
          `CPU ${fmtMs(f.cpuMsPerPage)} ms/page, loop p99 ${fmtMs(f.loopP99)} max ${fmtMs(f.loopMax)} ms, ` +
          `${f.answered}/${f.refused}/${f.other} answered/refused/other ${f.samples}\n`,
      );
    }
  }
  if (inspectDir)
    for (const [i, s] of services.entries())
      await profileWhile(s.service.inspectorUrl!, `${inspectDir}/${i}-flood.cpuprofile`, () =>
        floodOnce(s.service, s.ager),
      );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  for (const [i, s] of services.entries()) {
    const rs = results[i]!;
    process.stdout.write(
      `${s.entry}: median over ${rs.length} floods: move p50 ${fmtMs(median(rs.map((x) => x.moveP50)))} ` +
        `p99 ${fmtMs(median(rs.map((x) => x.moveP99)))} ms (range ${fmtMs(Math.min(...rs.map((x) => x.moveP99)))}–` +
        `${fmtMs(Math.max(...rs.map((x) => x.moveP99)))}), ${median(rs.map((x) => x.pagesPerSecond)).toFixed(1)} pages/s, ` +
        `CPU ${fmtMs(median(rs.map((x) => x.cpuMsPerPage)))} ms/page\n`,
    );
  }
  for (let i = 1; i < services.length; i++) {
    const a = results[i]!;
    const b = results[0]!;
    const ratio = (f: (x: FloodRound) => number) =>
      fmtRatioEstimate(pairedRatio(a.map(f), b.map(f), { atMost: 1 }));
    process.stdout.write(
      `${services[i]!.entry} / ${services[0]!.entry}: move p99 ${ratio((x) => x.moveP99)}, ` +
        `move p50 ${ratio((x) => x.moveP50)}, pages/s ${ratio((x) => x.pagesPerSecond)}, ` +
        `CPU/page ${ratio((x) => x.cpuMsPerPage)}\n`,
    );
  }
} finally {
  for (const s of services) {
    s.close();
    await s.service.stop();
    if (s.pages !== s.service) await s.pages.stop();
  }
  await pinger?.end();
  await db.release();
}
