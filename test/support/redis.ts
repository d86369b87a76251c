/**
 * The Redis the Redis tests use: REDIS_TEST_URL, default the local `redis://127.0.0.1:6379` (every
 * developer and CI machine runs one).
 *
 * Where none answers, the Redis tests are skipped with a warning banner on stderr, and under CI
 * (`CI=true`) they run and fail with {@link REDIS_ABSENT} instead, so CI cannot pass without them.
 */
import net from 'node:net';
import { isCI } from './ci.js';

export const REDIS_URL = process.env['REDIS_TEST_URL'] ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const redisReachable = await reachable(REDIS_URL);

export const REDIS_ABSENT =
  `No Redis answers at ${REDIS_URL}, and CI=true: the Redis tests must run in CI. ` +
  'Start Redis (Debian: `apt-get install -y redis-server`) or point REDIS_TEST_URL at one.';

/**
 * Whether the Redis tests of `suite` run: yes where Redis answers, and under CI also where it does
 * not (each then fails through {@link requireRedis}). Otherwise warns, loudly, that they are skipped.
 */
export function runRedisTests(suite: string): boolean {
  if (redisReachable || isCI) return true;
  const line = '!'.repeat(100);
  process.stderr.write(
    `\n${line}\n!! REDIS TESTS SKIPPED (${suite}): no Redis reachable at ${REDIS_URL}.\n` +
      `!! CI (CI=true) fails here instead. Start Redis or set REDIS_TEST_URL to run them.\n${line}\n\n`,
  );
  return false;
}

/** First line of every Redis test: throws {@link REDIS_ABSENT} where no Redis answers. */
export function requireRedis(): void {
  if (!redisReachable) throw new Error(REDIS_ABSENT);
}
