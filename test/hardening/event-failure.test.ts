/**
 * A stored event the service cannot map (planted directly in the database, as a crafted import
 * could once write) ends a subscription with a typed error, whether the subscription replays it
 * from the log or receives it live: never a stream left waiting with no `next`, `error` or
 * `complete`. The deadlines are generous; an unfixed hub never settles at all.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, type CreatedGame, NO_SEAT_ENTROPY } from '../support/game-api.js';
import { decksFor } from '../leak/moves.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { wsClient, type WsClient } from '../events/ws-client.js';
import { eventually } from '../events/log-rows.js';

let server: TestServer;
let db: pg.Client;
const clients: WsClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await db?.end();
});

/** Appends, as seq 2, an event whose only transition has an `afterContext` of `{}`. */
async function plantBadEvent(game: CreatedGame): Promise<void> {
  const zone = (
    await db.query<{ id: string }>('SELECT id FROM zone WHERE game_id = $1 LIMIT 1', [game.gameId])
  ).rows[0]!;
  const owner = game.players[0]!.id;
  const after = {
    key: '00000000-0000-4000-8000-0000000000a1',
    publicId: '00000000-0000-4000-8000-0000000000a2',
    kind: 'card',
    ownerId: owner,
    controllerId: owner,
    zoneId: zone.id,
    sortKey: 1,
    faceUp: true,
    revealedTo: [],
    hostKey: null,
    card: { name: 'Planted', types: [], subtypes: [], text: '', attributes: {} },
    history: [],
  };
  const payload = {
    kind: 'OBJECTS_MOVED',
    zoneIds: [zone.id],
    transitions: [{ before: null, after, newObject: true, beforeContext: null, afterContext: {} }],
    zonesCreated: [],
    zonesRemoved: [],
    rules: [],
  };
  await db.query(
    `INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload)
     VALUES ($1, 2, 'OBJECTS_MOVED', 1, 'SYSTEM', NULL, $2)`,
    [game.gameId, JSON.stringify(payload)],
  );
}

function spectatorOf(game: CreatedGame): WsClient {
  const c = wsClient(server.wsUrl, game.spectatorToken);
  clients.push(c);
  return c;
}

/** The typed code of the error a subscription ended with (graphql-ws hands the error frame's list). */
const codeOf = (error: unknown) =>
  (Array.isArray(error) ? (error[0] as { extensions?: { code?: string } }) : undefined)?.extensions?.code;

/** A game whose log is its creation alone: the planted event follows seq 1 (no set-up entropy). */
const bareGame = () => createGame(server, 'mtg', decksFor('mtg', 2), undefined, NO_SEAT_ENTROPY);

describe('a stored event that cannot be mapped', () => {
  it('ends a replaying subscription with a typed error', async () => {
    expect.assertions(2);
    const game = await bareGame();
    await plantBadEvent(game);
    // From seq 1: the consumer is already waiting on `next()` when the replay maps the bad event.
    const sub = spectatorOf(game).subscribe('gameEvents', { gameId: game.gameId, afterSeq: 1 });
    const error = await sub.waitForError(30_000);
    expect(codeOf(error)).toBe('INTERNAL_SERVER_ERROR');
    expect(sub.seqs).toEqual([]);
  }, 60_000);

  it('ends a live subscription with a typed error', async () => {
    expect.assertions(2);
    const game = await bareGame();
    const sub = spectatorOf(game).subscribe('gameEvents', { gameId: game.gameId, afterSeq: 0 });
    await sub.waitForCount(1, 30_000);
    // No notice is sent: the hub's poll of the log finds the planted event.
    await plantBadEvent(game);
    const error = await sub.waitForError(30_000);
    expect(codeOf(error)).toBe('INTERNAL_SERVER_ERROR');
    await eventually(() => sub.events.length === 1, 1_000, 'no event after the failure');
    expect(sub.seqs).toEqual([1]);
  }, 60_000);
});
