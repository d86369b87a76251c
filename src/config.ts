/**
 * Configuration from the environment, validated once at start-up. Every variable is documented in
 * `.env.example` and the operator guide (docs/operators.md); a test checks that the three agree.
 */
import { z } from 'zod';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const ASYMMETRIC_ALGORITHMS = new Set([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * `CORS_ORIGINS`: browser origins (`scheme://host[:port]`, comma-separated) allowed to call the API
 * from their pages and to open graphql-ws, or `*` for any origin. The API authenticates by the
 * `Authorization` header, never by cookies, so responses never allow credentials and `*` exposes
 * nothing a page could not already send. Unset: no cross-origin access (same origin only).
 */
const corsOrigins = z
  .string()
  .default('')
  .transform((raw, ctx): '*' | string[] => {
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.includes('*')) {
      if (items.length > 1) ctx.addIssue({ code: 'custom', message: '"*" cannot be combined with origins' });
      return '*';
    }
    for (const item of items) {
      let origin: string | null = null;
      try {
        origin = new URL(item).origin;
      } catch {
        // Reported below.
      }
      if (origin !== item)
        ctx.addIssue({
          code: 'custom',
          message: `"${item}" is not an origin (scheme://host[:port], lower case, no path or trailing slash)`,
        });
    }
    return items;
  });

export const configSchema = z.object({
  /** PostgreSQL URL. Unset: an embedded PostgreSQL is started under `DATA_DIR`. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL URL that reaches the server directly, for what a transaction-mode pooler
   * (PgBouncer) cannot carry: the fanout's LISTEN connection and migrations (which hold a session
   * advisory lock). Unset: `DATABASE_URL` serves both.
   */
  DIRECT_DATABASE_URL: z.string().url().optional(),
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
  /** Serve the GraphQL IDE to browsers at `GET /graphql`; turn off in production. */
  GRAPHQL_IDE: bool.default(true),
  /** Size of the PostgreSQL connection pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** Origins allowed cross-origin (CORS and the graphql-ws Origin check); see `corsOrigins`. */
  CORS_ORIGINS: corsOrigins,
  /** Maximum request body / websocket message size in bytes. */
  MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).default(262144),
  /**
   * Maximum HTTP request body of a request sent with the admin token (ADMIN_TOKEN), checked before
   * the body is read: an `importGame` carries a whole game (a fresh four-seat game of 100-card decks
   * is about 1.1 MB). Every other caller keeps MAX_PAYLOAD_BYTES, and graphql-ws messages too. At
   * least MAX_PAYLOAD_BYTES.
   */
  ADMIN_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(1_073_741_824).default(16_777_216),
  /**
   * Host credential. Set: `createGame` requires `Authorization: Bearer <HOST_TOKEN>` (or the admin
   * token). Unset (local play, development): anyone may create games, rate-limited per client IP.
   * At least 24 characters.
   */
  HOST_TOKEN: z.string().min(24).optional(),
  /**
   * Set: `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), for a
   * port reachable by more than the Prometheus scraper. Unset: `/metrics` is open.
   */
  METRICS_TOKEN: z.string().min(24).optional(),
  /** Games an untrusted caller (no host or admin token) may create per minute, per client IP. */
  CREATE_GAME_RATE_PER_MINUTE: z.coerce.number().min(0.001).max(1_000_000).default(20),
  /** Games an untrusted caller may create in a burst before the per-minute rate applies. */
  CREATE_GAME_BURST: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Cards in one player's starting deck, at most. */
  CREATE_GAME_MAX_CARDS_PER_PLAYER: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Cards in a new game over all players, at most. */
  CREATE_GAME_MAX_CARDS: z.coerce.number().int().min(1).max(1_000_000).default(8000),
  /**
   * List items (objects, zones, events, changes, players…) one response may hold. Beyond it the
   * answer is RESPONSE_TOO_LARGE, whatever the game size.
   */
  MAX_RESPONSE_ITEMS: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  /** Expensive requests (pages, catch-ups, views, replays, export, import) one credential may run at once. */
  WORK_LIMIT_PER_PRINCIPAL: z.coerce.number().int().min(1).default(8),
  /**
   * Of those, the ones one client (one remote address) of a credential may run at once; its next
   * ones wait their turn (`authority/work-limit.ts`).
   */
  WORK_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(1),
  /** HTTP requests one game credential (a seat, a game's spectators, its referee) has in flight at once. */
  REQUEST_LIMIT_PER_PRINCIPAL: z.coerce.number().int().min(1).default(8),
  /** Requests of one game credential waiting for one of those slots; past it RATE_LIMITED (0: refuse at once). */
  REQUEST_QUEUE_PER_PRINCIPAL: z.coerce.number().int().min(0).default(256),
  /**
   * Of those, the requests one client (one remote address) of a credential has in flight at once:
   * a game's spectators share its credential, so one watcher may not take every place.
   */
  REQUEST_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(4),
  /** Requests one client of a credential has waiting for a place; past it RATE_LIMITED (0: refuse at once). */
  REQUEST_QUEUE_PER_CLIENT: z.coerce.number().int().min(0).default(64),
  /**
   * Bytes of HTTP request bodies the process holds at once (being read, waiting for their turn, or
   * being answered); a chunk past it ends its request with SERVICE_UNAVAILABLE (503). At least
   * MAX_PAYLOAD_BYTES.
   */
  REQUEST_BODY_BYTES_TOTAL: z.coerce.number().int().min(1024).default(67_108_864),
  /**
   * Seconds a GraphQL request over HTTP has, from its arrival, to send its whole body (waiting for
   * its credential's turn included); then it is answered 408 and closed, and its slot is free. Also
   * the time a connection has to send its headers. Covers every caller, anonymous ones too.
   */
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** TCP connections (HTTP and graphql-ws) the process holds at once; beyond it new ones are closed. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(16_384),
  /** TCP connections from one client address at once; beyond it new ones are closed. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(4_096),
  /**
   * graphql-ws connections one game credential holds at once. A game's spectators share one
   * credential, so this is the largest audience a game may have. At least 5,000 in production.
   */
  WS_CONNECTIONS_PER_CREDENTIAL: z.coerce.number().int().min(1).default(5_000),
  /**
   * Frames (messages, pings, pongs, invalid ones alike) a graphql-ws connection with a credential
   * may send per second, on average; past its burst it is closed with 4031 (`src/server/ws-guard.ts`).
   */
  WS_MESSAGE_RATE: z.coerce.number().min(0.1).max(1_000_000).default(200),
  /** Frames a graphql-ws connection with a credential may send at once before the rate applies. */
  WS_MESSAGE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** WS_MESSAGE_RATE for a connection without a credential (and every connection before `connection_init`). */
  WS_ANONYMOUS_MESSAGE_RATE: z.coerce.number().min(0.1).max(1_000_000).default(10),
  /** WS_MESSAGE_BURST for a connection without a credential (and every connection before `connection_init`). */
  WS_ANONYMOUS_MESSAGE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /**
   * Bytes the server may hold unsent for a graphql-ws connection with a credential (its client is
   * not reading); past it the connection is closed with 4009.
   */
  WS_MAX_UNSENT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** WS_MAX_UNSENT_BYTES for a connection without a credential (and every connection before `connection_init`). */
  WS_ANONYMOUS_MAX_UNSENT_BYTES: z.coerce.number().int().min(1024).default(32_768),
  /** Expensive requests the process runs at once, over all credentials. */
  WORK_LIMIT_TOTAL: z.coerce.number().int().min(1).default(32),
  /**
   * How often (ms) each process re-reads the event log of the games it serves, in case a fanout
   * notice was lost (an instance that committed and died before publishing). 0 turns the poll off:
   * delivery then rests on the fanout alone (tests use it to test the fanout they name).
   */
  EVENT_POLL_MS: z.coerce.number().int().min(0).default(1500),
  /**
   * How often (ms) each process sweeps for clocks that ran out (issue 40): one timer per process,
   * never one per game; an expiry is recorded at most this late (plus the tick's work). 0: no sweep.
   */
  CLOCK_SWEEP_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /**
   * A gap (ms) between any instance's sweeps longer than this is an outage (no instance could take a
   * move, or the database was away): every running clock gets the gap back, and the log says so.
   */
  CLOCK_OUTAGE_MS: z.coerce.number().int().min(100).max(3_600_000).default(3000),
  /** Games whose loaded state each process keeps (least recently used dropped); ~50 KiB per 120-card game. */
  STATE_CACHE_GAMES: z.coerce.number().int().min(1).default(3000),
  /**
   * V8 heap limit in MiB. `npm start` passes it to node (`--max-old-space-size`); the service logs a
   * warning at start when its heap limit differs.
   */
  NODE_HEAP_MB: z.coerce.number().int().min(64).default(512),
  /**
   * V8 young-generation semi-space in MiB. `npm start` passes it to node (`--max-semi-space-size`).
   * V8 sizes the young generation from the old space (16 MiB semi-spaces under a 512 MiB heap), and
   * at 40 concurrent createGame calls the requests in flight (each about 1 MiB of parsed input,
   * state and stored JSON while it waits for PostgreSQL) outlived two scavenges and were promoted,
   * so the old space was marked for data already dead: 64 MiB semi-spaces cut the service's CPU per
   * created game by about a fifth (bench/create-probe.ts, paired). The young generation holds up to
   * three semi-spaces beside `NODE_HEAP_MB` (see {@link heapLimitMiB}).
   */
  NODE_SEMI_SPACE_MB: z.coerce.number().int().min(1).max(1024).default(64),
  /**
   * Server processes on the one port (node:cluster), 1 by default. With more than one, the first
   * process supervises: it runs the migrations and the embedded PostgreSQL; the workers serve,
   * sharing the fanout through PostgreSQL NOTIFY (or Redis) like separate instances do. Not one per
   * core by default: connections, not games, are spread over the workers, so a game's consecutive
   * moves land on different workers and each reloads the state the other moved on; on a 2-core box
   * shared with PostgreSQL, two workers used 1.7-6.6 ms of CPU per move where one used 1.1-3.0 ms.
   */
  WORKERS: z.coerce.number().int().min(1).max(256).default(1),
  /**
   * A folder of ruleset files (`*.yaml`, `*.yml`, `*.json`; format in `docs/rulesets.md`) loaded at
   * start besides the built-ins of `rulesets/`. An invalid file, or an id defined twice, stops the start.
   */
  RULESETS_DIR: z.string().optional(),
  /**
   * Platform identity (src/auth/jwt.ts): the JWKS of the identity provider whose signed tokens
   * (JWTs) name a seat bound to their `sub`. With `AUTH_ISSUER` and `AUTH_AUDIENCE`, all three or
   * none. Unset: a JWT is an invalid credential (UNAUTHENTICATED). https, or http on a loopback host.
   */
  AUTH_JWKS_URL: z
    .string()
    .url()
    .refine((u) => {
      const url = new URL(u);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
    }, 'must be https (http only on a loopback host)')
    .optional(),
  /** The `iss` every accepted token carries, exactly; also the issuer of every seat binding. */
  AUTH_ISSUER: z.string().min(1).optional(),
  /** The `aud` every accepted token carries (one of its values). */
  AUTH_AUDIENCE: z.string().min(1).optional(),
  /**
   * Signature algorithms accepted, comma-separated; pinned here, never read from a token.
   * Asymmetric only: an HMAC (HS*) or `none` is refused at start.
   */
  AUTH_ALGORITHMS: z
    .string()
    .default('RS256,ES256,EdDSA')
    .transform((raw, ctx): string[] => {
      const algs = [...new Set(raw.split(',').map((s) => s.trim()))].filter(Boolean);
      for (const alg of algs)
        if (!ASYMMETRIC_ALGORITHMS.has(alg))
          ctx.addIssue({ code: 'custom', message: `"${alg}" is not an accepted asymmetric algorithm` });
      if (algs.length === 0) ctx.addIssue({ code: 'custom', message: 'no algorithm' });
      return algs;
    }),
  /** Seconds of clock skew allowed on `exp`, `nbf` and `iat` (at most 60). */
  AUTH_CLOCK_TOLERANCE_S: z.coerce.number().int().min(0).max(60).default(30),
  /** Seconds after a key-set fetch during which an unknown `kid` is refused without another fetch. */
  AUTH_JWKS_COOLDOWN_S: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds a fetched key set is used before it is fetched again (on the next token). */
  AUTH_JWKS_MAX_AGE_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Milliseconds a key-set fetch may take; beyond it the fetch fails (SERVICE_UNAVAILABLE). */
  AUTH_JWKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Longest lifetime (`exp` − `iat`, and `exp` − now) of an accepted token, in seconds. */
  AUTH_MAX_TOKEN_LIFETIME_S: z.coerce.number().int().min(60).max(604_800).default(86_400),
  /** Longest accepted token, in bytes. */
  AUTH_MAX_TOKEN_BYTES: z.coerce.number().int().min(256).max(16_384).default(8192),
  /**
   * The claim (a namespaced name, e.g. `https://zonekeeper.example/standing`) that may grant a
   * token spectator or judge standing in named games: `{ "<gameId>": "SPECTATOR" | "JUDGE" }`.
   * Unset (the default): no claim grants anything.
   */
  AUTH_STANDING_CLAIM: z.string().min(1).optional(),
});

