/**
 * B2, a full game view for one viewer: `game(id)` over HTTP (players, every zone, every object and
 * its card fields) against one hand-written SQL query that builds the same document in PostgreSQL,
 * with card properties nulled by a CASE for objects the viewer may not see.
 */
import { BENCH_GAME_VIEW as GAME_VIEW } from '../test/support/documents.js';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectClients } from './lib/database.js';
import { startFloorProcess } from './lib/floor-process.js';
import { graphqlClient } from './lib/graphql.js';
import { procCpuMs } from './lib/service.js';
import type { RulesetSpec } from '../src/rules/index.js';
import { rulesetRegistry } from '../src/rulesets/load.js';
import type { BenchConfig } from './lib/config.js';
import { ApiMover, createBenchGame } from './lib/fixtures.js';
import type { GraphqlClient } from './lib/graphql.js';
import { table, type BenchLog, type CaseReport } from './lib/report.js';
import { closedLoop, openLoop, type RunResult } from './lib/runner.js';
import { fmtMs, fmtRate, fmtRatio } from './lib/stats.js';

/** Batches of the serialiser floor, each about this long (ms of wall time); the figure is their median. */
const FLOOR_BATCHES = 9;
const FLOOR_BATCH_MS = 60;

/**
 * The serialiser's floor: this process's CPU (ms) for one `JSON.stringify` of `answer`, the median
 * of {@link FLOOR_BATCHES} batches. The same machine, the same run, the same answer as the service
 * returned it: the least any service that holds the view as values must spend to send it.
 */
export function stringifyCpuMs(answer: unknown): number {
  const perCall: number[] = [];
  for (let b = 0; b < FLOOR_BATCHES; b++) {
    const cpu0 = process.cpuUsage();
    const until = performance.now() + FLOOR_BATCH_MS;
    let calls = 0;
    let bytes = 0;
    while (performance.now() < until) {
      bytes += JSON.stringify(answer).length;
      calls++;
    }
    const used = process.cpuUsage(cpu0);
    if (bytes > 0) perCall.push((used.user + used.system) / 1000 / calls);
  }
  perCall.sort((x, y) => x - y);
  return perCall[Math.floor(perCall.length / 2)] ?? Number.NaN;
}

/** The floor target: the view's service CPU at most this many times its own `JSON.stringify`. */
const FLOOR_TIMES = 4;

/**
 * The transport's floor: the CPU (ms) a bare HTTP server (`lib/answer-server.ts`, its own process)
 * spends per answer of the view's own bytes, `body`, to the same request as the service's, at
 * `concurrency` clients for as long as a service run, measured as the service's is (CPU over the run
 * ÷ answers completed). With {@link stringifyCpuMs} it is what any service that holds the view as
 * values must spend to send it: the socket's write of 80 kB is not the service's doing.
 */
