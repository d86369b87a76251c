/**
 * graphql-ws floods by anonymous clients, against the real service as its own process (issue 37's
 * critical finding): connections that send `connection_init`, stop reading and ping in batches
 * ("silent"), and connections that ping and read their pongs ("reading"), each reconnecting when
 * closed. Meanwhile a seat asks for its game over HTTP, back to back, and the service's RSS is read
 * after each answer.
 *
 * - At the default bounds, the message budget closes every flooding connection with 4031 "Too many
 *   messages" before it has cost anything much.
 * - With the budget lifted (only the bound on unsent bytes left), every silent connection is closed
 *   with 4009 "Client not reading" once the kernel's buffers are full and the server's own buffer
 *   passes its bound: its pongs never pile up in the heap.
 *
 * In both, the service stays up with RSS under {@link RSS_LIMIT_BYTES}; at the default bounds the
 * seat is not starved: its answers stay under {@link SEAT_P99_MS} at p99 (or five times its p99
 * without the flood, measured just before, on a machine busier than that). Both bounds are generous
 * for a busy 2-core machine: without the guard, pongs pile up until the heap limit kills the process
 * (0.6–0.8 million pings), and four reading pingers made a seat wait 26 s. How fast the seat is
 * under the flood is the bench's `wsflood` case (p99 ≤ 200 ms), not this test's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZkCloseCode } from '../../src/server/close-codes.js';
import { deck } from '../api/helpers.js';
import { useTestDatabase } from '../support/db.js';
import { createGame, GAME_QUERY, post, type CreatedGame } from '../support/game-api.js';
import { buildDist, startServiceProcess, type ServiceProcess } from '../support/process.js';
import {
  FLOOD,
  FLOOD_RSS_BUDGET_BYTES,
  FLOOD_SEAT_P99_MS,
  pinger,
  RefusalLog,
  type PingerConnection,
} from '../support/ws-flood.js';

// The compiled service (`node dist/main.js`, as `npm start` runs it): a start costs about half
// the CPU of `tsx src/main.ts` (each start here, and each worker of a cluster, pays it).
const DIST = { via: 'dist' } as const;
beforeAll(buildDist, 250_000);

const MiB = 2 ** 20;
/** The documented memory budget of one service process (NODE_HEAP_MB's default). */
const RSS_LIMIT_BYTES = FLOOD_RSS_BUDGET_BYTES;
/**
 * A starved seat's p99, at least: five times the bench's target, so that a test process and a
 * service sharing a busy machine with the rest of the suite do not reach it, and a twenty-sixth of
 * the wait without the guard.
 */
const SEAT_P99_MS = 5 * FLOOD_SEAT_P99_MS;
const { silent: SILENT, reading: READING } = FLOOD;
/** The seat's requests, at least. */
const SEAT_SAMPLES = 100;
/** The seat's requests, at most: the flood stops then, whether or not its connections were closed. */
const SEAT_MAX_SAMPLES = 1_000;
/** A connection still open this long after the flood stopped has been let through. */
const GIVE_UP_MS = 30_000;

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

/** A service process for the enclosing `describe`, its refusal log and a two-seat game. */
function floodTarget(env: Record<string, string>) {
  const state: { service?: ServiceProcess; log: RefusalLog; game?: CreatedGame } = { log: new RefusalLog() };
  beforeAll(async () => {
    const database = await useTestDatabase();
    const service = await startServiceProcess(
      {
        DATABASE_URL: database.url,
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      },
      60_000,
      DIST,
    );
    service.child.stdout?.on('data', (d: Buffer) => state.log.feed(d.toString()));
    state.service = service;
    state.game = await createGame(service, 'mtg', [deck('A', 30), deck('B', 30)]);
  }, 90_000);
  afterAll(() => state.service?.stop('SIGKILL'), 30_000);
  return () => {
    if (!state.service || !state.game) throw new Error('the service process did not start');
    return { service: state.service, log: state.log, game: state.game };
  };
}

/** The seat's `game(id)`, {@link SEAT_SAMPLES} times back to back: the round trips in ms. */
async function seatAlone(target: ReturnType<ReturnType<typeof floodTarget>>): Promise<number[]> {
  const { service, game } = target;
  const samples: number[] = [];
  while (samples.length < SEAT_SAMPLES) {
    const t0 = performance.now();
    await post(service, GAME_QUERY, { id: game.gameId }, game.players[0]!.token);
    samples.push(performance.now() - t0);
  }
  return samples;
}

interface FloodOutcome {
  silent: PingerConnection[][];
  reading: PingerConnection[][];
  seatMs: number[];
  peakRss: number;
}

/**
 * Runs `silent` and `reading` pingers while the seat asks for its game, until the seat has
 * {@link SEAT_SAMPLES} answers and the service has closed `closes` flooding connections; then waits
 * for each pinger's last connection to be closed (or given up after {@link GIVE_UP_MS}).
 */
