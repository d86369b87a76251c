/**
 * Composition root: what the service is made of. `startApp`, `openStore` and `buildService` build
 * every object that lives as long as the service (its ruleset registry, read from the built-ins and
 * its own `RULESETS_DIR`; the database and its pool, the state cache, the per-game move queues, the
 * stored ruleset versions, bound seats and game secrets; the credential cache, work limits,
 * creation token buckets, entropy limits and the event hub) and hand them down; no module below
 * keeps one of its own, so two services in one process share none of them. `startApp` adds the
 * database's provisioning, migrations, fanout, schema and the HTTP server.
 */
import { LRUCache } from 'lru-cache';
import { createJwtVerifier } from './auth/jwt.js';
import {
  ADDRESS_BURST,
  ADDRESS_REFILL_PER_MS,
  createAuthority,
  createCreationAuthority,
  EntropyLimiter,
  eventsAsOf,
  startClockSweep,
  TokenBuckets,
  WorkLimiter,
  type AuthorityParts,
  type ClockSweep,
  type Randomness,
} from './authority/index.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { KeyedQueue } from './db/keyed-queue.js';
import { eventPayloadCache } from './db/log-reads.js';
import { StateCache } from './db/state-cache.js';
import { GameStore, MAX_QUEUED_MOVES_PER_GAME } from './db/index.js';
import { applyMigrationsAtStart } from './postgres/migrate.js';
import { recordLoadedRulesets, STORED_VERSIONS_MAX } from './db/ruleset-versions.js';
import type { RulesetRegistry } from './rules/index.js';
import { databaseFor } from './postgres/locate-postgres.js';
import { createFanout } from './events/create-fanout.js';
import { EventHub, type HubOptions } from './events/hub.js';
import type { Logger } from './logger.js';
import { Metrics } from './metrics.js';
import { liveEventMapper, type GameEventOut } from './render/index.js';
import { rulesetRegistry } from './rulesets/load.js';
import type { AppDeps } from './server/context.js';
import { startHttpServer } from './server/http.js';
import { buildSchema } from './resolvers/schema.js';

export interface App {
  readonly url: string;
  readonly port: number;
  readonly databaseUrl: string;
  /** The objects of this service (tests look inside one to show that another does not share them). */
  readonly service: Service;
  /** Graceful stop: in-flight requests finish, sockets close, then the database (embedded: stopped). */
  stop(): Promise<void>;
}

/** The most expiries one sweep tick records (the next tick goes on). */
const CLOCK_SWEEP_BATCH = 200;

/** Entries of the bounded caches that have no setting of their own. */
const CACHED = { boundSeats: 10_000, secrets: 10_000, credentials: 10_000 } as const;

/**
 * The database of one service, the rulesets it plays (`rulesetRegistry`) and the data layer's
 * caches and queues (`src/db/store.ts`), behind the storage facade (`src/db/index.ts`).
 */
export function openStore(
  url: string,
  config: Pick<Config, 'DATABASE_POOL_SIZE' | 'STATE_CACHE_GAMES'>,
  rulesets: RulesetRegistry,
): GameStore {
  return new GameStore({
    ...openDatabase(url, config.DATABASE_POOL_SIZE),
    rulesets,
    states: new StateCache(config.STATE_CACHE_GAMES),
    moves: new KeyedQueue(MAX_QUEUED_MOVES_PER_GAME),
    storedVersions: new LRUCache({ max: STORED_VERSIONS_MAX }),
    boundSeats: new LRUCache({ max: CACHED.boundSeats }),
    secrets: new LRUCache({ max: CACHED.secrets }),
    eventPayloads: eventPayloadCache(),
  });
}

/**
 * One service's objects: the authority's parts (`AuthorityParts`), the authority made of them, and
 * what the transport uses (`AppDeps`). The transport is handed it as `AppDeps`, so it reaches
 * storage only through the authority.
 */
