/**
 * A flooding client in its own thread: it fires `count` concurrent GraphQL requests over fresh
 * connections and reports how each ended. The victim's client (the benchmark's main thread) shares
 * neither its event loop nor its sockets, as a second player's browser or bot would not: otherwise
 * the victim's measured latency would include the flooder's own client-side work (64 requests
 * written, 64 responses read and parsed on one JavaScript thread).
 *
 * The worker is plain JavaScript evaluated from a string: a worker thread does not inherit the
 * TypeScript loader the benchmark runs under.
 */
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, query, variables, count } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: count });
const one = () => new Promise((resolve) => {
  const body = JSON.stringify({ query, variables });
  const req = http.request({
    agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
      authorization: 'Bearer ' + token },
  }, (res) => {
    const chunks = [];
    res.on('data', (d) => chunks.push(d));
    res.on('end', () => {
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const code = parsed.errors && parsed.errors[0] && parsed.errors[0].extensions && parsed.errors[0].extensions.code;
        resolve(!parsed.errors ? 'answered' : code === 'RATE_LIMITED' ? 'refused' : 'other');
      } catch { resolve('other'); }
    });
  });
  req.on('error', () => resolve('other'));
  req.end(body);
});
Promise.all(Array.from({ length: count }, one)).then((outcomes) => {
  agent.destroy();
  parentPort.postMessage(outcomes);
});
`;

export interface FloodOutcome {
  readonly answered: number;
  readonly refused: number;
  readonly other: number;
}

/** Fires the flood and resolves when every request has ended. */
export function flood(opts: {
  url: string;
  token: string;
  query: string;
  variables: Record<string, unknown>;
  count: number;
}): Promise<FloodOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: opts });
    worker.once('message', (outcomes: string[]) => {
      void worker.terminate();
      resolve({
        answered: outcomes.filter((o) => o === 'answered').length,
        refused: outcomes.filter((o) => o === 'refused').length,
        other: outcomes.filter((o) => o === 'other').length,
      });
    });
    worker.once('error', reject);
  });
}
