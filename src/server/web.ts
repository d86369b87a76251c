/**
 * The browser pages: the GraphQL IDE (`GET /graphql` when the client asks for HTML), the reference
 * table page (`GET /table/<gameId>`) and their bundled assets (`GET /assets/<file>`), built from
 * `web/` into `web/dist/` by scripts/build-web.mjs.
 *
 * Every page loads only from this origin: the Content-Security-Policy allows scripts, styles,
 * fonts, workers and connections to this origin alone, so a page cannot reach a CDN even by mistake.
 * Credentials never travel in a URL, not even in a fragment (browsers keep those in their history
 * files): a link carries a single-use hand-off code that the page exchanges for the credential in a
 * POST (`handoff.ts`, web/handoff.ts).
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/** `web/dist` under the package root: the first folder above this file holding a package.json. */
export function webDistDir(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ;) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'web', 'dist');
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(from, 'web', 'dist');
    dir = parent;
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** Asset names are flat (no folders): this also rules out `..` and encoded separators. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Assets that only the IDE uses, refused when the IDE is turned off. */
const IDE_ASSET = /^(ide\b|.*\.worker\.js|codicon-)/;
const TABLE_PATH = /^\/table\/([^/]+)$/;
/** A Host header safe to echo into the policy (it only ever reaches the client that sent it). */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

function contentSecurityPolicy(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  // `'self'` covers same-origin WebSockets in current browsers; older ones need the ws URL spelled out.
  const ws = SAFE_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // The editors set inline styles (positions, sizes); no style is loaded from elsewhere.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${ws}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The service's icon (a card with a corner turned), answered at `/favicon.svg`, which the pages link,
 * and at `/favicon.ico`, where browsers and tools look without a link: no 404 on any page load.
 */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">\
<rect x="5" y="2" width="22" height="28" rx="3" fill="#4a3b8f"/>\
<rect x="9" y="6" width="14" height="20" rx="1.5" fill="#fffdf4"/>\
<path d="M12 11h8M12 15h8M12 19h5" stroke="#4a3b8f" stroke-width="2" stroke-linecap="round"/></svg>`;
const FAVICON_PATHS = new Set(['/favicon.ico', '/favicon.svg']);

function page(title: string, body: string, assets: { css?: string; js: string }): string {
  const css = assets.css ? `<link rel="stylesheet" href="/assets/${assets.css}">` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${css}<script type="module" src="/assets/${assets.js}"></script></head>
<body>${body}</body></html>`;
}

const IDE_PAGE = page('Zonekeeper GraphQL IDE', '<div id="graphiql">Loading the IDE…</div>', {
  css: 'ide.css',
  js: 'ide.js',
});
const TABLE_PAGE = page('Zonekeeper table', '<main id="app">Loading the table…</main>', {
  css: 'table.css',
  js: 'table.js',
});

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><h1>The web pages are not built</h1><p>Run <code>npm run build:web</code> and reload.</p></body></html>`;

/** An asset of the built pages by name, revalidated by date; the IDE's only when the IDE is served. */
async function sendAsset(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  { distDir, ide }: { distDir: string; ide: boolean },
): Promise<void> {
  const type = CONTENT_TYPES[path.extname(name)];
  if (!type || !ASSET_NAME.test(name) || (!ide && IDE_ASSET.test(name))) {
    return notFound(res);
  }
  const file = path.join(distDir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return notFound(res);
  const headers = {
    'content-type': type,
    // Names are stable across builds: revalidate, so a rebuild shows at once.
    'cache-control': 'no-cache',
    'last-modified': info.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  // Revalidation of an unchanged file (HTTP dates have whole seconds).
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  if (!Number.isNaN(since) && Math.floor(info.mtimeMs / 1000) * 1000 <= since) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') return void res.end();
  await new Promise<void>((resolve, reject) => {
    createReadStream(file).on('error', reject).pipe(res).on('finish', resolve).on('close', resolve);
  });
}

function sendFavicon(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': CONTENT_TYPES['.svg']!,
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : FAVICON_SVG);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: 'not found' }));
}

export interface WebRoutes {
  /** Serves the request and returns true when it is for a page or an asset; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

export function createWebRoutes(
  config: Pick<Config, 'GRAPHQL_IDE'>,
  logger: Logger,
  { graphqlPath, distDir = webDistDir() }: { graphqlPath: string; distDir?: string },
): WebRoutes {
  const built = (): boolean => existsSync(path.join(distDir, 'build.json'));

  function sendPage(req: IncomingMessage, res: ServerResponse, html: string): void {
    const ready = built();
    res.writeHead(ready ? 200 : 503, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': contentSecurityPolicy(req),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      vary: 'accept',
    });
    res.end(req.method === 'HEAD' ? undefined : ready ? html : NOT_BUILT);
  }

  return {
    handle(req, res, url) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      let work: (() => Promise<void> | void) | null = null;
      if (url.pathname === graphqlPath) {
        // A browser navigating to the endpoint asks for HTML; GraphQL clients never do. Without the
        // IDE, Apollo answers as before (a GET without a query is refused).
        if (config.GRAPHQL_IDE && (req.headers.accept ?? '').includes('text/html')) {
          work = () => sendPage(req, res, IDE_PAGE);
        }
      } else if (url.pathname.startsWith('/assets/')) {
        const name = url.pathname.slice('/assets/'.length);
        work = () => sendAsset(req, res, name, { distDir, ide: config.GRAPHQL_IDE });
      } else if (TABLE_PATH.test(url.pathname)) {
        work = () => sendPage(req, res, TABLE_PAGE);
      } else if (FAVICON_PATHS.has(url.pathname)) {
        work = () => sendFavicon(req, res);
      }
      if (!work) return false;
      void Promise.resolve()
        .then(work)
        .catch((err: unknown) => {
          logger.error({ err, path: url.pathname }, 'web page error');
          if (!res.headersSent) {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: 'internal server error' }));
          } else res.destroy();
        });
      return true;
    },
  };
}
