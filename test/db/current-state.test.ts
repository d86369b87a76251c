/**
 * The current state a reader is answered with (`loadCurrentGame`, src/db/state.ts), on a real
 * PostgreSQL: when the database already shows a version that this process's own move of the game
 * is still committing, the reader waits for that move instead of loading the whole game again
 * (that the cache answers for the version read or a later one is state-cache.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCurrentGame } from '../../src/db/state.js';
import type { Store } from '../../src/db/store.js';
import { createGame, deck, draw, loadGame, zoneOf, type Created } from '../api/helpers.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

let s: TestServer;
let store: Store;
let g: Created;

beforeAll(async () => {
  s = await startTestServer();
  store = s.app.service.store;
  g = await createGame(s, 'mtg', [
    { name: 'A', deck: deck('A', 8) },
    { name: 'B', deck: deck('B', 8) },
  ]);
});

afterAll(() => {
  holdCommits(false);
});

let held: (() => void)[] | null = null;
const realQuery = () => Object.getPrototypeOf(store.pool).query as Store['pool']['query'];

/**
 * While on, every `zk_commit_move` statement runs to its end in PostgreSQL (the move is committed
 * and visible to every reader), but its result is handed back only when the test lets it go.
 */
function holdCommits(on: boolean): void {
  if (!on) {
    delete (store.pool as { query?: unknown }).query;
    for (const go of held ?? []) go();
    held = null;
    return;
  }
  held = [];
  const query = realQuery();
  (store.pool as { query: unknown }).query = async (...args: Parameters<typeof query>) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    const result = await (query as (...a: unknown[]) => Promise<unknown>).apply(store.pool, args);
    if (held && text?.includes('zk_commit_move')) await new Promise<void>((go) => held?.push(go));
    return result;
  };
}

async function drawOne() {
  const game = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
  const me = g.seats[0]!.player.id;
  return draw(s, g.game.id, zoneOf(game, 'library', me), zoneOf(game, 'hand', me), 1, g.seats[0]!.token);
}

describe('the current state of a game', () => {
  it('waits for the move of this process that committed the version just read, and loads nothing', async () => {
    await drawOne();
    const before = store.states.latest(g.game.id)!;
    holdCommits(true);
    const move = drawOne();
    // The move is committed in the database: every reader sees its version.
    await until(() => (held?.length ?? 0) > 0, 'the move committed, its answer held');
    // The reader either waits for the running move (it asks the queue for it) or, not waiting,
    // loads the game on its own, which needs nothing the held commit holds.
    let askedForMove = false;
    const queue = store.moves;
    const running = queue.running.bind(queue);
    queue.running = (key) => {
      askedForMove = true;
      return running(key);
    };
    let settled = false;
    const reading = loadCurrentGame(store, g.game.id).finally(() => {
      settled = true;
    });
    await until(() => askedForMove || settled, 'the reader waits or is answered');
    delete (queue as { running?: unknown }).running;
    expect(settled).toBe(false);
    expect(store.states.latest(g.game.id)).toBe(before);
    holdCommits(false);
    const [read] = await Promise.all([reading, move]);
    const committed = store.states.latest(g.game.id)!;
    expect(committed.game.version).toBe(before.game.version + 1);
    // The very state the move put in the cache: a load would have built another one.
    expect(read).toBe(committed);
  });
});
