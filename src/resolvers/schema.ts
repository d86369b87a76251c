/**
 * The executable schema: every SDL file in `src/schema`, with the resolvers of `src/resolvers`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './index.js';

const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../schema');

export function loadTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(path.join(SCHEMA_DIR, f), 'utf8'));
}

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: loadTypeDefs(), resolvers });
}
