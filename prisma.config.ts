import { defineConfig } from 'prisma/config';

/**
 * Prisma CLI configuration. The URL is only needed by CLI commands that talk to a database
 * (`prisma migrate deploy` where the native engine is available); generation works without it.
 */
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/zonekeeper' },
});