export async function transportCpuMs(
  body: string,
  request: { query: string; variables: Record<string, unknown>; token: string },
  concurrency: number,
  config: Pick<BenchConfig, 'seconds' | 'warmupSeconds'>,
): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zk-answer-'));
  const file = path.join(dir, 'answer.json');
  await writeFile(file, body);
  const server = await startFloorProcess('answer-server.ts', [file]);
  const client = graphqlClient(`http://127.0.0.1:${server.port}/graphql`);
  try {
    const requestBody = JSON.stringify({ query: request.query, variables: request.variables });
    const cpu0 = await procCpuMs(server.pid);
    const r = await closedLoop({
      concurrency,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
      op: async () => {
        await client.requestBody(requestBody, request.token);
      },
    });
    return ((await procCpuMs(server.pid)) - cpu0) / Math.max(1, r.completed);
  } finally {
    client.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The baseline: the view in one statement. Visibility follows src/rules/visibility.ts for
 * unhosted and hosted objects: revealed to all, public (face up where the zone type allows face-up
 * objects, and its host too), revealed to the viewer, or seen face down by owner/controller per the
 * zone type. Zone-type rules come in as arrays from the ruleset catalog.
 */
export const VIEW_SQL = `
WITH zt AS (
  SELECT * FROM unnest($2::text[], $3::bool[], $4::text[]) AS t(type, allows_face_up, seen_by)
),
objs AS (
  SELECT o.zone_id, o.sort_key,
    json_build_object(
      'id', o.public_id,
      'kind', o.kind,
      'position', CASE WHEN o.host_key IS NULL
        THEN row_number() OVER (PARTITION BY o.zone_id, o.host_key IS NULL ORDER BY o.sort_key) - 1 END,
      'faceUp', o.face_up,
      'owner', json_build_object('id', o.owner_id),
      'controller', json_build_object('id', o.controller_id),
      'card', CASE WHEN
          o.revealed_to_all
          OR (zt.allows_face_up AND o.face_up AND (h.key IS NULL OR h.face_up))
          OR $5::uuid = ANY(o.revealed_to)
          OR (zt.seen_by = 'owner' AND (o.owner_id = $5::uuid OR z.owner_id = $5::uuid))
          OR (zt.seen_by = 'controller' AND o.controller_id = $5::uuid)
        THEN json_build_object('name', o.name, 'types', o.types, 'subtypes', o.subtypes,
                               'text', o.text, 'attributes', o.attributes)
        END
    ) AS obj
  FROM game_object o
  JOIN zone z ON z.game_id = o.game_id AND z.id = o.zone_id
  JOIN zt ON zt.type = z.type
  LEFT JOIN game_object h ON h.game_id = o.game_id AND h.key = o.host_key
  WHERE o.game_id = $1
)
SELECT json_build_object(
  'id', g.id,
  'version', g.version,
  'players', (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'seat', p.seat) ORDER BY p.seat)
              FROM player p WHERE p.game_id = g.id),
  'zones', (SELECT json_agg(json_build_object(
              'id', z.id, 'type', z.type,
              'owner', CASE WHEN z.owner_id IS NULL THEN NULL ELSE json_build_object('id', z.owner_id) END,
              'index', z.index,
              'count', (SELECT count(*) FROM objs WHERE objs.zone_id = z.id),
              'objects', coalesce((SELECT json_agg(objs.obj ORDER BY objs.sort_key) FROM objs
                                   WHERE objs.zone_id = z.id), '[]'::json))
            ORDER BY z.created_at, z.type, z.index)
            FROM zone z WHERE z.game_id = g.id)
) AS view
FROM game g WHERE g.id = $1`;

export async function runB2(deps: {
  api: GraphqlClient;
  databaseUrl: string;
  config: BenchConfig;
  log: BenchLog;
  /** CPU time the service process has used so far (ms). */
  serviceCpuMs: () => Promise<number>;
}): Promise<CaseReport> {
  const { api, config, log } = deps;
  log(`B2: creating a game of ${config.gameObjects} objects`);
  const game = await createBenchGame(api, config.gameObjects, { layout: true });
  const viewer = game.seats[0];
  if (!viewer) throw new Error('no seat');
  const spec = rulesetRegistry().get('mtg') as RulesetSpec;
  const params = [
    game.id,
    spec.zoneTypes.map((z) => z.type),
    spec.zoneTypes.map((z) => z.allowsFaceUp),
    spec.zoneTypes.map((z) => z.faceDownSeenBy),
    viewer.playerId,
  ];
  const maxClients = Math.max(...config.concurrency);
  const clients = await connectClients(deps.databaseUrl, maxClients);
  try {
    // Both answers must describe the same game: same object count, same number of visible cards.
    const first = clients[0];
    if (!first) throw new Error('no client');
    type View = { zones: { objects: { card: unknown }[] }[] };
    const sqlView = (await first.query<{ view: View }>(VIEW_SQL, params)).rows[0]?.view;
    const apiView = (await api.request<{ game: View }>(GAME_VIEW, { id: game.id }, viewer.token)).game;
    const shape = (v: View | undefined) => {
      const objects = (v?.zones ?? []).flatMap((z) => z.objects);
      return { objects: objects.length, visible: objects.filter((o) => o.card !== null).length };
    };
    const a = shape(sqlView);
    const b = shape(apiView);
    log(
      `  view check: SQL ${a.objects} objects (${a.visible} visible), API ${b.objects} objects (${b.visible} visible)`,
    );
    const check =
      a.objects === b.objects && a.visible === b.visible
        ? `Both views list ${a.objects} objects, ${a.visible} of them with card fields for the viewer.`
        : `**Views differ**: SQL ${a.objects} objects / ${a.visible} visible, API ${b.objects} / ${b.visible}.`;

    const baseline = async (slot: number) => {
      const c = clients[slot];
      if (!c) throw new Error('no client');
      await c.query(VIEW_SQL, params);
    };
    const service = async () => {
      await api.request(GAME_VIEW, { id: game.id }, viewer.token);
    };
    /** Service CPU per completed view over the run (warm-up included), in ms. */
    const cpuPerOp = new Map<RunResult, number>();
    const run = async (name: string, op: (slot: number) => Promise<void>, c: number): Promise<RunResult> => {
      const cpu0 = name === 'service' ? await deps.serviceCpuMs() : 0;
      const r = await closedLoop({
        concurrency: c,
        seconds: config.seconds,
        warmupSeconds: config.warmupSeconds,
        op,
      });
      if (name === 'service')
        cpuPerOp.set(r, ((await deps.serviceCpuMs()) - cpu0) / Math.max(1, r.completed));
      log(
        `  ${name} c=${c}: ${fmtRate(r.throughput)} views/s, p50 ${fmtMs(r.latency.p50)} ms, p99 ${fmtMs(r.latency.p99)} ms${name === 'service' ? `, service CPU ${fmtMs(cpuPerOp.get(r) ?? Number.NaN)} ms/view` : ''}${r.errors ? ` (${r.errors} errors: ${r.firstError})` : ''}`,
      );
      return r;
    };
    const rows: string[][] = [];
    const peak = { baseline: 0, service: 0 };
    for (const c of config.concurrency) {
      const rb = await run('baseline', baseline, c);
      const rs = await run('service', service, c);
      peak.baseline = Math.max(peak.baseline, rb.throughput);
      peak.service = Math.max(peak.service, rs.throughput);
      rows.push([
        String(c),
        fmtRate(rb.throughput),
        fmtRate(rs.throughput),
        fmtRatio(rs.throughput / rb.throughput),
        `${fmtMs(rb.latency.p50)} / ${fmtMs(rs.latency.p50)}`,
        `${fmtMs(rb.latency.p99)} / ${fmtMs(rs.latency.p99)}`,
        fmtMs(cpuPerOp.get(rs) ?? Number.NaN),
        String(rb.errors + rs.errors),
      ]);
    }
    // Both sides at the same offered load, half the slower side's peak: a p99 compares fairly only
    // under equal load (at half of its own peak, a side that is faster would be loaded harder).
    const rate = Math.max(1, Math.min(peak.baseline, peak.service) / 2);
    const half = async (name: string, op: (slot: number) => Promise<void>) => {
      const r = await openLoop({
        rate,
        seconds: config.seconds,
        warmupSeconds: config.warmupSeconds,
        slots: maxClients,
        op,
      });
      log(
        `  open loop ${name} @ ${fmtRate(rate)}/s: p50 ${fmtMs(r.latency.p50)} ms, p99 ${fmtMs(r.latency.p99)} ms, dropped ${r.dropped}`,
      );
      return { rate, r };
    };
    const hb = await half('baseline', baseline);
    const hs = await half('service', service);

    // Views the way frontends use them: each one after a move, so it sees a new version and no
    // answer kept for an unchanged version can serve it. CPU per view = CPU per (move + view) of
    // the interleaved run − CPU per move of a moves-only run just before it, same clients, same game.
    const movers = Array.from({ length: maxClients }, () => new ApiMover(api, game, viewer));
    const moveOnly = async (slot: number) => {
      await movers[slot]?.move();
    };
    const interleaved = async (slot: number) => {
      await movers[slot]?.move();
      await api.request(GAME_VIEW, { id: game.id }, viewer.token);
    };
    const interleavedRows: string[][] = [];
    const interleavedResults: Record<string, unknown>[] = [];
    for (const c of config.concurrency.filter((x) => x <= 8)) {
      const m = await run('service', moveOnly, c);
      const iv = await run('service', interleaved, c);
      const perMove = cpuPerOp.get(m) ?? Number.NaN;
      const perPair = cpuPerOp.get(iv) ?? Number.NaN;
      const perView = perPair - perMove;
      log(
        `  interleaved c=${c}: CPU ${fmtMs(perPair)} ms per move + view, ${fmtMs(perMove)} per move alone: ${fmtMs(perView)} ms per view`,
      );
      interleavedRows.push([
        String(c),
        fmtRate(iv.throughput),
        fmtMs(iv.latency.p50),
        fmtMs(iv.latency.p99),
        fmtMs(perMove),
        fmtMs(perPair),
        fmtMs(perView),
        String(m.errors + iv.errors),
      ]);
      interleavedResults.push({
        clients: c,
        pairsPerSecond: iv.throughput,
        pairP50Ms: iv.latency.p50,
        pairP99Ms: iv.latency.p99,
        serviceCpuMsPerMove: perMove,
        serviceCpuMsPerMoveAndView: perPair,
        serviceCpuMsPerView: perView,
      });
    }
    const viewCpu = interleavedResults.map((r) => r['serviceCpuMsPerView'] as number);
    // The floor, measured now (after the runs, so the bench's own code is as warm as the service's).
    const answer = { data: { game: apiView } };
    const floorMs = stringifyCpuMs(answer);
    const answerBytes = Buffer.byteLength(JSON.stringify(answer));
    const overFloor = viewCpu.map((v) => v / floorMs);
    const sameVersionOverFloor = rows.map((r) => Number(r[6]) / floorMs);
    log(
      `  floor: JSON.stringify of the answer (${answerBytes} bytes) ${fmtMs(floorMs)} ms CPU; view CPU interleaved ${overFloor.map(fmtRatio).join(', ')} of it, same version ${sameVersionOverFloor.map(fmtRatio).join(', ')}`,
    );
    // The transport's floor at each client count of the interleaved runs: the same bytes answered by
    // a bare HTTP server to the same request.
    const interleavedClients = interleavedResults.map((r) => r['clients'] as number);
    const transportMs: number[] = [];
    for (const c of interleavedClients)
      transportMs.push(
        await transportCpuMs(
          JSON.stringify(answer),
          { query: GAME_VIEW, variables: { id: game.id }, token: viewer.token },
          c,
          config,
        ),
      );
    const overFloors = viewCpu.map((v, i) => v / (floorMs + (transportMs[i] ?? Number.NaN)));
    log(
      `  transport floor (a bare HTTP server answering the same bytes): ${transportMs.map((t) => `${fmtMs(t)} ms`).join(', ')} CPU per answer at ${interleavedClients.join(', ')} clients; view CPU interleaved ${overFloors.map(fmtRatio).join(', ')} of stringify + transport`,
    );
    const p99Ratio = hs.r.latency.p99 / hb.r.latency.p99;
    const line = (name: string, h: { rate: number; r: RunResult }) => [
      name,
      fmtRate(h.rate),
      fmtMs(h.r.latency.p50),
      fmtMs(h.r.latency.p90),
      fmtMs(h.r.latency.p99),
      fmtMs(h.r.latency.max),
      String(h.r.dropped),
    ];
    const markdown = [
      table(
        [
          'clients',
          'baseline views/s',
          'service views/s',
          'service/baseline',
          'p50 ms (baseline / service)',
          'p99 ms (baseline / service)',
          'service CPU ms/view (same version)',
          'errors',
        ],
        rows,
      ),
      '',
      table(
        [
          'latency at the same load (open loop)',
          'offered views/s',
          'p50 ms',
          'p90 ms',
          'p99 ms',
          'max ms',
          'dropped',
        ],
        [line('baseline', hb), line('service', hs)],
      ),
      '',
      `${check} p99 at ${fmtRate(rate)} views/s (half the slower side’s peak) for both: service/baseline ${fmtRatio(p99Ratio)}.`,
      '',
      'Views interleaved with moves (each client: a move, then a view of the same game, so every view sees a new version):',
      '',
      table(
        [
          'clients',
          'move + view pairs/s',
          'pair p50 ms',
          'pair p99 ms',
          'service CPU ms/move (moves alone)',
          'service CPU ms/(move + view)',
          'service CPU ms/view',
          'errors',
        ],
        interleavedRows,
      ),
      '',
      `The serialiser’s floor, in the same run: \`JSON.stringify\` of the view’s own answer (${answerBytes} bytes) costs ${fmtMs(floorMs)} ms of CPU; ` +
        `the view’s service CPU is ${overFloor.map(fmtRatio).join(', ') || 'n/a'} of it interleaved with moves, ${sameVersionOverFloor.map(fmtRatio).join(', ')} at the same version.`,
      '',
      `The transport’s floor, in the same run: a bare HTTP server (\`bench/lib/answer-server.ts\`) answering the same request with the same bytes costs ` +
        `${transportMs.map((t) => `${fmtMs(t)} ms`).join(', ') || 'n/a'} of CPU per answer (at ${interleavedClients.join(', ')} clients). ` +
        `Writing ${answerBytes} bytes to a socket is a cost no service can shed, so the floor of a view is the serialiser’s and the transport’s together: ` +
        `the view’s service CPU interleaved with moves is ${overFloors.map(fmtRatio).join(', ') || 'n/a'} of it.`,
    ].join('\n');
    return {
      title: 'B2, a full game view (`game(id)`)',
      markdown,
      targets: [
        {
          target: 'B2 view p99 ≤ 2× baseline (both at half the slower side’s peak)',
          measured: fmtRatio(p99Ratio),
          threshold: '≤ 2×',
          met: Number.isFinite(p99Ratio) ? p99Ratio <= 2 : null,
        },
        {
          target: 'service CPU per 150-object view ≤ 0.5 ms, interleaved with moves',
          measured: viewCpu.map((v) => `${fmtMs(v)} ms`).join(', ') || 'n/a',
          threshold: '≤ 0.5 ms',
          met: viewCpu.length ? Math.max(...viewCpu) <= 0.5 : null,
        },
        {
          target: `service CPU per 150-object view ≤ ${FLOOR_TIMES}× JSON.stringify of its own answer (same run), interleaved with moves`,
          measured: overFloor.map(fmtRatio).join(', ') || 'n/a',
          threshold: `≤ ${FLOOR_TIMES}×`,
          met:
            overFloor.length > 0 && Number.isFinite(floorMs) ? Math.max(...overFloor) <= FLOOR_TIMES : null,
        },
        {
          target: `service CPU per 150-object view ≤ ${FLOOR_TIMES}× the floors of its own answer, JSON.stringify and a bare HTTP server sending it (same run), interleaved with moves`,
          measured: overFloors.map(fmtRatio).join(', ') || 'n/a',
          threshold: `≤ ${FLOOR_TIMES}×`,
          met:
            overFloors.length > 0 && overFloors.every(Number.isFinite)
              ? Math.max(...overFloors) <= FLOOR_TIMES
              : null,
        },
      ],
      results: {
        objects: b.objects,
        visibleCards: b.visible,
        closedLoop: rows.map((r) => ({
          clients: Number(r[0]),
          baselineViewsPerSecond: Number(r[1]),
          serviceViewsPerSecond: Number(r[2]),
          serviceCpuMsPerViewSameVersion: Number(r[6]),
        })),
        openLoop: {
          offeredViewsPerSecond: rate,
          baseline: hb.r.latency,
          service: hs.r.latency,
          p99Ratio,
        },
        interleaved: interleavedResults,
        stringifyFloor: {
          answerBytes,
          cpuMsPerStringify: floorMs,
          viewCpuOverFloorInterleaved: overFloor,
          viewCpuOverFloorSameVersion: sameVersionOverFloor,
          threshold: { atMost: FLOOR_TIMES },
          met: overFloor.length ? Math.max(...overFloor) <= FLOOR_TIMES : null,
        },
        transportFloor: {
          answerBytes,
          clients: interleavedClients,
          cpuMsPerAnswer: transportMs,
          viewCpuOverStringifyAndTransport: overFloors,
          threshold: { atMost: FLOOR_TIMES },
          met:
            overFloors.length > 0 && overFloors.every(Number.isFinite)
              ? Math.max(...overFloors) <= FLOOR_TIMES
              : null,
        },
      },
    };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
