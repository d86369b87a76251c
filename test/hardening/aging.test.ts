/**
 * Long games and hostile seats (not timed):
 *
 * - A 10,000-event game plays, pages, replays (`gameAt`), exports and imports while the process's
 *   resident memory grows by less than {@link MEMORY_BUDGET_MIB} MiB (sampled throughout). Objects'
 *   history stays bounded (MTG 400.7: a new object has no memory of its previous existence), so no
 *   event, page or document grows with the game's age.
 * - A flood of concurrent event pages from one seat is answered in turn (its client's expensive reads
 *   run one at a time, the rest wait in its own queue) or refused with RATE_LIMITED (with a retry
 *   hint), while the other seat's moves all succeed and the service stays up.
 *
 * Size: AGING_TEST_EVENTS events (default 10,000), made by as many moves, several to a request
 * ({@link MOVES_PER_REQUEST}).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_BOUND } from '../../src/rules/index.js';
import { fetchGame, post, type CreatedGame, type DeckCard } from '../support/game-api.js';
import { createGame } from '../support/game-api.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { EXPORT_GAME, IMPORT_GAME, ok, type ImportJson } from '../admin/support.js';

const EVENTS = Number(process.env['AGING_TEST_EVENTS'] ?? 10_000);
/** Resident memory the whole 10,000-event scenario may add to the process. */
const MEMORY_BUDGET_MIB = 768;
const MiB = 2 ** 20;

/** A mutation of `n` moves (`move0` … `move<n-1>`, inputs `$input0` …), run in that order. */
const moves = (n: number) => /* GraphQL */ `
  mutation Moves(${Array.from({ length: n }, (_, i) => `$input${i}: MoveObjectsInput!`).join(', ')}) {
    ${Array.from({ length: n }, (_, i) => `move${i}: moveObjects(input: $input${i}) { version events { seq } }`).join('\n    ')}
  }
`;

const PAGE = /* GraphQL */ `
  query Page($gameId: ID!, $afterSeq: Int!, $first: Int!) {
    gameEvents(gameId: $gameId, afterSeq: $afterSeq, first: $first) {
      seq
      kind
      rules
      changes {
        previousId
        objectId
        fromZoneId
        toZoneId
        object {
          id
          zone {
            id
            type
          }
          card {
            name
          }
          history {
            reason
          }
        }
      }
    }
  }
`;

const GAME_AT = /* GraphQL */ `
  query At($gameId: ID!, $seq: Int!, $as: ViewerInput!) {
    gameAt(gameId: $gameId, seq: $seq, as: $as) {
      seq
      version
      game {
        lastSeq
        zones {
          type
          owner {
            id
          }
          count
          objects {
            id
            card {
              name
            }
            history {
              reason
            }
          }
        }
      }
    }
  }
`;

interface AtJson {
  gameAt: {
    seq: number;
    version: number;
    game: {
      lastSeq: number;
      zones: {
        type: string;
        owner: { id: string } | null;
        count: number;
        objects: { id: string; card: { name: string } | null; history: { reason: string }[] | null }[];
      }[];
    };
  };
}

const deck = (seat: number): DeckCard[] =>
  Array.from({ length: 60 }, (_, i) => ({
    name: `Card ${seat}-${i}`,
    types: ['creature'],
    text: `Seat ${seat}, card ${i}: a plausible line of rules text, long enough to weigh something.`,
  }));

/** Seat `seat`'s zone of a type, from its own view. */
async function zonesOf(server: TestServer, game: CreatedGame, seat: number) {
  const { game: view } = await fetchGame(server, game.gameId, game.players[seat]!.token);
  const own = (type: string) =>
    view.zones.find((z) => z.type === type && z.owner?.id === game.players[seat]!.id)!.id;
  const library = own('library');
  const inLibrary = view.zones.find((z) => z.id === library)!.count;
  return { library, hand: own('hand'), graveyard: own('graveyard'), inLibrary, lastSeq: view.lastSeq };
}

