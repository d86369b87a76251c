/**
 * Configuration from the environment, validated once at start-up. Every variable is documented in
 * `.env.example` and the README; a test checks that the three agree.
 */
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  /** PostgreSQL URL. Unset: an embedded PostgreSQL is started under `DATA_DIR`. */
  DATABASE_URL: z.string().url().optional(),
  /** HTTP and graphql-ws port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder for the embedded PostgreSQL cluster (git-ignored). */
  DATA_DIR: z.string().default('.data'),
  /** Port of the embedded PostgreSQL; 0 picks a free one. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54329),
  /** Admin credential. Unset: admin operations are disabled. At least 24 characters. */
  ADMIN_TOKEN: z.string().min(24).optional(),
  /** Redis URL for cross-instance event fanout. Unset: PostgreSQL LISTEN/NOTIFY. */
  REDIS_URL: z.string().url().optional(),
  /** Log level for pino. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Allow GraphQL introspection. */
  GRAPHQL_INTROSPECTION: bool.default(true),
  /** Size of the PostgreSQL connection pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** Maximum request body / websocket message size in bytes. */
  MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).default(262144),
  /** Expensive requests (pages, catch-ups, views, replays, export, import) one credential may run at once. */
  WORK_LIMIT_PER_PRINCIPAL: z.coerce.number().int().min(1).default(4),
  /** Expensive requests the process runs at once, over all credentials. */
  WORK_LIMIT_TOTAL: z.coerce.number().int().min(1).default(32),
  /** Games whose loaded state each process keeps (least recently used dropped); ~50 KiB per 120-card game. */
  STATE_CACHE_GAMES: z.coerce.number().int().min(1).default(3000),
  /**
   * V8 heap limit in MiB. `npm start` passes it to node (`--max-old-space-size`); the service logs a
   * warning at start when its heap limit differs.
   */
  NODE_HEAP_MB: z.coerce.number().int().min(64).default(512),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  return parsed.data;
}
