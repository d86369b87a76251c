/**
 * The plain executor (src/server/plain-execute.ts) answers exactly what graphql-js answers: the same
 * documents, the same game, each viewer class (each seat, the spectators, the referee), run both
 * ways in one process and compared value for value; operations it must not answer (errors,
 * introspection, mutations) are left to graphql-js.
 */
import type { OperationDefinitionNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../src/server/context.js';
import { graphqlCjs } from '../../src/server/graphql-cjs.js';
import { plainExecute } from '../../src/server/plain-execute.js';
import { buildSchema } from '../../src/resolvers/schema.js';
import { BENCH_TABLE_VIEW, GAME_QUERY } from '../support/documents.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createGame, deck, type Created } from './helpers.js';

let s: TestServer;
let game: Created;
const schema = buildSchema();
// The copy of graphql-js the service runs (src/server/graphql-cjs.ts).
const { execute, parse } = graphqlCjs;

beforeAll(async () => {
  s = await startTestServer();
  game = await createGame(s, 'mtg', [
    { name: 'A', deck: deck('A', 12) },
    { name: 'B', deck: deck('B', 12) },
  ]);
});

async function contextFor(token: string): Promise<Context> {
  const authority = s.app.service.authority;
  const { principal, badCredential } = await authority.authenticate(`Bearer ${token}`);
  return {
    requestId: 'plain-execute-test',
    authority,
    caller: { clientIp: '127.0.0.1', holdSlot: () => false, principal, badCredential },
  };
}

const parsed = new Map<string, ReturnType<typeof parse>>();

/** Both executors on one document: graphql-js's whole result, and the plain executor's data or null. */
async function both(source: string, variables: Record<string, unknown>, token: string) {
  // One parsed document per text, as Apollo's document store keeps it (plans are kept per document).
  const document = parsed.get(source) ?? parse(source);
  parsed.set(source, document);
  const operation = document.definitions.find(
    (d) => d.kind === 'OperationDefinition',
  ) as OperationDefinitionNode;
  const reference = await execute({
    schema,
    document,
    variableValues: variables,
    contextValue: await contextFor(token),
  });
  const plain = await plainExecute({
    schema,
    document,
    operation,
    variables,
    context: await contextFor(token),
  });
  return { reference: JSON.parse(JSON.stringify(reference)) as { data?: unknown; errors?: unknown }, plain };
}

const ALIASED = `query A($id: ID!, $withCards: Boolean!) {
  g: game(id: $id) { __typename id ...Z v: version players { seat id name } }
}
fragment Z on Game { zones { __typename id type count objects { i: id ... on GameObject { position faceUp }
  card @include(if: $withCards) { name types } owner { id } } } }`;

describe('plain execution', () => {
  const tokens = () => ({
    seat0: game.seats[0]!.token,
    seat1: game.seats[1]!.token,
    spectator: game.spectatorToken,
    referee: game.refereeToken,
  });

  it('answers the game view exactly as graphql-js does, for each viewer class', async () => {
    for (const [who, token] of Object.entries(tokens())) {
      for (const doc of [GAME_QUERY, BENCH_TABLE_VIEW]) {
        const { reference, plain } = await both(doc, { id: game.game.id }, token);
        expect(reference.errors, who).toBeUndefined();
        expect(plain, who).not.toBeNull();
        expect(JSON.stringify({ data: plain }), who).toBe(JSON.stringify(reference));
      }
    }
  });

  it('keeps aliases, fragments, __typename and @include as graphql-js does', async () => {
    for (const withCards of [true, false]) {
      const { reference, plain } = await both(ALIASED, { id: game.game.id, withCards }, tokens().seat0);
      expect(reference.errors).toBeUndefined();
      expect(JSON.stringify({ data: plain })).toBe(JSON.stringify(reference));
    }
  });

  it('leaves errors, introspection and mutations to graphql-js', async () => {
    const unknownGame = await both(
      GAME_QUERY,
      { id: '00000000-0000-4000-8000-000000000000' },
      tokens().seat0,
    );
    expect(unknownGame.reference.errors).toBeDefined();
    expect(unknownGame.plain).toBeNull();
    const badVariable = await both(GAME_QUERY, { id: 17.5 }, tokens().seat0);
    expect(badVariable.plain).toBeNull();
    expect((await both('{ __schema { queryType { name } } }', {}, tokens().seat0)).plain).toBeNull();
    const mutation = parse(
      'mutation M($input: AdvanceTurnInput!) { advanceTurn(input: $input) { __typename } }',
    );
    const operation = mutation.definitions[0] as OperationDefinitionNode;
    const variables = { input: { gameId: game.game.id } };
    const context = await contextFor(tokens().seat0);
    expect(await plainExecute({ schema, document: mutation, operation, variables, context })).toBeNull();
  });
});
