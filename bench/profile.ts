/**
 * Where the service's CPU goes: a CPU profile of a fresh service process (one worker, started with
 * `--inspect` on 127.0.0.1 and driven through the inspector's Profiler) while it serves moves, then
 * while it serves moves and views interleaved. Self time per function, per operation: for the move
 * from the moves-only profile; for the view, the interleaved profile's per-pair figure minus the
 * move's, function by function.
 */
import { writeFile } from 'node:fs/promises';
import WebSocket from 'ws';
import { ApiMover, createBenchGames } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
import { closedLoop } from './lib/runner.js';
import { startService } from './lib/service.js';
import { fmtMs } from './lib/stats.js';
import { BENCH_GAME_VIEW as GAME_VIEW } from '../test/support/documents.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A minimal Chrome DevTools Protocol session over the inspector's WebSocket. */
export async function inspector(url: string) {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 1;
  const pending = new Map<number, (r: { result?: unknown; error?: { message: string } }) => void>();
  ws.on('message', (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg);
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, (r) => {
        pending.delete(id);
        if (r.error) reject(new Error(`${method}: ${r.error.message}`));
        else resolve(r.result as T);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * One inspector CPU profile (sampled every 200 µs) of the service behind `inspectorUrl` while `run`
 * runs, written to `file` (the probes' PROBE_INSPECT).
 */
export async function profileWhile(
  inspectorUrl: string,
  file: string,
  run: () => Promise<unknown>,
): Promise<void> {
  const cdp = await inspector(inspectorUrl);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send<{ profile: unknown }>('Profiler.stop');
  await writeFile(file, JSON.stringify(profile));
  cdp.close();
}

/** Self time (ms) per function: `name (file:line)`, idle excluded. */
function selfTimes(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url
      .replace(/^file:\/\//, '')
      .replace(/^.*\/node_modules\//, '')
      .replace(/^.*\/dist\//, 'dist/');
    const key = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return out;
}

function top(perOp: Map<string, number>, n: number): [string, number][] {
  return [...perOp].sort((a, b) => b[1] - a[1]).slice(0, n);
}

export async function runProfile(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  const clients = 4;
  log(`profile: fresh service (WORKERS=1, --inspect), ${clients} games of ${config.gameObjects} objects`);
  const service = await startService(
    deps.databaseUrl,
    { WORKERS: '1', WORK_LIMIT_PER_PRINCIPAL: '64', WORK_LIMIT_PER_CLIENT: '64' },
    { inspect: true },
  );
  const api = graphqlClient(service.url);
  try {
    if (!service.inspectorUrl) throw new Error('the service printed no inspector URL');
    const games = await createBenchGames(api, clients, config.gameObjects, { layout: true });
    const movers = games.map((g) => {
      const seat = g.seats[0];
      if (!seat) throw new Error('no seat');
      return new ApiMover(api, g, seat);
    });
    const session = await inspector(service.inspectorUrl);
    try {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      const profiled = async (op: (slot: number) => Promise<void>) => {
        // Warm up unprofiled, then profile the measured window only.
        await closedLoop({ concurrency: clients, seconds: config.warmupSeconds, warmupSeconds: 0, op });
        await session.send('Profiler.start');
        const r = await closedLoop({ concurrency: clients, seconds: config.seconds, warmupSeconds: 0, op });
        const { profile } = await session.send<{ profile: Profile }>('Profiler.stop');
        return { ops: r.completed, self: selfTimes(profile) };
      };
      const moves = await profiled(async (slot) => {
        await movers[slot]?.move();
      });
      const pairs = await profiled(async (slot) => {
        const mover = movers[slot];
        const game = games[slot];
        const seat = game?.seats[0];
        if (!mover || !game || !seat) throw new Error('no game');
        await mover.move();
        await api.request(GAME_VIEW, { id: game.id }, seat.token);
      });
      const perMove = new Map([...moves.self].map(([k, v]) => [k, v / Math.max(1, moves.ops)]));
      const perView = new Map(
        [...pairs.self].map(([k, v]) => [k, v / Math.max(1, pairs.ops) - (perMove.get(k) ?? 0)]),
      );
      const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
      const totalMove = sum(perMove);
      const totalView = sum(perView);
      const rows = (m: Map<string, number>, total: number) =>
        top(m, 10).map(([k, v], i) => [
          String(i + 1),
          `\`${k}\``,
          fmtMs(v * 1000),
          `${((v / total) * 100).toFixed(1)}%`,
        ]);
      log(`  profiled ${moves.ops} moves (${fmtMs(totalMove)} ms CPU each), ${pairs.ops} move + view pairs`);
      const markdown = [
        `Self time per operation in the service's main thread, sampled every 100 µs by V8's profiler (idle excluded; ` +
          `GC and native work show as \`(garbage collector)\`, \`(program)\`). ${moves.ops} moves, then ${pairs.ops} ` +
          `move + view pairs, ${clients} clients on their own games of ${config.gameObjects} objects.`,
        '',
        `**Move** (${fmtMs(totalMove)} ms sampled per move):`,
        '',
        table(['#', 'function', 'self µs per move', 'share'], rows(perMove, totalMove)),
        '',
        `**View** interleaved with moves (${fmtMs(totalView)} ms sampled per view: per-pair profile minus the move's, function by function):`,
        '',
        table(['#', 'function', 'self µs per view', 'share'], rows(perView, totalView)),
      ].join('\n');
      const named = (m: Map<string, number>) =>
        top(m, 10).map(([fn, ms]) => ({ function: fn, selfMicrosecondsPerOp: ms * 1000 }));
      return {
        title: 'CPU profile: where a move and a view spend their time',
        markdown,
        targets: [],
        results: {
          moves: moves.ops,
          pairs: pairs.ops,
          sampledMsPerMove: totalMove,
          sampledMsPerView: totalView,
          moveTop10: named(perMove),
          viewTop10: named(perView),
        },
      };
    } finally {
      session.close();
    }
  } finally {
    api.close();
    await service.stop();
  }
}
