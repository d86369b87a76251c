/**
 * Prisma's own schema engine, compiled to WASM, driven through `@prisma/adapter-pg`.
 *
 * The `prisma` CLI needs a native schema engine that cannot be downloaded on machines without
 * internet access. The WASM build does the same work: `applyMigrations` is what
 * `prisma migrate deploy` runs, and `diff` is what `prisma migrate diff` runs. The migrations folder
 * stays in Prisma's own format, so the ordinary CLI works on it wherever it is available.
 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCHEMA_PATH = path.join(root, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = path.join(root, 'prisma/migrations');
const FILTERS = { externalTables: [], externalEnums: [] };

let wasmReady: Promise<void> | undefined;

/** The engine reports Rust panics through this global; keep the last message for the error we throw. */
let lastPanic: string | null = null;
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message: (message: string) => {
    lastPanic = message;
  },
};

/** Instantiates the WASM module once per process (Node 20 cannot `import` a `.wasm` file). */
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const wasmPath = path.join(
      path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
      'schema_engine_bg.wasm',
    );
    const module = await WebAssembly.compile(await readFile(wasmPath));
    const instance = await WebAssembly.instantiate(module, { './schema_engine_bg.js': bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return wasmReady;
}

/**
 * Runs `fn` with a throw-away empty database on the same server, for the engine's shadow database.
 * (PrismaPg's default shadow connection is the main database itself, where migrations already ran.)
 */
async function withShadowDatabase<T>(
  connectionString: string,
  fn: (shadowUrl: string) => Promise<T>,
): Promise<T> {
  const name = `zk_shadow_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  // A connection the server drops fails the statement in flight; unheard, its 'error' would end the process.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(connectionString);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
let charPatched = false;

/**
 * Schema introspection selects columns of PostgreSQL's internal `"char"` type, which
 * `@prisma/adapter-pg` 7.10 cannot map and rejects. Its values arrive as strings, so reporting the
 * column as `text` is exact. Patched on the shared query class, once, and only in this module's
 * process (the migration runner); the application's queries never select `"char"` columns.
 */
async function patchCharColumns(factory: PrismaPg): Promise<void> {
  if (charPatched) return;
  const adapter = await factory.connect();
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as {
    performIO: (query: unknown) => Promise<{ fields: { dataTypeID: number }[] }>;
  };
  const performIO = queryable.performIO;
  queryable.performIO = async function (this: unknown, query: unknown) {
    const result = await performIO.call(this, query);
    for (const field of result.fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
  charPatched = true;
  await adapter.dispose();
}

/** The part of a connected `PrismaPg` adapter that runs migration scripts. */
interface ScriptRunner {
  executeScript(script: string): Promise<void>;
  onError(error: unknown): never;
}

/**
 * `@prisma/adapter-pg` 7.10 runs a migration script by splitting it at every `;`, which breaks a
 * statement that holds one (a function body, a string). The native engine sends the script whole,
 * and so does this: one simple-protocol query, which PostgreSQL runs as one implicit transaction.
 */
function sendScriptsWhole(factory: PrismaPg, pool: pg.Pool): void {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const runner = adapter as unknown as ScriptRunner;
    runner.executeScript = async (script: string) => {
      await pool.query(script).catch((err: unknown) => runner.onError(err));
    };
    return adapter;
  };
}

async function withEngine<T>(
  connectionString: string,
  shadowUrl: string | null,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const schema = await readFile(SCHEMA_PATH, 'utf8');
  // Own the pools so that every connection is closed when the engine is done with them.
  const pool = new pg.Pool({ connectionString, max: 2 });
  const shadowPool = shadowUrl ? new pg.Pool({ connectionString: shadowUrl, max: 2 }) : null;
  // The shadow database is dropped with FORCE afterwards; a client the engine never released then
  // sees its connection terminated, which is expected and must not crash the process.
  // A checked-out client's 'error' (the server dropping it mid-migration) is heard on the client, not
  // the pool: the statement in flight fails and the migration with it, but the process lives on.
  for (const p of [pool, shadowPool]) {
    p?.on('error', () => undefined);
    p?.on('connect', (client) => client.on('error', () => undefined));
  }
  const factory = new PrismaPg(pool);
  await patchCharColumns(factory);
  sendScriptsWhole(factory, pool);
  if (shadowPool) {
    const shadow = new PrismaPg(shadowPool);
    sendScriptsWhole(shadow, shadowPool);
    factory.connectToShadowDb = () => shadow.connect();
  }
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = (await bg.SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    () => undefined,
    adapter,
  )) as SchemaEngine;
  try {
    return await fn(engine);
  } catch (err) {
    if (lastPanic) throw new Error(`schema engine panicked: ${lastPanic}`, { cause: err });
    throw err;
  } finally {
    lastPanic = null;
    engine.free();
    await pool.end();
    await shadowPool?.end();
  }
}

/** Reads `prisma/migrations` the way the Prisma CLI does. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = (await readdir(dir).catch(() => [] as string[])).sort();
  const migrationDirectories = [];
  for (const name of entries) {
    const full = path.join(dir, name);
    if (!(await stat(full)).isDirectory()) continue;
    const content = await readFile(path.join(full, 'migration.sql'), 'utf8');
    migrationDirectories.push({
      path: name,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: content } },
    });
  }
  const lockPath = path.join(dir, 'migration_lock.toml');
  const lockContent = await readFile(lockPath, 'utf8').catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/**
 * Applies every pending migration, recording them in `_prisma_migrations` (as `prisma migrate deploy`).
 * `dir`: another migrations folder (tests build a database as an earlier release left it).
 */
export async function applyMigrations(connectionString: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrationsList = await readMigrations(dir);
  return withEngine(connectionString, null, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList, filters: FILTERS });
    return out.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database built from the committed migrations to `schema.prisma`.
 * Empty when they agree: a non-empty result means the schema and migrations have drifted.
 */
export async function diffMigrationsToSchema(connectionString: string): Promise<string> {
  const migrationsList = await readMigrations();
  const schema = await readFile(SCHEMA_PATH, 'utf8');
  return withShadowDatabase(connectionString, (shadowUrl) =>
    withEngine(connectionString, shadowUrl, async (engine) => {
      const result = await engine.diff({
        from: migrationsList.migrationDirectories.length
          ? { tag: 'migrations', ...migrationsList }
          : { tag: 'empty' },
        to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
        script: true,
        exitCode: null,
        filters: FILTERS,
      });
      return (result.stdout ?? '').trim();
    }),
  );
}
