import { describe, expect, it } from 'vitest';
import { diffMigrationsToSchema } from '../../src/postgres/schema-engine.js';
import { useTestDatabase } from '../support/db.js';

const db = await useTestDatabase();

describe('migrations', () => {
  it('match schema.prisma: no drift between the model and prisma/migrations', async () => {
    const sql = await diffMigrationsToSchema(db.url);
    expect(sql.replace(/^-- This is an empty migration\.?/m, '').trim()).toBe('');
  });
});
