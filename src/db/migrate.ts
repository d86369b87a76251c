/**
 * Applies pending migrations (`prisma migrate deploy`'s work, src/db/schema-engine.ts) for the
 * service's start-up, from compiled JavaScript in a worker thread: the schema engine is a large
 * WebAssembly module, and a thread's memory goes back to the system when the thread ends, so the
 * serving process does not carry the engine for the rest of its life (tens of MiB of RSS).
 * Run from TypeScript source (tsx, tests), it runs in this thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What crosses the thread boundary of an error: enough for `startupCause` and `isDatabaseUnavailable`. */
export interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly props: Record<string, string | number>;
  readonly cause?: SerializedError | undefined;
  readonly errors?: SerializedError[] | undefined;
}

const KEPT = ['code', 'kind', 'errno', 'syscall', 'address', 'port'] as const;

export function serializeError(err: unknown, depth = 0): SerializedError {
  const e = (err ?? {}) as Record<string, unknown>;
  const props: Record<string, string | number> = {};
  for (const k of KEPT) if (typeof e[k] === 'string' || typeof e[k] === 'number') props[k] = e[k];
  return {
    name: err instanceof Error ? err.name : 'Error',
    message: err instanceof Error ? err.message : String(err),
    props,
    cause: depth < 5 && e['cause'] !== undefined ? serializeError(e['cause'], depth + 1) : undefined,
    errors:
      depth < 5 && Array.isArray(e['errors'])
        ? e['errors'].map((x) => serializeError(x, depth + 1))
        : undefined,
  };
}

function deserializeError(s: SerializedError): Error {
  const err = Object.assign(
    new Error(s.message, s.cause ? { cause: deserializeError(s.cause) } : undefined),
    s.props,
    s.errors ? { errors: s.errors.map(deserializeError) } : {},
  );
  err.name = s.name;
  return err;
}

export async function applyMigrationsAtStart(databaseUrl: string): Promise<string[]> {
  const workerFile = new URL('./migrate-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.js') || !existsSync(fileURLToPath(workerFile))) {
    const { applyMigrations } = await import('./schema-engine.js');
    return applyMigrations(databaseUrl);
  }
  return new Promise<string[]>((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { databaseUrl } });
    let settled = false;
    worker.once('message', (m: { applied?: string[]; error?: SerializedError }) => {
      settled = true;
      if (m.error) reject(deserializeError(m.error));
      else resolve(m.applied ?? []);
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The migration thread exited with code ${code} before answering.`));
    });
  });
}
