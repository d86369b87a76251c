/**
 * Two services in one process, with different configuration, on one database: each is made of its
 * own objects (`src/app.ts` builds them and hands them down), so filling, exhausting or changing
 * one's state cache, move queue, work slots, token buckets, credential cache, entropy limit,
 * secrets, stored ruleset versions, ruleset registry, event hub or metrics is not seen by the
 * other. Each check looks at the other service's own object and at what it answers. The memory of
 * stored ruleset versions is bounded, and what it forgets is only written again. A view through one
 * answers what the other committed: its version check reads the database, not its own cache.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.js';
import { STORED_VERSIONS_MAX, storeRulesetVersion } from '../../src/db/ruleset-versions.js';
import type { Store } from '../../src/db/store.js';
import type { RulesetRegistry, RulesetSpec } from '../../src/rules/index.js';
import { GAME_QUERY } from '../api/helpers.js';
import { createGame, EventCollector, post, type CreatedGame } from '../support/game-api.js';
import { ROOT } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

let a: TestServer;
let b: TestServer;
/** B's `RULESETS_DIR`: one ruleset file of its own (`war`), which A does not load. */
const extraRulesets = mkdtempSync(path.join(tmpdir(), 'zk-two-apps-'));
copyFileSync(path.join(ROOT, 'examples/rulesets/war.yaml'), path.join(extraRulesets, 'war.yaml'));
afterAll(() => rmSync(extraRulesets, { recursive: true, force: true }));

beforeAll(async () => {
  // A: a small state cache, one work slot per principal, one game per address at once.
  a = await startTestServer({
    STATE_CACHE_GAMES: '2',
    WORK_LIMIT_PER_PRINCIPAL: '1',
    CREATE_GAME_BURST: '1',
    CREATE_GAME_RATE_PER_MINUTE: '1',
  });
  // B: the same database, its own (larger) limits and an extra ruleset.
  b = await startTestServer(
    {
      RULESETS_DIR: extraRulesets,
      STATE_CACHE_GAMES: '50',
      WORK_LIMIT_PER_PRINCIPAL: '4',
      CREATE_GAME_BURST: '2',
      CREATE_GAME_RATE_PER_MINUTE: '1',
    },
    { databaseUrl: a.databaseUrl },
  );
}, 60_000);

const service = (s: TestServer) => s.app.service;

/**
 * A game created through `s` by the admin (no rate limit), two seats with a card each; the seats add
 * no entropy at set-up, so each seat's entropy budget starts full.
 */
const adminGame = async (s: TestServer): Promise<CreatedGame> =>
  createGame(
    s,
    'mtg',
    [[{ name: 'Forest', types: ['Land'] }], [{ name: 'Island', types: ['Land'] }]],
    { token: TEST_ADMIN_TOKEN, users: [] },
    { add: false },
  );

const ADD_ENTROPY = `mutation ($input: AddEntropyInput!) { addEntropy(input: $input) { version } }`;
const addEntropy = (s: TestServer, game: CreatedGame, data: string) =>
  post<{ addEntropy: { version: number } }>(
    s,
    ADD_ENTROPY,
    { input: { gameId: game.gameId, data } },
    game.players[0]!.token,
  );
const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

const GAME_VERSION = 'query ($id: ID!) { game(id: $id) { version } }';

