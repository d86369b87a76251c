/**
 * `GET /metrics` and the request log: every named metric is exposed, requests are counted by
 * operation type and status, each app has its own registry, and the request log line has the
 * request id, operation, status and duration but never a credential.
 */
import { describe, expect, it } from 'vitest';
import { ZonekeeperError, ErrorCode } from '../../src/errors.js';
import { Metrics, moveOutcomeOf } from '../../src/metrics.js';
import { createLogger } from '../../src/logger.js';
import { startTestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { LogSink, RawWs, postRaw, startBareServer } from './support.js';

const server = await startTestServer();
const other = await startTestServer();
const bare = await startBareServer('type Query { hello: String }', { Query: { hello: () => 'hi' } });
const metricsUrl = (graphqlUrl: string) => graphqlUrl.replace(/\/graphql$/, '/metrics');

async function scrape(graphqlUrl: string): Promise<string> {
  const res = await fetch(metricsUrl(graphqlUrl));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one sample, e.g. `graphql_requests_total{operation_type="query",status="ok"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
  }
  return 0;
}

/** Scrapes until `metric` satisfies `ok` (a generous deadline: busy machines are slow), then returns it. */
async function sampleWhen(
  url: string,
  metric: string,
  ok: (v: number) => boolean,
  ms = 10_000,
): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = sample(await scrape(url), metric);
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('GET /metrics', () => {
  it('exposes every named metric', async () => {
    const text = await scrape(server.url);
    for (const name of [
      'graphql_requests_total',
      'graphql_request_duration_seconds',
      'moves_total',
      'move_duration_seconds',
      'transaction_retries_total',
      'subscriptions_active',
      'subscription_events_delivered_total',
      'ws_connections_active',
      'graphql_requests_in_flight',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('zonekeeper_process_cpu_seconds_total');
  });

  it('counts GraphQL requests by operation type and status, with their latency', async () => {
    const before = await scrape(server.url);
    await server.gql('{ whoami { kind } }');
    await server.gql('{ whoami { kind } }');
    await postRaw(server.url, JSON.stringify({ query: '{ nope }' }));
    const after = await scrape(server.url);
    const ok = { operation_type: 'query', status: 'ok' };
    expect(sample(after, 'graphql_requests_total', ok) - sample(before, 'graphql_requests_total', ok)).toBe(
      2,
    );
    const invalid = { operation_type: 'unknown', status: 'invalid' };
    expect(
      sample(after, 'graphql_requests_total', invalid) - sample(before, 'graphql_requests_total', invalid),
    ).toBe(1);
    expect(
      sample(after, 'graphql_request_duration_seconds_count', { operation_type: 'query' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('keeps one registry per app', async () => {
    const before = sample(await scrape(other.url), 'graphql_requests_total', {
      operation_type: 'query',
      status: 'ok',
    });
    await server.gql('{ whoami { kind } }');
    const after = sample(await scrape(other.url), 'graphql_requests_total', {
      operation_type: 'query',
      status: 'ok',
    });
    expect(after).toBe(before);
  });

  it('tracks open WebSocket connections', async () => {
    const ws = await RawWs.connect(server.wsUrl);
    expect(sample(await scrape(server.url), 'ws_connections_active')).toBe(1);
    ws.close();
    await ws.closed;
    // The server notices the close on its own side a moment later.
    expect(await sampleWhen(server.url, 'ws_connections_active', (v) => v === 0)).toBe(0);
  });
});

describe('the Metrics API', () => {
  it('records moves by outcome, classifying thrown errors by code', async () => {
    const m = new Metrics({ defaultMetrics: false });
    await m.timeMove('moveObjects', async () => 'done');
    await expect(
      m.timeMove('moveObjects', async () => {
        throw new ZonekeeperError(ErrorCode.STALE_STATE, 'stale');
      }),
    ).rejects.toThrow('stale');
    m.moveRejected('shuffleZone', 0.01);
    m.transactionRetry();
    m.subscriptionOpened();
    m.subscriptionOpened();
    m.subscriptionClosed();
    m.subscriptionEventsSent(3);
    const text = await m.render();
    expect(sample(text, 'moves_total', { mutation: 'moveObjects', outcome: 'committed' })).toBe(1);
    expect(sample(text, 'moves_total', { mutation: 'moveObjects', outcome: 'stale' })).toBe(1);
    expect(sample(text, 'moves_total', { mutation: 'shuffleZone', outcome: 'rejected' })).toBe(1);
    expect(
      sample(text, 'move_duration_seconds_count', { mutation: 'moveObjects', outcome: 'committed' }),
    ).toBe(1);
    expect(sample(text, 'transaction_retries_total')).toBe(1);
    expect(sample(text, 'subscriptions_active')).toBe(1);
    expect(sample(text, 'subscription_events_delivered_total')).toBe(3);
  });

  it('classifies outcomes: public refusals are rejected, anything else is error', () => {
    expect(moveOutcomeOf(new ZonekeeperError(ErrorCode.INVALID_MOVE, 'no'))).toBe('rejected');
    expect(moveOutcomeOf(new ZonekeeperError(ErrorCode.STALE_STATE, 'old'))).toBe('stale');
    expect(moveOutcomeOf(new Error('db down'))).toBe('error');
  });
});

describe('request log', () => {
  it('logs each GraphQL request with id, operation, status, duration and error code, never the token', async () => {
    const token = 'zk_do_not_log_me_0123456789abcdefghij';
    const send = (headers: Record<string, string>) =>
      fetch(bare.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: 'query Greeting { hello }', operationName: 'Greeting' }),
      });
    // The line is written when the server has finished the answer, which may be after the client read it.
    const lineOf = async (res: Response) => {
      const requestId = res.headers.get('x-request-id');
      await res.text();
      const find = () =>
        bare.logs.find((l) => l['msg'] === 'graphql request' && l['requestId'] === requestId);
      await until(() => find() !== undefined, `the request line of ${requestId}`);
      return find();
    };
    const line = await lineOf(await send({}));
    expect(line).toMatchObject({
      operationType: 'query',
      operationName: 'Greeting',
      httpStatus: 200,
      status: 'ok',
    });
    expect(line?.['durationMs']).toEqual(expect.any(Number));
    expect(line).not.toHaveProperty('errorCode');
    // An unknown token: refused (UNAUTHENTICATED), and the line names the code, not the token.
    const refused = await lineOf(await send({ authorization: `Bearer ${token}` }));
    expect(refused).toMatchObject({ httpStatus: 401, errorCode: 'UNAUTHENTICATED' });
    expect(bare.logs.raw).not.toContain(token);
  });

  it('redacts credentials wherever a caller logs them', () => {
    const sink = new LogSink();
    const logger = createLogger('info', sink.stream);
    logger.info({ req: { headers: { authorization: 'Bearer s3cret-a' } } }, 'a');
    logger.info({ connectionParams: { authorization: 'Bearer s3cret-b' } }, 'b');
    logger.info({ seat: { token: 's3cret-c' }, payload: { spectatorToken: 's3cret-d' } }, 'c');
    logger.info({ authorization: 'Bearer s3cret-e' }, 'e');
    expect(sink.raw).not.toMatch(/s3cret/);
    expect(sink.raw).toContain('[redacted]');
  });
});

describe('moves and subscriptions in the real pipeline', () => {
  it('counts committed and stale moves, open subscriptions and delivered events', async () => {
    const created = await server.gql<{
      createGame: { game: { id: string; players: { id: string }[] }; seats: { token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id players { id } } seats { token } } }`,
      {
        input: {
          ruleset: 'mtg',
          players: [
            { name: 'Ann', deck: [{ name: 'Forest' }, { name: 'Island' }] },
            { name: 'Bo', deck: [{ name: 'Swamp' }] },
          ],
        },
      },
    );
    const game = created.data?.createGame;
    expect(game, JSON.stringify(created.errors)).toBeDefined();
    if (!game) return;
    const token = game.seats[0]!.token;
    const me = game.game.players[0]!.id;
    const view = await server.gql<{
      game: { version: number; zones: { id: string; type: string; owner: { id: string } | null }[] };
    }>(
      `query($id: ID!) { game(id: $id) { version zones { id type owner { id } } } }`,
      { id: game.game.id },
      token,
    );
    const library = view.data?.game.zones.find((z) => z.type === 'library' && z.owner?.id === me);
    expect(library).toBeDefined();

    const ws = await RawWs.connect(server.wsUrl, { authorization: `Bearer ${token}` });
    ws.send({
      type: 'subscribe',
      id: 's',
      payload: {
        query: 'subscription($g: ID!) { gameEvents(gameId: $g) { seq kind } }',
        variables: { g: game.game.id },
      },
    });
    expect(await sampleWhen(server.url, 'subscriptions_active', (v) => v === 1)).toBe(1);
    const before = await scrape(server.url);
    expect(sample(before, 'subscriptions_active')).toBe(1);

    const move = `mutation($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`;
    const input = {
      gameId: game.game.id,
      select: { zoneId: library!.id, from: 'TOP', count: 1 },
      to: { type: 'hand', ownerId: me },
      expectedVersion: view.data!.game.version,
    };
    const ok = await server.gql(move, { input }, token);
    expect(ok.errors).toBeUndefined();
    const stale = await server.gql(move, { input }, token);
    expect(stale.errors?.[0]?.extensions?.code).toBe('STALE_STATE');
    await ws.next((f) => f.id === 's' && f.type === 'next');

    const after = await scrape(server.url);
    const diff = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(diff('moves_total', { mutation: 'moveObjects', outcome: 'committed' })).toBe(1);
    expect(diff('moves_total', { mutation: 'moveObjects', outcome: 'stale' })).toBe(1);
    expect(diff('move_duration_seconds_count', { mutation: 'moveObjects', outcome: 'committed' })).toBe(1);
    expect(diff('graphql_requests_total', { operation_type: 'mutation', status: 'ok' })).toBe(1);
    expect(diff('graphql_requests_total', { operation_type: 'mutation', status: 'error' })).toBe(1);
    expect(diff('subscription_events_delivered_total')).toBeGreaterThanOrEqual(1);

    ws.close();
    await ws.closed;
    // The server notices the close on its own side a moment later.
    expect(await sampleWhen(server.url, 'subscriptions_active', (v) => v === 0)).toBe(0);
  });
});
