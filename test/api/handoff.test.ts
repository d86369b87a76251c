/**
 * Browser hand-off codes (src/server/handoff.ts) against the real service and PostgreSQL: a code is
 * minted only for the caller's own credential, redeems once, expires, is bounded per credential
 * and per address, and its stored row holds neither the code nor the credential.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIVE_CODES } from '../../src/server/handoff.js';
import { createGame, type CreatedGame } from '../support/game-api.js';
import { handoffRequest, mintCode } from '../support/handoff.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

describe('hand-off codes: POST /handoff/code and /handoff/redeem', () => {
  let server: TestServer;
  let origin: string;
  let game: CreatedGame;
  let db: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    origin = new URL(server.url).origin;
    game = await createGame(server, 'mtg', [[{ name: 'A' }], [{ name: 'B' }]]);
    db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
  });

  const codeOf = (body: Record<string, unknown>) => body.code as string;

  it("redeems a seat's code once, for that seat's credential; a second redemption is NOT_FOUND", async () => {
    const token = game.players[0]!.token;
    const minted = await handoffRequest(origin, 'code', { use: 'link' }, token);
    expect(minted.status).toBe(200);
    expect(minted.body).toMatchObject({ use: 'link', lifetimeSeconds: 60 });
    expect(codeOf(minted.body)).toMatch(/^zkh_[A-Za-z0-9_-]{43}$/);
    const first = await handoffRequest(origin, 'redeem', { code: codeOf(minted.body) });
    expect(first).toEqual({ status: 200, body: { token } });
    const again = await handoffRequest(origin, 'redeem', { code: codeOf(minted.body) });
    expect(again.status).toBe(404);
    expect(errorCode(again.body)).toBe('NOT_FOUND');
  });

  it('works for the admin token too (the IDE link), and a reload code lives 600 s', async () => {
    const minted = await handoffRequest(origin, 'code', { use: 'reload' }, TEST_ADMIN_TOKEN);
    expect(minted.body).toMatchObject({ use: 'reload', lifetimeSeconds: 600 });
    expect((await handoffRequest(origin, 'redeem', { code: codeOf(minted.body) })).body).toEqual({
      token: TEST_ADMIN_TOKEN,
    });
  });

  it('is minted only for a valid credential: none or a wrong one is UNAUTHENTICATED and stores nothing', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM handoff_code');
    const seat = game.players[0]!.token;
    // The seat's token with its secret's first character changed: well formed, not valid.
    const forged = `zkp_${seat[4] === 'A' ? 'B' : 'A'}${seat.slice(5)}`;
    for (const token of [undefined, 'zkp_not-a-token', forged]) {
      const refused = await handoffRequest(origin, 'code', {}, token);
      expect(refused.status, String(token)).toBe(401);
      expect(errorCode(refused.body)).toBe('UNAUTHENTICATED');
    }
    const after = await db.query('SELECT count(*)::int AS n FROM handoff_code');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('an expired code is NOT_FOUND, the same answer as an unknown one', async () => {
    const code = await mintCode(origin, game.spectatorToken);
    await db.query(`UPDATE handoff_code SET expires_at = now() - interval '1 second'`);
    const expired = await handoffRequest(origin, 'redeem', { code });
    const unknown = await handoffRequest(origin, 'redeem', { code: `zkh_${'A'.repeat(43)}` });
    expect(expired).toEqual(unknown);
    expect(expired.status).toBe(404);
  });

  it('stores only the hash of the code and the credential sealed under it', async () => {
    const token = game.players[1]!.token;
    const code = await mintCode(origin, token);
    const { rows } = await db.query<{ code_hash: string; credential_hash: string; sealed: Buffer }>(
      'SELECT code_hash, credential_hash, sealed FROM handoff_code',
    );
    const everything = JSON.stringify(rows.map((r) => ({ ...r, sealed: r.sealed.toString('latin1') })));
    for (const secret of [code, code.slice(4), token, token.split('.')[0]!.slice(4)])
      expect(everything).not.toContain(secret);
    expect((await handoffRequest(origin, 'redeem', { code })).body).toEqual({ token });
  });

  it(`keeps at most ${MAX_LIVE_CODES} codes of one credential alive; replacing one frees its place`, async () => {
    const token = game.players[1]!.token;
    await db.query('DELETE FROM handoff_code');
    const codes: string[] = [];
    for (let i = 0; i < MAX_LIVE_CODES; i++) codes.push(await mintCode(origin, token));
    const over = await handoffRequest(origin, 'code', {}, token);
    expect(over.status).toBe(429);
    expect(errorCode(over.body)).toBe('RATE_LIMITED');
    // Another credential is not held back by this one.
    expect((await handoffRequest(origin, 'code', {}, game.players[0]!.token)).status).toBe(200);
    const replaced = await handoffRequest(origin, 'code', { use: 'reload', replaces: codes[0] }, token);
    expect(replaced.status).toBe(200);
    expect((await handoffRequest(origin, 'redeem', { code: codes[0] })).status).toBe(404);
    // Another credential cannot delete this one's code by naming it.
    await handoffRequest(origin, 'redeem', { code: codeOf(replaced.body) });
    expect(
      (await handoffRequest(origin, 'code', { replaces: codes[1] }, game.players[0]!.token)).status,
    ).toBe(200);
    expect((await handoffRequest(origin, 'redeem', { code: codes[1] })).body).toEqual({ token });
  });

  it('refuses bad input with a typed error and changes nothing', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM handoff_code');
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': type, authorization: `Bearer ${game.players[0]!.token}` },
        body,
      });
    const cases: [Response, number][] = [
      [await post('/handoff/redeem', '{"code":"zkp_x"}'), 400],
      [await post('/handoff/redeem', '[1]'), 400],
      [await post('/handoff/redeem', '{'), 400],
      [await post('/handoff/redeem', JSON.stringify({ code: 'x'.repeat(2000) })), 413],
      [await post('/handoff/redeem', 'code=zkh_x', 'application/x-www-form-urlencoded'), 415],
      [await post('/handoff/code', '{"use":"forever"}'), 400],
      [await post('/handoff/code', '{"replaces":"zkp_x"}'), 400],
      [await fetch(`${origin}/handoff/redeem`), 405],
    ];
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(errorCode(body)).toBe('BAD_USER_INPUT');
    }
    const after = await db.query('SELECT count(*)::int AS n FROM handoff_code');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('hand-off requests per address', () => {
  it('are limited to a burst, then refused RATE_LIMITED with a retry hint', async () => {
    const server = await startTestServer();
    const origin = new URL(server.url).origin;
    const answers = [];
    for (let i = 0; i < 70; i++)
      answers.push(await handoffRequest(origin, 'redeem', { code: `zkh_${'B'.repeat(43)}` }));
    const limited = answers.filter((a) => a.status === 429);
    // The bucket refills one a second: a slow machine may earn a few more than the burst of 60.
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.slice(0, 60).every((a) => a.status === 404)).toBe(true);
    expect(errorCode(limited[0]!.body)).toBe('RATE_LIMITED');
  }, 60_000);
});

function errorCode(body: Record<string, unknown>): string | undefined {
  return (body.errors as { extensions: { code: string } }[] | undefined)?.[0]?.extensions.code;
}