/** Sum of a counter's samples in a service's own registry. */
async function counted(s: TestServer, name: string): Promise<number> {
  const metric = (await service(s).metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

describe('two services in one process', () => {
  it('are made of different objects', () => {
    const [sa, sb] = [service(a), service(b)];
    for (const part of ['store', 'credentials', 'work', 'creation', 'entropy', 'hub', 'metrics'] as const)
      expect(sa[part], part).not.toBe(sb[part]);
    for (const part of [
      'db',
      'pool',
      'rulesets',
      'states',
      'moves',
      'storedVersions',
      'boundSeats',
      'secrets',
    ] as const)
      expect(sa.store[part], `store.${part}`).not.toBe(sb.store[part]);
  });

  it('keep their own state caches, each with its own bound', async () => {
    const before = service(b).store.states.size;
    const games = [await adminGame(a), await adminGame(a), await adminGame(a)];
    // A's bound is 2: the third game pushed the first out. B has cached none of them.
    expect(service(a).store.states.size).toBe(2);
    expect(service(b).store.states.size).toBe(before);
    // Read through B: now B has it (and keeps more than A would), A's cache is as it was.
    for (const g of games)
      expect(codeOf(await post(b, GAME_VERSION, { id: g.gameId }, TEST_ADMIN_TOKEN))).toBeUndefined();
    expect(service(b).store.states.size).toBe(before + 3);
    expect(service(a).store.states.size).toBe(2);
  });

  it('answer a view at the version another service committed, not at the one their own cache holds', async () => {
    const game = await adminGame(a);
    const view = async (s: TestServer) => {
      const res = await s.gql<{ game: { version: number; lastSeq: number } }>(
        GAME_QUERY,
        { id: game.gameId },
        TEST_ADMIN_TOKEN,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.game;
    };
    const before = await view(b);
    const stale = service(b).store.states.atLeast(game.gameId, before.version);
    expect(stale).toBeDefined();
    expect((await addEntropy(a, game, 'ef')).data?.addEntropy.version).toBe(before.version + 1);
    // A's notice makes B forget its stale state (app.ts); once it has, the stale state is put back,
    // so only the view's own version check can tell B that the game moved on.
    await until(
      () => service(b).store.states.atLeast(game.gameId, before.version) === undefined,
      'the notice',
    );
    service(b).store.states.set(stale!);
    expect(service(b).store.states.atLeast(game.gameId, before.version)).toBe(stale);
    const after = await view(b);
    expect(after.version).toBe(before.version + 1);
    expect(after.lastSeq).toBeGreaterThan(before.lastSeq);
    expect(after).toEqual(await view(a));
  });

  it('keep their own credential caches', async () => {
    const game = await adminGame(a);
    const hash = hashToken(game.players[1]!.token);
    expect(codeOf(await post(a, GAME_VERSION, { id: game.gameId }, game.players[1]!.token))).toBeUndefined();
    expect(service(a).credentials.has(hash)).toBe(true);
    expect(service(b).credentials.has(hash)).toBe(false);
  });

  it('keep their own work slots: exhausting A leaves B serving', async () => {
    const game = await adminGame(a);
    const release = await service(a).work.acquire('admin', 'another client');
    try {
      expect(codeOf(await post(a, GAME_VERSION, { id: game.gameId }, TEST_ADMIN_TOKEN))).toBe('RATE_LIMITED');
      expect(service(b).work.inUse).toBe(0);
      expect(codeOf(await post(b, GAME_VERSION, { id: game.gameId }, TEST_ADMIN_TOKEN))).toBeUndefined();
    } finally {
      release();
    }
  });

  it('keep their own token buckets for createGame', async () => {
    const deck = [[{ name: 'Forest' }], [{ name: 'Island' }]];
    const create = (s: TestServer) =>
      post(s, 'mutation ($input: CreateGameInput!) { createGame(input: $input) { spectatorToken } }', {
        input: { ruleset: 'mtg', players: deck.map((d, i) => ({ name: `P${i}`, deck: d })) },
      });
    expect(codeOf(await create(a))).toBeUndefined();
    expect(codeOf(await create(a))).toBe('RATE_LIMITED');
    // B's bucket for the same address is full: its burst of two.
    expect(codeOf(await create(b))).toBeUndefined();
    expect(codeOf(await create(b))).toBeUndefined();
    expect(codeOf(await create(b))).toBe('RATE_LIMITED');
  });

  it('keep their own entropy limits, move queues, secrets and metrics', async () => {
    const game = await adminGame(a);
    const movesOfB = await counted(b, 'moves_total');
    for (let i = 0; i < 8; i++) expect(codeOf(await addEntropy(a, game, 'ab'))).toBeUndefined();
    expect(codeOf(await addEntropy(a, game, 'ab'))).toBe('RATE_LIMITED');
    // The same seat of the same game, through B: B's window is empty.
    expect(codeOf(await addEntropy(b, game, 'cd'))).toBeUndefined();
    expect(service(a).store.secrets.has(game.gameId)).toBe(true);
    expect(await counted(a, 'moves_total')).toBeGreaterThanOrEqual(9);
    expect(await counted(b, 'moves_total')).toBe(movesOfB + 1);

    // A's queue for another game is full; B's is empty and its move goes through.
    const other = await adminGame(b);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const waiting = Array.from({ length: service(a).store.moves.maxPerKey }, () =>
      service(a).store.moves.run(other.gameId, () => gate),
    );
    try {
      const refused = await addEntropy(a, other, '01');
      expect(codeOf(refused)).toBe('RATE_LIMITED');
      expect(refused.errors?.[0]?.message).toMatch(/moves are waiting/);
      expect(codeOf(await addEntropy(b, other, '02'))).toBeUndefined();
      // B read the game's secret to make that move; A, which made none, holds none.
      expect(service(b).store.secrets.has(other.gameId)).toBe(true);
      expect(service(a).store.secrets.has(other.gameId)).toBe(false);
    } finally {
      open();
      await Promise.all(waiting);
    }
  });

  it('keep their own stored ruleset versions', () => {
    const key = 'planted@0000000000000000';
    service(a).store.storedVersions.set(key, true);
    expect(service(b).store.storedVersions.has(key)).toBe(false);
    service(a).store.storedVersions.delete(key);
  });

  it('remember at most STORED_VERSIONS_MAX stored ruleset versions; a forgotten one is written again', async () => {
    // A's own memory of written versions, with a database that records the writes instead.
    const written: string[] = [];
    const store = {
      storedVersions: service(a).store.storedVersions,
      db: {
        $executeRaw: async (_sql: TemplateStringsArray, id: string, version: string) => {
          written.push(`${id}@${version}`);
          return 1;
        },
      } as unknown as Store['db'],
      rulesets: { documentOf: () => ({}) } as unknown as RulesetRegistry,
    };
    const spec = (i: number) => ({ id: 'planted', version: i.toString(16).padStart(16, '0') }) as RulesetSpec;
    const stored = STORED_VERSIONS_MAX + 10;
    try {
      for (let i = 0; i < stored; i++) await storeRulesetVersion(store, spec(i));
      expect(written).toHaveLength(stored);
      expect(store.storedVersions.size).toBe(STORED_VERSIONS_MAX);
      // The latest is remembered and not written again; the first was forgotten and is written once more.
      await storeRulesetVersion(store, spec(stored - 1));
      expect(written).toHaveLength(stored);
      await storeRulesetVersion(store, spec(0));
      expect(written).toHaveLength(stored + 1);
    } finally {
      for (let i = 0; i < stored; i++) store.storedVersions.delete(`planted@${spec(i).version}`);
    }
  });

  it('keep their own rulesets: only B, whose RULESETS_DIR has war.yaml, lists it and creates its games', async () => {
    const listed = async (s: TestServer) =>
      (await post<{ rulesets: { id: string }[] }>(s, '{ rulesets { id } }', {})).data!.rulesets.map(
        (r) => r.id,
      );
    expect(await listed(b)).toContain('war');
    expect(await listed(a)).not.toContain('war');
    expect(await listed(a)).toContain('mtg');
    expect(service(b).store.rulesets.get('war')).toBeDefined();
    expect(service(a).store.rulesets.get('war')).toBeUndefined();

    const createWar = (s: TestServer) =>
      post<{ createGame: { game: { ruleset: string } } }>(
        s,
        'mutation ($input: CreateGameInput!) { createGame(input: $input) { game { ruleset } } }',
        {
          input: {
            ruleset: 'war',
            players: ['A', 'B'].map((name) => ({ name, deck: [{ name: `${name} card`, types: ['card'] }] })),
          },
        },
        TEST_ADMIN_TOKEN,
      );
    const refused = await createWar(a);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toMatch(/^Unknown ruleset\. Valid rulesets: .*mtg/);
    expect(refused.errors?.[0]?.message).not.toMatch(/war/);
    const made = await createWar(b);
    expect(codeOf(made)).toBeUndefined();
    expect(made.data?.createGame.game.ruleset).toBe('war');
    // B's game of war made nothing of it known to A's registry.
    expect(service(a).store.rulesets.get('war')).toBeUndefined();
    expect(await listed(a)).not.toContain('war');
  });

  it('keep their own event hubs', async () => {
    const game = await adminGame(a);
    const subscriber = new EventCollector(a.wsUrl, TEST_ADMIN_TOKEN);
    subscriber.start(game.gameId, 0);
    try {
      await subscriber.waitFor(1);
      await until(() => service(a).hub.stats().subscribers === 1, 'a subscriber on A');
      expect(service(b).hub.stats()).toEqual({ games: 0, subscribers: 0 });
    } finally {
      await subscriber.close();
    }
  });
});