/**
 * Moves the long game sends in one request: one aliased `moveObjects` field each, which GraphQL runs
 * one after another in document order (a mutation's top-level fields execute serially), each its own
 * move through the whole pipeline with its own event. The game's age is what is under test, not the
 * per-request work (HTTP, the request pipeline), which at one move a request is over half the CPU
 * time of the moves. graphql-armor allows 15 aliases to an operation (src/server/armor.ts).
 */
const MOVES_PER_REQUEST = 10;

/**
 * Seat 0 draws its library into its graveyard one card at a time; the graveyard goes back when it
 * is empty. Up to `perRequest` moves go in one request, in order.
 */
async function rotate(server: TestServer, game: CreatedGame, until: number, perRequest = 1): Promise<number> {
  const zones = await zonesOf(server, game, 0);
  let { inLibrary, lastSeq } = zones;
  while (lastSeq < until) {
    // Each move adds at least one event: no more moves than events still wanted.
    const inputs = Array.from({ length: Math.min(perRequest, until - lastSeq) }, () => {
      const input =
        inLibrary > 0
          ? {
              gameId: game.gameId,
              select: { zoneId: zones.library, from: 'TOP', count: 1 },
              to: { zoneId: zones.graveyard },
            }
          : {
              gameId: game.gameId,
              select: { zoneId: zones.graveyard, from: 'TOP', count: 60 },
              to: { zoneId: zones.library },
            };
      inLibrary = inLibrary > 0 ? inLibrary - 1 : 60;
      return input;
    });
    const res = await post<Record<string, { events: { seq: number }[] }>>(
      server,
      moves(inputs.length),
      Object.fromEntries(inputs.map((input, i) => [`input${i}`, input])),
      game.players[0]!.token,
    );
    expect(res.errors, res.text).toBeUndefined();
    lastSeq = res.data![`move${inputs.length - 1}`]!.events.at(-1)!.seq;
  }
  return lastSeq;
}

/**
 * An admin operation on a whole 10,000-event log (export, import) is a document of several MiB: on a
 * busy machine it may take longer than the suite's usual 15 s request timeout.
 */
async function adminLong<T>(
  server: TestServer,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { data?: T; errors?: unknown[] };
  expect(body.errors, text.slice(0, 2000)).toBeUndefined();
  return body.data as T;
}

/**
 * Samples this process's RSS until stopped; resolves with the peak. `memoryUsage.rss()` reads the
 * RSS alone: `memoryUsage()` also walks the heap's spaces, which at 40 samples a second costs a few
 * percent of the scenario's CPU.
 */
function rssSampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  return {
    peak: () => Math.max(peak, process.memoryUsage.rss()),
    stop: () => clearInterval(timer),
  };
}

