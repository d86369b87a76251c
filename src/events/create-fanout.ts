import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Fanout } from './fanout.js';
import { PgFanout } from './pg-fanout.js';
import { RedisFanout } from './redis-fanout.js';

/**
 * Chooses the fanout: Redis pub/sub when `REDIS_URL` is set, PostgreSQL LISTEN/NOTIFY otherwise.
 * Either way every instance sharing the database (or Redis) hears every committed seq.
 */
export async function createFanout(config: Config, databaseUrl: string, logger: Logger): Promise<Fanout> {
  if (config.REDIS_URL) {
    const fanout = await RedisFanout.start(config.REDIS_URL, logger);
    logger.info('event fanout: Redis pub/sub');
    return fanout;
  }
  const fanout = await PgFanout.start(databaseUrl, logger);
  logger.debug('event fanout: PostgreSQL LISTEN/NOTIFY');
  return fanout;
}
