/**
 * Real-browser tests: Playwright (`playwright-core`, which downloads nothing) drives the system's
 * Chromium (Debian: `apt-get install -y chromium`).
 *
 * Without Chromium, the browser tests are skipped with a warning naming what to install; under CI
 * (`CI=true`) a missing Chromium fails the run instead, so CI cannot pass without running them.
 */
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { isCI } from './ci.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium executable, or null when none is installed. */
export const chromiumPath: string | null = CANDIDATES.find((p) => existsSync(p)) ?? null;

export { isCI };

export const MISSING_CHROMIUM =
  'Browser tests need Chromium at /usr/bin/chromium, which is not installed. ' +
  'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) to run them.';

if (!chromiumPath && !isCI) console.warn(`\n⚠ Skipping the browser tests. ${MISSING_CHROMIUM}\n`);

const ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error(MISSING_CHROMIUM);
  return chromium.launch({ executablePath: chromiumPath, args: ARGS });
}

/**
 * Chromium with a persistent profile in `userDataDir`, as a person's browser keeps one: history,
 * sessions, storage and cookies are written there (and flushed when the context closes).
 */
export async function launchWithProfile(userDataDir: string): Promise<BrowserContext> {
  if (!chromiumPath) throw new Error(MISSING_CHROMIUM);
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    // Cookies are then sealed with Chromium's fixed Linux key, as on a desktop without a keyring.
    args: [...ARGS, '--password-store=basic'],
  });
}

/** What a page did that it must not: load from another origin, break its CSP, throw. */
export interface PageProblems {
  /** Requests to any origin other than the service's (they are aborted, too). */
  readonly foreignRequests: string[];
  /** Every request URL the page made (to check no credential travels in one). */
  readonly requests: string[];
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
}

/**
 * A fresh browser context (its own storage: one viewer) whose requests may only reach `origin`:
 * anything else is recorded and aborted, as it would fail on a machine without internet.
 */
export async function openContext(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext();
  return { context, ...(await watchContext(context, origin)) };
}

/** A page of `context` whose requests may only reach `origin`, and what it did that it must not. */
export async function watchContext(
  context: BrowserContext,
  origin: string,
): Promise<{ page: Page; problems: PageProblems }> {
  const problems: PageProblems = { foreignRequests: [], requests: [], consoleErrors: [], pageErrors: [] };
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    problems.requests.push(url);
    if (new URL(url).origin === origin || url.startsWith('data:') || url.startsWith('blob:')) {
      await route.continue();
    } else {
      problems.foreignRequests.push(url);
      await route.abort();
    }
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // WebSockets are not routed above: record them too.
  page.on('websocket', (ws) => {
    problems.requests.push(ws.url());
    if (new URL(ws.url().replace(/^ws/, 'http')).origin !== origin) problems.foreignRequests.push(ws.url());
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.pageErrors.push(err.message));
  return { page, problems };
}

/** Nothing loaded from elsewhere, no CSP violation, no uncaught error. */
export function expectCleanPage(problems: PageProblems): void {
  expect(problems.foreignRequests).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors.filter((e) => /Content.Security.Policy/i.test(e))).toEqual([]);
}
