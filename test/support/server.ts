/**
 * Starts the real service in-process on a free port, against a fresh test database.
 */
import { startApp, type App } from '../../src/app.js';
import type { Randomness } from '../../src/authority/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { closeAfterFile } from './after-file.js';
import { useTestDatabase } from './db.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestServer {
  readonly app: App;
  readonly url: string;
  readonly wsUrl: string;
  readonly databaseUrl: string;
  /** POSTs a GraphQL operation; returns the parsed JSON body and the HTTP status. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ status: number; data: T | null; errors?: GqlError[] }>;
}

export interface GqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [k: string]: unknown };
}

/**
 * Starts the service in-process on a fresh test database, or, with `databaseUrl`, as one more
 * instance on an existing one (several instances behind a load balancer share one database).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { databaseUrl?: string; random?: Randomness } = {},
): Promise<TestServer> {
  const database = opts.databaseUrl ? { url: opts.databaseUrl } : await useTestDatabase();
  const config: Config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    DATABASE_POOL_SIZE: '10',
    // Every test file creates its games from 127.0.0.1; the rate-limit test sets its own.
    CREATE_GAME_RATE_PER_MINUTE: '1000000',
    CREATE_GAME_BURST: '1000000',
    ...env,
  });
  const app = await startApp(config, createLogger(config.LOG_LEVEL), {
    migrate: false,
    ...(opts.random ? { random: opts.random } : {}),
  });
  closeAfterFile(() => app.stop(), 30_000);
  const { gql } = gqlAt(app.url);
  return { app, url: app.url, wsUrl: app.url.replace(/^http/, 'ws'), databaseUrl: database.url, gql };
}

/** The GraphQL endpoint of a service at `url` (in-process, or a process: test/support/process.ts). */
export function gqlAt(url: string): Pick<TestServer, 'gql'> {
  return {
    gql: async (query, variables = {}, token) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: unknown; errors?: GqlError[] };
      return {
        status: res.status,
        data: (body.data ?? null) as never,
        ...(body.errors ? { errors: body.errors } : {}),
      };
    },
  };
}
