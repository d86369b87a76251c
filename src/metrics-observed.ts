/**
 * The metrics read at each scrape from the app's pool, state cache and fanout (given to
 * `Metrics.observe`): their values live in those objects, so they are collected, not counted.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

/** What the metrics read at each scrape; structural, so this base module imports no layer above. */
export interface ObservedSources {
  readonly pool?: Readonly<{
    totalCount: number;
    idleCount: number;
    waitingCount: number;
    options: { max?: number };
  }>;
  readonly stateCache?: {
    readonly hits: number;
    readonly misses: number;
    readonly evictions: number;
    readonly size: number;
  };
  readonly fanout?: () => { readonly reconnects: number; readonly downSince: number | null };
}

/** The scrape-time metrics on `registry`; the returned holder's `sources` is what they read. */
export function observedMetrics(registry: Registry): { sources: ObservedSources } {
  const holder: { sources: ObservedSources } = { sources: {} };
  /** The totals counted so far, by source: each counter follows a total its source keeps. */
  const counted = { hits: 0, misses: 0, evictions: 0, reconnects: 0 };
  /** How much the source's running `total` grew since the last scrape, which a counter then adds. */
  const grownSinceScrape = (source: keyof typeof counted, total: number): number => {
    const grown = total - counted[source];
    counted[source] = total;
    return grown;
  };
  const dbPoolConnections = new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state: total (open), in_use (checked out), idle, max (DATABASE_POOL_SIZE).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect: () => {
      const pool = holder.sources.pool;
      if (!pool) return;
      dbPoolConnections.set({ state: 'total' }, pool.totalCount);
      dbPoolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      dbPoolConnections.set({ state: 'idle' }, pool.idleCount);
      dbPoolConnections.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });

  const dbPoolWaiting = new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL pool connection.',
    registers: [registry],
    collect: () => {
      if (holder.sources.pool) dbPoolWaiting.set(holder.sources.pool.waitingCount);
    },
  });

  const stateCacheLookups = new Counter({
    name: 'state_cache_lookups_total',
    help: 'Lookups of a game state in the state cache, by result (hit, miss): a miss reads the database.',
    labelNames: ['result'] as const,
    registers: [registry],
    collect: () => {
      const cache = holder.sources.stateCache;
      if (!cache) return;
      stateCacheLookups.inc({ result: 'hit' }, grownSinceScrape('hits', cache.hits));
      stateCacheLookups.inc({ result: 'miss' }, grownSinceScrape('misses', cache.misses));
    },
  });
  // Both results exposed from the start: a scraper reads 0, not a missing series.
  for (const result of ['hit', 'miss'] as const) stateCacheLookups.inc({ result }, 0);

  const stateCacheGames = new Gauge({
    name: 'state_cache_games',
    help: 'Game states held by the state cache (at most STATE_CACHE_GAMES).',
    registers: [registry],
    collect: () => {
      if (holder.sources.stateCache) stateCacheGames.set(holder.sources.stateCache.size);
    },
  });

  const stateCacheEvictions = new Counter({
    name: 'state_cache_evictions_total',
    help: "Game states dropped from the full state cache, least recently used first: each one's next move or read loads it from the database (raise STATE_CACHE_GAMES if this grows steadily).",
    registers: [registry],
    collect: () => {
      const cache = holder.sources.stateCache;
      if (cache) stateCacheEvictions.inc(grownSinceScrape('evictions', cache.evictions));
    },
  });

  const fanoutReconnects = new Counter({
    name: 'fanout_reconnects_total',
    help: 'Times the cross-instance event listener (PostgreSQL LISTEN or Redis) reconnected after losing its connection.',
    registers: [registry],
    collect: () => {
      const health = holder.sources.fanout?.();
      if (!health) return;
      fanoutReconnects.inc(grownSinceScrape('reconnects', health.reconnects));
    },
  });

  const fanoutLag = new Gauge({
    name: 'fanout_lag_seconds',
    help: "Seconds the cross-instance event listener has been disconnected (0 while connected): meanwhile other instances' moves reach this one's subscribers only through the hub's poll.",
    registers: [registry],
    collect: () => {
      const health = holder.sources.fanout?.();
      if (!health) return;
      fanoutLag.set(health.downSince === null ? 0 : (Date.now() - health.downSince) / 1000);
    },
  });
  return holder;
}
