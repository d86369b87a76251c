/**
 * What a cached game keeps alive: a service process started with its inspector (127.0.0.1), a full
 * garbage collection before each reading, and the V8 heap's growth over a batch of new games ÷ their
 * number. RSS is read beside it but decides nothing: it moves in whole pages and arenas as V8 and the
 * allocator take and give back memory, so a batch's RSS growth can be negative.
 */
import { settledRss } from '../aging.js';
import { inspector } from '../profile.js';
import { graphqlClient, type GraphqlClient } from './graphql.js';
import { startService, type ServiceProcess } from './service.js';

const KiB = 2 ** 10;

/** Runs `ops` with at most `parallel` in flight. */
export async function inParallel(ops: readonly (() => Promise<unknown>)[], parallel: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < ops.length) await ops[next++]?.();
    }),
  );
}

/** One batch's growth per game, in KiB. */
export interface BatchGrowth {
  readonly heapKiB: number;
  readonly rssKiB: number;
}

/** A fresh service whose cached games are counted batch by batch. */
export interface HeapProbe {
  /** `games` new games made by `makeGame` (8 at a time), and what each keeps in the heap. */
  batch(games: number): Promise<BatchGrowth>;
  close(): Promise<void>;
}

/**
 * Starts a service (`WORKERS=1`, a state cache larger than every batch together, so nothing is
 * evicted; `entry` names another build's `dist/main.js`) and makes one uncounted batch first: every
 * path run, and what the first games leave for all later ones (interned card faces, a ruleset's
 * first use) already there.
 */
export async function heapProbe(opts: {
  readonly databaseUrl: string;
  readonly makeGame: (api: GraphqlClient) => Promise<unknown>;
  readonly cacheGames: number;
  readonly warmupGames: number;
  readonly entry?: string;
}): Promise<HeapProbe> {
  const service: ServiceProcess = await startService(
    opts.databaseUrl,
    {
      WORKERS: '1',
      WORK_LIMIT_PER_PRINCIPAL: '64',
      WORK_LIMIT_PER_CLIENT: '64',
      STATE_CACHE_GAMES: String(opts.cacheGames),
    },
    { inspect: true, ...(opts.entry ? { entry: opts.entry } : {}) },
  );
  if (!service.inspectorUrl) throw new Error('no inspector URL');
  const ins = await inspector(service.inspectorUrl);
  const collected = async () => {
    await ins.send('HeapProfiler.collectGarbage');
    const { usedSize } = await ins.send<{ usedSize: number }>('Runtime.getHeapUsage');
    return { rss: await settledRss(service), heap: usedSize };
  };
  const make = async (games: number) => {
    // A fresh client per batch: keep-alive sockets left idle through the readings may be closed by
    // the service just as they are reused (ECONNRESET on a busy machine).
    const api = graphqlClient(service.url);
    try {
      await inParallel(
        Array.from({ length: games }, () => () => opts.makeGame(api)),
        8,
      );
    } finally {
      api.close();
    }
  };
  try {
    await make(opts.warmupGames);
  } catch (err) {
    ins.close();
    await service.stop();
    throw err;
  }
  return {
    async batch(games) {
      const before = await collected();
      await make(games);
      const after = await collected();
      return {
        heapKiB: (after.heap - before.heap) / games / KiB,
        rssKiB: (after.rss - before.rss) / games / KiB,
      };
    },
    async close() {
      ins.close();
      await service.stop();
    },
  };
}
