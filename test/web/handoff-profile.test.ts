/**
 * No credential reaches a browser's files (issue 37, docs/frontend.md "Opening a page by link"):
 * Chromium with a persistent profile opens the IDE and the table page by hand-off link, reloads,
 * still finds its credential, closes, and then every byte of every file under the profile (History,
 * Sessions, Session Storage, Local Storage, Cookies, the cache, the address bar's completion data)
 * is searched for the credential in every form a browser might store it: UTF-8, UTF-16, base64 and
 * base64url at any alignment, URL-encoded, and its secret part alone.
 *
 * Controls, so that a search finding nothing means something: the profile's History does hold the
 * page's visit (and the link's used code, which is dead), and its Session Storage holds the page's
 * reload code as the page stored it (Chromium writes sessionStorage values to disk in UTF-16).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGame, type CreatedGame } from '../support/game-api.js';
import { handoffRequest, mintCode } from '../support/handoff.js';
import { openIde, replaceEditorText, responseText, runQuery } from '../support/ide.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { ensureWebBuilt } from '../support/web.js';
import { chromiumPath, expectCleanPage, launchWithProfile, watchContext } from '../support/browser.js';

/** Every file under `dir`, with its path relative to `dir`. */
async function filesUnder(dir: string): Promise<{ name: string; bytes: Buffer }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(
    files.map(async (file) => ({ name: path.relative(dir, file), bytes: await readFile(file) })),
  );
}

/**
 * The byte strings that betray `secret` wherever it is stored: as text (UTF-8, UTF-16LE, UTF-16BE,
 * URL-encoded) and inside base64 or base64url of a longer value (each of the three alignments,
 * without the characters that depend on what surrounds it).
 */
function forms(secret: string): { form: string; bytes: Buffer }[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const found = [
    { form: 'utf8', bytes: utf8 },
    { form: 'utf16le', bytes: Buffer.from(secret, 'utf16le') },
    { form: 'utf16be', bytes: Buffer.from(secret, 'utf16le').swap16() },
    { form: 'url-encoded', bytes: Buffer.from(encodeURIComponent(secret)) },
  ];
  for (const encoding of ['base64', 'base64url'] as const) {
    for (let pad = 0; pad < 3; pad++) {
      const text = Buffer.concat([Buffer.alloc(pad), utf8])
        .toString(encoding)
        .replace(/=+$/, '');
      const core = text.slice(Math.ceil((pad * 4) / 3), text.length - 4);
      found.push({ form: `${encoding}+${pad}`, bytes: Buffer.from(core) });
    }
  }
  return found;
}

/** Where in the profile `secret` (and, for a game credential, its secret part alone) is found. */
async function findIn(dir: string, secret: string): Promise<string[]> {
  const secrets = [secret, /^zk[psr]_([^.]+)\./.exec(secret)?.[1]].filter((s): s is string => !!s);
  const needles = secrets.flatMap(forms);
  const hits: string[] = [];
  for (const { name, bytes } of await filesUnder(dir))
    for (const { form, bytes: needle } of needles) if (bytes.includes(needle)) hits.push(`${name} (${form})`);
  return hits;
}

/** Whether a file under `dir` whose path starts with `name` holds `needle` (bytes, any alignment). */
async function holds(dir: string, name: string, needle: Buffer): Promise<boolean> {
  const files = (await filesUnder(dir)).filter((f) => f.name.startsWith(name));
  return files.some((f) => f.bytes.includes(needle));
}

interface Case {
  readonly name: string;
  /** The credential the link hands over. */
  token(): string;
  path(): string;
  /** Waits until the page shows it acts with the credential. */
  seated(page: Page): Promise<void>;
  /** The reload code's sessionStorage key. */
  reloadKey(): string;
}

describe.skipIf(!chromiumPath)('a page opened by link leaves no credential in the browser profile', () => {
  let server: TestServer;
  let origin: string;
  let game: CreatedGame;

  beforeAll(async () => {
    ensureWebBuilt();
    server = await startTestServer();
    origin = new URL(server.url).origin;
    game = await createGame(server, 'mtg', [
      [{ name: 'Alpha Library 0' }, { name: 'Alpha Hand 0', zone: 'hand' }],
      [{ name: 'Beta Library 0' }, { name: 'Beta Hand 0', zone: 'hand' }],
    ]);
  }, 120_000);

  const cases: Case[] = [
    {
      name: 'the table page, as a seat',
      token: () => game.players[0]!.token,
      path: () => `/table/${game.gameId}`,
      seated: async (page) => {
        const hand = page.locator(`[data-seat="${game.players[0]!.seat}"] [data-zone-type="hand"]`);
        await hand.locator('[data-card-name="Alpha Hand 0"]').waitFor({ timeout: 20_000 });
        await page.locator('[data-status="live"]').waitFor({ timeout: 20_000 });
      },
      reloadKey: () => `zonekeeper.handoff.table.${game.gameId}`,
    },
    {
      name: 'the GraphQL IDE, as the admin',
      token: () => TEST_ADMIN_TOKEN,
      path: () => '/graphql',
      seated: async (page) => {
        await replaceEditorText(page, '.graphiql-query-editor', 'query Me { whoami { kind } }');
        await runQuery(page);
        await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('"kind": "ADMIN"');
      },
      reloadKey: () => 'zonekeeper.handoff.ide',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: found again after a reload, and nowhere in the profile's files`, async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'zk-profile-'));
      try {
        const token = c.token();
        const code = await mintCode(origin, token);
        const link = `${origin}${c.path()}#handoff=${code}`;
        const context = await launchWithProfile(dir);
        let kept: string | null = null;
        try {
          const { page, problems } = await watchContext(context, origin);
          if (c.path() === '/graphql') await openIde(page, link);
          else await page.goto(link);
          await c.seated(page);
          expect(new URL(page.url()).hash).toBe('');
          // A reload finds the credential again (the response pane is empty after it: run again).
          if (c.path() === '/graphql') await openIde(page, 'reload');
          else await page.reload();
          await c.seated(page);
          expect(problems.requests.filter((u) => u.includes(token))).toEqual([]);
          expectCleanPage(problems);
          kept = await page.evaluate((key) => sessionStorage.getItem(key), c.reloadKey());
        } finally {
          await context.close();
        }

        const hits = await findIn(dir, token);
        expect(hits, `the credential is in ${hits.join(', ')}`).toEqual([]);
        // Controls: the visit, the link's code and the reload code are on disk, where a search sees them.
        const history = path.join('Default', 'History');
        expect(await holds(dir, history, Buffer.from(`${origin}${c.path()}`))).toBe(true);
        expect(await holds(dir, history, Buffer.from(`#handoff=${code}`))).toBe(true);
        expect(kept).toMatch(/^zkh_/);
        const sessionStorageFiles = path.join('Default', 'Session Storage');
        expect(await holds(dir, sessionStorageFiles, Buffer.from(kept!, 'utf16le'))).toBe(true);
        // The code the History keeps is used up.
        expect((await handoffRequest(origin, 'redeem', { code })).status).toBe(404);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
