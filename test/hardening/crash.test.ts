/**
 * Crash: the service (a real `node dist/main.js` process) is killed with SIGKILL in the middle
 * of a contended load with graphql-ws subscribers, then started again on the same database and
 * port. Clients retry what was in flight with the same idempotency keys; subscribers resume with
 * `afterSeq`. Nothing is half-applied or applied twice, the log is gapless and rebuilds the stored
 * state, and every subscriber ends up with exactly seqs 1..lastSeq.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { useTestDatabase, type TestDatabase } from '../support/db.js';
import { buildDist, startServiceProcess, type ServiceProcess } from '../support/process.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import {
  checkGamesAfterLoad,
  createLoadGames,
  ResumingSubscriber,
  duringLoad,
  until,
  type LoadGame,
} from './load.js';

// The compiled service (`node dist/main.js`, as `npm start` runs it): a start costs about half
// the CPU of `tsx src/main.ts` (each start here, and each worker of a cluster, pays it).
const DIST = { via: 'dist' } as const;
beforeAll(buildDist, 250_000);

const CLIENTS = 16;
const GAMES = 3;

let database: TestDatabase;
let port: number;
const processes: ServiceProcess[] = [];
const subscribers: ResumingSubscriber[] = [];

async function startService(): Promise<ServiceProcess> {
  const service = await startServiceProcess(
    {
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      DATABASE_POOL_SIZE: '10',
    },
    60_000,
    DIST,
  );
  processes.push(service);
  return service;
}

beforeAll(async () => {
  database = await useTestDatabase();
  port = await freePort();
});

afterAll(async () => {
  await Promise.allSettled(subscribers.map((s) => s.close()));
  await Promise.allSettled(processes.map((p) => p.stop('SIGKILL')));
}, 60_000);

describe('SIGKILL under load, then a restart on the same database', () => {
  it('leaves no half-applied or doubly applied move, a gapless log, and subscribers that resume exactly', async () => {
    expect.hasAssertions();
    const first = await startService();
    const url = first.url;
    const wsUrl = url.replace(/^http/, 'ws');
    const games: LoadGame[] = await createLoadGames(url, GAMES);
    // One seat and one spectator subscriber per game, from the start of the log.
    for (const g of games) {
      subscribers.push(new ResumingSubscriber(wsUrl, g.seats[0]!.token, g.gameId).start());
      subscribers.push(new ResumingSubscriber(wsUrl, g.spectatorToken, g.gameId).start());
    }

    const stats = await duringLoad({ url, games, clients: CLIENTS, lostResponseRate: 0.1 }, async (live) => {
      // Mid-load: kill the process once the load is well under way, with requests in flight.
      await until(
        () => live.committed().length >= 60 && live.inFlight >= 4,
        30_000,
        '60 commits and requests in flight before the crash',
      );
      const transportBefore = live.transportErrors;
      await first.stop('SIGKILL');
      const committedAtCrash = live.committed().length;

      // Clients keep trying (connection refused) while nothing listens: as many failures as there
      // are clients, cut off or refused; then the service is back.
      await until(
        () => live.transportErrors >= transportBefore + CLIENTS,
        30_000,
        'clients failing to reach the stopped service',
      );
      const second = await startService();
      expect(second.url).toBe(url);
      await until(
        () => live.committed().length >= committedAtCrash + 60,
        30_000,
        '60 commits after the restart',
      );
      // The crash cut requests off: they failed at the transport level and were retried.
      expect(live.transportErrors).toBeGreaterThan(transportBefore);
    });

    expect(stats.unexpected).toEqual([]);
    expect(stats.serverErrors).toEqual([]);
    expect(stats.count('INTERNAL_SERVER_ERROR')).toBe(0);

    // Every subscriber resumed after the crash and holds exactly 1..lastSeq of its game.
    const checked = await checkGamesAfterLoad(database.url, url, games, stats, subscribers);
    for (const sub of subscribers) expect(sub.resubscriptions).toBeGreaterThan(0);
    expect(checked).toBe(GAMES * 2);
  }, 85_000);
});
