/**
 * The browser pages over plain HTTP (no browser needed): who gets the IDE at `GET /graphql`, that
 * GRAPHQL_IDE=false turns it off, that the table page and assets are served with a policy that
 * keeps them on this origin, that asset names cannot escape web/dist, and that nothing in the
 * bundles loads from a CDN.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureWebBuilt, WEB_DIST } from '../support/web.js';

let server: TestServer;
let noIde: TestServer;
const origin = (s: TestServer) => new URL(s.url).origin;
/** The status of a GET, its body read (an unread body keeps the client's socket open). */
const statusOf = async (url: string) => {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
};
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  ensureWebBuilt();
  [server, noIde] = await Promise.all([startTestServer(), startTestServer({ GRAPHQL_IDE: 'false' })]);
}, 120_000);

describe('GET /graphql', () => {
  it('serves the IDE to a browser, loading only same-origin assets under a strict policy', async () => {
    const res = await fetch(`${origin(server)}/graphql`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "worker-src 'self'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    const html = await res.text();
    expect(html).toContain('src="/assets/ide.js"');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('still answers GraphQL clients: POST, and GET without an HTML Accept', async () => {
    const post = await server.gql<{ rulesets: { id: string }[] }>('{ rulesets { id } }');
    expect(post.data?.rulesets.map((r) => r.id)).toContain('mtg');
    const get = await fetch(`${server.url}?query=${encodeURIComponent('{ rulesets { id } }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(200);
    expect(await get.json()).toMatchObject({ data: { rulesets: expect.any(Array) } });
  });

  it('with GRAPHQL_IDE=false, a browser gets no IDE and the IDE assets are gone', async () => {
    const res = await fetch(`${origin(noIde)}/graphql`, { headers: HTML });
    expect(res.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect(await res.text()).not.toContain('/assets/ide.js');
    for (const asset of ['ide.js', 'ide.css', 'editor.worker.js', 'graphql.worker.js']) {
      expect(await statusOf(`${origin(noIde)}/assets/${asset}`), asset).toBe(404);
    }
    // The table page is not the IDE: it stays.
    expect(await statusOf(`${origin(noIde)}/table/some-game`)).toBe(200);
    expect(await statusOf(`${origin(noIde)}/assets/table.js`)).toBe(200);
  });
});

describe('GET /', () => {
  it('links the IDE only when it is on, and explains the table URL', async () => {
    const on = await (await fetch(`${origin(server)}/`)).text();
    expect(on).toContain('href="/graphql"');
    expect(on).toContain('/table/&lt;gameId&gt;#handoff=');
    expect(on).not.toContain('#token=');
    expect(await (await fetch(`${origin(noIde)}/`)).text()).not.toContain('href="/graphql"');
  });
});

describe('GET /table/<gameId>', () => {
  it('serves the page shell (the credential stays in the fragment, never in the request)', async () => {
    const res = await fetch(`${origin(server)}/table/4f6c1c57-0000-4000-8000-000000000000`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('src="/assets/table.js"');
    expect(html).toContain('href="/assets/table.css"');
    expect(await statusOf(`${origin(server)}/table/a/b`)).toBe(404);
  });
});

describe('GET /assets/<file>', () => {
  it('serves the bundles with their types', async () => {
    const js = await fetch(`${origin(server)}/assets/table.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    await js.arrayBuffer();
    const css = await fetch(`${origin(server)}/assets/ide.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    await css.arrayBuffer();
    const head = await fetch(`${origin(server)}/assets/ide.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  it('answers a revalidation of an unchanged file with 304 and no body', async () => {
    const first = await fetch(`${origin(server)}/assets/table.js`);
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetch(`${origin(server)}/assets/table.js`, {
      headers: { 'if-modified-since': lastModified! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const older = new Date(Date.parse(lastModified!) - 60_000).toUTCString();
    const stale = await fetch(`${origin(server)}/assets/table.js`, {
      headers: { 'if-modified-since': older },
    });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it.each([
    // web/dist/../../package.json is the repository's package.json.
    '../../package.json',
    '..%2f..%2fpackage.json',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5c..%5cpackage.json',
    'build.json',
    '.hidden.js',
    'missing.js',
    'sub/dir.js',
  ])('refuses %s', async (name) => {
    const res = await fetch(`${origin(server)}/assets/${name}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"dependencies"');
  });
});

describe('the bundles', () => {
  it('load nothing from a CDN: no remote imports, stylesheets, fonts or workers', async () => {
    const files = (await readdir(WEB_DIST)).filter((f) => /\.(js|css)$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['ide.js', 'ide.css', 'table.js', 'table.css']));
    for (const file of files) {
      const text = await readFile(path.join(WEB_DIST, file), 'utf8');
      // Where a page could name a remote resource to load: CSS url()/@import, ES imports, workers.
      expect(text, file).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
      expect(text, file).not.toMatch(/@import\s+["'](https?:)?\/\//);
      expect(text, file).not.toMatch(/\bimport\s*\(?\s*["']https?:\/\//);
      expect(text, file).not.toMatch(/esm\.sh|unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com/);
    }
  });

  it('keep the table page small, with the typed client and no Node-only module in it', async () => {
    const js = await readFile(path.join(WEB_DIST, 'table.js'), 'utf8');
    // Preact, htm, graphql-ws and client/ with its GraphQL documents (each action's document carries
    // its fragments' text: about 10 KB for the seven table actions; each document's text is in the
    // bundle three times), and the table's controls, card
    // menu, keyboard path, refusals, takeback strip and judge's panel (five more documents): about
    // 113 KB minified. The bound catches a heavy dependency bundled by mistake.
    expect(js.length).toBeLessThan(122 * 1024);
    // The page's own operations, declared with the client's graphql() (web/table/api.ts).
    expect(js).toContain('query TableGame(');
    // The `ws` package's browser stub, bundled only if Node's WebSocket were imported.
    expect(js).not.toContain('ws does not work in the browser');
  });
});
