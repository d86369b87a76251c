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
  poolMetrics(registry, () => holder.sources.pool);
  stateCacheMetrics(registry, () => holder.sources.stateCache);
  fanoutMetrics(registry, () => holder.sources.fanout?.());
  return holder;
}

/**
 * A counter follows a running total its source keeps: at each scrape it adds how much the total
 * grew since the previous scrape. One tracker per total.
 */
function growthSinceScrape(): (total: number) => number {
  let counted = 0;
  return (total) => {
    const grown = total - counted;
    counted = total;
    return grown;
  };
}

/** The PostgreSQL pool's connections by state, and the queries waiting for one. */
function poolMetrics(registry: Registry, pool: () => ObservedSources['pool']): void {
  const dbPoolConnections = new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state: total (open), in_use (checked out), idle, max (DATABASE_POOL_SIZE).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect: () => {
      const p = pool();
      if (!p) return;
      dbPoolConnections.set({ state: 'total' }, p.totalCount);
      dbPoolConnections.set({ state: 'in_use' }, p.totalCount - p.idleCount);
      dbPoolConnections.set({ state: 'idle' }, p.idleCount);
      dbPoolConnections.set({ state: 'max' }, p.options.max ?? 10);
    },
  });

  const dbPoolWaiting = new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL pool connection.',
    registers: [registry],
    collect: () => {
      const p = pool();
      if (p) dbPoolWaiting.set(p.waitingCount);
    },
  });
}

/** The state cache's lookups by result, the games it holds, and its evictions. */
function stateCacheMetrics(registry: Registry, cache: () => ObservedSources['stateCache']): void {
  const hits = growthSinceScrape();
  const misses = growthSinceScrape();
  const evictions = growthSinceScrape();
  const stateCacheLookups = new Counter({
    name: 'state_cache_lookups_total',
    help: 'Lookups of a game state in the state cache, by result (hit, miss): a miss reads the database.',
    labelNames: ['result'] as const,
    registers: [registry],
    collect: () => {
      const c = cache();
      if (!c) return;
      stateCacheLookups.inc({ result: 'hit' }, hits(c.hits));
      stateCacheLookups.inc({ result: 'miss' }, misses(c.misses));
    },
  });
  // Both results exposed from the start: a scraper reads 0, not a missing series.
  for (const result of ['hit', 'miss'] as const) stateCacheLookups.inc({ result }, 0);

  const stateCacheGames = new Gauge({
    name: 'state_cache_games',
    help: 'Game states held by the state cache (at most STATE_CACHE_GAMES).',
    registers: [registry],
    collect: () => {
      const c = cache();
      if (c) stateCacheGames.set(c.size);
    },
  });

  const stateCacheEvictions = new Counter({
    name: 'state_cache_evictions_total',
    help: "Game states dropped from the full state cache, least recently used first: each one's next move or read loads it from the database (raise STATE_CACHE_GAMES if this grows steadily).",
    registers: [registry],
    collect: () => {
      const c = cache();
      if (c) stateCacheEvictions.inc(evictions(c.evictions));
    },
  });
}

/** The cross-instance event listener's reconnects, and how long it has been disconnected. */
function fanoutMetrics(
  registry: Registry,
  health: () => ReturnType<NonNullable<ObservedSources['fanout']>> | undefined,
): void {
  const reconnects = growthSinceScrape();
  const fanoutReconnects = new Counter({
    name: 'fanout_reconnects_total',
    help: 'Times the cross-instance event listener (PostgreSQL LISTEN or Redis) reconnected after losing its connection.',
    registers: [registry],
    collect: () => {
      const h = health();
      if (h) fanoutReconnects.inc(reconnects(h.reconnects));
    },
  });

  const fanoutLag = new Gauge({
    name: 'fanout_lag_seconds',
    help: "Seconds the cross-instance event listener has been disconnected (0 while connected): meanwhile other instances' moves reach this one's subscribers only through the hub's poll.",
    registers: [registry],
    collect: () => {
      const h = health();
      if (h) fanoutLag.set(h.downSince === null ? 0 : (Date.now() - h.downSince) / 1000);
    },
  });
}