describe('a 10,000-event game', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A 10,000-event export is a document of several MiB: allow it through import.
    server = await startTestServer({
      MAX_PAYLOAD_BYTES: String(64 * MiB),
      ADMIN_MAX_PAYLOAD_BYTES: String(64 * MiB),
    });
  });

  it(`plays, pages, replays, exports and imports within ${MEMORY_BUDGET_MIB} MiB`, async () => {
    const game = await createGame(server, 'mtg', [deck(0), deck(1)]);
    const rss0 = process.memoryUsage.rss();
    const sampler = rssSampler();
    try {
      const lastSeq = await rotate(server, game, EVENTS, MOVES_PER_REQUEST);
      expect(lastSeq).toBeGreaterThanOrEqual(EVENTS);

      // Pages: the last 100 events, as the other seat, like any page of a young game.
      const bob = game.players[1]!.token;
      const page = await post<{
        gameEvents: { seq: number; changes: { object: { history: unknown[] | null } | null }[] }[];
      }>(server, PAGE, { gameId: game.gameId, afterSeq: lastSeq - 100, first: 100 }, bob);
      expect(page.errors, page.text).toBeUndefined();
      expect(page.data!.gameEvents.map((e) => e.seq)).toEqual(
        Array.from({ length: 100 }, (_, i) => lastSeq - 99 + i),
      );
      // Bounded objects: a page of a 10,000-event game is no heavier than a young game's.
      expect(page.text.length).toBeLessThan(256 * 1024);
      for (const e of page.data!.gameEvents)
        for (const c of e.changes)
          expect((c.object?.history ?? []).length).toBeLessThanOrEqual(HISTORY_BOUND);

      // Replays: the last seq equals the live admin view; checkpointed seqs in the middle replay too.
      const at = async (gameId: string, seq: number, as: Record<string, unknown>) =>
        (await ok<AtJson>(server, GAME_AT, { gameId, seq, as })).gameAt;
      const last = await at(game.gameId, lastSeq, { kind: 'ADMIN' });
      const live = await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN);
      expect(last.game.lastSeq).toBe(live.game.lastSeq);
      expect(last.game.zones.map((z) => z.count)).toEqual(live.game.zones.map((z) => z.count));
      const middle = Math.floor(lastSeq / 2) + 7;
      const mid = await at(game.gameId, middle, { kind: 'PLAYER', playerId: game.players[1]!.id });
      expect(mid.seq).toBe(middle);
      expect(mid.game.zones.reduce((n, z) => n + z.count, 0)).toBe(120);
      for (const z of last.game.zones)
        for (const o of z.objects) expect((o.history ?? []).length).toBeLessThanOrEqual(HISTORY_BOUND);

      // Export and import: the copy replays to the same counts at the same seq, and plays on.
      const exported = await adminLong<{ exportGame: { events: unknown[] } }>(server, EXPORT_GAME, {
        gameId: game.gameId,
      });
      expect(exported.exportGame.events).toHaveLength(lastSeq);
      const imported = (
        await adminLong<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: exported.exportGame })
      ).importGame;
      const copyMid = await at(imported.game.id, middle, { kind: 'ADMIN' });
      const origMid = await at(game.gameId, middle, { kind: 'ADMIN' });
      expect(copyMid.game.zones.map((z) => [z.type, z.count])).toEqual(
        origMid.game.zones.map((z) => [z.type, z.count]),
      );
      const copy: CreatedGame = {
        gameId: imported.game.id,
        players: imported.seats.map((s) => ({ id: s.player.id, seat: s.player.seat, token: s.token })),
        spectatorToken: imported.spectatorToken,
      };
      expect(await rotate(server, copy, lastSeq + 3)).toBeGreaterThanOrEqual(lastSeq + 3);
    } finally {
      sampler.stop();
    }
    const grownMiB = (sampler.peak() - rss0) / MiB;
    expect(grownMiB, `RSS grew by ${grownMiB.toFixed(0)} MiB`).toBeLessThan(MEMORY_BUDGET_MIB);
  }, 1_800_000);
});

describe('a flood of pages from one seat', () => {
  let server: TestServer;
  beforeAll(async () => {
    // One slot per credential: a page of the flood runs only when the seat's previous one is done.
    server = await startTestServer({ WORK_LIMIT_PER_PRINCIPAL: '1' });
  });

  it('is answered in turn (or refused with RATE_LIMITED) while the other seat moves, and the service stays up', async () => {
    const game = await createGame(server, 'mtg', [deck(0), deck(1)]);
    const lastSeq = await rotate(server, game, 150, MOVES_PER_REQUEST);
    const bob = game.players[1]!.token;
    const page = () =>
      post<{ gameEvents: { seq: number }[] }>(
        server,
        PAGE,
        { gameId: game.gameId, afterSeq: lastSeq - 100, first: 100 },
        bob,
      );
    const flood = Promise.all(Array.from({ length: 64 }, page));
    const moves = rotate(server, game, lastSeq + 20);
    const [answers] = await Promise.all([flood, moves]);
    let answered = 0;
    let refused = 0;
    for (const a of answers) {
      if (a.errors) {
        expect(a.errors[0]?.extensions?.code, a.text).toBe('RATE_LIMITED');
        expect(a.errors[0]?.extensions?.['retryAfterMs']).toBeGreaterThan(0);
        refused++;
      } else {
        expect(a.data!.gameEvents).toHaveLength(100);
        answered++;
      }
    }
    // The flood waits in its own client's queue: every page is answered or refused, most answered.
    expect(answered + refused).toBe(64);
    expect(answered).toBeGreaterThan(refused);
    // Still up, and the seat is served again once its flood is over.
    const after = await page();
    expect(after.errors, after.text).toBeUndefined();
  });
});
