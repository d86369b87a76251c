/**
 * The fixture of a browser suite: the pages built, the service on a fresh test database, and one
 * Chromium, started before the suite's tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from './server.js';
import { ensureWebBuilt } from './web.js';
import { launchBrowser } from './browser.js';

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
