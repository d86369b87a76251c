/**
 * Admin views are mapped field by field (src/render/admin.ts): the game row's credential hashes
 * (`spectatorTokenHash`, `refereeTokenHash`) and the seats' `tokenHash` are in the rows the data
 * layer reads, and in none of the objects handed to the GraphQL layer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client.js';
import { findGame, listGames } from '../../src/db/admin.js';
import { adminGameOut, adminPageOut, importPayloadOut } from '../../src/render/index.js';
import { adminResolvers } from '../../src/resolvers/admin.js';
import { createAuthority, type AuthorityParts } from '../../src/authority/index.js';
import { GameStore } from '../../src/db/index.js';
import type { Store } from '../../src/db/store.js';
import type { Context } from '../../src/server/context.js';
import { createGame, type CreatedGame } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let db: Db;
let game: CreatedGame;

/** Every key of a value, however deep. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value !== null && typeof value === 'object' && !(value instanceof Date))
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  return out;
}

const SECRET = /hash|token/i;
const secrets = (value: unknown) => [...keysOf(value)].filter((k) => SECRET.test(k));

beforeAll(async () => {
  server = await startTestServer();
  db = createDb(server.databaseUrl, 2);
  game = await createGame(server, 'mtg', [
    [{ name: 'A', types: ['creature'] }],
    [{ name: 'B', types: ['creature'] }],
  ]);
});
afterAll(async () => {
  await db?.$disconnect();
  await server?.app.stop();
});

describe('admin views', () => {
  it('the rows carry credential hashes; the mapped objects do not', async () => {
    const row = await findGame(db, game.gameId);
    const page = await listGames(db, {}, 0, 50);
    expect(secrets(row)).toEqual(expect.arrayContaining(['spectatorTokenHash', 'refereeTokenHash']));
    expect(secrets(adminGameOut(row!))).toEqual([]);
    expect(secrets(adminPageOut(page, 0))).toEqual([]);
    const seatsWithHashes = await db.player.findMany({ where: { gameId: game.gameId } });
    expect(secrets(seatsWithHashes)).toContain('tokenHash');
    expect(secrets(adminGameOut({ ...row!, players: seatsWithHashes }))).toEqual([]);
    // The import payload shows the new credentials once, by design, and nothing hashed.
    const payload = importPayloadOut(row!, {
      importedFrom: row!.id,
      seats: [],
      spectatorToken: 's',
      refereeToken: 'r',
      fairnessLimits: [],
    });
    expect(secrets(payload).filter((k) => /hash/i.test(k))).toEqual([]);
  });

  it('what the adminGames resolver returns has no credential field', async () => {
    const authority = createAuthority({
      store: new GameStore({ db } as unknown as Store),
    } as unknown as AuthorityParts<never>);
    const caller = { principal: { kind: 'admin' }, badCredential: false, clientIp: '127.0.0.1' };
    const ctx = { authority, caller } as unknown as Context;
    const out = await adminResolvers.Query.adminGames({}, { offset: 0, limit: 50 }, ctx);
    expect(out.games.map((g) => g.id)).toContain(game.gameId);
    expect(secrets(out)).toEqual([]);
  });
});
