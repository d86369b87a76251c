/**
 * What an idle graphql-ws subscription keeps in the service's heap, and what the heap holds at rest,
 * run by hand (docs/memory-findings.md): `npx tsx bench/heap-diff.ts [N]` (N idle subscriptions,
 * 2,000 by default; `BENCH_DATABASE_URL` as for `npm run bench`).
 *
 * A fresh service (`WORKERS=1`, its inspector on 127.0.0.1), warmed up as bench/memory.ts warms it;
 * readings at rest, with N idle subscriptions and with 2N: RSS before a full garbage collection (as
 * bench/memory.ts reads it), then RSS and `process.memoryUsage()` after one. A heap snapshot at N
 * and at 2N; the second step's growth ÷ N is the per-subscription figure (what the first step
 * loaded once, compiled code and filled caches, cancels out): self size and count per constructor,
 * the new nodes by their immediate dominator, and each instance's retained size (dominator tree).
 * The snapshots stay in `HEAP_DIFF_DIR` (/tmp by default) for DevTools. A snapshot raises the
 * service's RSS for good: `HEAP_DIFF_SNAPSHOTS=0` for RSS readings. `HEAP_DIFF_ENTRY`: another
 * build's `dist/main.js`, for its before-figure.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { settledRss } from './aging.js';
import { inspector } from './profile.js';
import { ApiMover, createBenchGames } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { openBenchDatabase } from './lib/database.js';
import { startService } from './lib/service.js';
import { openSubscribers, type Subscriber } from './lib/subscriber.js';
import { idleSubscriber } from './memory.js';

const GAMES = 10;
const N = Number(process.argv[2] ?? 2_000);
const DIR = process.env['HEAP_DIFF_DIR'] ?? '/tmp';
/** HEAP_DIFF_SNAPSHOTS=0: readings only (a snapshot raises the service's RSS for good). */
const SNAPSHOTS = process.env['HEAP_DIFF_SNAPSHOTS'] !== '0';
const KiB = 1024;
const MiB = KiB * KiB;

type Session = Awaited<ReturnType<typeof inspector>>;

/** A heap snapshot written to `file` through the inspector (chunks arrive as events). */
async function snapshot(url: string, file: string): Promise<void> {
  // A second session of its own, so its chunk events are not mixed with the first one's replies.
  const { default: WebSocket } = await import('ws');
  const ws = new WebSocket(url, { maxPayload: 1 << 30 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const out = createWriteStream(file);
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as {
        id?: number;
        method?: string;
        params?: { chunk: string };
        error?: { message: string };
      };
      if (msg.method === 'HeapProfiler.addHeapSnapshotChunk' && msg.params) out.write(msg.params.chunk);
      else if (msg.id === 1 && msg.error) reject(new Error(msg.error.message));
      else if (msg.id === 1) resolve();
    });
    ws.send(
      JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } }),
    );
  });
  await new Promise<void>((resolve) => out.end(() => resolve()));
  ws.close();
}

interface Heap {
  readonly count: number;
  readonly nodeType: Uint8Array;
  readonly key: string[];
  readonly selfSize: Float64Array;
  readonly retained: Float64Array;
  readonly id: Float64Array;
  readonly idom: Int32Array;
  readonly sample: (i: number) => string;
  /** The name of an edge from `from` to `to` (a property, an index or an internal name). */
  readonly edgeName: (from: number, to: number) => string;
}

