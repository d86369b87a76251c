/**
 * The authority as one object: `createAuthority(parts)` is built once per service by `app.ts` and
 * carried in every request's context (`server/context.ts`), so resolvers and the transport's routes
 * reach games, credentials and hand-off codes only through it. Every operation passes the door's
 * steps (`door.ts`: credential → standing → limits, then its own body) exactly once.
 */
import { adminOperations } from './admin-operations.js';
import { authenticate } from './credential.js';
import { gameOperations } from './game-operations.js';
import { handoffOperations } from './handoff.js';
import type { AuthorityParts } from './parts.js';
import { moveOperations } from './pipeline.js';

/** The authority of one service (see the file comment). */
export function createAuthority<E>(parts: AuthorityParts<E>) {
  return {
    /** The credential step's resolution: an `Authorization` value to its principal. */
    authenticate: (authorization: unknown) => authenticate(parts, authorization),
    /** Whether the database answers (`/readyz`). */
    databaseReady: () => parts.store.databaseReady(),
    ...moveOperations(parts),
    ...gameOperations(parts),
    ...adminOperations(parts),
    ...handoffOperations(parts),
  };
}

export type Authority<E = unknown> = ReturnType<typeof createAuthority<E>>;
