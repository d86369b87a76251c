/**
 * The one place that tells other processes a game's log grew: every commit (moves, creation,
 * import, lifecycle changes) is announced through {@link publish}.
 */
import type { EventNotice, Fanout } from '../events/fanout.js';
import type { Logger } from '../logger.js';

/**
 * Announces `(gameId, seq)` on the fanout, after the commit that wrote it returned: nothing is
 * announced inside a transaction. A lost notice (a failed publish, or an instance killed between
 * the commit and this call) costs latency, never data: every hub polls the log of the games it
 * serves (`EVENT_POLL_MS`). So it never fails a commit, and a caller need not wait for it.
 */
export async function publish(
  deps: { readonly fanout: Fanout; readonly logger: Logger },
  notice: EventNotice,
): Promise<void> {
  await deps.fanout.publish(notice).catch((err: unknown) => {
    deps.logger.warn({ err, gameId: notice.gameId }, 'fanout publish failed');
  });
}
