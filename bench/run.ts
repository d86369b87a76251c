/**
 * `npm run bench`: the service against raw-SQL / raw-ws baselines doing the same work,
 * in one run on one machine. Prints every table and writes them, with the machine's description,
 * to BENCHMARKS.md. Settings: bench/lib/config.ts (BENCH_* environment variables).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runB1 } from './b1-move.js';
import { runB2 } from './b2-view.js';
import { runB3 } from './b3-fanout.js';
import { runB4 } from './b4-shuffle.js';
import { runMemory } from './memory.js';
import { runAging } from './aging.js';
import { runProfile } from './profile.js';
import { runHostile } from './hostile.js';
import { runValidation } from './validation.js';
import { runStalled } from './stalled.js';
import { runWsFlood } from './wsflood.js';
import { runTable } from './table.js';
import { runIdentity } from './identity.js';
import { runCompare, runCompareFair, runCompareRefactor } from './compare.js';
import { runRewind } from './rewind.js';
import { runSpectators } from './spectators.js';
import { CLOCKS_TITLE, runClocks } from './clocks.js';
import { loadBenchConfig } from './lib/config.js';
import { openBenchDatabase } from './lib/database.js';
import { graphqlClient } from './lib/graphql.js';
import { describeMachine, loadAverage } from './lib/machine.js';
import { type CaseDeps, type CaseReport } from './lib/report.js';
import { mergeResults, renderBenchmarks, resultsPath, writeDocs, type BenchResults } from './lib/docs.js';
import { ROOT, startService, type ServiceProcess } from './lib/service.js';

/** However the run goes, the process ends by then (`BENCH_TIMEOUT_SECONDS`). */
const TIMEOUT_SECONDS = Number(process.env['BENCH_TIMEOUT_SECONDS'] || 1500);

const log = (message: string) => process.stdout.write(`${message}\n`);

const cleanups: (() => Promise<void>)[] = [];

async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
}

const watchdog = setTimeout(() => {
  log(`bench: ${TIMEOUT_SECONDS} s elapsed, stopping`);
  const force = setTimeout(() => process.exit(2), 20_000);
  force.unref();
  void cleanUp().finally(() => process.exit(2));
}, TIMEOUT_SECONDS * 1000);
watchdog.unref();

