/**
 * The data layer's refusals. `src/db` stores and reads; when it cannot (no such game, a used
 * idempotency key, a ruleset version it cannot find, a queue or a retry budget spent) it throws a
 * {@link DbError} naming what happened, and the authority maps each kind to a public code in one
 * place (`src/authority/db-errors.ts`). Nothing here is shown to a client as it is.
 */

/** What went wrong, with what the authority needs to say so. */
export type DbErrorDetail =
  /** No game with that id (or a malformed id). */
  | { readonly kind: 'GAME_NOT_FOUND' }
  /** More moves of one game are waiting in this process than the queue holds. */
  | { readonly kind: 'QUEUE_FULL'; readonly limit: number }
  /** Retryable failures (serialization, deadlock) outlasted the retry budget. */
  | { readonly kind: 'BUSY' }
  /** An idempotency key already recorded for a different request. */
  | { readonly kind: 'IDEMPOTENCY_MISMATCH' }
  /** An idempotency key too short or too long to store. */
  | { readonly kind: 'IDEMPOTENCY_KEY_LENGTH'; readonly max: number }
  /**
   * A page of the game's log lost a row between the page's two statements (its payload kept by the
   * service and then its row gone): the game was removed by hand while it was read.
   */
  | { readonly kind: 'LOG_CHANGED_WHILE_READ'; readonly seq: number }
  /** The game's clock ran out before the change could commit; its expiry is being recorded. */
  | { readonly kind: 'CLOCK_RAN_OUT' }
  /** A game's ruleset version neither loaded nor stored. */
  | {
      readonly kind: 'RULESET_VERSION_UNAVAILABLE';
      readonly ruleset: string;
      readonly version: string | null;
    };

export type DbErrorKind = DbErrorDetail['kind'];

export class DbError extends Error {
  readonly detail: DbErrorDetail;
  constructor(detail: DbErrorDetail) {
    super(`data layer: ${detail.kind}`);
    this.name = 'DbError';
    this.detail = detail;
  }
  get kind(): DbErrorKind {
    return this.detail.kind;
  }
}

export const dbError = (detail: DbErrorDetail) => new DbError(detail);
