/**
 * What a test file opened, closed after its last test. Vitest drops an `afterAll` registered once
 * the file's tests are collected (inside a `beforeAll`, a test or anything they call): its hooks are
 * fixed by then. A helper that opens something (a server, a database, a pool, a child process)
 * registers its close here instead; `file-resources.ts`, a setup file, runs every close after the
 * file's own hooks, last opened first. Test files share worker processes (`isolate: false`), so
 * whatever a file leaves open is still open in the next file.
 */
import { afterAll } from 'vitest';

type Close = () => unknown;

const closes: Close[] = [];
let collecting = true;

/**
 * Closes `close` after the current suite when called while the file is collected (its `describe`
 * bodies and top level), else after the file's last test.
 */
export function closeAfterFile(close: Close, timeoutMs = 60_000): void {
  if (collecting) afterAll(close, timeoutMs);
  else closes.push(close);
}

/** The file is being collected (the setup file runs first): closes follow `afterAll`. */
export function fileCollecting(): void {
  collecting = true;
}

/** The file's tests start: from now on a close waits for the file's end (`file-resources.ts`). */
export function fileStarted(): void {
  collecting = false;
}

/** Runs every close registered since the file's tests started, last first; throws what they threw. */
export async function closeAll(): Promise<void> {
  const errors: unknown[] = [];
  for (let close = closes.pop(); close; close = closes.pop()) {
    try {
      await close();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length) throw new AggregateError(errors, `${errors.length} closes failed`);
}
