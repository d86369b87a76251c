/**
 * A quick CPU probe of the game view (not part of `npm run bench`): the table case's view twins (a
 * plain 150-object battlefield and its twin with every object tapped and carrying two counter
 * kinds) on one fresh service process per compiled entry (PROBE_ENTRIES, comma-separated; default
 * dist/main.js), then PROBE_ROUNDS rounds of PROBE_VIEWS views of each twin on each service,
 * interleaved (the order alternates every round). Prints per round the service's CPU per view and,
 * at the end, the paired ratios (tabled / plain per view and per returned byte; each entry against
 * the first) and the view's CPU over `JSON.stringify` of its own answer in this process.
 * `PROBE_PROF=<dir>` starts the services with `--cpu-prof` into that folder.
 *
 *     PROBE_ENTRIES=/tmp/before/main.js,dist/main.js npx tsx bench/view-probe.ts
 */
import { BENCH_TABLE_VIEW } from '../test/support/documents.js';
import { stringifyCpuMs } from './b2-view.js';
import { openBenchDatabase } from './lib/database.js';
import type { BenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { startService } from './lib/service.js';
import { fmtRatioEstimate, pairedRatio } from './lib/stats.js';
import { inspector } from './profile.js';
import { viewTwins } from './table.js';
import { writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';

const entries = (process.env['PROBE_ENTRIES'] || 'dist/main.js').split(',');
const rounds = Number(process.env['PROBE_ROUNDS'] || 10);
const views = Number(process.env['PROBE_VIEWS'] || 300);
const objects = Number(process.env['BENCH_GAME_OBJECTS'] || 150);
const prof = process.env['PROBE_PROF'];
/** PROBE_INSPECT=<dir>: after the rounds, one inspector profile per entry and twin of PROBE_VIEWS views. */
const inspectDir = process.env['PROBE_INSPECT'];
/** PROBE_PERF=<dir>: after the rounds, one `perf record` (on-CPU samples) per entry and twin of PROBE_VIEWS views. */
const perfDir = process.env['PROBE_PERF'];

const db = await openBenchDatabase();
const services = [];
try {
  for (const entry of entries) {
    const service = await startService(
      db.url,
      { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64', WORK_LIMIT_PER_CLIENT: '64' },
      {
        entry,
        inspect: Boolean(inspectDir),
        nodeArgs: [
          ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
          ...(perfDir ? ['--perf-basic-prof'] : []),
        ],
      },
    );
    const api = graphqlClient(service.url);
    const t = await viewTwins(api, objects);
    const view = (g: BenchGame) => () => api.request(BENCH_TABLE_VIEW, { id: g.id }, g.seats[0]?.token);
    const answers = { plain: await view(t.plain)(), tabled: await view(t.tabled)() };
    services.push({ entry, service, api, view: { plain: view(t.plain), tabled: view(t.tabled) }, answers });
  }
  const first = services[0]!;
  const bytes = {
    plain: Buffer.byteLength(JSON.stringify({ data: first.answers.plain })),
    tabled: Buffer.byteLength(JSON.stringify({ data: first.answers.tabled })),
  };
  for (const s of services)
    if (JSON.stringify(s.answers.plain).length !== bytes.plain - 9)
      process.stdout.write(`warning: ${s.entry}'s plain answer differs in size\n`);
  const floor = {
    plain: stringifyCpuMs({ data: first.answers.plain }),
    tabled: stringifyCpuMs({ data: first.answers.tabled }),
  };
  process.stdout.write(
    `answers: plain ${bytes.plain} B, tabled ${bytes.tabled} B; stringify ${floor.plain.toFixed(3)} / ${floor.tabled.toFixed(3)} ms\n`,
  );
  // Warm-up.
  for (const s of services)
    for (let i = 0; i < views; i++) {
      await s.view.plain();
      await s.view.tabled();
    }
  const cpu = services.map(() => ({ plain: [] as number[], tabled: [] as number[] }));
  for (let r = 0; r < rounds; r++) {
    const order = services.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) {
      const s = services[i]!;
      const sides = r % 2 ? (['tabled', 'plain'] as const) : (['plain', 'tabled'] as const);
      for (const side of sides) {
        const t0 = await s.service.cpuMs();
        for (let k = 0; k < views; k++) await s.view[side]();
        cpu[i]![side].push(((await s.service.cpuMs()) - t0) / views);
      }
    }
    process.stdout.write(
      `round ${r + 1}: ${services.map((s, i) => `${s.entry} plain ${cpu[i]!.plain.at(-1)!.toFixed(3)} tabled ${cpu[i]!.tabled.at(-1)!.toFixed(3)}`).join(' | ')}\n`,
    );
  }
  if (inspectDir)
    for (const [i, s] of services.entries()) {
      const cdp = await inspector(s.service.inspectorUrl!);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      for (const side of ['plain', 'tabled'] as const) {
        await cdp.send('Profiler.start');
        for (let k = 0; k < views; k++) await s.view[side]();
        const { profile } = await cdp.send<{ profile: unknown }>('Profiler.stop');
        await writeFile(`${inspectDir}/${i}-${side}.cpuprofile`, JSON.stringify(profile));
      }
      cdp.close();
    }
  if (perfDir)
    for (const [i, s] of services.entries())
      for (const side of ['plain', 'tabled'] as const) {
        const recorder = spawn(
          'perf',
          [
            'record',
            '-e',
            'cpu-clock',
            '-F',
            '4000',
            '-p',
            String(s.service.pid),
            '-o',
            `${perfDir}/${i}-${side}.perf.data`,
          ],
          { stdio: 'ignore' },
        );
        await new Promise((r) => setTimeout(r, 500));
        for (let k = 0; k < views; k++) await s.view[side]();
        recorder.kill('SIGINT');
        await new Promise((r) => recorder.once('exit', r));
      }
  const at = { atMost: 1.1 };
  for (const [i, s] of services.entries()) {
    const c = cpu[i]!;
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    process.stdout.write(
      `${s.entry}: plain ${med(c.plain).toFixed(3)} ms (${(med(c.plain) / floor.plain).toFixed(1)}× stringify), tabled ${med(c.tabled).toFixed(3)} ms; tabled/plain CPU ${fmtRatioEstimate(pairedRatio(c.tabled, c.plain, at))}, per byte ${fmtRatioEstimate(
        pairedRatio(
          c.tabled.map((x) => x / bytes.tabled),
          c.plain.map((x) => x / bytes.plain),
          at,
        ),
      )}\n`,
    );
    if (i > 0)
      process.stdout.write(
        `  ${s.entry} / ${first.entry}: plain ${fmtRatioEstimate(pairedRatio(c.plain, cpu[0]!.plain, at))}, tabled ${fmtRatioEstimate(pairedRatio(c.tabled, cpu[0]!.tabled, at))}\n`,
      );
  }
} finally {
  for (const s of services) {
    s.api.close();
    await s.service.stop();
  }
  await db.release();
}
