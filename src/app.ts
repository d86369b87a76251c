/**
 * Composition root: database, migrations, fanout, GraphQL schema and the HTTP server.
 */
import { createJwtVerifier } from './auth/jwt.js';
import type { Randomness } from './authority/pipeline.js';
import type { Config } from './config.js';
import { createDb, driverPool } from './db/client.js';
import { setStateCacheLimit, stateCacheFor } from './db/state-cache.js';
import { applyMigrationsAtStart } from './postgres/migrate.js';
import { recordLoadedRulesets } from './db/ruleset-versions.js';
import { loadedRulesets } from './rules/index.js';
import { databaseFor } from './postgres/locate-postgres.js';
import { createFanout } from './events/create-fanout.js';
import type { Logger } from './logger.js';
import { Metrics } from './metrics.js';
import { installRulesetFiles } from './rulesets/load.js';
import { startHttpServer } from './server/http.js';
import { buildSchema } from './resolvers/schema.js';

export interface App {
  readonly url: string;
  readonly port: number;
  readonly databaseUrl: string;
  /** Graceful stop: in-flight requests finish, sockets close, then the database (embedded: stopped). */
  stop(): Promise<void>;
}

export async function startApp(
  config: Config,
  logger: Logger,
  opts: { migrate?: boolean; random?: Randomness } = {},
): Promise<App> {
  // The ruleset files (built-ins and RULESETS_DIR); `main.ts` has read them already, a test may not have.
  installRulesetFiles(config.RULESETS_DIR);
  const database = await databaseFor(config, logger);
  const directUrl = database.directUrl;
  try {
    if (opts.migrate ?? true) {
      const applied = await applyMigrationsAtStart(directUrl);
      if (applied.length) logger.info({ applied }, 'applied migrations');
    }
    const db = createDb(database.url, config.DATABASE_POOL_SIZE);
    setStateCacheLimit(db, config.STATE_CACHE_GAMES);
    // Every loaded ruleset version stored; games from before versions keep the loaded one from now on.
    await recordLoadedRulesets(db, loadedRulesets());
    const fanout = await createFanout(config, directUrl, logger);
    // Another instance (or worker) moved a game this one has cached: forget the stale state.
    const stateCache = stateCacheFor(db);
    const stopForgetting = fanout.subscribe((notice) => stateCache.forgetIfBehind(notice.gameId, notice.seq));
    const metrics = new Metrics();
    metrics.observe({
      pool: driverPool(db),
      stateCache,
      ...(fanout.health ? { fanout: fanout.health } : {}),
    });
    // Platform tokens' verifier and its key-set cache live as long as the service (null: AUTH_* unset).
    const jwt = createJwtVerifier(config);
    const server = await startHttpServer(
      { config, db, logger, fanout, metrics, random: opts.random, jwt },
      buildSchema(),
      {
        port: config.PORT,
        host: config.HOST,
      },
    );
    return {
      url: server.url,
      port: server.port,
      databaseUrl: database.url,
      stop: async () => {
        await server.close();
        stopForgetting();
        await fanout.close();
        await db.$disconnect();
        await database.embedded?.stop();
      },
    };
  } catch (err) {
    await database.embedded?.stop();
    throw err;
  }
}
