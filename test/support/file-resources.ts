/**
 * Every test file releases what it opened (vitest `setupFiles`). Files share worker processes
 * (`isolate: false` in vitest.config.ts): a socket, server, child process or timer a file leaves
 * behind lives on in the next file, and database connections left open exhaust the server's
 * `max_connections` a few files later. After the file's own hooks this closes what helpers
 * registered with `closeAfterFile`, then fails the file, naming what is still open, when it holds
 * more sockets, servers or child processes than before it started.
 */
import { afterAll, beforeAll } from 'vitest';
import { closeAll, fileCollecting, fileStarted } from './after-file.js';

function resources(): Record<string, number> {
  const m: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) m[r] = (m[r] ?? 0) + 1;
  return m;
}

fileCollecting();
const before = resources();

beforeAll(() => {
  fileStarted();
});

afterAll(async () => {
  await closeAll();
  const deadline = Date.now() + 10_000;
  // A socket the other end closes, or a child's pipes, go away a moment after the close resolves.
  let left = leftOpen();
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = leftOpen();
  }
  if (left.length) {
    throw new Error(
      `this file left open what it opened (close it in afterAll, or register it with closeAfterFile): ${left.join(', ')}`,
    );
  }
}, 120_000);

/** Resources the file holds beyond those held before it ran, as `type +n`. */
function leftOpen(): string[] {
  const now = resources();
  return Object.entries(now)
    .filter(([type, n]) => n > (before[type] ?? 0))
    .map(([type, n]) => `${type} +${n - (before[type] ?? 0)}`);
}
