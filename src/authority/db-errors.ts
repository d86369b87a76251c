/**
 * The one map from the data layer's refusals (`src/db/errors.ts`) to public error codes. Every
 * operation of the door (`index.ts`) passes its failures through {@link publicError}, so a
 * {@link DbError} never reaches a client as it is; a new kind fails to compile until it is mapped.
 */
import { DbError, type DbErrorDetail } from '../db/index.js';
import { badInput, ErrorCode, invalidMove, notFound, ZonekeeperError } from '../errors.js';
import { assertNever } from '../rules/index.js';

/** The public error for a data-layer refusal. */
export function publicErrorOf(detail: DbErrorDetail): ZonekeeperError {
  switch (detail.kind) {
    case 'GAME_NOT_FOUND':
      return notFound('Game');
    case 'QUEUE_FULL':
      return new ZonekeeperError(
        ErrorCode.RATE_LIMITED,
        `More than ${detail.limit} moves are waiting for this game; retry shortly.`,
      );
    case 'BUSY':
      return new ZonekeeperError(ErrorCode.STALE_STATE, 'The game was busy; reload and try again.');
    case 'IDEMPOTENCY_MISMATCH':
      return new ZonekeeperError(
        ErrorCode.IDEMPOTENCY_CONFLICT,
        'This idempotency key was already used for a different request.',
      );
    case 'IDEMPOTENCY_KEY_LENGTH':
      return badInput(`Field idempotencyKey must be 1 to ${detail.max} characters.`, 'idempotencyKey');
    case 'LOG_CHANGED_WHILE_READ':
      return new ZonekeeperError(
        ErrorCode.STALE_STATE,
        "The game's history changed while it was read; read it again.",
      );
    case 'CLOCK_RAN_OUT':
      return invalidMove({
        code: 'CLOCK_RAN_OUT',
        rule: 'clock',
        message: 'The clock ran out before this change could commit; its expiry is being recorded.',
      });
    case 'RULESET_VERSION_UNAVAILABLE':
      return new ZonekeeperError(
        ErrorCode.RULESET_VERSION_UNAVAILABLE,
        `This game plays ruleset ${detail.ruleset} version ${detail.version ?? '(none)'}, which is neither ` +
          'loaded nor stored: load that version of the ruleset file again (RULESETS_DIR).',
        { ruleset: detail.ruleset, rulesetVersion: detail.version },
      );
    default:
      return assertNever(detail);
  }
}

/** `err` as a client may see it: a data-layer refusal mapped, anything else as it is. */
export function publicError(err: unknown): unknown {
  return err instanceof DbError ? publicErrorOf(err.detail) : err;
}

/**
 * `fn` with its failures (thrown, or a rejected promise) passed through {@link publicError}: how
 * every operation leaves the door.
 */
export function atTheDoor<F extends (...args: never[]) => unknown>(fn: F): F {
  const rethrow = (err: unknown): never => {
    throw publicError(err);
  };
  return ((...args: Parameters<F>) => {
    try {
      const out = fn(...args);
      return out instanceof Promise ? out.catch(rethrow) : out;
    } catch (err) {
      return rethrow(err);
    }
  }) as F;
}
