/**
 * A complete Zonekeeper bot: it follows one game as one seat and reacts to zone changes.
 *
 *   ZK_URL=http://localhost:4000/graphql ZK_TOKEN=<seat token> ZK_GAME=<game id> npx tsx examples/bot.ts
 *
 * Optional: ZK_MAX_EVENTS (stop after that many events, default 20), ZK_TIMEOUT_MS (stop after that
 * long, default 60000), ZK_AFTER_SEQ (resume after this seq; default: from now on).
 *
 * It prints one line per reaction: a card arriving in its hand (with the name: it may see its own
 * hand), and its library's count whenever that changes. Counts are open information, so they
 * follow from the events: every change leaving the library counts -1, every arrival +1.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const url = process.env['ZK_URL'] ?? 'http://localhost:4000/graphql';
const token = process.env['ZK_TOKEN'] ?? '';
const gameId = process.env['ZK_GAME'] ?? '';
const maxEvents = Number(process.env['ZK_MAX_EVENTS'] ?? 20);
const timeoutMs = Number(process.env['ZK_TIMEOUT_MS'] ?? 60_000);
if (!token || !gameId) throw new Error('set ZK_TOKEN and ZK_GAME');

interface Change {
  fromZoneId: string | null;
  toZoneId: string | null;
  object: { id: string; card: { name: string } | null } | null;
}
interface GameEvent {
  seq: number;
  kind: string;
  changes: Change[];
}

/** One GraphQL request over HTTP. */
async function query<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: document, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(body.errors?.map((e) => e.message).join('; ') ?? `HTTP ${res.status}`);
  return body.data;
}

// Who am I, and which zones are my hand and my library (the ruleset's deck zone)?
const { whoami, game, rulesets } = await query<{
  whoami: { playerId: string | null };
  game: {
    ruleset: string;
    lastSeq: number;
    zones: { id: string; type: string; count: number; owner: { id: string } | null }[];
  };
  rulesets: { id: string; deckZone: string }[];
}>(
  `query Start($id: ID!) {
     whoami { playerId }
     game(id: $id) { ruleset lastSeq zones { id type count owner { id } } }
     rulesets { id deckZone }
   }`,
  { id: gameId },
);
const deckZone = rulesets.find((r) => r.id === game.ruleset)?.deckZone ?? 'library';
const mine = (type: string) => game.zones.find((z) => z.type === type && z.owner?.id === whoami.playerId);
const hand = mine('hand');
const library = mine(deckZone);
if (!hand || !library) throw new Error('this bot needs a seat token');
let libraryCount = library.count;
console.log(`bot: seat ${whoami.playerId}, ${deckZone} ${libraryCount}, following game ${gameId}`);

const client = createClient({
  url: url.replace(/^http/, 'ws'),
  webSocketImpl: WebSocket,
  connectionParams: { authorization: `Bearer ${token}` },
});

let received = 0;
let lastSeq = Number(process.env['ZK_AFTER_SEQ'] ?? game.lastSeq);

function react(event: GameEvent): void {
  lastSeq = event.seq;
  for (const c of event.changes) {
    if (c.toZoneId === hand!.id && c.fromZoneId !== hand!.id)
      console.log(`bot: #${event.seq} to hand: ${c.object?.card?.name ?? 'a hidden card'}`);
  }
  const delta = event.changes.reduce(
    (n, c) =>
      n +
      (c.toZoneId === library!.id && c.fromZoneId !== library!.id ? 1 : 0) -
      (c.fromZoneId === library!.id && c.toZoneId !== library!.id ? 1 : 0),
    0,
  );
  if (delta !== 0) {
    libraryCount += delta;
    console.log(`bot: #${event.seq} ${deckZone}: ${libraryCount}`);
  }
}

const outcome = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => resolve('timeout'), timeoutMs);
  const stop = client.subscribe<{ gameEvents: GameEvent }>(
    {
      query: `subscription Follow($gameId: ID!, $afterSeq: Int) {
        gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
          seq kind changes { fromZoneId toZoneId object { id card { name } } }
        }
      }`,
      variables: { gameId, afterSeq: lastSeq },
    },
    {
      next: ({ data, errors }) => {
        if (errors) return reject(new Error(errors.map((e) => e.message).join('; ')));
        if (!data) return;
        react(data.gameEvents);
        if (++received >= maxEvents) {
          clearTimeout(timer);
          stop();
          resolve(`${received} events`);
        }
      },
      error: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
      complete: () => resolve('completed'),
    },
  );
  console.log(`bot: subscribed after seq ${lastSeq}`);
});
console.log(`bot: done (${outcome}), last seq ${lastSeq}`);
await client.dispose();
