/**
 * Stalled bodies: a fresh service at its defaults, eight HTTP requests on a game's spectator
 * credential and eight anonymous ones that send headers and one byte of body, then nothing; then
 * another spectator's request, timed from send to answer. A request takes its credential's slot
 * only once its body has arrived (src/server/admission.ts), so the stalled requests hold none and
 * REQUEST_BODY_TIMEOUT_SECONDS answers them 408. When slots were taken before the body, they held
 * every slot of the spectator credential (REQUEST_LIMIT_PER_PRINCIPAL, 8) until that timeout, and
 * before the timeout existed, until Node's 300 s request timeout; the target still allows that much.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createBenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService } from './lib/service.js';

/** The service's default (src/config.ts); the bench runs it at its defaults. */
const BODY_TIMEOUT_SECONDS = 10;
const STALLED_PER_KIND = 8;
const VERSION = 'query V($id: ID!) { game(id: $id) { version } }';

/** Sends headers and one byte of a 1,000-byte body, then nothing; resolves with the status it gets. */
function stalledRequest(url: string, token: string | undefined): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': '1000',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('close', () => resolve(0));
    req.write('{');
  });
}

export async function runStalled(deps: CaseDeps): Promise<CaseReport> {
  const { log } = deps;
  log(
    `stalled: fresh service, ${STALLED_PER_KIND} stalled spectator and ${STALLED_PER_KIND} anonymous bodies`,
  );
  const service = await startService(deps.databaseUrl, { WORKERS: '1' });
  const api = graphqlClient(service.url);
  try {
    const game = await createBenchGame(api, 60, { layout: false });
    const ask = async () => {
      const t0 = performance.now();
      await api.request(VERSION, { id: game.id }, game.spectatorToken);
      return performance.now() - t0;
    };
    const controlMs = await ask();
    const stalled = [
      ...Array.from({ length: STALLED_PER_KIND }, () => stalledRequest(service.url, game.spectatorToken)),
      ...Array.from({ length: STALLED_PER_KIND }, () => stalledRequest(service.url, undefined)),
    ];
    // The stalled requests' headers reach the server before the measured request is sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const delayMs = await ask();
    const statuses = await Promise.all(stalled);
    const answered408 = statuses.filter((s) => s === 408).length;
    const limitMs = (BODY_TIMEOUT_SECONDS + 2) * 1000;
    const met = delayMs <= limitMs && answered408 === stalled.length;
    log(
      `stalled: answered in ${Math.round(delayMs)} ms (control ${Math.round(controlMs)} ms); ${answered408} answered 408`,
    );
    return {
      title: 'Stalled bodies on a spectator credential',
      markdown: table(
        ['measure', 'value'],
        [
          ['another spectator’s `game(id)`, no stalled bodies', `${Math.round(controlMs)} ms`],
          [
            `the same behind ${STALLED_PER_KIND} + ${STALLED_PER_KIND} stalled bodies`,
            `${Math.round(delayMs)} ms`,
          ],
          ['stalled requests answered 408', `${answered408} of ${stalled.length}`],
          ['REQUEST_BODY_TIMEOUT_SECONDS', String(BODY_TIMEOUT_SECONDS)],
        ],
      ),
      targets: [
        {
          target: `a spectator behind 16 stalled bodies is answered within the body timeout + 2 s (${limitMs} ms)`,
          measured: `${Math.round(delayMs)} ms`,
          threshold: `≤ ${limitMs} ms`,
          met,
        },
      ],
      results: {
        bodyTimeoutSeconds: BODY_TIMEOUT_SECONDS,
        controlMs: Math.round(controlMs * 10) / 10,
        delayMs: Math.round(delayMs),
        thresholdMs: limitMs,
        stalled: stalled.length,
        answered408,
      },
    };
  } finally {
    api.close();
    await service.stop();
  }
}
