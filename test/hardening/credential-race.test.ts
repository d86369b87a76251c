/**
 * A graphql-ws connection that closes while its credential is being checked takes no place among
 * its credential's connections (WS_CONNECTIONS_PER_CREDENTIAL): its close has run by the time the
 * check ends, so a place taken then would never be given back, and a few such connections would
 * lock the credential out for good. The check is held open by the identity provider's key set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startJwks, until, type TestJwks } from '../support/jwks.js';
import { startTestServer, type TestServer } from '../support/server.js';

let jwks: TestJwks;
let s: TestServer;

beforeAll(async () => {
  jwks = await startJwks();
  s = await startTestServer(jwks.env({ WS_CONNECTIONS_PER_CREDENTIAL: '1' }));
});
afterAll(() => {
  jwks.hold = undefined;
});

/** Opens a graphql-ws socket and sends `connection_init` with `token`. */
async function init(token: string): Promise<WebSocket> {
  const ws = new WebSocket(s.wsUrl, 'graphql-transport-ws');
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  return ws;
}

it('a connection closed during its credential check leaves its place free', async () => {
  const token = await jwks.sign('user-quits-early');
  let letGo!: () => void;
  jwks.hold = new Promise<void>((resolve) => (letGo = resolve));
  const fetched = jwks.fetches;
  const quitter = await init(token);
  // The check is waiting on the key set: close the socket now, and only then let the check end.
  await until(() => jwks.fetches > fetched, 30_000, 'the key set requested');
  const closed = new Promise<void>((resolve) => quitter.once('close', () => resolve()));
  quitter.terminate();
  await closed;
  letGo();
  jwks.hold = undefined;
  // The credential's one place is free: the next connection is acknowledged, not closed 4030.
  const next = await init(token);
  const answer = await new Promise<string>((resolve) => {
    next.once('message', (data: Buffer) => resolve((JSON.parse(data.toString()) as { type: string }).type));
    next.once('close', (code: number) => resolve(`closed ${code}`));
  });
  next.close();
  expect(answer).toBe('connection_ack');
});
