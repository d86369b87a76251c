/**
 * No query path around the filter: no global `node(id)`, and every field that can return
 * a GameObject or a Card is reachable only through a Game, a MovePayload or a GameEvent, whose
 * resolvers redact for the caller. Checked on the live schema by introspection.
 */
import { getIntrospectionQuery, type IntrospectionQuery, type IntrospectionTypeRef } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, post } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let schema: IntrospectionQuery['__schema'];
beforeAll(async () => {
  server = await startTestServer();
  // Without `defaultValue`: graphql-js cannot print the JSON default `{}` of CardInput/TokenInput
  // `attributes` (astFromValue throws), which is reported separately; the paths are what matter here.
  const query = getIntrospectionQuery().replace(/^\s*defaultValue\s*$/m, '');
  const res = await post<IntrospectionQuery>(server, query, {});
  expect(res.errors).toBeUndefined();
  schema = res.data!.__schema;
});

/** Types whose resolvers redact everything beneath them for the caller. */
const REDACTED_BOUNDARIES = new Set(['Game', 'MovePayload', 'GameEvent']);
const SENSITIVE = new Set(['GameObject', 'Card', 'HistoryEntry']);

function named(ref: IntrospectionTypeRef): string {
  let r = ref;
  while (r.kind === 'NON_NULL' || r.kind === 'LIST') r = (r as { ofType: IntrospectionTypeRef }).ofType;
  return (r as { name: string }).name;
}

function fieldsOf(name: string): { name: string; type: string }[] {
  const t = schema.types.find((x) => x.name === name);
  if (!t || (t.kind !== 'OBJECT' && t.kind !== 'INTERFACE')) return [];
  return t.fields.map((f) => ({ name: f.name, type: named(f.type) }));
}

describe('schema: no path around the redaction', () => {
  it('has no node / nodes field on Query, and no Node interface', () => {
    const query = fieldsOf(schema.queryType.name).map((f) => f.name);
    expect(query).not.toContain('node');
    expect(query).not.toContain('nodes');
    expect(schema.types.map((t) => t.name)).not.toContain('Node');
  });

  it('reaches GameObject, Card and history only through Game, MovePayload or GameEvent', () => {
    const roots = [schema.queryType, schema.mutationType, schema.subscriptionType].flatMap((r) =>
      r ? [r.name] : [],
    );
    const leaks: string[] = [];
    for (const root of roots) {
      for (const field of fieldsOf(root)) {
        // Walk from the root field's type without entering a redacted boundary.
        const seen = new Set<string>();
        const stack: { type: string; path: string }[] = [{ type: field.type, path: `${root}.${field.name}` }];
        while (stack.length > 0) {
          const { type, path } = stack.pop()!;
          if (REDACTED_BOUNDARIES.has(type) || seen.has(type)) continue;
          seen.add(type);
          if (SENSITIVE.has(type)) {
            leaks.push(`${path}: ${type}`);
            continue;
          }
          for (const f of fieldsOf(type)) stack.push({ type: f.type, path: `${path}.${f.name}` });
        }
      }
    }
    expect(leaks).toEqual([]);
    // Not vacuous: through the boundaries, objects and cards are there.
    expect(fieldsOf('Zone').find((f) => f.name === 'objects')?.type).toBe('GameObject');
    expect(fieldsOf('GameObject').find((f) => f.name === 'card')?.type).toBe('Card');
    expect(fieldsOf('MovePayload').find((f) => f.name === 'objects')?.type).toBe('GameObject');
    expect(fieldsOf('ObjectChange').find((f) => f.name === 'object')?.type).toBe('GameObject');
  });

  it('has only the public game fields on Query (admin-only ones are named admin* or need the admin token)', async () => {
    const query = fieldsOf(schema.queryType.name).map((f) => f.name);
    // Any new Query field returning a Game must be reviewed for redaction: list them.
    const returningGame = fieldsOf(schema.queryType.name)
      .filter((f) => f.type === 'Game' || f.type === 'GameSnapshot')
      .map((f) => f.name)
      .sort();
    expect(returningGame).toEqual(['game', ...(query.includes('gameAt') ? ['gameAt'] : [])].sort());
    if (query.includes('gameAt')) {
      // gameAt rebuilds any viewer's view: only an admin may ask.
      const game = await createGame(server, 'mtg', [[{ name: 'Secret-Card-XYZ-S1', zone: 'hand' }], []]);
      const ask = `query($g: ID!) { gameAt(gameId: $g, seq: 1, as: { kind: ADMIN }) { game { zones { objects { card { name } } } } } }`;
      for (const token of [game.players[1]!.token, game.spectatorToken]) {
        const res = await post(server, ask, { g: game.gameId }, token);
        expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(res.text).not.toContain('Secret-Card-XYZ-S1');
      }
    }
  });
});
