/**
 * The migrations: the model and `prisma/migrations` agree, and the guide's three commands do what
 * it says, run as written against a database of their own (`DATABASE_URL`): apply, check, and
 * (in a copy of the checkout, whose schema.prisma gains a model) fail on drift and write the next
 * migration.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { diffMigrationsToSchema } from '../../src/postgres/schema-engine.js';
import { closeAfterFile } from '../support/after-file.js';
import { useTestDatabase } from '../support/db.js';
import { withDatabase } from '../support/global-setup.js';
import { ROOT, runCommand } from '../support/process.js';
import { docExample } from '../support/doc-example.js';
import { copyOfCheckout, shellCommands } from '../support/doc-run.js';

const db = await useTestDatabase();

describe('migrations', () => {
  it('match schema.prisma: no drift between the model and prisma/migrations', async () => {
    const sql = await diffMigrationsToSchema(db.url);
    expect(sql.replace(/^-- This is an empty migration\.?/m, '').trim()).toBe('');
  });

  it("the guide's commands apply, check, and write the next migration from schema.prisma", async () => {
    // An empty database of its own: the commands apply every migration to it.
    const name = `${db.name}_empty`;
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    closeAfterFile(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = withDatabase(inject('adminDatabaseUrl'), name);

    const commands = shellCommands(docExample('migrations')).map((c) => {
      expect(c.env).toEqual({});
      return c.words;
    });
    const [migrate, create, check] = commands;
    expect(commands.map((w) => w.slice(0, 3).join(' '))).toEqual([
      'npm run db:migrate',
      'npm run db:migrate:create',
      'npm run db:migrate:check',
    ]);
    const run = async (words: string[], cwd = ROOT) => {
      const done = await runCommand(words[0]!, words.slice(1), {
        env: { ...process.env, DATABASE_URL: url },
        killAfterMs: 120_000,
        cwd,
      });
      return { code: done.code, out: done.stdout + done.stderr };
    };

    const migrations = readdirSync(path.join(ROOT, 'prisma/migrations')).filter((f) => /^\d/.test(f));
    const applied = await run(migrate!);
    expect(applied.code, applied.out).toBe(0);
    expect(applied.out).toContain(`Applied: ${migrations.join(', ')}`);
    expect((await run(migrate!)).out).toContain('No pending migrations.');
    const clean = await run(check!);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toContain('schema.prisma matches the migrations.');

    // A model added to schema.prisma (in a copy): the check fails, create writes its migration,
    // after which the check passes and the migration applies.
    const copy = copyOfCheckout(['package.json', 'tsconfig.json', 'scripts', 'src', 'prisma']);
    const schema = path.join(copy, 'prisma/schema.prisma');
    writeFileSync(
      schema,
      `${readFileSync(schema, 'utf8')}\nmodel ReadmeThing {\n  id Int @id\n\n  @@map("readme_thing")\n}\n`,
    );
    const drift = await run(check!, copy);
    expect(drift.code, drift.out).toBe(1);
    expect(drift.out).toContain('CREATE TABLE "readme_thing"');
    const created = await run(create!, copy);
    expect(created.code, created.out).toBe(0);
    const label = create!.at(-1)!;
    const written = readdirSync(path.join(copy, 'prisma/migrations')).filter((f) => f.endsWith(`_${label}`));
    expect(written).toHaveLength(1);
    expect(
      readFileSync(path.join(copy, 'prisma/migrations', written[0]!, 'migration.sql'), 'utf8'),
    ).toContain('CREATE TABLE "readme_thing"');
    expect((await run(check!, copy)).code).toBe(0);
    expect((await run(migrate!, copy)).out).toContain(`Applied: ${written[0]}`);
  }, 300_000);
});
