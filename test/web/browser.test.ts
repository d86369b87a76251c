/**
 * The browser pages in a real browser (Chromium driven by Playwright) against the real service and
 * PostgreSQL: the GraphQL IDE runs a query and a subscription; the table page shows a seat its own
 * hand and nothing of the opponent's, and a card dragged by one seat appears live for the other.
 * Every page must load only from the service itself (requests elsewhere are aborted and fail the
 * test) and break none of its Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createGame, post, type CreatedGame, type DeckCard, NO_SEAT_ENTROPY } from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureWebBuilt } from '../support/web.js';
import {
  chromiumPath,
  expectCleanPage,
  isCI,
  launchBrowser,
  MISSING_CHROMIUM,
  openContext,
} from '../support/browser.js';
import { handoffRequest, linkTo } from '../support/handoff.js';
import { openIde, replaceEditorText, responseText, runQuery } from '../support/ide.js';

describe.runIf(!chromiumPath && isCI)('browser tests under CI', () => {
  it('have Chromium to run on', () => {
    throw new Error(MISSING_CHROMIUM);
  });
});

const cards = (prefix: string, n: number, extra: Partial<DeckCard> = {}): DeckCard[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, types: ['creature'], ...extra }));

const ALPHA_HAND = cards('Alpha Hand', 3, { zone: 'hand' });
const BETA_HAND = cards('Beta Hand', 3, { zone: 'hand' });
const DECKS = [
  [...cards('Alpha Library', 5), ...ALPHA_HAND],
  [...cards('Beta Library', 5), ...BETA_HAND],
];

describe.skipIf(!chromiumPath)('the browser pages', () => {
  let server: TestServer;
  let origin: string;
  let browser: Browser;
  let game: CreatedGame;

  beforeAll(async () => {
    ensureWebBuilt();
    server = await startTestServer();
    origin = new URL(server.url).origin;
    browser = await launchBrowser();
    // Its log is read from seq 1 in the IDE, which shows the last event: no set-up entropy events.
    game = await createGame(server, 'mtg', DECKS, undefined, NO_SEAT_ENTROPY);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  describe('GET /graphql from a browser: the IDE', () => {
    it('runs a query typed into the editor and shows the result', async () => {
      const { context, page, problems } = await openContext(browser, origin);
      try {
        const response = await openIde(page, `${origin}/graphql`);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
        await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 20_000 });
        await replaceEditorText(page, '.graphiql-query-editor', 'query Ids { rulesets { id name } }');
        await runQuery(page);
        await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('"id": "netrunner"');
        expect(await responseText(page)).toContain('"id": "mtg"');
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });

    it('subscribes over graphql-ws with the credential of a hand-off link', async () => {
      const { context, page, problems } = await openContext(browser, origin);
      try {
        const token = game.players[0]!.token;
        await openIde(page, await linkTo(origin, '/graphql', token));
        await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 20_000 });
        // The link's code left the address bar; the credential it stood for is in the Headers tab and
        // never went to the server in a URL.
        expect(new URL(page.url()).hash).toBe('');
        expect(problems.requests.filter((u) => u.includes(token))).toEqual([]);
        await replaceEditorText(
          page,
          '.graphiql-query-editor',
          `subscription Log { gameEvents(gameId: "${game.gameId}", afterSeq: 0) { seq kind } }`,
        );
        // A started subscription replays seq 1 at once, so a repeated click only follows a lost one.
        await runQuery(page);
        await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('"seq": 1');
        expect(await responseText(page)).toContain('"kind": "GAME_CREATED"');
        expect(problems.requests.some((u) => u.startsWith('ws://'))).toBe(true);
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });
    it('keeps the token in no browser storage: localStorage, sessionStorage, IndexedDB, after a reload', async () => {
      const { context, page, problems } = await openContext(browser, origin);
      try {
        const token = game.players[1]!.token;
        await openIde(page, await linkTo(origin, '/graphql', token));
        await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 20_000 });
        await replaceEditorText(page, '.graphiql-query-editor', 'query Me { whoami { kind } }');
        await runQuery(page);
        // Run with the token: the server saw a seat, not an anonymous caller.
        await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('"kind": "PLAYER"');
        await page.reload();
        await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 20_000 });
        const stored = await page.evaluate(async () => {
          const dump = (s: Storage) =>
            Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`);
          const databases: string[] = [];
          for (const info of await indexedDB.databases()) {
            if (!info.name) continue;
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(info.name!);
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error);
            });
            for (const store of Array.from(db.objectStoreNames)) {
              const all = await new Promise<unknown[]>((resolve, reject) => {
                const req = db.transaction(store).objectStore(store).getAll();
                req.onsuccess = () => resolve(req.result);
                req.onerror = () => reject(req.error);
              });
              databases.push(`${info.name}/${store}=${JSON.stringify(all)}`);
            }
            db.close();
          }
          return { local: dump(localStorage), session: dump(sessionStorage), indexedDB: databases };
        });
        // The IDE did store its tabs and history (the query is there), only not the headers.
        expect(stored.local.join('\n')).toContain('whoami');
        for (const [where, entries] of Object.entries(stored)) {
          expect(
            entries.filter((e) => e.includes(token)),
            where,
          ).toEqual([]);
          // Nor any headers at all (the default query's comment mentions "Bearer <token>" as an example).
          expect(
            entries.filter((e) => e.includes('"headers"')),
            where,
          ).toEqual([]);
        }
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });
  });

  describe('GET /table/<gameId>#handoff=…: the table page', () => {
    it('does not read a token from the fragment: it clears it and asks for a token', async () => {
      const { context, page, problems } = await openContext(browser, origin);
      try {
        const token = game.players[0]!.token;
        await page.goto(`${origin}/table/${game.gameId}#token=${token}`);
        await page.locator('.token-form').waitFor({ timeout: 15_000 });
        expect(new URL(page.url()).hash).toBe('');
        expect(await page.locator('[data-card-name]').count()).toBe(0);
        expect(await page.locator('.token-form [role="alert"]').count()).toBe(0);
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });

    it('says so when a link has been used, and asks for a token', async () => {
      const { context, page, problems } = await openContext(browser, origin);
      try {
        const link = await linkTo(origin, `/table/${game.gameId}`, game.players[0]!.token);
        const used = await handoffRequest(origin, 'redeem', {
          code: new URL(link).hash.slice('#handoff='.length),
        });
        expect(used.status).toBe(200);
        await page.goto(link);
        await page.locator('.token-form [role="alert"]').waitFor({ timeout: 15_000 });
        expect(await page.locator('.token-form').innerText()).toContain(
          'This link has been used or has expired',
        );
        expect(await page.locator('.token-form').innerText()).toContain('hand-off link, /table/');
        expect(await page.locator('[data-card-name]').count()).toBe(0);
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });

    it("shows a seat its own hand and none of the opponent's cards", async () => {
      const { context, page, problems } = await openContext(browser, origin);
      try {
        const token = game.players[0]!.token;
        await page.goto(await linkTo(origin, `/table/${game.gameId}`, token));
        const hand = page.locator(`[data-seat="${game.players[0]!.seat}"] [data-zone-type="hand"]`);
        for (const card of ALPHA_HAND) {
          await expect
            .poll(() => hand.locator(`[data-card-name="${card.name}"]`).count(), { timeout: 15_000 })
            .toBe(1);
        }
        // The opponent's hand is there, as a count of backs; its cards are not, anywhere on the page.
        const theirHand = page.locator(`[data-seat="${game.players[1]!.seat}"] [data-zone-type="hand"]`);
        expect(await theirHand.locator('.count').innerText()).toBe(String(BETA_HAND.length));
        expect(await theirHand.locator('[data-card-name]').count()).toBe(0);
        const html = await page.content();
        expect(html).not.toContain('Beta');
        // Both libraries are hidden to everyone, their own included.
        expect(html).not.toContain('Alpha Library');
        // The link's code left the address bar; the credential never was in a URL.
        expect(new URL(page.url()).hash).toBe('');
        expect(problems.requests.filter((u) => u.includes(token))).toEqual([]);
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });

    it('a card one seat drags to the battlefield appears live for the other seat', async () => {
      const alpha = await openContext(browser, origin);
      const beta = await openContext(browser, origin);
      try {
        const moved = ALPHA_HAND[0]!.name;
        await beta.page.goto(await linkTo(origin, `/table/${game.gameId}`, game.players[1]!.token));
        await alpha.page.goto(await linkTo(origin, `/table/${game.gameId}`, game.players[0]!.token));
        for (const { page } of [alpha, beta]) {
          await page.locator('[data-status="live"]').waitFor({ timeout: 15_000 });
        }
        expect(await beta.page.content()).not.toContain(moved);

        const battlefield = (page: Page) =>
          page.locator('[data-seat="shared"] [data-zone-type="battlefield"]');
        await alpha.page.locator(`[data-card-name="${moved}"]`).dragTo(battlefield(alpha.page));

        // The opponent sees it arrive, face up, without reloading.
        await battlefield(beta.page).locator(`[data-card-name="${moved}"]`).waitFor({ timeout: 15_000 });
        await battlefield(alpha.page).locator(`[data-card-name="${moved}"]`).waitFor({ timeout: 15_000 });
        // And the mover's hand is one card shorter, for both of them.
        const alphaHand = (page: Page) =>
          page.locator(`[data-seat="${game.players[0]!.seat}"] [data-zone-type="hand"] .count`);
        await expect.poll(() => alphaHand(beta.page).innerText()).toBe(String(ALPHA_HAND.length - 1));
        expect(await alphaHand(alpha.page).innerText()).toBe(String(ALPHA_HAND.length - 1));
        // The rest of the mover's hand is still hidden from the opponent.
        expect(await beta.page.content()).not.toContain(ALPHA_HAND[1]!.name);
        expectCleanPage(alpha.problems);
        expectCleanPage(beta.problems);
      } finally {
        await alpha.context.close();
        await beta.context.close();
      }
    });
  });

  describe('a draw on the table page', () => {
    it("a seat draws by dragging its library pile onto its hand (moved by position, not by a hidden card's id)", async () => {
      const created = await createGame(server, 'mtg', DECKS);
      const alpha = await openContext(browser, origin);
      const beta = await openContext(browser, origin);
      try {
        await beta.page.goto(await linkTo(origin, `/table/${created.gameId}`, created.players[1]!.token));
        await alpha.page.goto(await linkTo(origin, `/table/${created.gameId}`, created.players[0]!.token));
        for (const { page } of [alpha, beta]) {
          await page.locator('[data-status="live"]').waitFor({ timeout: 15_000 });
        }
        const zone = (page: Page, type: string) =>
          page.locator(`[data-seat="${created.players[0]!.seat}"] [data-zone-type="${type}"]`);
        await zone(alpha.page, 'library').locator('.card').dragTo(zone(alpha.page, 'hand'));

        // The top card of the library (the deck's first card) is now in the hand, face up to its owner.
        const drawn = DECKS[0]![0]!.name;
        await zone(alpha.page, 'hand').locator(`[data-card-name="${drawn}"]`).waitFor({ timeout: 15_000 });
        expect(await zone(alpha.page, 'hand').locator('.count').innerText()).toBe(
          String(ALPHA_HAND.length + 1),
        );
        expect(await zone(alpha.page, 'library').locator('.count').innerText()).toBe('4');
        expect(await alpha.page.locator('.notice').count()).toBe(0);
        // The opponent sees the counts change live, and not the card.
        await expect
          .poll(() => zone(beta.page, 'hand').locator('.count').innerText(), { timeout: 15_000 })
          .toBe(String(ALPHA_HAND.length + 1));
        expect(await zone(beta.page, 'library').locator('.count').innerText()).toBe('4');
        expect(await beta.page.content()).not.toContain(drawn);
        expectCleanPage(alpha.problems);
        expectCleanPage(beta.problems);
      } finally {
        await alpha.context.close();
        await beta.context.close();
      }
    });
  });

  describe('the table page when the server refuses', () => {
    it('offers no move the seat may not make, and a drag of it changes nothing', async () => {
      const created = await createGame(server, 'mtg', DECKS);
      const { context, page, problems } = await openContext(browser, origin);
      try {
        // Tall enough that the drag below needs no scroll.
        await page.setViewportSize({ width: 1280, height: 1200 });
        await page.goto(await linkTo(origin, `/table/${created.gameId}`, created.players[0]!.token));
        await page.locator('[data-status="live"]').waitFor({ timeout: 15_000 });
        const seat = (n: number, zone: string) =>
          page.locator(`[data-seat="${created.players[n]!.seat}"] [data-zone-type="${zone}"]`);
        // The top of the opponent's library, which this seat may not see, is not its to take: the
        // page offers neither a drag nor a menu for it.
        const theirLibrary = seat(1, 'library').locator('.card').first();
        expect(await theirLibrary.getAttribute('draggable')).toBe('false');
        expect(await theirLibrary.locator('.card-menu-button').count()).toBe(0);
        // A drag of it starts nothing. (A refusal the server answers is shown where the card was
        // dropped, with its rule and code: test/web/table-rulesets.test.ts.)
        await theirLibrary.dragTo(seat(0, 'hand'));
        expect(await seat(0, 'hand').locator('.count').innerText()).toBe(String(ALPHA_HAND.length));
        expect(await seat(1, 'library').locator('.count').innerText()).toBe('5');
        expect(await page.locator('[data-status]').getAttribute('data-status')).toBe('live');
        expectCleanPage(problems);
      } finally {
        await context.close();
      }
    });

    it('stops, showing why, when the event stream refuses the token (close 4401)', async () => {
      const created = await createGame(server, 'mtg', DECKS);
      const { context, page, problems } = await openContext(browser, origin);
      const sockets: string[] = [];
      const graphqlWs = `${origin.replace(/^http/, 'ws')}/graphql`;
      // The HTTP requests reach the server; the WebSocket is answered as a server that refuses the
      // credential in connection_init (close 4401, UNAUTHENTICATED in the close code table). The
      // marker socket (below) is only recorded.
      await page.routeWebSocket(/\/graphql(\?marker)?$/, (ws) => {
        sockets.push(ws.url());
        if (ws.url() === graphqlWs) ws.onMessage(() => ws.close({ code: 4401, reason: 'Unauthorized' }));
      });
      // The page's timers run on a clock the test can move (it runs at normal speed until then).
      await page.clock.install();
      try {
        await page.goto(await linkTo(origin, `/table/${created.gameId}`, created.players[0]!.token));
        await expect
          .poll(() => page.locator('.error').innerText(), { timeout: 15_000 })
          .toBe('The token was refused. (UNAUTHENTICATED)');
        // No retry: the same credential would be refused again. The page's clock passes the longest
        // retry delay (5 s) at once, so a retry would now have opened its socket; a marker socket
        // opened after that is routed after it.
        await page.clock.runFor(30_000);
        await page.evaluate((url) => void new WebSocket(url), `${graphqlWs}?marker`);
        await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
        expect(sockets).toEqual([graphqlWs, `${graphqlWs}?marker`]);
        expect(problems.pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  describe('the table page across a server restart', () => {
    /** One more instance on the same database, on `port` (0: any free one). */
    const instance = (port: number): Promise<App> => {
      const config = loadConfig({
        DATABASE_URL: server.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '4',
      });
      return startApp(config, createLogger(config.LOG_LEVEL), { migrate: false });
    };

    /** Seat `seat` moves the top card of its library to its graveyard, through the main server. */
    async function millOne(created: CreatedGame, seat: number): Promise<void> {
      const player = created.players[seat]!;
      const zones = await post<{
        game: { zones: { id: string; type: string; owner: { id: string } | null }[] };
      }>(
        server,
        'query Z($id: ID!) { game(id: $id) { zones { id type owner { id } } } }',
        { id: created.gameId },
        player.token,
      );
      const library = zones.data!.game.zones.find((z) => z.type === 'library' && z.owner?.id === player.id)!;
      const moved = await post(
        server,
        `mutation M($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`,
        {
          input: {
            gameId: created.gameId,
            select: { zoneId: library.id, from: 'TOP', count: 1 },
            to: { type: 'graveyard', ownerId: player.id },
          },
        },
        player.token,
      );
      expect(moved.data, moved.text).toBeTruthy();
    }

    it('reconnects, catches up on what it missed, and stays live', async () => {
      const created = await createGame(server, 'mtg', DECKS);
      let app: App | null = await instance(0);
      const port = app.port;
      const { context, page, problems } = await openContext(browser, `http://127.0.0.1:${port}`);
      try {
        await page.goto(
          await linkTo(`http://127.0.0.1:${port}`, `/table/${created.gameId}`, created.players[0]!.token),
        );
        await page.locator('[data-status="live"]').waitFor({ timeout: 15_000 });
        const graveyard = page.locator(
          `[data-seat="${created.players[1]!.seat}"] [data-zone-type="graveyard"]`,
        );
        expect(await graveyard.locator('.count').innerText()).toBe('0');

        await app.stop();
        app = null;
        await page.locator('[data-status="reconnecting"]').waitFor({ timeout: 15_000 });
        // A move while the page's server is down: the page learns of it when it is back.
        await millOne(created, 1);
        app = await instance(port);
        await page.locator('[data-status="live"]').waitFor({ timeout: 30_000 });
        await expect.poll(() => graveyard.locator('.count').innerText(), { timeout: 15_000 }).toBe('1');
        // And later moves still arrive live on the new connection.
        await millOne(created, 1);
        await expect.poll(() => graveyard.locator('.count').innerText(), { timeout: 15_000 }).toBe('2');
        expect(await graveyard.locator('[data-card-name]').count()).toBe(2);
        expect(problems.pageErrors).toEqual([]);
        expect(problems.foreignRequests).toEqual([]);
      } finally {
        await context.close();
        await app?.stop();
      }
    }, 90_000);
  });
});
