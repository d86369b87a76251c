/**
 * The one place that tells other processes a game's log grew: every commit (moves, creation,
 * import, lifecycle changes) is announced through {@link publish}.
 */
import type { EventNotice, Fanout } from '../events/fanout.js';
import type { Logger } from '../logger.js';

/**
 * Announces `(gameId, seq)` on the fanout. A move committed with the fanout's NOTIFY channel was
 * announced by its commit statement itself (`notifiedByCommit`), so it is not announced twice.
 * A lost notice costs latency, never data (subscribers also poll the log): it never fails a commit.
 */
export async function publish(
  deps: { readonly fanout: Fanout; readonly logger: Logger },
  notice: EventNotice,
  opts: { readonly notifiedByCommit?: boolean } = {},
): Promise<void> {
  if (opts.notifiedByCommit && deps.fanout.commitChannel) return;
  await deps.fanout.publish(notice).catch((err: unknown) => {
    deps.logger.warn({ err, gameId: notice.gameId }, 'fanout publish failed');
  });
}
