/**
 * The GraphQL IDE served at `GET /graphql` to browsers: GraphiQL, bundled with everything it loads
 * (editor workers, fonts, styles) by scripts/build-web.mjs, so it needs no internet.
 *
 * Queries and mutations go over HTTP POST to the same URL; subscriptions over graphql-ws on the
 * same URL. The Headers tab carries the credential: `{"authorization": "Bearer <token>"}` is sent
 * as the HTTP `Authorization` header and as the graphql-ws `connection_init` payload. Opening a
 * hand-off link, `/graphql#handoff=<code>`, fills that header in with the credential the code stands
 * for, and a reload finds it again (../handoff.ts); no URL ever holds a credential. Headers live in
 * memory only: nothing the IDE stores in the browser holds them (storage.ts).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { Kind, parse, type DocumentNode } from 'graphql';
import 'graphiql/style.css';
import './ide.css';
import { DEFAULT_QUERY } from './starter.js';
import { credentialFreeStorage } from './storage.js';
import { keepForReload, takeCredential } from '../handoff.js';

/**
 * Monaco looks this up to start its language workers: they are built beside this bundle (same
 * origin, so the page's Content-Security-Policy allows them).
 */
(globalThis as { MonacoEnvironment?: { getWorker(id: string, label: string): Worker } }).MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    const name = label === 'json' ? 'json' : label === 'graphql' ? 'graphql' : 'editor';
    return new Worker(`/assets/${name}.worker.js`, { name: `${name} worker` });
  },
};

const httpUrl = new URL(location.pathname, location.origin).toString();
const wsUrl = httpUrl.replace(/^http/, 'ws');

const base = createGraphiQLFetcher({
  url: httpUrl,
  // Subscriptions: one graphql-ws client per subscription, with the headers as connection params.
  subscriptionUrl: wsUrl,
  // Apollo Server answers single results: no multipart responses to parse.
  enableIncrementalDelivery: false,
});

/**
 * The document and operation to run, read from the text actually sent. GraphiQL re-parses the editor
 * after a short delay, so a query typed (or pasted) and run at once can come with the previous text's
 * operation name and parsed document: the server would refuse the name as unknown, and the toolkit's
 * fetcher, which picks graphql-ws for a subscription from that document, would send a new
 * subscription over HTTP.
 */
function operationOf(query: string, requested: string | null | undefined) {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return null; // Unparseable: let the server say why.
  }
  const names = document.definitions
    .filter((d) => d.kind === Kind.OPERATION_DEFINITION)
    .map((d) => d.name?.value ?? '');
  const operationName =
    requested && names.includes(requested) ? requested : names.length === 1 && names[0] ? names[0] : null;
  return { document, operationName };
}

/** The server reads `authorization` in lowercase from the graphql-ws payload: normalise keys. */
const fetcher: Fetcher = (params, opts) => {
  const headers = Object.fromEntries(
    Object.entries(opts?.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
  );
  const operation = operationOf(params.query, params.operationName);
  if (!operation) return base(params, { ...opts, headers });
  return base(
    { ...params, operationName: operation.operationName },
    { ...opts, headers, documentAST: operation.document },
  );
};

/** The IDE's reload code, for the credential it was opened with by link (not for a pasted one). */
const RELOAD_KEY = 'zonekeeper.handoff.ide';

async function start(): Promise<void> {
  const token = await takeCredential(RELOAD_KEY);
  if (token) keepForReload(RELOAD_KEY, token);
  const params = new URLSearchParams(location.search);
  const initialQuery = params.get('query');
  const root = document.getElementById('graphiql');
  if (!root) throw new Error('Missing #graphiql element');
  createRoot(root).render(
    createElement(GraphiQL, {
      fetcher,
      defaultQuery: DEFAULT_QUERY,
      ...(initialQuery ? { initialQuery } : {}),
      ...(token ? { initialHeaders: JSON.stringify({ authorization: `Bearer ${token}` }, null, 2) } : {}),
      // Tokens are credentials: no storage of the browser ever holds the headers (storage.ts).
      storage: credentialFreeStorage(),
      shouldPersistHeaders: false,
      defaultEditorToolsVisibility: token ? 'headers' : true,
    }),
  );
}

void start();
