/**
 * Response size is bounded whatever the game size (MAX_RESPONSE_ITEMS, src/server/response-budget.ts),
 * proven on a game of 8 players × 1,000 cards: the full view answers; nesting a zone's objects
 * inside its objects (quadratic in the game size) is refused with RESPONSE_TOO_LARGE, quickly and
 * with a small body, over HTTP and over graphql-ws, and each subscription event has its own budget.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { CREATE_GAME, GAME_QUERY, type GameJson } from '../support/game-api.js';

const PLAYERS = 8;
const CARDS = 1000;

let s: TestServer;
let gameId: string;
let token: string;
let playerId: string;

const QUADRATIC = `query Q($id: ID!) { game(id: $id) { zones { objects { zone { objects { id } } } } } }`;

/** Times one POST and keeps the raw body's size. */
async function timed(query: string, variables: Record<string, unknown>, auth?: string) {
  const started = performance.now();
  const res = await fetch(s.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  return {
    ms,
    bytes: Buffer.byteLength(text),
    body: JSON.parse(text) as {
      data: unknown;
      errors?: { message: string; extensions: Record<string, unknown> }[];
    },
  };
}

beforeAll(async () => {
  s = await startTestServer();
  const players = Array.from({ length: PLAYERS }, (_, p) => ({
    name: `P${p}`,
    deck: Array.from({ length: CARDS }, (_, c) => ({ name: `c${c}` })),
  }));
  // Creating 8,000 cards takes about 20 s here (longer than `post`'s 15 s timeout), and may exceed
  // the creation transaction's time limit when the machine is saturated: one more attempt then.
  type Created = { createGame: { game: { id: string }; seats: { player: { id: string }; token: string }[] } };
  let res = (await timed(CREATE_GAME, { input: { ruleset: 'mtg', players } })).body as {
    data: Created | null;
  };
  if (!res.data) res = (await timed(CREATE_GAME, { input: { ruleset: 'mtg', players } })).body as typeof res;
  if (!res.data) throw new Error(`createGame failed: ${JSON.stringify(res)}`);
  gameId = res.data.createGame.game.id;
  token = res.data.createGame.seats[0]!.token;
  playerId = res.data.createGame.seats[0]!.player.id;
}, 300_000);

describe('response size on a game of 8 × 1,000 cards', () => {
  it('answers the full view of every object', async () => {
    const full = await timed(GAME_QUERY, { id: gameId }, token);
    expect(full.body.errors).toBeUndefined();
    const game = (full.body.data as { game: GameJson }).game;
    expect(game.zones.reduce((n, z) => n + z.objects.length, 0)).toBe(PLAYERS * CARDS);
    console.info(`full view: ${(full.bytes / 1e6).toFixed(1)} MB in ${Math.round(full.ms)} ms`);
  });

  it('refuses the quadratic nesting with RESPONSE_TOO_LARGE: one error, no data, small and fast', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const r = await timed(QUADRATIC, { id: gameId }, token);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(r.body.data).toBeNull();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors![0]!.extensions['code']).toBe('RESPONSE_TOO_LARGE');
    expect(r.body.errors![0]!.extensions['maxItems']).toBe(50_000);
    expect(r.body.errors![0]!.message).toMatch(/Ask for less/);
    // Unbounded, this answer would hold 8 × 1,000 × 1,000 ids (gigabytes).
    expect(r.bytes).toBeLessThan(2_000);
    expect(r.ms).toBeLessThan(10_000);
    expect(heapGrowth).toBeLessThan(300e6);
    console.info(
      `quadratic: refused in ${Math.round(r.ms)} ms, ${r.bytes} bytes, heap +${Math.round(heapGrowth / 1e6)} MB`,
    );
  });

  it('refuses the quadratic nesting over graphql-ws too', async () => {
    const client = createClient({
      url: s.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<{
        data?: unknown;
        errors?: readonly { extensions?: Record<string, unknown> }[];
      }>((resolve, reject) =>
        client.subscribe(
          { query: QUADRATIC, variables: { id: gameId } },
          { next: resolve, error: reject, complete: () => undefined },
        ),
      );
      expect(result.data).toBeNull();
      expect(result.errors?.map((e) => e.extensions?.['code'])).toEqual(['RESPONSE_TOO_LARGE']);
    } finally {
      await client.dispose();
    }
  });

  it('over graphql-ws, each subscription event has its own budget', async () => {
    const client = createClient({
      url: s.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const results: { data?: unknown; errors?: readonly { extensions?: Record<string, unknown> }[] }[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out with ${JSON.stringify(results)}`)),
          30_000,
        );
        client.subscribe(
          {
            query: `subscription S($id: ID!) { gameEvents(gameId: $id, afterSeq: 0) { seq changes { object { zone { objects { id } } } } } }`,
            variables: { id: gameId },
          },
          {
            next: (r) => {
              results.push(r);
              if (results.length === 1) void draw();
              if (results.length === 2) {
                clearTimeout(timer);
                resolve();
              }
            },
            error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
            complete: () => undefined,
          },
        );
      });
    } finally {
      await client.dispose();
    }
    // GAME_CREATED: 8,000 changes, each nesting its zone's 1,000 objects: refused.
    expect(results[0]!.data).toBeNull();
    expect(results[0]!.errors?.map((e) => e.extensions?.['code'])).toEqual(['RESPONSE_TOO_LARGE']);
    // The draw that follows is small, and is answered in full.
    expect(results[1]!.errors).toBeUndefined();
    const event = (results[1]!.data as { gameEvents: { seq: number; changes: unknown[] } }).gameEvents;
    expect(event.seq).toBe(2);
    expect(event.changes.length).toBeGreaterThan(0);
  });
});

async function draw(): Promise<void> {
  const game = (
    await timed(
      `query Z($id: ID!) { game(id: $id) { zones { id type owner { id } } } }`,
      { id: gameId },
      token,
    )
  ).body.data as { game: { zones: { id: string; type: string; owner: { id: string } | null }[] } };
  const library = game.game.zones.find((z) => z.type === 'library' && z.owner?.id === playerId)!;
  const r = await timed(
    `mutation M($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`,
    {
      input: {
        gameId,
        select: { zoneId: library.id, from: 'TOP', count: 1 },
        to: { type: 'hand', ownerId: playerId },
      },
    },
    token,
  );
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
}
