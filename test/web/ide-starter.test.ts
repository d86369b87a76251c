/**
 * The GraphQL IDE's starter operations (web/ide/starter.ts) are valid against the schema and do what
 * their comments say when a seat runs them at a Magic table: Tap taps a permanent, AddCounter puts a
 * +1/+1 counter on it, and Table reads both back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, print, validate, type OperationDefinitionNode } from 'graphql';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_QUERY } from '../../web/ide/starter.js';
import { createGame } from '../api/helpers.js';
import { ROOT } from '../support/process.js';
import { startTestServer, type TestServer } from '../support/server.js';

const document = parse(DEFAULT_QUERY);
const operations = document.definitions.filter(
  (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
);

/** One starter operation, as the IDE sends it when picked from the run button's menu. */
function operation(name: string): string {
  const found = operations.find((o) => o.name?.value === name);
  if (!found) throw new Error(`No starter operation ${name}`);
  return print({ kind: Kind.DOCUMENT, definitions: [found] });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

it('is valid against the schema, and includes a tap and a counter change', () => {
  const schema = buildSchema(readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8'));
  expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  expect(operations.map((o) => o.name?.value)).toEqual(['Rulesets', 'Table', 'Tap', 'AddCounter']);
  expect(operation('Tap')).toContain('setStatus(');
  expect(operation('AddCounter')).toContain('changeCounters(');
});

it('taps a permanent and puts a +1/+1 counter on it, as a seat', async () => {
  const created = await createGame(server, 'mtg', [
    { name: 'Alice', deck: [{ name: 'Grizzly Bears', types: ['Creature'], zone: 'battlefield' }] },
    { name: 'Bob', deck: [{ name: 'Island', types: ['Land'] }] },
  ]);
  const token = created.seats[0]!.token;
  const gameId = created.game.id;
  interface TableT {
    game: {
      zones: {
        type: string;
        objects: {
          id: string;
          card: { name: string } | null;
          statuses: { name: string; value: string }[];
          counters: { kind: string; amount: number }[];
        }[];
      }[];
    };
  }
  const table = async () => {
    const res = await server.gql<TableT>(operation('Table'), { gameId }, token);
    expect(res.errors).toBeUndefined();
    return res.data!.game.zones.find((z) => z.type === 'battlefield')!.objects[0]!;
  };
  const bears = await table();
  expect(bears).toMatchObject({ card: { name: 'Grizzly Bears' }, statuses: [], counters: [] });

  const tap = await server.gql(operation('Tap'), { gameId, objectId: bears.id }, token);
  expect(tap.errors).toBeUndefined();
  const add = await server.gql(operation('AddCounter'), { gameId, objectId: bears.id }, token);
  expect(add.errors).toBeUndefined();
  expect(await table()).toMatchObject({
    id: bears.id,
    statuses: [{ name: 'tapped', value: 'tapped' }],
    counters: [{ kind: '+1/+1', amount: 1 }],
  });

  const rulesets = await server.gql<{ rulesets: { id: string; statuses: { name: string }[] }[] }>(
    operation('Rulesets'),
  );
  expect(rulesets.data!.rulesets.find((r) => r.id === 'mtg')!.statuses.map((s) => s.name)).toContain(
    'tapped',
  );
});