export type Service = AppDeps & AuthorityParts<GameEventOut>;

/** The rest of the service around a store: its limits, caches, event hub and authority. */
export function buildService(
  parts: Pick<
    AuthorityParts<GameEventOut>,
    'config' | 'logger' | 'store' | 'fanout' | 'metrics' | 'random' | 'jwt'
  > & { readonly embedded?: AppDeps['embedded'] },
  hubOptions: Partial<HubOptions> = {},
): Service {
  const { config, store } = parts;
  const authorityParts: AuthorityParts<GameEventOut> = {
    ...parts,
    credentials: new LRUCache({ max: CACHED.credentials }),
    work: new WorkLimiter(
      config.WORK_LIMIT_PER_PRINCIPAL,
      config.WORK_LIMIT_TOTAL,
      config.WORK_LIMIT_PER_CLIENT,
    ),
    creation: createCreationAuthority(config),
    entropy: new EntropyLimiter(),
    handoffs: new TokenBuckets(ADDRESS_REFILL_PER_MS, ADDRESS_BURST, Date.now),
    hub: new EventHub(
      parts,
      liveEventMapper((gameId, rows) => eventsAsOf(store, gameId, rows)),
      { pollIntervalMs: config.EVENT_POLL_MS, ...hubOptions },
    ),
  };
  return { ...authorityParts, authority: createAuthority(authorityParts) };
}

/** One timer per process for every game's clock (issue 40); instances share the work in the database. */
function clockSweepOf(config: Config, service: Service): ClockSweep | null {
  if (config.CLOCK_SWEEP_MS === 0) return null;
  return startClockSweep(service, {
    intervalMs: config.CLOCK_SWEEP_MS,
    outageMs: config.CLOCK_OUTAGE_MS,
    batch: CLOCK_SWEEP_BATCH,
  });
}

export async function startApp(
  config: Config,
  logger: Logger,
  opts: { migrate?: boolean; random?: Randomness; embedded?: AppDeps['embedded'] } = {},
): Promise<App> {
  // This service's rulesets: the built-ins and its RULESETS_DIR (an invalid file stops the start).
  const rulesets = rulesetRegistry(config.RULESETS_DIR);
  const database = await databaseFor(config, logger);
  const directUrl = database.directUrl;
  try {
    if (opts.migrate ?? true) {
      const applied = await applyMigrationsAtStart(directUrl);
      if (applied.length) logger.info({ applied }, 'applied migrations');
    }
    const store = openStore(database.url, config, rulesets);
    // Every loaded ruleset version stored; games from before versions keep the loaded one from now on.
    await recordLoadedRulesets(store);
    const fanout = await createFanout(config, directUrl, logger);
    // Another instance (or worker) moved a game this one has cached: forget the stale state.
    const stopForgetting = fanout.subscribe((notice) =>
      store.states.forgetIfBehind(notice.gameId, notice.seq),
    );
    const metrics = new Metrics();
    metrics.observe({
      pool: store.pool,
      stateCache: store.states,
      ...(fanout.health ? { fanout: fanout.health } : {}),
    });
    // Platform tokens' verifier and its key-set cache live as long as the service (null: AUTH_* unset).
    const jwt = createJwtVerifier(config);
    const service = buildService({
      config,
      logger,
      store,
      fanout,
      metrics,
      random: opts.random,
      jwt,
      embedded: database.embedded ?? opts.embedded,
    });
    const server = await startHttpServer(service, buildSchema(), { port: config.PORT, host: config.HOST });
    const sweep = clockSweepOf(config, service);
    return {
      url: server.url,
      port: server.port,
      databaseUrl: database.url,
      service,
      stop: async () => {
        await sweep?.stop();
        await server.close();
        await service.hub.close();
        stopForgetting();
        await fanout.close();
        await store.db.$disconnect();
        await database.embedded?.stop();
      },
    };
  } catch (err) {
    await database.embedded?.stop();
    throw err;
  }
}
