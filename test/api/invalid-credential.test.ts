/**
 * One meaning for an invalid credential: every path answers UNAUTHENTICATED, never "anonymous" —
 * HTTP queries (public ones and `whoami` included), mutations (game moves, createGame, admin) and
 * graphql-ws (close 4401, which the client reports as a typed UNAUTHENTICATED error).
 */
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { createZonekeeperClient, ZonekeeperRequestError } from '../../client/index.js';
import { createGame, deck } from './helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
let gameId: string;
let zoneId: string;
let invalid: [string, string][];
beforeAll(async () => {
  s = await startTestServer();
  const created = await createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 3) },
    { name: 'Bob', deck: deck('Beta', 3) },
  ]);
  gameId = created.game.id;
  const view = await s.gql<{ game: { zones: { id: string }[] } }>(
    'query ($id: ID!) { game(id: $id) { zones { id } } }',
    { id: gameId },
    created.seats[0]!.token,
  );
  zoneId = view.data!.game.zones[0]!.id;
  const real = created.seats[0]!.token;
  // A mistyped real token, a made-up one in the token format, and garbage.
  invalid = [
    ['a mistyped seat token', real.slice(0, -1) + (real.endsWith('a') ? 'b' : 'a')],
    ['zkp_bogus.<game id>', `zkp_bogus.${gameId}`],
    ['garbage', 'garbage'],
  ];
}, 60_000);

const OPERATIONS: [string, () => string, () => Record<string, unknown>][] = [
  ['whoami', () => '{ whoami { kind } }', () => ({})],
  ['a public query (rulesets)', () => '{ rulesets { id } }', () => ({})],
  ['a game query', () => 'query ($id: ID!) { game(id: $id) { id } }', () => ({ id: gameId })],
  [
    'a move (mutation)',
    () => 'mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }',
    () => ({ input: { gameId, objectIds: ['x'], to: { zoneId } } }),
  ],
  [
    'createGame (mutation)',
    () => 'mutation ($input: CreateGameInput!) { createGame(input: $input) { refereeToken } }',
    () => ({
      input: {
        ruleset: 'mtg',
        players: [
          { name: 'A', deck: [] },
          { name: 'B', deck: [] },
        ],
      },
    }),
  ],
  ['an admin query', () => '{ adminGames(limit: 1) { __typename } }', () => ({})],
];

describe('every path answers an invalid credential with UNAUTHENTICATED', () => {
  it('HTTP: queries, whoami and mutations, for each kind of invalid credential', async () => {
    expect.assertions(invalid.length * OPERATIONS.length * 3);
    for (const [kind, token] of invalid)
      for (const [name, query, variables] of OPERATIONS) {
        const res = await s.gql(query(), variables(), token);
        const what = `${name} with ${kind}`;
        expect(res.data, what).toBeNull();
        expect(
          res.errors?.map((e) => e.extensions?.code),
          what,
        ).toEqual(['UNAUTHENTICATED']);
        expect(res.status, what).toBe(401);
      }
  });

  it('graphql-ws: the connection is closed with 4401; the client reports UNAUTHENTICATED', async () => {
    expect.assertions(invalid.length * 4);
    for (const [kind, token] of invalid) {
      const zk = createZonekeeperClient({
        url: s.url,
        token,
        webSocketImpl: WebSocket,
        retry: { attempts: 3 },
      });
      const viaHelper = await new Promise<unknown>((resolve) =>
        zk.subscribeGameEvents(gameId, { afterSeq: 0, onEvent: () => undefined, onError: resolve }),
      );
      const viaOwn = await new Promise<unknown>((resolve) =>
        zk.subscribe(
          'subscription ($g: ID!) { gameEvents(gameId: $g, afterSeq: 0) { seq } }',
          { g: gameId },
          { next: () => undefined, error: resolve },
        ),
      );
      await zk.dispose();
      for (const err of [viaHelper, viaOwn]) {
        expect(err, kind).toBeInstanceOf(ZonekeeperRequestError);
        expect(JSON.parse(JSON.stringify(err)), kind).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
  });
});
