/**
 * The event hub against a real PostgreSQL log (rows written directly): replay-then-live with no
 * gaps or duplicates, zone filtering, one redaction per viewer, the poll safety net, bounded queues
 * and unregistration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { eventPayloadCache, type StoredEvent } from '../../src/db/log-reads.js';
import { LocalFanout } from '../../src/events/fanout.js';
import { EventHub, type Subscriber } from '../../src/events/hub.js';
import { createLogger } from '../../src/logger.js';
import { type RulesetSpec, type Viewer } from '../../src/rules/index.js';
import { useTestDatabase } from '../support/db.js';
import { until } from '../support/wait.js';
import { eventually, logWriter, within, type LogWriter } from './log-rows.js';
import { builtinRulesets } from '../support/rulesets.js';

const spec = builtinRulesets().get('mtg') as RulesetSpec;
const spectator: Viewer = { kind: 'spectator' };
const logger = createLogger('silent');

let store: Database;
let log: LogWriter;
const fanout = new LocalFanout();
let mapped: { seq: number; viewer: string }[] = [];
const map = () => (row: StoredEvent, _spec: RulesetSpec, viewer: Viewer) => {
  mapped.push({ seq: row.seq, viewer: viewer.kind });
  return { seq: row.seq };
};

beforeAll(async () => {
  const database = await useTestDatabase();
  store = openDatabase(database.url, 5);
  log = await logWriter(database.url);
});
afterAll(async () => {
  await log?.close();
  await store?.db.$disconnect();
});

/** Consumes `sub` until `n` events arrived; bounded by a timeout. */
async function take(sub: Subscriber<{ seq: number }>, n: number, ms = 10_000): Promise<number[]> {
  const seqs: number[] = [];
  await within(
    ms,
    `${n} events`,
    (async () => {
      while (seqs.length < n) {
        const r = await sub.next();
        if (r.done) break;
        seqs.push(r.value.seq);
      }
    })(),
  );
  return seqs;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('EventHub', () => {
  it('replays after afterSeq, then continues live: every seq once, in order', async () => {
    expect.assertions(2);
    const hub = new EventHub({ store, fanout, logger }, map, { pageSize: 50, pollIntervalMs: 60_000 });
    const gameId = await log.createGame();
    await log.append(gameId, 230);
    const sub = await hub.subscribe({
      gameId,
      spec,
      viewer: spectator,
      afterSeq: 7,
      zoneId: null,
      onSlow: () => {},
    });
    // Commits race the replay: each is announced the way mutations announce them.
    const writing = (async () => {
      for (let i = 0; i < 20; i++) {
        const seq = await log.append(gameId, 3);
        await fanout.publish({ gameId, seq });
      }
    })();
    const seqs = await take(sub, 230 - 7 + 60);
    await writing;
    expect(seqs).toEqual(range(8, 290));
    await sub.return();
    expect(hub.stats()).toEqual({ games: 0, subscribers: 0 });
    await hub.close();
  });

  it('filters by zone, and redacts once per viewer however many subscribers share it', async () => {
    expect.assertions(3);
    const hub = new EventHub({ store, fanout, logger }, map, { pollIntervalMs: 60_000 });
    const gameId = await log.createGame();
    const subscribe = (zoneId: string | null) =>
      hub.subscribe({ gameId, spec, viewer: spectator, afterSeq: 0, zoneId, onSlow: () => {} });
    const all = await Promise.all([subscribe(null), subscribe(null), subscribe(null)]);
    const zoned = await subscribe('zone-a');
    await eventually(() => [...all, zoned].every((s) => s.live), 5_000, 'subscribers live');
    mapped = [];
    await log.append(gameId, 2, ['zone-b']);
    await log.append(gameId, 1, ['zone-a', 'zone-b']);
    await fanout.publish({ gameId, seq: 3 });
    const got = await Promise.all(all.map((s) => take(s, 3)));
    expect(got).toEqual([range(1, 3), range(1, 3), range(1, 3)]);
    expect(await take(zoned, 1)).toEqual([3]);
    expect(mapped).toEqual([1, 2, 3].map((seq) => ({ seq, viewer: 'spectator' })));
    await hub.close();
  });

  it('delivers a commit that was never announced, through the poll', async () => {
    expect.assertions(1);
    const hub = new EventHub({ store, fanout, logger }, map, { pollIntervalMs: 200 });
    const gameId = await log.createGame();
    const sub = await hub.subscribe({
      gameId,
      spec,
      viewer: spectator,
      afterSeq: 0,
      zoneId: null,
      onSlow: () => {},
    });
    await log.append(gameId, 2);
    expect(await take(sub, 2, 5_000)).toEqual([1, 2]);
    await hub.close();
  });

  it('drops a subscriber that falls too far behind, without delaying the others', async () => {
    expect.assertions(4);
    const hub = new EventHub({ store, fanout, logger }, map, {
      queueLimit: 5,
      pageSize: 5,
      maxLag: 12,
      pollIntervalMs: 60_000,
    });
    const gameId = await log.createGame();
    let slowCalls = 0;
    const slow = await hub.subscribe({
      gameId,
      spec,
      viewer: spectator,
      afterSeq: 0,
      zoneId: null,
      onSlow: () => slowCalls++,
    });
    const fast = await hub.subscribe({
      gameId,
      spec,
      viewer: spectator,
      afterSeq: 0,
      zoneId: null,
      onSlow: () => {},
    });
    await eventually(() => slow.live && fast.live, 5_000, 'subscribers live');
    const consumed = take(fast, 20);
    for (let i = 0; i < 4; i++) await fanout.publish({ gameId, seq: await log.append(gameId, 5) });
    expect(await consumed).toEqual(range(1, 20));
    expect(slowCalls).toBe(1);
    expect(slow.ended).toBe(true);
    expect(hub.stats().subscribers).toBe(1);
    await hub.close();
  });

  it('keeps in the payload cache the pages of a replay near the head or followed by another, not the others', async () => {
    const options = { pageSize: 50, queueLimit: 100, keepWithin: 100, pollIntervalMs: 60_000 };
    const gameId = await log.createGame();
    await log.append(gameId, 300);
    const subscribe = (hub: EventHub<{ seq: number }>) =>
      hub.subscribe({ gameId, spec, viewer: spectator, afterSeq: 0, zoneId: null, onSlow: () => {} });
    const kept = (cache: ReturnType<typeof eventPayloadCache>) =>
      [1, 150, 201, 300].filter((seq) => cache.has(`${gameId}|${seq}`));
    // Alone: only the pages that start within 100 events of the head (after 200 and 250).
    const alone = eventPayloadCache();
    const hub = new EventHub({ store: { ...store, eventPayloads: alone }, fanout, logger }, map, options);
    expect(await take(await subscribe(hub), 300)).toEqual(range(1, 300));
    expect(kept(alone)).toEqual([201, 300]);
    expect(alone.size).toBe(100);
    await hub.close();
    // With a replay waiting at seq 100 (its queue full), another from 0 keeps the pages from there
    // on, which the waiting one reads next; not those before it (seq 1).
    const followed = eventPayloadCache();
    const both = new EventHub({ store: { ...store, eventPayloads: followed }, fanout, logger }, map, options);
    const follower = await subscribe(both);
    await until(() => follower.waitingForRoom, 'the waiting replay', { timeoutMs: 20_000 });
    expect(await take(await subscribe(both), 300)).toEqual(range(1, 300));
    expect(kept(followed)).toEqual([150, 201, 300]);
    expect(await take(follower, 300)).toEqual(range(1, 300));
    await both.close();
  });

  it('paces a long replay by its consumer instead of overflowing', async () => {
    expect.assertions(2);
    const hub = new EventHub({ store, fanout, logger }, map, {
      queueLimit: 20,
      pageSize: 10,
      pollIntervalMs: 60_000,
    });
    const gameId = await log.createGame();
    await log.append(gameId, 100);
    let slowCalls = 0;
    const sub = await hub.subscribe({
      gameId,
      spec,
      viewer: spectator,
      afterSeq: 0,
      zoneId: null,
      onSlow: () => slowCalls++,
    });
    // The replay stops once the queue has no room for a whole page, and waits for its consumer.
    await until(() => sub.waitingForRoom, 'the replay waiting for room', { timeoutMs: 20_000 });
    expect(sub.backlog).toBe(20);
    await take(sub, 100);
    expect(slowCalls).toBe(0);
    await hub.close();
  });
});