async function flood(
  target: ReturnType<ReturnType<typeof floodTarget>>,
  counts: {
    silent: number;
    reading: number;
    closes: number;
    maxPings?: number;
    pingPayloadBytes?: number;
    wsPings?: boolean;
  },
): Promise<FloodOutcome> {
  const { service, log, game } = target;
  const wsUrl = service.url.replace(/^http/, 'ws');
  const pid = service.child.pid ?? 0;
  const stop = new AbortController();
  const giveUp = new AbortController();
  const options = { ...counts, wsUrl, log, stop: stop.signal, giveUp: giveUp.signal };
  // Every other pinger sends the WebSocket protocol's pings rather than graphql-ws's.
  const silent = Array.from({ length: counts.silent }, (_, i) =>
    pinger({ ...options, silent: true, wsPings: counts.wsPings === true && i % 2 === 1 }),
  );
  const reading = Array.from({ length: counts.reading }, (_, i) =>
    pinger({ ...options, silent: false, wsPings: counts.wsPings === true && i % 2 === 1 }),
  );
  const seat = game.players[0]!;
  const seatMs: number[] = [];
  let peakRss = rssBytes(pid);
  const closesBefore = log.count;
  while (
    seatMs.length < SEAT_SAMPLES ||
    (log.count - closesBefore < counts.closes && seatMs.length < SEAT_MAX_SAMPLES)
  ) {
    const t0 = performance.now();
    const res = await post(service, GAME_QUERY, { id: game.gameId }, seat.token);
    seatMs.push(performance.now() - t0);
    expect(res.data, res.text).toBeTruthy();
    peakRss = Math.max(peakRss, rssBytes(pid));
  }
  stop.abort();
  const timer = setTimeout(() => giveUp.abort(), GIVE_UP_MS);
  const outcome = { silent: await Promise.all(silent), reading: await Promise.all(reading) };
  clearTimeout(timer);
  peakRss = Math.max(peakRss, rssBytes(pid));
  return { ...outcome, seatMs, peakRss };
}

function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

/**
 * The service sends its close frame rather than only dropping the socket: most clients read it. (A
 * client that has not read up to it when the service's grace after a refusal runs out reads none;
 * `RefusalLog.closeCode` then takes the code from the service's log.)
 */
function expectMostClientsReadTheirClose(connections: readonly PingerConnection[]): void {
  const read = connections.filter((c) => c.code !== null).length;
  expect(read, `${read} of ${connections.length} clients read a close frame`).toBeGreaterThan(
    connections.length / 2,
  );
}

async function healthy(service: ServiceProcess): Promise<number> {
  return (await fetch(new URL('/healthz', service.url), { signal: AbortSignal.timeout(10_000) })).status;
}

describe('graphql-ws floods at the default bounds', () => {
  const target = floodTarget({});

  it('closes every silent and every reading pinger (graphql-ws pings, WebSocket pings) with 4031; RSS and the seat stay within bounds', async () => {
    const t = target();
    const alone = await seatAlone(t);
    // Each silent connection sends at most 20,000 pings (420 KB) before it reads anyway: the
    // budget closes it after its first 50, and what the client sends after that only loads the
    // machine the test shares with the service.
    const out = await flood(t, {
      silent: SILENT,
      reading: READING,
      closes: 4 * (SILENT + READING),
      maxPings: 20_000,
      wsPings: true,
    });
    const connections = [...out.silent, ...out.reading].flat();
    const codes = connections.map((c) => t.log.closeCode(c));
    expectMostClientsReadTheirClose(connections);
    console.log(
      JSON.stringify(out.silent.map((r) => r.length)),
      JSON.stringify(out.reading.map((r) => r.length)),
      p99(out.seatMs),
      out.peakRss / MiB,
    );
    expect(out.silent.every((conns) => conns.length > 0)).toBe(true);
    expect(out.reading.every((conns) => conns.length > 0)).toBe(true);
    expect(new Set(codes)).toEqual(new Set([ZkCloseCode.TooManyMessages]));
    expect(t.service.child.exitCode).toBeNull();
    expect(await healthy(t.service)).toBe(200);
    expect(out.peakRss).toBeLessThan(RSS_LIMIT_BYTES);
    // 1 s, or five times the seat's p99 without the flood when the machine is busier than that.
    expect(p99(out.seatMs)).toBeLessThan(Math.max(SEAT_P99_MS, 5 * p99(alone)));
  }, 180_000);
});

describe('graphql-ws floods with the message budget lifted: the bound on unsent bytes alone', () => {
  const target = floodTarget({
    WS_ANONYMOUS_MESSAGE_RATE: '1000000',
    WS_ANONYMOUS_MESSAGE_BURST: '1000000',
  });

  it('closes every silent pinger with 4009 before its pongs fill the heap', async () => {
    const t = target();
    // Pings with 1 KiB payloads, which the pongs echo: the kernel's buffers (megabytes) fill sooner.
    // Without the bound, 4 × 400,000 pongs of 1 KiB held in the heap pass the RSS limit.
    const out = await flood(t, {
      silent: SILENT,
      reading: 0,
      closes: SILENT,
      maxPings: 400_000,
      pingPayloadBytes: 1_024,
    });
    const codes = out.silent.flat().map((c) => t.log.closeCode(c));
    expectMostClientsReadTheirClose(out.silent.flat());
    expect(codes.length).toBeGreaterThanOrEqual(SILENT);
    expect(new Set(codes)).toEqual(new Set([ZkCloseCode.NotReading]));
    expect(t.service.child.exitCode).toBeNull();
    expect(await healthy(t.service)).toBe(200);
    expect(out.peakRss).toBeLessThan(RSS_LIMIT_BYTES);
  }, 180_000);
});
