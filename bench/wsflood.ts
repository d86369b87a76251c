/**
 * graphql-ws floods (`BENCH_CASES=wsflood`): a fresh service at its defaults (WORKERS=1), a seat's
 * `game(id)` over HTTP back to back, first alone, then while anonymous clients flood graphql-ws
 * (test/support/ws-flood.ts): 4 send `connection_init`, stop reading and ping in batches, 4 ping and
 * read, half of each with graphql-ws's `{"type":"ping"}` and half with the WebSocket protocol's
 * pings, each reconnecting when closed. The seat's p50 and p99 in both, the service's peak RSS, and
 * the close codes the flooding connections got (4031 "Too many messages", the message budget).
 */
import { performance } from 'node:perf_hooks';
import { ZkCloseCode } from '../src/server/close-codes.js';
import {
  FLOOD,
  FLOOD_RSS_BUDGET_BYTES,
  FLOOD_SEAT_P99_MS,
  pinger,
  RefusalLog,
  type PingerConnection,
} from '../test/support/ws-flood.js';
import { createBenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService } from './lib/service.js';
import { summarize } from './lib/stats.js';

const MiB = 2 ** 20;
const { silent: SILENT, reading: READING } = FLOOD;
const RSS_BUDGET_BYTES = FLOOD_RSS_BUDGET_BYTES;
const SEAT_P99_TARGET_MS = FLOOD_SEAT_P99_MS;
const SAMPLES = 400;
/** Pings a silent connection sends at most before it reads anyway (its first 50 close it). */
const MAX_PINGS = 20_000;
const VIEW = 'query V($id: ID!) { game(id: $id) { version zones { name count } } }';

export async function runWsFlood(deps: CaseDeps): Promise<CaseReport> {
  const { log } = deps;
  const refusals = new RefusalLog();
  const service = await startService(
    deps.databaseUrl,
    { WORKERS: '1' },
    { onOutput: (chunk) => refusals.feed(chunk) },
  );
  const api = graphqlClient(service.url);
  try {
    const game = await createBenchGame(api, 60, { layout: false });
    const seat = game.seats[0]!;
    const ask = async (): Promise<number> => {
      const t0 = performance.now();
      await api.request(VIEW, { id: game.id }, seat.token);
      return performance.now() - t0;
    };
    const alone: number[] = [];
    while (alone.length < SAMPLES) alone.push(await ask());

    const stop = new AbortController();
    const giveUp = new AbortController();
    const options = { wsUrl: service.wsUrl, log: refusals, stop: stop.signal, giveUp: giveUp.signal };
    const silent = Array.from({ length: SILENT }, (_, i) =>
      pinger({ ...options, silent: true, maxPings: MAX_PINGS, wsPings: i % 2 === 1 }),
    );
    const reading = Array.from({ length: READING }, (_, i) =>
      pinger({ ...options, silent: false, wsPings: i % 2 === 1 }),
    );
    const flooded: number[] = [];
    let peakRss = (await service.memory()).rssBytes;
    const t0 = performance.now();
    while (flooded.length < SAMPLES) {
      flooded.push(await ask());
      if (flooded.length % 20 === 0) peakRss = Math.max(peakRss, (await service.memory()).rssBytes);
    }
    const floodSeconds = (performance.now() - t0) / 1000;
    stop.abort();
    const timer = setTimeout(() => giveUp.abort(), 30_000);
    const connections: PingerConnection[] = [
      ...(await Promise.all(silent)).flat(),
      ...(await Promise.all(reading)).flat(),
    ];
    clearTimeout(timer);
    peakRss = Math.max(peakRss, (await service.memory()).rssBytes);
    const alive = (await fetch(new URL('/healthz', service.url))).status === 200;

    const a = summarize(alone);
    const f = summarize(flooded);
    const closed4031 = connections.filter((c) => c.code === ZkCloseCode.TooManyMessages).length;
    const codes = [...new Set(connections.map((c) => String(c.code)))].join(', ');
    log(
      `wsflood: seat p50/p99 ${a.p50.toFixed(1)}/${a.p99.toFixed(1)} ms alone, ${f.p50.toFixed(1)}/${f.p99.toFixed(1)} ms flooded; ` +
        `${connections.length} flooding connections (${closed4031} closed 4031); peak RSS ${(peakRss / MiB).toFixed(1)} MiB`,
    );
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return {
      title: 'graphql-ws floods: pings without reading, pings read',
      markdown: [
        table(
          ['a seat’s `game(id)` over HTTP', 'p50', 'p99', 'max'],
          [
            ['alone', ms(a.p50), ms(a.p99), ms(a.max)],
            [`under the flood (${floodSeconds.toFixed(1)} s)`, ms(f.p50), ms(f.p99), ms(f.max)],
          ],
        ),
        '',
        table(
          ['the flood', 'value'],
          [
            ['anonymous pingers', `${SILENT} not reading, ${READING} reading`],
            ['flooding connections opened', String(connections.length)],
            ['closed with 4031 "Too many messages"', String(closed4031)],
            ['close codes seen', codes],
            ['peak RSS', `${(peakRss / MiB).toFixed(1)} MiB`],
            ['service up afterwards', alive ? 'yes' : '**no**'],
          ],
        ),
      ].join('\n'),
      targets: [
        {
          target: `a seat’s \`game(id)\` under a graphql-ws ping flood within ${SEAT_P99_TARGET_MS} ms at p99`,
          measured: ms(f.p99),
          threshold: `≤ ${SEAT_P99_TARGET_MS} ms`,
          met: f.p99 <= SEAT_P99_TARGET_MS,
        },
        {
          target: 'peak RSS ≤ 512 MiB under the graphql-ws ping flood, every flooding connection closed 4031',
          measured: `${(peakRss / MiB).toFixed(1)} MiB, ${closed4031} of ${connections.length} closed 4031`,
          threshold: '≤ 512 MiB, all closed 4031, service up',
          met: peakRss <= RSS_BUDGET_BYTES && alive && closed4031 === connections.length,
        },
      ],
      results: {
        seatAloneMs: a,
        seatFloodedMs: f,
        seatP99TargetMs: SEAT_P99_TARGET_MS,
        floodSeconds,
        silentPingers: SILENT,
        readingPingers: READING,
        floodConnections: connections.length,
        closedTooManyMessages: closed4031,
        peakRssBytes: peakRss,
        rssBudgetBytes: RSS_BUDGET_BYTES,
        aliveAfterFlood: alive,
      },
    };
  } finally {
    api.close();
    await service.stop();
  }
}