export type Config = z.infer<typeof configSchema>;

/**
 * The V8 heap limit `npm start` gives the service, in MiB: the old space (`NODE_HEAP_MB`) and a
 * young generation of three semi-spaces (`NODE_SEMI_SPACE_MB`: two it copies between, and the
 * space new objects are promoted from), as `v8.getHeapStatistics().heap_size_limit` reports it.
 */
export function heapLimitMiB(config: Pick<Config, 'NODE_HEAP_MB' | 'NODE_SEMI_SPACE_MB'>): number {
  return config.NODE_HEAP_MB + 3 * config.NODE_SEMI_SPACE_MB;
}

/** The three variables that turn platform identity on: all or none. */
const AUTH_REQUIRED = ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  if (parsed.data.ADMIN_MAX_PAYLOAD_BYTES < parsed.data.MAX_PAYLOAD_BYTES)
    throw new Error('Invalid configuration: ADMIN_MAX_PAYLOAD_BYTES must be at least MAX_PAYLOAD_BYTES');
  const auth = AUTH_REQUIRED.filter((k) => parsed.data[k] !== undefined);
  if (auth.length > 0 && auth.length < AUTH_REQUIRED.length)
    throw new Error(
      `Invalid configuration: ${AUTH_REQUIRED.join(', ')} are set together (only ${auth.join(', ')} is)`,
    );
  if (parsed.data.REQUEST_BODY_BYTES_TOTAL < parsed.data.MAX_PAYLOAD_BYTES)
    throw new Error(
      'Invalid configuration: REQUEST_BODY_BYTES_TOTAL must be at least MAX_PAYLOAD_BYTES (one whole body must fit)',
    );
  return parsed.data;
}
