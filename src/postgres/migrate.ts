/**
 * Applies pending migrations (`prisma migrate deploy`'s work, src/postgres/schema-engine.ts) for the
 * service's start-up, from compiled JavaScript in a child process: the schema engine is a large
 * WebAssembly module, and what it allocates stays in the process that ran it. In a worker thread
 * (the earlier design) the thread's malloc arenas kept some 40 MiB of the process's RSS after the
 * thread ended; a process that exits gives all of it back.
 * Run from TypeScript source (tsx, tests), it runs in this thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What crosses the process boundary of an error: enough for `startupCause` and `isDatabaseUnavailable`. */
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
  const childFile = new URL('./migrate-child.js', import.meta.url);
  if (!import.meta.url.endsWith('.js') || !existsSync(fileURLToPath(childFile))) {
    const { applyMigrations } = await import('./schema-engine.js');
    return applyMigrations(databaseUrl);
  }
  return new Promise<string[]>((resolve, reject) => {
    // Errors go where this process's go; anything the child prints on stdout becomes a JSON log
    // line, so that every stdout line stays JSON. The heap flag (NODE_HEAP_MB) is inherited.
    const child = fork(fileURLToPath(childFile), [], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    if (child.stdout)
      createInterface({ input: child.stdout }).on('line', (line) =>
        process.stdout.write(
          `${JSON.stringify({ level: 30, time: Date.now(), service: 'zonekeeper', source: 'migrations', msg: line })}\n`,
        ),
      );
    let settled = false;
    child.once('message', (m: { applied?: string[]; error?: SerializedError }) => {
      settled = true;
      if (m.error) reject(deserializeError(m.error));
      else resolve(m.applied ?? []);
    });
    child.once('error', (err) => {
      settled = true;
      reject(err);
    });
    child.once('exit', (code, signal) => {
      if (!settled)
        reject(new Error(`The migration process exited (${signal ?? `code ${code}`}) before answering.`));
    });
    child.send({ databaseUrl });
  });
}
