/**
 * WORKERS=2: two server processes behind one port (node:cluster). Connections are spread over both
 * (each worker's /metrics counts only its own graphql-ws connections), a move made through either
 * reaches every subscriber whichever worker holds its socket (the fanout's PostgreSQL NOTIFY), and
 * SIGTERM to the primary drains the workers and exits 0 with no process left behind.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { wsClient } from '../events/ws-client.js';
import { useTestDatabase } from '../support/db.js';
import { drawOneCard, newTwoSeatGame } from '../support/two-seat-game.js';
import {
  buildDist,
  descendants,
  isRunning,
  startServiceProcess,
  stoppedAfterAll,
} from '../support/process.js';

// The compiled service (`node dist/main.js`, as `npm start` runs it): a start costs about half
// the CPU of `tsx src/main.ts` (each start here, and each worker of a cluster, pays it).
const DIST = { via: 'dist' } as const;
beforeAll(buildDist, 250_000);

const { running, clients } = stoppedAfterAll('SIGKILL');

async function gql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    // A new connection each time, so the primary hands requests to both workers.
    headers: {
      'content-type': 'application/json',
      connection: 'close',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** `zonekeeper_ws_connections_active` of whichever worker answers this (new) connection. */
async function wsConnections(url: string): Promise<number> {
  const res = await fetch(url.replace(/\/graphql$/, '/metrics'), { headers: { connection: 'close' } });
  const m = /^ws_connections_active (\d+)$/m.exec(await res.text());
  if (!m?.[1]) throw new Error('no ws_connections_active in /metrics');
  return Number(m[1]);
}

describe('WORKERS=2 (node:cluster)', () => {
  it('spreads connections over both workers, delivers a move to subscribers on both, stops cleanly on SIGTERM', async () => {
    const { url: databaseUrl } = await useTestDatabase();
    const service = await startServiceProcess(
      {
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        WORKERS: '2',
      },
      60_000,
      DIST,
    );
    running.add(service);
    const pid = service.child.pid ?? 0;
    // The primary and its two workers.
    expect(descendants(pid).length).toBeGreaterThanOrEqual(2);

    const game = await newTwoSeatGame(gql, service.url);

    // Six subscribers, each on its own connection: the primary deals connections in turn.
    const subs = Array.from({ length: 6 }, () => {
      const c = wsClient(service.url.replace(/^http/, 'ws'), game.token);
      clients.push(c);
      return c.subscribe('gameEvents', { gameId: game.gameId, afterSeq: game.lastSeq });
    });
    // Every subscription is live once a first move reaches all of them.
    const draw = () => drawOneCard(gql, service.url, game);
    await draw();
    await Promise.all(subs.map((s) => s.waitForCount(1, 15_000)));
    // Neither worker holds all six sockets: both serve.
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) seen.add(await wsConnections(service.url));
    expect([...seen].every((n) => n < 6)).toBe(true);
    // Moves through either worker reach every subscriber, in order.
    for (let i = 0; i < 3; i++) await draw();
    await Promise.all(subs.map((s) => s.waitForCount(4, 15_000)));
    const first = game.lastSeq + 1;
    for (const s of subs) expect(s.seqs).toEqual([first, first + 1, first + 2, first + 3]);

    await Promise.all(clients.splice(0).map((c) => c.close()));
    const workers = descendants(pid);
    expect(await service.stop('SIGTERM')).toBe(0);
    running.delete(service);
    for (const w of workers) expect(isRunning(w), `worker ${w} still running`).toBe(false);
  }, 120_000);
});
