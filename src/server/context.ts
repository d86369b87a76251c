/**
 * Per-request (HTTP) or per-connection (graphql-ws) context, and the service's objects the
 * transport uses ({@link AppDeps}, built by `app.ts`). The context carries the authority and the
 * caller, nothing else: resolvers reach games only through the authority.
 */
import type { Config } from '../config.js';
import type { Authority, Caller } from '../authority/index.js';
import type { EventHub } from '../events/hub.js';
import type { Fanout } from '../events/fanout.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { EmbeddedStatus } from '../postgres/embedded.js';
import type { GameEventOut } from '../render/index.js';
import type { ZkCloseCode } from './close-codes.js';

/** The authority of this service, as the transport's contexts carry it. */
export type ServiceAuthority = Authority<GameEventOut>;

/**
 * What the transport is made of: the service's authority and the objects the transport itself
 * uses. `app.ts` builds them (`buildService`) and nothing below keeps one at module level, so two
 * services in one process share none.
 */
export interface AppDeps {
  readonly config: Config;
  /** The one door to games, credentials and hand-off codes (`src/authority`). */
  readonly authority: ServiceAuthority;
  readonly logger: Logger;
  readonly fanout: Fanout;
  /** Prometheus metrics of this app (`GET /metrics`). */
  readonly metrics: Metrics;
  /** The live event hub (closed after the server stops). */
  readonly hub: EventHub<GameEventOut>;
  /** The supervised embedded PostgreSQL's state (`/readyz`, `/healthz`); absent with `DATABASE_URL`. */
  readonly embedded?: { status(): EmbeddedStatus } | null | undefined;
}

/** What a resolver is handed: the authority, and who calls. */
export interface Context {
  readonly requestId: string;
  readonly authority: ServiceAuthority;
  readonly caller: Caller;
}

/** A graphql-ws operation's context: the connection's context and a way to close it. */
export interface SubscriptionContext extends Context {
  /** Closes this operation's connection (used for slow consumers). */
  closeConnection(code: ZkCloseCode): void;
}
