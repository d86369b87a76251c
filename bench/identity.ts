/**
 * Platform identity (`BENCH_CASES=identity`, issue 33): what a move authenticated by a platform
 * token (a JWT, its key cached) costs next to the same move made with a seat token, and how late an
 * open subscription is closed after its token expires.
 *
 * - A fresh service (`WORKERS=1`) trusting a key set served on loopback by this process. Two games
 *   of BENCH_GAME_OBJECTS objects: seat 0 of one is bound to a platform user. B1's move (seat 0
 *   draws its top card, then puts it on the bottom), by the JWT on the bound game and by the seat
 *   token on the other: paired closed-loop runs of one client, alternating which goes first; per
 *   run the service's CPU per move and the latency p50; each ratio's 95% interval against ≤ 1.1×.
 *   The key set is fetched before the runs and the token verified once, so both stay cached.
 * - The close delay: subscriptions opened with tokens expiring a few seconds later; each delay is
 *   the close's arrival minus `exp` + AUTH_CLOCK_TOLERANCE_S.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import WebSocket from 'ws';
import { ApiMover, createBenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { loadAverage } from './lib/machine.js';
import { ratioTarget, table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService } from './lib/service.js';
import { estimateJson, pairedRuns } from './lib/paired.js';
import { fmtRatioEstimate, meanInterval } from './lib/stats.js';

const PAIRS = 16;
const RUN_SECONDS = 3;
const WARMUP_SECONDS = 0.5;
const AT_MOST = { atMost: 1.1 } as const;
const ISSUER = 'https://id.bench.test/';
const AUDIENCE = 'zonekeeper-bench';
const TOLERANCE_S = 1;
/** Subscriptions whose close after expiry is timed. */
const CLOSES = 5;

/** A key set on loopback and a signer for it. */
async function identityProvider() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-1', alg: 'ES256', use: 'sig' };
  let fetches = 0;
  const server = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  return {
    url,
    fetches: () => fetches,
    sign: (sub: string, exp: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens a subscription with a token expiring in `inS` seconds; resolves with the close's delay (ms). */
async function closeDelay(wsUrl: string, token: string, gameId: string, expS: number): Promise<number> {
  const due = (expS + TOLERANCE_S) * 1000;
  return new Promise<number>((resolve, reject) => {
    const client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      on: {
        closed: (event) => {
          const code = (event as { code: number }).code;
          void client.dispose();
          if (code === 4011) resolve(Date.now() - due);
          else reject(new Error(`closed with ${code}, not 4011`));
        },
      },
    });
    client.subscribe(
      { query: 'subscription ($id: ID!) { gameEvents(gameId: $id) { seq } }', variables: { id: gameId } },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
  });
}

export async function runIdentity(deps: CaseDeps): Promise<CaseReport> {
  const { config, log } = deps;
  log(`identity: load average ${loadAverage()}`);
  const idp = await identityProvider();
  const service = await startService(deps.databaseUrl, {
    WORKERS: '1',
    AUTH_JWKS_URL: idp.url,
    AUTH_ISSUER: ISSUER,
    AUTH_AUDIENCE: AUDIENCE,
    AUTH_CLOCK_TOLERANCE_S: String(TOLERANCE_S),
  });
  const api = graphqlClient(service.url);
  try {
    const user = { issuer: ISSUER, subject: 'bench-user' };
    const bound = await createBenchGame(api, config.gameObjects, {
      layout: false,
      externalUser: user,
      token: service.adminToken,
    });
    const plain = await createBenchGame(api, config.gameObjects, { layout: false });
    const jwt = await idp.sign(user.subject, Math.floor(Date.now() / 1000) + 3600);
    const byJwt = new ApiMover(api, bound, { ...bound.seats[0]!, token: jwt });
    const bySeat = new ApiMover(api, plain, plain.seats[0]!);
    // The key set fetched and the token verified once: the runs measure the cached path.
    await byJwt.move();
    await bySeat.move();
    const fetchesBefore = idp.fetches();

    const paired = pairedRuns(service, log, {
      pairs: PAIRS,
      seconds: RUN_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      threshold: AT_MOST,
    });
    const { cpu, latency, samples } = await paired(
      ['move by JWT', 'move by seat token'],
      () => byJwt.move(),
      () => bySeat.move(),
    );
    const [as, bs] = samples;
    const keySetFetchesDuringRuns = idp.fetches() - fetchesBefore;

    log(`identity: ${CLOSES} subscriptions closed at token expiry`);
    const delays: number[] = [];
    for (let i = 0; i < CLOSES; i++) {
      const exp = Math.floor(Date.now() / 1000) + 3;
      delays.push(await closeDelay(service.wsUrl, await idp.sign(user.subject, exp), bound.id, exp));
      log(`  close ${i + 1}: ${delays.at(-1)} ms after exp + tolerance`);
    }
    const delay = meanInterval(delays);
    const errors = [...as, ...bs].reduce((n, s) => n + s.errors, 0);
    const markdown = [
      `A fresh service (\`WORKERS=1\`), games of ${config.gameObjects} objects; ${PAIRS} pairs of one-client runs (${RUN_SECONDS} s after ${WARMUP_SECONDS} s of warm-up). Key-set fetches during the runs: ${keySetFetchesDuringRuns}; failed requests: ${errors}.`,
      '',
      table(
        ['comparison', 'service CPU per move', 'latency p50'],
        [['a move by JWT ÷ by seat token', fmtRatioEstimate(cpu), fmtRatioEstimate(latency)]],
      ),
      '',
      `Subscription close after its token's \`exp\` + tolerance (${TOLERANCE_S} s), ${CLOSES} connections: mean ${delay.mean.toFixed(0)} ms, max ${Math.max(...delays)} ms.`,
    ].join('\n');
    return {
      title: 'Platform identity: a move by JWT, and closes at expiry',
      markdown,
      targets: [
        ratioTarget('a move by JWT (key cached) ≤ 1.1× by seat token: service CPU per move', cpu),
        ratioTarget('a move by JWT (key cached) ≤ 1.1× by seat token: latency p50', latency),
      ],
      results: {
        jwtVsSeatCpu: estimateJson(cpu),
        jwtVsSeatLatencyP50: estimateJson(latency),
        runs: { jwt: as, seat: bs },
        keySetFetchesDuringRuns,
        closeDelayMs: { mean: delay.mean, ci95: delay.ci95, max: Math.max(...delays), samples: delays },
      },
    };
  } finally {
    api.close();
    await service.stop();
    await idp.close();
  }
}
