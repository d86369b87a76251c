/**
 * A quick CPU probe for work on the hot path (not part of `npm run bench`): a fresh service process
 * (WORKERS=1, the compiled entry in PROBE_ENTRY or dist/main.js), one game of BENCH_GAME_OBJECTS
 * objects, then PROBE_MOVES moves one after another and PROBE_VIEWS move + view pairs; prints the
 * service's CPU per move and per view (from /proc, so time spent descheduled on a busy machine does
 * not count). `PROBE_PERF=1` also records the service with `perf record -e cpu-clock` (on-CPU
 * samples only) for the moves; the file is named in the output.
 *
 *     npx tsx bench/cpu-probe.ts
 */
import { spawn } from 'node:child_process';
import { ApiMover, createBenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { openBenchDatabase } from './lib/database.js';
import { startService } from './lib/service.js';
import { BENCH_GAME_VIEW as GAME_VIEW } from '../test/support/documents.js';

const moves = Number(process.env['PROBE_MOVES'] || 400);
const views = Number(process.env['PROBE_VIEWS'] || 200);
const objects = Number(process.env['BENCH_GAME_OBJECTS'] || 150);
const db = await openBenchDatabase();
const perf = process.env['PROBE_PERF'] === '1';
const service = await startService(
  db.url,
  { WORKERS: '1' },
  { nodeArgs: perf ? ['--perf-basic-prof'] : [], entry: process.env['PROBE_ENTRY'] || 'dist/main.js' },
);
const api = graphqlClient(service.url);
try {
  const game = await createBenchGame(api, objects, { layout: true });
  const seat = game.seats[0];
  if (!seat) throw new Error('no seat');
  const mover = new ApiMover(api, game, seat);
  for (let i = 0; i < 400; i++) await mover.move();
  for (let i = 0; i < 200; i++) await api.request(GAME_VIEW, { id: game.id }, seat.token);
  let recorder: ReturnType<typeof spawn> | null = null;
  const perfFile = `/tmp/zk-probe-${service.pid}.perf.data`;
  if (perf) {
    recorder = spawn(
      'perf',
      ['record', '-g', '-e', 'cpu-clock', '-F', '2000', '-p', String(service.pid), '-o', perfFile],
      {
        stdio: 'ignore',
      },
    );
    await new Promise((r) => setTimeout(r, 500));
  }
  let t0 = await service.cpuMs();
  for (let i = 0; i < moves; i++) await mover.move();
  const perMove = ((await service.cpuMs()) - t0) / moves;
  if (recorder) {
    recorder.kill('SIGINT');
    await new Promise((r) => recorder?.once('exit', r));
  }
  t0 = await service.cpuMs();
  for (let i = 0; i < views; i++) {
    await mover.move();
    await api.request(GAME_VIEW, { id: game.id }, seat.token);
  }
  const perPair = ((await service.cpuMs()) - t0) / views;
  process.stdout.write(
    `cpu ms/move ${perMove.toFixed(3)}  ms/(move+view) ${perPair.toFixed(3)}  ms/view ${(perPair - perMove).toFixed(3)}${perf ? `  perf: ${perfFile}` : ''}\n`,
  );
} finally {
  api.close();
  await service.stop();
  await db.release();
}
