import { createHash } from 'node:crypto';
import type { Config } from '../config.js';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#222}
code,pre{background:#f4f4f4;padding:.1rem .3rem;border-radius:4px}pre{padding:1rem;overflow:auto}`;

/**
 * The landing page's Content-Security-Policy: nothing but its own inline style (by hash), no
 * script, not framed.
 */
export const LANDING_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A static page: no scripts, nothing loaded from the internet. */
export function landingPage(config: Config): string {
  const introspection = config.GRAPHQL_INTROSPECTION ? 'enabled' : 'disabled';
  const ide = config.GRAPHQL_IDE
    ? '<p>GraphQL IDE: <a href="/graphql">/graphql</a> (paste a token in its Headers tab).</p>'
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zonekeeper</title>
<style>${STYLE}</style></head>
<body><h1>Zonekeeper</h1>
<p>GraphQL game-state service for card games. Endpoint: <code>POST /graphql</code> (HTTP) and
<code>ws://…/graphql</code> (graphql-ws subprotocol <code>graphql-transport-ws</code>). Introspection is ${introspection}.</p>
<pre>curl -s -H 'content-type: application/json' \\
  -d '{"query":"{ rulesets { id zoneTypes { type visibility } } }"}' http://localhost:${config.PORT}/graphql</pre>
${ide}
<p>A game's table, as one seat or a spectator sees it: <code>/table/&lt;gameId&gt;#handoff=&lt;code&gt;</code>, a
hand-off link (<code>POST /handoff/code</code> with the token mints the code; no URL carries a
token), or paste the token.</p>
<p>Health: <a href="/healthz">/healthz</a> · Readiness: <a href="/readyz">/readyz</a></p>
</body></html>`;
}
