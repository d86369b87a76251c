/**
 * Condition waits for tests: a test waits for what it needs to be true, never for a fixed time, so
 * it passes on a busy machine and fails with a message naming what never happened.
 */

/**
 * Polls `check` (sync or async) every `intervalMs` until it returns true, or throws after
 * `timeoutMs` naming `what` (a function is asked at the deadline, so it can say what was last seen).
 * Deadlines are generous: they bound a hang, they measure nothing.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  { timeoutMs = 30_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