function failed(title: string, err: unknown): CaseReport {
  const message = err instanceof Error ? err.message : String(err);
  log(`${title} FAILED: ${message}`);
  return { title, markdown: `**Not measured**: ${message.split('\n')[0]}`, targets: [] };
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  const started = performance.now();
  log(`bench: cases ${[...config.cases].join(', ')}; ${config.seconds} s per run`);
  const db = await openBenchDatabase();
  cleanups.push(() => db.release());
  log(`bench: PostgreSQL ${db.embedded ? 'embedded' : 'given'}`);
  const machine = await describeMachine(db.url, db.embedded);
  log(
    `bench: ${machine.cpuModel}, ${machine.cores} cores, ${machine.ramGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}`,
  );

  const reports: CaseReport[] = [];
  const needsService = ['b1', 'b2', 'b3', 'b4'].some((c) => config.cases.has(c));
  if (needsService) {
    let service: ServiceProcess | null = null;
    try {
      // B1 and B2 drive one credential from up to 32 clients to find the path's peak; the
      // per-credential work limit (4 by default) would refuse most of them, so it is lifted here.
      // The limiter still runs on every view; the aging case measures it at its default.
      // WORKERS at its default (the number of cores), as `npm start` runs it.
      // BENCH_WORKERS overrides it, for comparisons.
      service = await startService(db.url, {
        WORK_LIMIT_PER_PRINCIPAL: '64',
        // Its clients share one address: each stands for a client of its own, as in production.
        WORK_LIMIT_PER_CLIENT: '64',
        REQUEST_LIMIT_PER_CLIENT: '8',
        REQUEST_QUEUE_PER_CLIENT: '256',
        ...(process.env['BENCH_WORKERS'] ? { WORKERS: process.env['BENCH_WORKERS'] } : {}),
      });
      const svc = service;
      cleanups.push(() => svc.stop());
      log(`bench: service pid ${service.pid} at ${service.url}`);
      const api = graphqlClient(service.url);
      const deps = {
        api,
        databaseUrl: db.url,
        wsUrl: service.wsUrl,
        config,
        log,
        serviceCpuMs: () => svc.cpuMs(),
        serviceLoopDelay: () => svc.eventLoopDelay(),
      };
      const cases: [string, string, () => Promise<CaseReport>][] = [
        ['b1', 'B1, a move (`moveObjects`)', () => runB1(deps)],
        ['b2', 'B2, a full game view (`game(id)`)', () => runB2(deps)],
        ['b3', 'B3, fanout (`gameEvents` over graphql-ws)', () => runB3(deps)],
        ['b4', 'B4, a 60-card shuffle (`shuffleZone`)', () => runB4(deps)],
      ];
      for (const [id, title, run] of cases) {
        if (!config.cases.has(id)) continue;
        const t0 = performance.now();
        reports.push({ ...(await run().catch((err: unknown) => failed(title, err))), id });
        log(`bench: ${id} took ${Math.round((performance.now() - t0) / 1000)} s`);
      }
      api.close();
    } catch (err) {
      reports.push(failed('Service', err));
    } finally {
      await service?.stop();
    }
  }
  // Cases that start services of their own.
  const ownServices: [string, string, (deps: CaseDeps) => Promise<CaseReport>][] = [
    ['memory', 'Memory per idle subscription', runMemory],
    ['profile', 'CPU profile', runProfile],
    ['aging', 'Aging: long games, many games', runAging],
    ['hostile', 'Hostile input', runHostile],
    ['stalled', 'Stalled bodies on a spectator credential', runStalled],
    ['validation', 'Validation cost: the worst documents within the limits', runValidation],
    ['wsflood', 'graphql-ws floods: pings without reading, pings read', runWsFlood],
    ['table', 'The table: taps, counters, a tapped view, a cached game', runTable],
    ['identity', 'Platform identity: a move by JWT, and closes at expiry', runIdentity],
    ['rewind', 'A judge’s rewind of a long game, and a move after it', runRewind],
    ['spectators', 'Spectators of one game', runSpectators],
    ['clocks', CLOCKS_TITLE, runClocks],
    ['compare', 'Before and after: B1’s move, B2’s view and B4’s shuffle, side by side', runCompare],
    [
      'compare-fair',
      'Before and after fairness (issue 38): B4’s shuffle and a dealt game’s cached memory',
      runCompareFair,
    ],
    [
      'compare-refactor',
      'Before and after issue 39’s refactor alone: B1’s move and B2’s view, side by side',
      runCompareRefactor,
    ],
  ];
  for (const [id, title, run] of ownServices) {
    if (!config.cases.has(id)) continue;
    const t0 = performance.now();
    reports.push({
      ...(await run({ databaseUrl: db.url, config, log }).catch((err: unknown) => failed(title, err))),
      id,
    });
    log(`bench: ${id} took ${Math.round((performance.now() - t0) / 1000)} s`);
  }

  const seconds = (performance.now() - started) / 1000;
  const run: BenchResults = {
    machine: { ...machine, loadAtEnd: loadAverage() },
    settings: config,
    runSeconds: seconds,
    targets: reports.flatMap((r) => r.targets),
    cases: Object.fromEntries(
      reports.map((r) => [r.id ?? r.title, { title: r.title, markdown: r.markdown, ...(r.results ?? {}) }]),
    ),
  };
  // BENCH_MERGE=1: the cases run replace their own entries in the results of the last whole run.
  const results =
    process.env['BENCH_MERGE'] === '1'
      ? mergeResults(JSON.parse(await readFile(resultsPath(), 'utf8')) as BenchResults, run, {
          date: machine.date,
          loadAtStart: machine.loadAtStart,
        })
      : run;
  log('');
  log(renderBenchmarks(results));
  if (config.output) {
    // Every figure by name first (`BENCH_RESULTS`, bench/results.json by default); BENCHMARKS.md
    // and the README's summary are then drawn from that file alone (`npm run bench:docs`).
    const json = resultsPath();
    await writeFile(
      json,
      `${JSON.stringify(results, (_k, v: unknown) => (v instanceof Set ? [...(v as Set<unknown>)] : v), 2)}\n`,
    );
    log(`bench: wrote ${path.relative(ROOT, json)}`);
    for (const file of await writeDocs(results, config.output))
      log(`bench: wrote ${path.relative(ROOT, file)} in ${Math.round(seconds)} s`);
  }
}

try {
  await main();
} catch (err) {
  log(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
