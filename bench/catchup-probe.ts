/**
 * A quick probe of the aging case's catch-up (not part of `npm run bench`): a subscription of seat 1
 * from `afterSeq` 0 to the last event of a game aged to PROBE_EVENTS events, over graphql-ws, as
 * `bench/aging.ts` does (its `catchUp`), for each of its two games ("rotation", "back and forth").
 * The games are aged once, through the first entry's service, and every build catches up on the
 * same games (a catch-up only reads). One service process per compiled entry (PROBE_ENTRIES,
 * comma-separated, the first the before side; default dist/main.js; `entry?NAME=value&…` sets the
 * service's environment), all on one database; then PROBE_ROUNDS rounds, each catching up once per
 * entry and game, the entries' order alternating every round. Per catch-up: events/s and the
 * service's CPU per event (its whole process: user and system); then each entry against the first,
 * paired by round, with its 95% interval. PROBE_SPECTATORS=<n>: n spectators catch up at once
 * instead (the game's spectator credential, one connection each), events/s of the slowest.
 * PROBE_INSPECT=<dir>: after the rounds, one inspector CPU profile per entry of one more
 * rotation catch-up (`<i>-catchup.cpuprofile`).
 *
 *     PROBE_ENTRIES=/work/main/dist/main.js,dist/main.js npx tsx bench/catchup-probe.ts
 */
import { performance } from 'node:perf_hooks';
import { Ager, catchUp } from './aging.js';
import { openBenchDatabase } from './lib/database.js';
import { graphqlClient } from './lib/graphql.js';
import { startService, type ServiceProcess } from './lib/service.js';
import { profileWhile } from './profile.js';
import { fmtMs, fmtRatioEstimate, meanInterval, pairedRatio } from './lib/stats.js';

const entries = (process.env['PROBE_ENTRIES'] || 'dist/main.js').split(',');
const rounds = Number(process.env['PROBE_ROUNDS'] || 6);
const events = Number(process.env['PROBE_EVENTS'] || 10_000);
const spectators = Number(process.env['PROBE_SPECTATORS'] || 0);
const inspectDir = process.env['PROBE_INSPECT'];

interface CatchUpRound {
  perSecond: number;
  cpuUsPerEvent: number;
}

async function catchUpOnce(service: ServiceProcess, ager: Ager): Promise<CatchUpRound> {
  const cpu0 = await service.cpuMs();
  const token = spectators > 0 ? ager.game.spectatorToken : ager.game.seats[1]!.token;
  const rates = await Promise.all(
    Array.from({ length: Math.max(1, spectators) }, () =>
      catchUp(service.wsUrl, ager.game.id, token, ager.lastSeq),
    ),
  );
  const cpu = (await service.cpuMs()) - cpu0;
  const delivered = ager.lastSeq * rates.length;
  return { perSecond: Math.min(...rates), cpuUsPerEvent: (cpu * 1000) / delivered };
}

const db = await openBenchDatabase();
const services: { entry: string; service: ServiceProcess }[] = [];
try {
  for (const entry of entries) {
    const [file = 'dist/main.js', query = ''] = entry.split('?');
    const env = { WORKERS: '1', ...Object.fromEntries(new URLSearchParams(query)) };
    services.push({
      entry,
      service: await startService(db.url, env, { entry: file, inspect: Boolean(inspectDir) }),
    });
  }
  const api = graphqlClient(services[0]!.service.url);
  const agers: Ager[] = [];
  for (const scenario of ['rotation', 'back and forth'] as const) {
    const ager = await Ager.create(api, scenario);
    const t0 = performance.now();
    await ager.ageTo(events);
    agers.push(ager);
    process.stdout.write(
      `${scenario}: aged to ${ager.lastSeq} events in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
  }
  api.close();
  // Warm-up: one catch-up of each game on each service.
  for (const s of services) for (const ager of agers) await catchUpOnce(s.service, ager);
  const results = services.map(() => agers.map(() => [] as CatchUpRound[]));
  const forward = services.map((_, i) => i);
  for (let r = 0; r < rounds; r++) {
    for (const [g, ager] of agers.entries())
      for (const i of (r + g) % 2 ? [...forward].reverse() : forward) {
        const s = services[i]!;
        const c = await catchUpOnce(s.service, ager);
        results[i]![g]!.push(c);
        process.stdout.write(
          `round ${r + 1} ${ager.scenario} ${s.entry}: ${c.perSecond.toFixed(0)} events/s, ` +
            `CPU ${fmtMs(c.cpuUsPerEvent)} µs/event\n`,
        );
      }
  }
  if (inspectDir)
    for (const [i, s] of services.entries())
      await profileWhile(s.service.inspectorUrl!, `${inspectDir}/${i}-catchup.cpuprofile`, () =>
        catchUpOnce(s.service, agers[0]!),
      );
  const fmtMean = (xs: number[], digits: number) => {
    const m = meanInterval(xs);
    return `${m.mean.toFixed(digits)} (95% ${m.ci95[0].toFixed(digits)}–${m.ci95[1].toFixed(digits)})`;
  };
  for (const [g, ager] of agers.entries()) {
    for (const [i, s] of services.entries()) {
      const rs = results[i]![g]!;
      process.stdout.write(
        `${ager.scenario} ${s.entry}: ${fmtMean(
          rs.map((x) => x.perSecond),
          0,
        )} events/s, CPU ${fmtMean(
          rs.map((x) => x.cpuUsPerEvent),
          1,
        )} µs/event\n`,
      );
    }
    for (let i = 1; i < services.length; i++) {
      const a = results[i]![g]!;
      const b = results[0]![g]!;
      const ratio = (f: (x: CatchUpRound) => number) =>
        fmtRatioEstimate(pairedRatio(a.map(f), b.map(f), { atMost: 1 }));
      process.stdout.write(
        `${ager.scenario} ${services[i]!.entry} / ${services[0]!.entry}: events/s ${ratio((x) => x.perSecond)}, ` +
          `CPU/event ${ratio((x) => x.cpuUsPerEvent)}\n`,
      );
    }
  }
} finally {
  for (const s of services) await s.service.stop();
  await db.release();
}
