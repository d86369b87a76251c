/**
 * A complete Zonekeeper bot: it follows one game as one seat and reacts to zone changes.
 *
 *   ZK_URL=http://localhost:4000/graphql ZK_TOKEN=<seat token> ZK_GAME=<game id> npx tsx examples/bot.ts
 *
 * Optional: ZK_MAX_EVENTS (stop after that many events, default 20), ZK_TIMEOUT_MS (stop after that
 * long, default 60000), ZK_AFTER_SEQ (replay the log after this seq first; default: from now on).
 *
 * It prints one line per reaction: a card arriving in its hand (with the name: it may see its own
 * hand), and its library's count whenever that changes. Counts are open information, so they
 * follow from the events: every change leaving the library counts -1, every arrival +1. Replaying
 * old events, it prints each count as it was after that event: it starts from the count as of
 * ZK_AFTER_SEQ, which is today's count minus what the events since then changed.
 *
 * The client (`client/index.ts`) reconnects after a server restart and resumes after the last
 * event it delivered, so the bot sees every event once, in order.
 */
import WebSocket from 'ws';
import { createZonekeeperClient, type GameEvent } from '../client/index.js';

const url = process.env['ZK_URL'] ?? 'http://localhost:4000/graphql';
const token = process.env['ZK_TOKEN'] ?? '';
const gameId = process.env['ZK_GAME'] ?? '';
const maxEvents = Number(process.env['ZK_MAX_EVENTS'] ?? 20);
const timeoutMs = Number(process.env['ZK_TIMEOUT_MS'] ?? 60_000);
if (!token || !gameId) throw new Error('Set ZK_TOKEN and ZK_GAME.');

const zk = createZonekeeperClient({ url, token, webSocketImpl: WebSocket });

// Who am I, and which zones are my hand and my library (the ruleset's deck zone)?
const [{ whoami }, { game }, { rulesets }] = await Promise.all([zk.whoami(), zk.game(gameId), zk.rulesets()]);
const deckZone = rulesets.find((r) => r.id === game.ruleset)?.deckZone ?? 'library';
const mine = (type: string) => game.zones.find((z) => z.type === type && z.owner?.id === whoami.playerId);
const handZone = mine('hand');
const libraryZone = mine(deckZone);
if (!handZone || !libraryZone) throw new Error('This bot needs a seat token.');
const [hand, library] = [handZone, libraryZone];

/** How one event changed the library's count. */
const libraryDelta = (event: GameEvent): number =>
  event.changes.reduce(
    (n, c) =>
      n +
      (c.toZoneId === library.id && c.fromZoneId !== library.id ? 1 : 0) -
      (c.fromZoneId === library.id && c.toZoneId !== library.id ? 1 : 0),
    0,
  );

/** The library's count right after event `seq`: today's count minus what every later event changed. */
async function libraryCountAfter(seq: number): Promise<number> {
  let count = library.count;
  for (let after = seq; after < game.lastSeq;) {
    const { gameEvents } = await zk.gameEvents(gameId, { afterSeq: after, first: 500 });
    for (const event of gameEvents) if (event.seq <= game.lastSeq) count -= libraryDelta(event);
    const next = gameEvents.at(-1)?.seq;
    if (next === undefined) break;
    after = next;
  }
  return count;
}

const afterSeq = Number(process.env['ZK_AFTER_SEQ'] ?? game.lastSeq);
let libraryCount = await libraryCountAfter(afterSeq);
let lastSeq = afterSeq;
console.log(
  `bot: seat ${whoami.playerId}, ${deckZone} ${libraryCount} after #${afterSeq}, following game ${gameId}`,
);

function react(event: GameEvent): void {
  lastSeq = event.seq;
  for (const c of event.changes) {
    if (c.toZoneId === hand.id && c.fromZoneId !== hand.id)
      console.log(`bot: #${event.seq} to hand: ${c.object?.card?.name ?? 'a hidden card'}`);
  }
  const delta = libraryDelta(event);
  if (delta !== 0) {
    libraryCount += delta;
    console.log(`bot: #${event.seq} ${deckZone}: ${libraryCount}`);
  }
}

let received = 0;
const outcome = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => resolve('timeout'), timeoutMs);
  const stop = zk.subscribeGameEvents(gameId, {
    afterSeq,
    onEvent: (event) => {
      react(event);
      if (++received >= maxEvents) {
        clearTimeout(timer);
        stop();
        resolve(`${received} events`);
      }
    },
    onRetry: (attempt) => console.log(`bot: connection lost, reconnecting (attempt ${attempt})`),
    onError: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
    onComplete: () => resolve('completed'),
  });
  console.log(`bot: subscribed after seq ${afterSeq}`);
});
console.log(`bot: done (${outcome}), last seq ${lastSeq}`);
await zk.dispose();