/** A snapshot's nodes, each with a class key (type and constructor), self size and retained size. */
async function readHeap(file: string): Promise<Heap> {
  const snap = JSON.parse(await readFile(file, 'utf8')) as {
    snapshot: {
      meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] };
    };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const { meta } = snap.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const [nTypes] = meta.node_types;
  const [eTypes] = meta.edge_types;
  const iType = meta.node_fields.indexOf('type');
  const iName = meta.node_fields.indexOf('name');
  const iSelf = meta.node_fields.indexOf('self_size');
  const iId = meta.node_fields.indexOf('id');
  const iEdges = meta.node_fields.indexOf('edge_count');
  const eType = meta.edge_fields.indexOf('type');
  const eTo = meta.edge_fields.indexOf('to_node');
  const weak = eTypes.indexOf('weak');
  const shortcut = eTypes.indexOf('shortcut');
  const count = snap.nodes.length / nf;
  const nodeType = new Uint8Array(count);
  const selfSize = new Float64Array(count);
  const id = new Float64Array(count);
  const key: string[] = new Array<string>(count);
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    const t = snap.nodes[i * nf + iType] ?? 0;
    nodeType[i] = t;
    selfSize[i] = snap.nodes[i * nf + iSelf] ?? 0;
    id[i] = snap.nodes[i * nf + iId] ?? 0;
    const typeName = nTypes[t] ?? '?';
    const name = snap.strings[snap.nodes[i * nf + iName] ?? 0] ?? '';
    key[i] =
      typeName === 'object' || typeName === 'closure' || typeName === 'native' || typeName === 'hidden'
        ? `${typeName === 'object' ? '' : `(${typeName}) `}${name.slice(0, 80)}`
        : typeName === 'code'
          ? `(code) ${name.startsWith('(') ? name.split(' ')[0] : 'function code'}`
          : `(${typeName})`;
    firstEdge[i] = e;
    e += snap.nodes[i * nf + iEdges] ?? 0;
    firstEdge[i + 1] = e;
  }
  // Successors, without weak and shortcut edges (as DevTools computes retained sizes).
  const succ = (i: number, f: (j: number) => void) => {
    for (let e = firstEdge[i] ?? 0, end = firstEdge[i + 1] ?? 0; e < end; e++) {
      const t = snap.edges[e * ef + eType];
      if (t === weak || t === shortcut) continue;
      f((snap.edges[e * ef + eTo] ?? 0) / nf);
    }
  };
  // Dominators (Cooper, Harvey and Kennedy's iterative algorithm) from the root, node 0.
  const order = new Int32Array(count).fill(-1);
  const post: number[] = [];
  const stack: [number, number][] = [[0, firstEdge[0] ?? 0]];
  order[0] = -2;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const [n] = top;
    let pushed = false;
    while (top[1] < (firstEdge[n + 1] ?? 0)) {
      const e = top[1]++;
      const t = snap.edges[e * ef + eType];
      if (t === weak || t === shortcut) continue;
      const j = (snap.edges[e * ef + eTo] ?? 0) / nf;
      if (order[j] !== -1) continue;
      order[j] = -2;
      stack.push([j, firstEdge[j] ?? 0]);
      pushed = true;
      break;
    }
    if (!pushed) {
      stack.pop();
      order[n] = post.length;
      post.push(n);
    }
  }
  const preds: number[][] = Array.from({ length: count }, () => []);
  for (const n of post) succ(n, (j) => preds[j]!.push(n));
  const idom = new Int32Array(count).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const n = post[k]!;
      let d = -1;
      for (const p of preds[n]!) if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d);
      if (d !== -1 && idom[n] !== d) {
        idom[n] = d;
        changed = true;
      }
    }
  }
  const retained = Float64Array.from(selfSize);
  for (const n of post) if (n !== 0 && idom[n]! >= 0) retained[idom[n]!]! += retained[n]!;
  const sample = (i: number) => (snap.strings[snap.nodes[i * nf + iName] ?? 0] ?? '').slice(0, 60);
  const eName = meta.edge_fields.indexOf('name_or_index');
  const edgeName = (from: number, to: number) => {
    for (let e = firstEdge[from] ?? 0, end = firstEdge[from + 1] ?? 0; e < end; e++) {
      if ((snap.edges[e * ef + eTo] ?? 0) / nf !== to) continue;
      const t = eTypes[snap.edges[e * ef + eType] ?? 0];
      const n = snap.edges[e * ef + eName] ?? 0;
      return t === 'element' || t === 'hidden' ? `[${n}]` : (snap.strings[n] ?? '?');
    }
    return '?';
  };
  return { count, nodeType, key, selfSize, retained, id, idom, sample, edgeName };
}

