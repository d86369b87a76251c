/**
 * What an operator reads: `/metrics` behind METRICS_TOKEN with the pool gauges, refusals by reason,
 * state-cache hits and misses and the fanout's reconnects and lag (bounded labels); and a run of the
 * service whose every stdout line is JSON, the embedded PostgreSQL's own output included, with the
 * error code on the request log line.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REFUSAL_REASONS } from '../../src/metrics.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../src/postgres/embedded.js';
import { createGame, deck } from '../api/helpers.js';
import { ROOT } from '../support/process.js';
import { startTestServer, type TestServer } from '../support/server.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    METRICS_TOKEN,
    CREATE_GAME_RATE_PER_MINUTE: '1',
    CREATE_GAME_BURST: '1',
    REQUEST_LIMIT_PER_PRINCIPAL: '1',
    REQUEST_QUEUE_PER_PRINCIPAL: '0',
    WORK_LIMIT_TOTAL: '1',
  });
}, 60_000);

const scrape = async (token?: string) =>
  fetch(
    s.url.replace(/\/graphql$/, '/metrics'),
    token ? { headers: { authorization: `Bearer ${token}` } } : {},
  );

/** Every sample of `name` as `labels → value`. */
async function samples(name: string): Promise<Map<string, number>> {
  const text = await (await scrape(METRICS_TOKEN)).text();
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(\{.*\})? (\S+)$/.exec(line);
    if (m?.[1] === name) found.set(m[2] ?? '', Number(m[3]));
  }
  return found;
}
const value = async (name: string, labels = '') => (await samples(name)).get(labels) ?? 0;

async function eventually(check: () => Promise<boolean>, what: string, burst: () => Promise<unknown>) {
  for (const end = Date.now() + 60_000; !(await check());) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await burst();
  }
}

it('/metrics answers only the METRICS_TOKEN bearer', async () => {
  expect((await scrape()).status).toBe(401);
  expect((await scrape('not-the-metrics-token-0123456789')).status).toBe(401);
  const ok = await scrape(METRICS_TOKEN);
  expect(ok.status).toBe(200);
  expect(await ok.text()).toContain('# TYPE db_pool_connections gauge');
});

it('exposes the pool, refusals by reason, state-cache lookups and the fanout, with bounded labels', async () => {
  const created = await createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 3) },
    { name: 'Bob', deck: deck('Beta', 3) },
  ]);
  const [seat, other] = created.seats.map((x) => x.token);
  const view = (token = seat) =>
    s.gql('query ($id: ID!) { game(id: $id) { version } }', { id: created.game.id }, token);

  // Pool: its size is DATABASE_POOL_SIZE (10 in tests); it has connections open by now.
  expect(await value('db_pool_connections', '{state="max"}')).toBe(10);
  expect(await value('db_pool_connections', '{state="total"}')).toBeGreaterThan(0);
  expect((await samples('db_pool_waiting')).get('')).toBeGreaterThanOrEqual(0);

  // State cache: the first view of a version misses, the next one hits.
  const [hits, misses] = [
    await value('state_cache_lookups_total', '{result="hit"}'),
    await value('state_cache_lookups_total', '{result="miss"}'),
  ];
  await view();
  await view();
  expect(await value('state_cache_lookups_total', '{result="hit"}')).toBeGreaterThan(hits);
  expect(await value('state_cache_lookups_total', '{result="miss"}')).toBeGreaterThanOrEqual(misses);

  // Refusals: createGame over the per-address rate, a credential's requests past its queue (429),
  // and expensive work past its slots (RATE_LIMITED).
  const second = await s.gql(
    'mutation ($input: CreateGameInput!) { createGame(input: $input) { refereeToken } }',
    {
      input: {
        ruleset: 'mtg',
        players: [
          { name: 'A', deck: [] },
          { name: 'B', deck: [] },
        ],
      },
    },
  );
  expect(second.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  expect(await value('refusals_total', '{reason="create_game_rate"}')).toBe(1);
  // Both seats at once: one seat's second request in flight is refused (429), and the two seats'
  // views compete for the one work slot of the server.
  const burst = () => Promise.all(Array.from({ length: 24 }, (_, i) => view(i % 2 ? seat : other)));
  await eventually(
    async () => (await value('refusals_total', '{reason="request_queue"}')) > 0,
    'a 429',
    burst,
  );
  await eventually(
    async () => (await value('refusals_total', '{reason="work_slots"}')) > 0,
    'a work-slot refusal',
    burst,
  );
  // Bounded labels: every reason, each present from the start (metric-names.test.ts), and no other.
  expect([...(await samples('refusals_total')).keys()].sort()).toEqual(
    REFUSAL_REASONS.map((reason) => `{reason="${reason}"}`).sort(),
  );

  // Fanout: connected (no lag); its listener's connection cut, it reconnects and says so.
  expect(await value('fanout_lag_seconds')).toBe(0);
  const before = await value('fanout_reconnects_total');
  const admin = new pg.Client({ connectionString: s.databaseUrl });
  await admin.connect();
  try {
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
  } finally {
    await admin.end();
  }
  await eventually(
    async () => (await value('fanout_reconnects_total')) > before,
    'a fanout reconnect',
    () => new Promise((r) => setTimeout(r, 100)),
  );
  expect(await value('fanout_lag_seconds')).toBe(0);
}, 120_000);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it.runIf(process.platform === 'linux')(
  'every stdout line of a service run is JSON, the embedded PostgreSQL output included; request lines carry the error code',
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zk-stdout-'));
    dirs.push(dir);
    await chmod(dir, 0o755);
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'TEST_DATABASE_URL'].includes(k)),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        DATA_DIR: dir,
        PORT: '0',
        EMBEDDED_PG_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      for (const end = Date.now() + 90_000; !/Zonekeeper listening on (\S+)/.test(stdout);) {
        if (Date.now() > end || child.exitCode !== null)
          throw new Error(`did not start:\n${stdout}\n${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = /Zonekeeper listening on (\S+)/.exec(stdout)![1]!;
      const refused = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer garbage' },
        body: JSON.stringify({ query: '{ whoami { kind } }' }),
      });
      expect(refused.status).toBe(401);
      for (const end = Date.now() + 30_000; !stdout.includes('"graphql request"');) {
        if (Date.now() > end) throw new Error('no request log line');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    const lines = stdout.split('\n').filter((l) => l !== '');
    const notJson = lines.filter((l) => {
      try {
        return typeof JSON.parse(l) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      records.some((r) => typeof r['postgres'] === 'string'),
      'PostgreSQL output, wrapped',
    ).toBe(true);
    expect(records.find((r) => r['msg'] === 'graphql request')).toMatchObject({
      errorCode: 'UNAUTHENTICATED',
      httpStatus: 401,
    });
  },
  180_000,
);
