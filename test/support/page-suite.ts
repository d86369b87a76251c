/**
 * The fixture of a browser suite: the pages built, the service on a fresh test database, and one
 * Chromium, started before the suite's tests and closed after them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from './server.js';
import { ensureWebBuilt } from './web.js';
import { expectCleanPage, launchBrowser, watchContext, type PageProblems } from './browser.js';
import { linkTo } from './handoff.js';
import { compareScreenshot, MAX_DIFF_PIXELS, stabilize, VIEWPORT } from './screenshots.js';

const LIVE = { timeout: 15_000 };

export interface PageSuite {
  readonly server: TestServer;
  /** The service's origin (`http://127.0.0.1:<port>`), the only one its pages may load from. */
  readonly origin: string;
  readonly browser: Browser;
}

/** Registers the fixture in the calling describe block; read its fields inside tests. */
export function usePageSuite(): PageSuite {
  const suite = {} as { server: TestServer; origin: string; browser: Browser };
  beforeAll(async () => {
    ensureWebBuilt();
    suite.server = await startTestServer();
    suite.origin = new URL(suite.server.url).origin;
    suite.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
  });
  return suite;
}

/**
 * A seat's table page (`token`'s), rendered deterministically for screenshots, once it is live;
 * `watch` sees the page before it loads (to record its responses).
 */
export async function openTablePage(
  suite: PageSuite,
  gameId: string,
  token: string,
  watch: (page: Page) => void = () => undefined,
) {
  const context = await suite.browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const { page, problems } = await watchContext(context, suite.origin);
  watch(page);
  await page.goto(await linkTo(suite.origin, `/table/${gameId}`, token));
  await page.locator('[data-status="live"]').waitFor(LIVE);
  await stabilize(page);
  return { context, page, problems };
}

/**
 * Compares each table page (`pages`, by whose page it is) with its reference `<name>-<who>.png`, the
 * per-run game id and the clocks' digits (how much time is left depends on the machine's speed)
 * masked; records the differing pixels in `shots` under the reference's name.
 */
export async function compareTablePages(
  pages: Readonly<Record<string, Page>>,
  name: string,
  shots: Record<string, number>,
): Promise<void> {
  for (const [who, page] of Object.entries(pages)) {
    const mask = [page.locator('.game-id'), page.locator('.clock-time')];
    shots[`${name}-${who}`] = (await compareScreenshot(page, `${name}-${who}`, mask)).diffPixels;
  }
}

/**
 * The end of a page test: every compared screenshot (differing pixels by name) within the
 * tolerance, and every page clean (nothing from elsewhere, no CSP violation, no uncaught error).
 */
export function expectShotsAndCleanPages(
  shots: Readonly<Record<string, number>>,
  pages: readonly { readonly problems: PageProblems }[],
): void {
  for (const [name, diff] of Object.entries(shots)) expect(diff, name).toBeLessThanOrEqual(MAX_DIFF_PIXELS);
  for (const { problems } of pages) expectCleanPage(problems);
}