/** The process's resident memory by what is mapped (its binary, each library, anonymous memory). */
async function residentByMapping(pid: number): Promise<string> {
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const byName = new Map<string, number>();
  let name = '';
  for (const line of smaps.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1] ? path.basename(head[1]) : '(anonymous)';
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]) * KiB);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([n, b]) => `  ${n}: ${(b / MiB).toFixed(1)} MiB`)
    .join('\n');
}

function byKey(heap: Heap): Map<string, { count: number; self: number; retained: number }> {
  const out = new Map<string, { count: number; self: number; retained: number }>();
  for (let i = 0; i < heap.count; i++) {
    const k = heap.key[i]!;
    const row = out.get(k) ?? { count: 0, self: 0, retained: 0 };
    row.count++;
    row.self += heap.selfSize[i]!;
    row.retained += heap.retained[i]!;
    out.set(k, row);
  }
  return out;
}

async function main(): Promise<void> {
  const db = await openBenchDatabase();
  // HEAP_DIFF_ENTRY: another build's dist/main.js (a before-figure).
  const entry = process.env['HEAP_DIFF_ENTRY'];
  const service = await startService(
    db.url,
    { WORKERS: '1' },
    { inspect: true, ...(entry ? { entry } : {}) },
  );
  let session: Session | null = null;
  let subs: Subscriber[] = [];
  const api = graphqlClient(service.url);
  try {
    if (!service.inspectorUrl) throw new Error('no inspector URL');
    session = await inspector(service.inspectorUrl);
    const ins = session;
    const usage = async (): Promise<Record<string, number>> => {
      await ins.send('HeapProfiler.collectGarbage');
      await ins.send('HeapProfiler.collectGarbage');
      const r = await ins.send<{ result: { value: string } }>('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      });
      return {
        ...(JSON.parse(r.result.value) as Record<string, number>),
        settledRss: await settledRss(service),
      };
    };
    const games = await createBenchGames(api, GAMES, 60, { layout: false });
    let received = 0;
    const open = idleSubscriber(service.wsUrl, games, {
      onReceipt: () => received++,
      onProblem: (m) => process.stdout.write(`problem: ${m}\n`),
    });
    const moveAll = async () => {
      for (const g of games) await new ApiMover(api, g, g.seats[0]!).move();
    };
    const warm = await openSubscribers(GAMES * 3, open);
    await moveAll();
    await sleep(1_000);
    for (const s of warm) s.close();
    // Past graphql-ws's connection_init wait (5 s), whose timers outlive the connections until then.
    await sleep(6_000);
    const restRss = await settledRss(service);
    const rest = { ...(await usage()), rssNoGc: restRss };
    process.stdout.write(
      `at rest, resident by mapping (after a full GC):\n${await residentByMapping(service.pid)}\n`,
    );
    // Two steps of N: what the first opened once (code compiled, caches filled) cancels out of the
    // second, which is the one divided by N.
    const step = async (label: string) => {
      const opened = await openSubscribers(N, open);
      subs.push(...opened);
      received = 0;
      await moveAll();
      const end = Date.now() + 15_000;
      while (received < subs.length && Date.now() < end) await sleep(50);
      await sleep(6_000);
      const rssNoGc = await settledRss(service);
      const reading = { ...(await usage()), rssNoGc };
      process.stdout.write(`${label}: ${received} of ${subs.length} live\n`);
      const file = path.join(DIR, `zk-heap-${label}.heapsnapshot`);
      if (SNAPSHOTS) await snapshot(service.inspectorUrl!, file);
      return { reading, file };
    };
    const first = await step(`${N}`);
    const second = await step(`${2 * N}`);
    // Closed before the snapshots are read: reading them blocks this process, which would leave
    // the clients' pongs unanswered until the service's keep-alive drops them.
    for (const s of subs) s.close();
    subs = [];
    const row = (k: string, a: Record<string, number>, b: Record<string, number>) =>
      `${((a[k] ?? 0) / MiB).toFixed(1)} → ${((b[k] ?? 0) / MiB).toFixed(1)} MiB: ${(((b[k] ?? 0) - (a[k] ?? 0)) / N / KiB).toFixed(2)} KiB each`;
    for (const k of ['rssNoGc', 'settledRss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'])
      process.stdout.write(
        `${k.padEnd(12)} 0 → N: ${row(k, rest, first.reading)};  N → 2N: ${row(k, first.reading, second.reading)}\n`,
      );
    if (!SNAPSHOTS) return;
    const [fileA, fileB] = [first.file, second.file];
    const heapA = await readHeap(fileA);
    const heapB = await readHeap(fileB);
    const [a, b] = [byKey(heapA), byKey(heapB)];
    // Nodes new in the second snapshot (ids are stable within one process), by what dominates them.
    const old = new Set(heapA.id);
    const owned = new Map<string, { self: number; sample: string }>();
    for (let i = 0; i < heapB.count; i++) {
      if (old.has(heapB.id[i]!)) continue;
      const d = heapB.idom[i]!;
      const k = `${heapB.key[i]} ← ${d >= 0 ? heapB.key[d] : '?'}`;
      const row = owned.get(k) ?? { self: 0, sample: heapB.key[i]!.startsWith('(') ? heapB.sample(i) : '' };
      row.self += heapB.selfSize[i]!;
      owned.set(k, row);
    }
    // HEAP_DIFF_TRACE=<key>: the dominator chains of a few new nodes of that key.
    const trace = process.env['HEAP_DIFF_TRACE'];
    if (trace) {
      let shown = 0;
      for (let i = 0; i < heapB.count && shown < 8; i++) {
        const d0 = heapB.idom[i]!;
        const pair = `${heapB.key[i]} ← ${d0 >= 0 ? heapB.key[d0] : '?'}`;
        if ((heapB.key[i] !== trace && pair !== trace) || old.has(heapB.id[i]!) || i % 7 !== 0) continue;
        shown++;
        const chain: string[] = [];
        for (let d = i; d > 0 && chain.length < 2000; d = heapB.idom[d]!)
          chain.push(
            `${heapB.key[d]}${heapB.key[d]!.startsWith('(') ? ` ${JSON.stringify(heapB.sample(d))}` : ''} .${heapB.edgeName(heapB.idom[d]!, d)}`,
          );
        process.stdout.write(
          `${chain.length} deep: ${chain
            .filter((c, j) => j < 2 || !c.startsWith('(concatenated'))
            .slice(0, 12)
            .join('\n    ← ')}\n`,
        );
      }
    }
    process.stdout.write(`\nnew nodes by immediate dominator, self B per subscription\n`);
    for (const [k, r] of [...owned].sort((x, y) => y[1].self - x[1].self).slice(0, 60))
      process.stdout.write(`${k} | ${(r.self / N).toFixed(0)} | ${JSON.stringify(r.sample)}\n`);
    const rows = [...b]
      .map(([k, r]) => {
        const o = a.get(k) ?? { count: 0, self: 0, retained: 0 };
        return { k, dCount: r.count - o.count, dSelf: r.self - o.self, perRetained: r.retained / r.count };
      })
      .sort((x, y) => y.dSelf - x.dSelf);
    const total = rows.reduce((s, r) => s + r.dSelf, 0);
    process.stdout.write(`\nself size growth ÷ ${N}: ${(total / N).toFixed(0)} B per subscription\n`);
    process.stdout.write('constructor | count each | self B each | retained B per instance\n');
    for (const r of rows.slice(0, 40))
      process.stdout.write(
        `${r.k} | ${(r.dCount / N).toFixed(2)} | ${(r.dSelf / N).toFixed(0)} | ${r.perRetained.toFixed(0)}\n`,
      );
    const largest = [...a].sort((x, y) => y[1].self - x[1].self);
    process.stdout.write(`\nwith ${N}, largest by self size\n`);
    for (const [k, r] of largest.slice(0, 30))
      process.stdout.write(`${k} | ${r.count} | ${(r.self / MiB).toFixed(2)} MiB\n`);
  } finally {
    for (const s of subs) s.close();
    api.close();
    session?.close();
    await service.stop();
    await db.release();
  }
}

await main();
