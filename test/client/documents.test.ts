/**
 * The shared documents of test/support/documents.ts are valid against the schema, the benchmarks'
 * included: `npm run bench` is not part of CI, so a schema change that breaks a bench query fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { expect, it } from 'vitest';
import * as documents from '../support/documents.js';
import { ROOT } from '../support/process.js';

const schema = buildSchema(readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8'));
/** Parts of documents, not documents: spliced into the others. */
const PARTS = new Set(['OBJECT_FRAGMENT', 'EVENT_FRAGMENT', 'PAYLOAD_SELECTION']);
const named = Object.entries(documents).filter(
  (e): e is [string, string] => typeof e[1] === 'string' && !PARTS.has(e[0]),
);

it.each(named)('%s is valid against the schema', (_, text) => {
  expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
});

it('moveDocument builds a valid mutation, with the full payload or a lean selection', () => {
  for (const text of [
    documents.moveDocument('turnFace', 'TurnFaceInput'),
    documents.moveDocument('moveObjects', 'MoveObjectsInput', { name: 'Lean', selection: 'version' }),
  ])
    expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
  expect(named.length).toBeGreaterThan(10);
});
