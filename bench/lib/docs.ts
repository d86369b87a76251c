/**
 * The documents drawn from a bench run: BENCHMARKS.md and the README's results summary are
 * rendered from bench/results.json alone, so that they cannot say anything the run did not measure.
 * `npm run bench` writes all three; `npm run bench:docs` renders the two documents again from the
 * file (after a change to how they are laid out), and test/bench/results.test.ts checks that both
 * documents are what the file renders to.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchConfig } from './config.js';
import type { MachineInfo } from './machine.js';
import { metWord, table, type TargetCheck } from './report.js';
import { ROOT } from './service.js';

/** bench/results.json: everything a run measured, by name. */
export interface BenchResults {
  readonly machine: MachineInfo & { readonly loadAtEnd: number };
  readonly settings: BenchConfig;
  readonly runSeconds: number;
  readonly targets: readonly TargetCheck[];
  /** Per case: its title, its BENCHMARKS.md section and its named figures. */
  readonly cases: Readonly<
    Record<
      string,
      {
        readonly title: string;
        readonly markdown?: string;
        /** Set when the case was run on its own after the run and merged in by name. */
        readonly measuredAt?: { readonly date: string; readonly loadAtStart?: number } | string;
      }
    >
  >;
}

/** The results file (`BENCH_RESULTS`, bench/results.json by default). */
export function resultsPath(): string {
  return path.resolve(ROOT, process.env['BENCH_RESULTS'] || 'bench/results.json');
}

/**
 * A run of some cases merged into the results of an earlier whole run, by name (`BENCH_MERGE=1`):
 * each case run replaces its entry, marked with when it ran and the load average at its start;
 * its targets replace the earlier ones of the same text and those named after the case
 * (`<case>: …`); every other case, target and the machine of the whole run are kept.
 */
export function mergeResults(
  previous: BenchResults,
  run: BenchResults,
  measuredAt: { readonly date: string; readonly loadAtStart: number },
): BenchResults {
  const ids = Object.keys(run.cases);
  const replaced = new Set(run.targets.map((t) => t.target));
  const kept = previous.targets.filter(
    (t) => !replaced.has(t.target) && !ids.some((id) => t.target.startsWith(`${id}: `)),
  );
  const cases: Record<string, BenchResults['cases'][string]> = { ...previous.cases };
  for (const id of ids) cases[id] = { ...run.cases[id]!, measuredAt };
  return { ...previous, targets: [...kept, ...run.targets], cases };
}

/** The README's summary sits between these two lines, which `npm run bench:docs` rewrites. */
export const README_BEGIN = '<!-- bench:results (written by npm run bench from bench/results.json) -->';
export const README_END = '<!-- /bench:results -->';

const METHOD = `
## How it is measured

- **One machine, one run.** The service runs as its own process tree, as \`npm start\` runs it: the
  compiled \`dist/main.js\` (built first when stale) with \`NODE_ENV=production\`, \`LOG_LEVEL=warn\` and
  \`WORKERS\` at its default (one server process; \`BENCH_WORKERS\` sets another count; the memory, profile and aging
  cases run one, \`WORKERS=1\`, as their figures are per process). It shares the same PostgreSQL as
  the baselines; the load generators, the baselines' \`pg\` clients and all subscribers run in the
  bench process. On a small machine they all share the cores, so absolute numbers are modest: read
  the ratios.
- **Same rows.** Games are created through the API (two-player Magic games of BENCH_GAME_OBJECTS
  objects, laid out with hands, permanents and graveyards). The baselines operate on those rows.
- **B1, a move.** Each operation alternately draws the top card of a seat's library into its hand
  and puts that card on the bottom of the library. Service: \`moveObjects\` over HTTP (keep-alive,
  seat token). Baseline: one \`pg\` connection per client running \`BEGIN; SELECT … FOR UPDATE\` on
  the game; \`UPDATE game_object\` (zone, sort_key, public_id, history); \`UPDATE game\` (version,
  last_seq); \`INSERT game_event\` (a real payload copied from the service); \`COMMIT\`. The
  service itself plans the move in memory and writes it with one statement (\`zk_commit_move\`:
  lock, version check, the same writes, the event), so it makes one round trip to the baseline's
  six; the fanout's notice follows the commit on a connection of its own.
  **B0** is the physical limit: the same move as *one* SQL statement (bump the game's version
  under its row lock, move one of a seat's objects between the battlefield and its graveyard,
  append the event,
  \`pg_notify\`), run by pgbench as a custom script (\`-M prepared\`, one game per client) where pgbench
  is found on \`PATH\` or in \`/usr/lib/postgresql/*/bin\`, else by raw \`pg\` clients; service/B0 is
  reported at peak.
  Throughput is closed loop: N clients send back to back for BENCH_SECONDS after a warm-up, each
  on its own game ("own games") or all on one game ("one game", every move queues on the game's
  row lock). **Latency at half peak** is open loop: arrivals at a fixed rate of half the service's
  best closed-loop throughput, for B0 (pgbench \`-R\`, Poisson arrivals), the baseline and the
  service alike, spread over the own games; latency runs from the *scheduled* arrival to
  completion, so queueing shows up instead of lowering the load (no coordinated omission). The
  baseline's and the service's arrivals are evenly spaced and follow a warm-up; pgbench's are
  Poisson arrivals with none, so B0's tail is not measured like theirs. Beside the service's open
  loop, its CPU per move over the run and that times the offered rate, the share of one core its
  event loop spent: every move of a process runs on its one event loop (\`WORKERS\` is 1 here), so
  its queueing grows with that share, and its peak comes from 32 clients, whose moves cost it less
  CPU each than those of the few clients an open loop at half that peak keeps in flight.
  **Event-loop delay**: the service's, from its \`/metrics\` (\`nodejs_eventloop_lag_*\`, a
  \`perf_hooks.monitorEventLoopDelay\` histogram reset at each scrape; one worker's), and the load
  generator's own over each run (a stalled generator would show as service latency).
- **B2, a view.** The viewer is seat 0 (the service runs with \`WORK_LIMIT_PER_PRINCIPAL=64\`, as
  its one credential is driven by up to 32 clients). Service: \`game(id)\` over HTTP with players, zones
  (count, owner) and every object with its card fields. Baseline: one SQL statement that builds the
  same JSON document in PostgreSQL (\`json_agg\`), nulling card fields with a \`CASE\` that follows
  src/rules/visibility.ts; the run checks both list the same objects and the same visible cards.
  Throughput closed loop as in B1; latency open loop with both sides at the same offered load, half
  the slower side's peak (at half of its own peak a faster side would be loaded harder, and its
  p99 would not compare). **Interleaved**, the way frontends use views: each client makes a move,
  then views the game, so every view sees a new version; CPU per view = CPU per (move + view) −
  CPU per move of a moves-only run just before, same clients and game. **Floors**, in the same run:
  the serialiser's (\`JSON.stringify\` of the view's own answer, in the bench's process) and the
  transport's (a bare \`node:http\` server, its own process, answering the view's request with the
  answer's bytes at the interleaved runs' client counts, its CPU per answer measured as the
  service's); the view is compared with each and with their sum.
- **B3, fanout.** Subscribers are plain \`ws\` sockets speaking \`graphql-transport-ws\` (one
  connection, one \`gameEvents\` subscription each; viewers rotate over both seats and the
  spectator); the baseline is a separate process running a tiny \`ws\` server that sends a trigger's
  JSON (the service's own message, re-addressed) to all sockets of a game. Moves (or triggers) are
  sent open loop: BENCH_FANOUT_MOVES_1 per second on the one game, BENCH_FANOUT_MOVES_100 per
  second spread round-robin over the 100 games. All timestamps come from one clock in one
  process. *After commit* = receipt − arrival of the mutation's response (the response follows the
  commit, so this slightly understates commit→delivery and may be negative); *after send* =
  receipt − just before the mutation (or the baseline's trigger) was sent, an upper bound. Lost =
  deliveries expected (events × subscribers of the game) − received, after a drain of up to 10 s.
- **B4, a 60-card shuffle.** \`shuffleZone\` on seat 0's 60-card library (every card in it), over HTTP,
  closed loop at 1 and 8 clients, each on its own game; service CPU per shuffle compared with the
  figure of the code before zk-rng/1 when BENCH_SHUFFLE_BASELINE_MS gives one (the same case run
  there, on the same machine); the side-by-side before/after is the compare case below.
- **Service CPU per operation** (B1, B2, B4): CPU time of the service process over a run (warm-up
  included) ÷ operations completed, from /proc/<pid>/stat summed over the service's process tree. Unlike throughput it hardly depends on
  what else the machine is doing, so it is the number to compare across runs and commits.
- **CPU profile** (\`BENCH_CASES=profile\`). A fresh service (\`WORKERS=1\`, \`--inspect\` on
  127.0.0.1) profiled through the inspector's Profiler (100 µs sampling) while 4 clients move on
  their own games, then while they alternate move and view; self time per function per operation,
  the view's as the per-pair figure minus the move's. Sampled time is wall time on the service's
  main thread: on a busy machine it includes time descheduled, so read the shares.
- **Hostile input** (\`BENCH_CASES=hostile\`). A fresh service (\`WORKERS=1\`), anonymous clients: 20
  documents of 40 doubled fragments (below \`Query\` and below \`__schema\`), each refusal's time and
  a bystander's \`/healthz\` meanwhile; then BENCH_HOSTILE_QUERIES (10,000) unique queries just
  under the 32 KiB query cap (padded with a comment) from 8 clients, and as many unique persisted
  query (APQ) registrations, with the service's RSS sampled every 200 ms (peak against the 512 MiB
  budget) and \`/healthz\` asked at the end.
- **Stalled bodies** (\`BENCH_CASES=stalled\`). A fresh service at its defaults; 8 requests on a
  game's spectator credential and 8 anonymous ones send their headers and one byte of body, then
  nothing; another spectator's \`game(id)\` is timed from send to answer (target: within
  \`REQUEST_BODY_TIMEOUT_SECONDS\` + 2 s, every stalled request answered 408).
- **graphql-ws floods** (\`BENCH_CASES=wsflood\`). A fresh service at its defaults (\`WORKERS=1\`); a
  seat's \`game(id)\` over HTTP, 400 times back to back alone, then 400 times while 8 anonymous
  clients flood graphql-ws (\`test/support/ws-flood.ts\`): 4 send \`connection_init\`, stop reading and
  ping in batches of 1,000, 4 ping and read; half with graphql-ws's \`{"type":"ping"}\`, half with the
  WebSocket protocol's pings; each reconnects when closed. The seat's p50 and p99 both ways
  (target: p99 ≤ 200 ms under the flood), the service's peak RSS (≤ 512 MiB) and the close code of
  every flooding connection (4031).
- **The table** (\`BENCH_CASES=table\`). A fresh service (\`WORKERS=1\`). Three paired comparisons,
  each 8 pairs of one-client closed-loop runs (2 s after 0.5 s of warm-up), after one uncounted pair
  (a fresh process's first runs pay for compiling each path), alternating which side goes first; per run the service's CPU per operation and the latency p50; each ratio's 95% interval
  (bench/lib/stats.ts) is judged against ≤ 1.1×. A tap (\`setStatus\` tapped ↔ untapped on one of
  seat 0's permanents) and a counter change (\`changeCounters\` +1/+1, ADD ↔ REMOVE one) against B1's
  move, on one B1 game, all by seat 0. B2's view with each object's \`statuses\` and \`counters\`, of
  a game of BENCH_GAME_OBJECTS objects all on the battlefield, every one tapped with two counter
  kinds (+1/+1 and charge), against the same view of its twin with none. And the memory a cached
  120-card game carrying table state keeps (B1's layout, every permanent tapped, counters on six,
  both life totals changed, turn 2 in its main phase), on its own fresh service whose inspector
  forces a full garbage collection before each reading and whose cache holds every game created:
  after one uncounted batch, batches of 200 such games, each batch's V8 heap growth ÷ 200, until the
  95% interval is narrower
  than 1 KiB or 30 batches have run (met once at least 5 batches put its whole 95% interval within 64 KiB). RSS growth per game is
  reported beside it, not judged: it moves in whole pages and arenas as V8 and the allocator take
  and give back memory, so one batch's growth can be negative.
- **Platform identity** (\`BENCH_CASES=identity\`). A fresh service (\`WORKERS=1\`) trusting a key
  set served on loopback by the bench. B1's move by seat 0, by a JWT (its key fetched and the token
  verified before the runs, so both are cached) on a game whose seat 0 is bound to the token's user,
  against the same move by the seat token on a twin game: 16 pairs of one-client closed-loop runs
  (3 s after 0.5 s of warm-up) after one uncounted pair, alternating which goes first; per run the service's CPU per move and
  the latency p50, each ratio's 95% interval judged against ≤ 1.1×. Then 5 subscriptions opened with
  tokens expiring 3 s later: the delay of each close (4011) after \`exp\` + AUTH_CLOCK_TOLERANCE_S.
- **A judge's rewind** (\`BENCH_CASES=rewind\`; bench/rewind.ts). Two twin games aged through the
  API to BENCH_REWIND_EVENTS events (aging's *rotation*) on a fresh service; after one uncounted
  rewind of a short third game, the referee rewinds one twin to the middle of its log (EXACT) five
  times, one at a time: each rewind's latency (judged: the slowest ≤ 100 ms) and the service's CPU
  over it. Then 24 pairs of 200-move blocks alternate between the rewound twin and the other, the
  order flipping every pair: the service's CPU per move and the latency p50, after ÷ twin judged
  against ≤ 1.1×.
- **Spectators** (\`BENCH_CASES=spectators\`; bench/spectators.ts). A fresh service with its own
  connection caps (its one spectator credential holds every connection; the defaults are
  unchanged). BENCH_SPECTATORS (1,000 then 10,000) graphql-ws spectators of one game connect from 8
  loopback addresses (127.0.0.1–8); after one move every spectator sees, seat 0 moves at
  BENCH_SPECTATOR_MOVES per second for BENCH_SPECTATOR_SECONDS (open loop). Each delivery's delay
  after its move's response (the response is sent after the commit; all times in this one process,
  which receives for every spectator), and the service's CPU (its process tree, from /proc) over the
  window ÷ deliveries. Every delivery is counted (none lost, none twice) and compared byte for byte
  with what a spectator of its own receives replaying the same events with \`afterSeq\`. The baseline:
  a raw \`ws\` broadcaster process sent the service's own message for as many plain sockets, at the
  same rate; its CPU per message. Judged: p99 ≤ 200 ms at 10,000, and beside it the p99 at 10,000
  ≤ the baseline's own p99 in the same run (the floor: the raw broadcaster's tail, with the same
  receiving process, can itself lie above 200 ms on a 2-core machine); CPU per delivery ≤ 2× the
  baseline's at each count.
- **Clocks** (\`BENCH_CASES=clocks\`; bench/clocks.ts, issue 40). Two services on one database,
  \`WORKERS=1\` each: the one measured, its clock sweep every 250 ms, and an idle one with no sweep
  (\`CLOCK_SWEEP_MS=0\`). BENCH_CLOCK_GAMES (10,000) two-seat chess-clock games created through the
  measured one, their clocks not started: a quiet window of BENCH_CLOCK_REST_SECONDS (20) after 5 s
  to settle, both services' CPU from /proc and the measured one's RSS; then every clock started
  (hours on each) and the same window again. The sweep's cost is the measured service's CPU − the
  idle one's, as a share of one core (judged: < 2% with the clocks running); the CPU of the
  database backends connected to the bench database over the window is reported beside it. Then
  BENCH_CLOCK_EXPIRIES (1,000) games, each created and started with the main time that puts its
  deadline on an even spread over BENCH_CLOCK_EXPIRY_SECONDS (60), the running games beside them;
  once every one has expired (the log's count, polled; past 60 s after the last deadline only while
  expiries are still recorded, so a late one counts as late), each log is read: lateness = the
  CLOCK_EXPIRED event's \`at\` (its commit, the server's time) − the deadline \`startClock\` answered,
  p50, p99 (judged: ≤ 1 s) and max, with the games that got none or two (judged: none), and the
  service's CPU from 1 s before the first deadline to the last expiry, per expiry. Then
  BENCH_CLOCK_PAIRS (12) pairs of 2 s one-client runs (after 0.5 s of warm-up, one uncounted pair
  first) of B1's move by seat 0 on a game whose seat 0 clock runs and on a twin with no clock,
  alternating which goes first: the service's CPU per move, with a running clock ÷ without, judged
  against ≤ 1.1×, and the latency p50 beside it.
- **Before and after** (\`BENCH_CASES=compare\`, run only when named; bench/compare.ts). This
  checkout's service and an earlier build of it (\`BENCH_COMPARE_ENTRY\`, that checkout's
  \`dist/main.js\`) run at once, \`WORKERS=1\` each, each on a fresh database of its own on the run's
  PostgreSQL (one server for both, and none of the rows earlier cases left). One client alternates
  1.5 s blocks between them, B1's move, B2's view and B4's shuffle, the order flipping every pair, after one
  uncounted 3 s block of each: 20 pairs; per block the service's CPU per operation and the latency
  p50; each ratio after ÷ before judged against ≤ 1.1× (the shuffle against ≤ 1.2×, issue 38's
  bound). Both sides of a pair see the same moment of the machine, which two whole runs an hour apart
  do not. \`BENCH_CASES=compare-fair\` does the same for the shuffle alone and adds the V8 heap a
  dealt game keeps cached (two seats of 60 cards, each seat's entropy, each library shuffled, seven
  drawn each): two fresh services with their inspectors, 8 pairs of 100-game batches alternating
  between them, a full garbage collection before each reading; after ÷ before judged against ≤ 1.1×.
  \`BENCH_CASES=compare-refactor\` measures the move and the view the same way with another build on
  the after side too (\`BENCH_COMPARE_AFTER_ENTRY\`, each side on a database it migrated itself): issue
  39's refactor at its own end (\`3f0224d\`, the house branch before it met other issues' features)
  against the code before it (\`f7b9e2b\`), the cost of the refactor alone.
- **Results** also go to \`bench/results.json\` (\`BENCH_RESULTS\`), by name.
- **Memory.** A fresh service process; RSS (and V8 heap when \`/metrics\` exposes it) with no
  subscription, after a warm-up, and again with BENCH_IDLE_SUBSCRIPTIONS idle ones; the difference
  divided by their number. Garbage not yet collected counts, so treat it as an estimate.
- **Aging** (\`BENCH_CASES=aging\` runs it alone). Two two-player Magic games of 2 × 60 cards, aged
  through the API to each of BENCH_AGING_AGES events: *rotation* (seat 0 draws its library into its
  graveyard one card at a time; when the library is empty the graveyard goes back in one move) and
  *back and forth* (seat 0 moves one card hand ↔ graveyard). At each age: 60 moves (latency p50 and
  service CPU per move), 20 last-100 pages read by seat 1 (\`gameEvents(afterSeq: lastSeq − 100,
  first: 100)\`), one graphql-ws subscription from seq 0 until it has the last seq (events/s),
  5 \`gameAt\` at the last seq (admin) and the service's RSS. On the oldest rotation game, 64
  concurrent last-100 pages from seat 1 (its own client, in a thread of its own) while seat 0 keeps
  moving (peak RSS, answered / refused, seat 0's move latency). Then a fresh service: 30 createGame
  (2 × 60 cards) one at a time, 200 with 40 concurrent; BENCH_AGING_ACTIVE_GAMES games each moved
  once (RSS growth ÷ games), then 300 moves on one game and 300 on random ones of them.
`;

function header(machine: MachineInfo, config: BenchConfig, seconds: number, loadAtEnd: number): string {
  // Only the load before the run counts: during it, the run itself keeps every core busy.
  const busy = machine.loadAtStart > machine.cores;
  return [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (bench/run.ts). Numbers from different machines are not comparable;',
    'rerun on yours. The targets are reported, not asserted. What holds the memory at rest and per',
    'idle subscription, and what bounds createGame, from heap snapshots and profiles:',
    '[docs/memory-findings.md](docs/memory-findings.md).',
    '',
    table(
      ['machine', ''],
      [
        ['CPU', machine.cpuModel],
        ['cores', String(machine.cores)],
        ['RAM', `${machine.ramGiB} GiB`],
        ['OS', machine.os],
        ['Node.js', machine.node],
        ['PostgreSQL', `${machine.postgres}, ${machine.postgresKind}`],
        ['date', machine.date],
        [
          'settings',
          `BENCH_SECONDS=${config.seconds}, BENCH_WARMUP_SECONDS=${config.warmupSeconds}, BENCH_CONCURRENCY=${config.concurrency.join(',')}, ` +
            `BENCH_GAME_OBJECTS=${config.gameObjects}, BENCH_FANOUT_SECONDS=${config.fanoutSeconds}, ` +
            `BENCH_FANOUT_MOVES_1=${config.fanoutMovesOneGame}, BENCH_FANOUT_MOVES_100=${config.fanoutMovesManyGames}, BENCH_IDLE_SUBSCRIPTIONS=${config.idleSubscriptions}`,
        ],
        ['run time', `${Math.round(seconds)} s`],
        [
          'load average (1 min)',
          `${machine.loadAtStart} before the run, ${loadAtEnd} at its end (the run's own load included)`,
        ],
      ],
    ),
    ...(busy
      ? [
          '',
          `> **The machine was busy** when the run started (load average ${machine.loadAtStart} on ${machine.cores} cores, from other work):`,
          '> every number below is lower, and every latency higher, than on an idle machine.',
        ]
      : []),
  ].join('\n');
}

/** The targets table: every target with its threshold, what the run measured and whether it is met. */
function targetsTable(targets: readonly TargetCheck[]): string {
  return table(
    ['target', 'threshold', 'measured', 'met'],
    targets.map((t) => [t.target, t.threshold, t.measured, metWord(t)]),
  );
}

/** A case run on its own, after the whole run: when, and how busy the machine was. */
function measuredApart(at: { readonly date: string; readonly loadAtStart?: number } | string): string {
  const date = typeof at === 'string' ? at : at.date;
  const load =
    typeof at === 'string' || at.loadAtStart === undefined ? '' : `, load average ${at.loadAtStart}`;
  return `Run on its own on ${date.slice(0, 16).replace('T', ' ')} UTC${load}, after the whole run, and merged in by name.`;
}

/** BENCHMARKS.md, from a run's results. */
export function renderBenchmarks(results: BenchResults): string {
  const { machine, settings, runSeconds, targets, cases } = results;
  return [
    header(machine, settings, runSeconds, machine.loadAtEnd),
    '',
    '## Targets',
    '',
    targetsTable(targets),
    '',
    ...Object.values(cases).flatMap((c) => [
      `## ${c.title}`,
      '',
      ...(c.measuredAt ? [`*${measuredApart(c.measuredAt)}*`, ''] : []),
      c.markdown ?? '**Not in bench/results.json**: rerun `npm run bench`.',
      '',
    ]),
    METHOD.trim(),
    '',
  ].join('\n');
}

/** The most targets the README's summary lists; the rest are in BENCHMARKS.md (the README stays a page). */
export const README_MAX_LISTED = 12;

/**
 * The README's summary of the last run: its machine, how many targets it met, and up to
 * README_MAX_LISTED of the others, those missed before those not judged; BENCHMARKS.md has all of
 * them, with their figures.
 */
export function renderReadmeSummary(results: BenchResults): string {
  const { machine, targets, cases } = results;
  const met = targets.filter((t) => t.met === true).length;
  const apart = Object.entries(cases)
    .filter(([, c]) => c.measuredAt)
    .map(([name]) => `\`${name}\``);
  const notMet = [
    ...targets.filter((t) => t.met === false),
    ...targets.filter((t) => t.met !== true && t.met !== false),
  ];
  const others = notMet.slice(0, README_MAX_LISTED);
  const unlisted = notMet.length - others.length;
  return [
    README_BEGIN,
    '',
    `The run recorded in [BENCHMARKS.md](BENCHMARKS.md) (${machine.date.slice(0, 10)}, ${machine.cpuModel}, ` +
      `${machine.cores} cores, load average ${machine.loadAtStart} when it started) met ${met} of its ` +
      `${targets.length} targets` +
      (apart.length
        ? ` (${apart.join(' and ')} run on their own, at another time; BENCHMARKS.md says when)`
        : '') +
      (others.length === 0
        ? '.'
        : unlisted > 0
          ? `; ${others.length} of the ${notMet.length} others (the rest in BENCHMARKS.md):`
          : '; the others:'),
    ...(others.length ? ['', targetsTable(others)] : []),
    '',
    README_END,
  ].join('\n');
}

/** The README with its summary replaced by `summary` (the markers must be there, once each). */
export function withReadmeSummary(readme: string, summary: string): string {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no ${README_BEGIN} … ${README_END} section`);
  return readme.slice(0, begin) + summary + readme.slice(end + README_END.length);
}

/** Writes BENCHMARKS.md (or `output`) and the README's summary from `results`; returns the files. */
export async function writeDocs(results: BenchResults, output = 'BENCHMARKS.md'): Promise<string[]> {
  const doc = path.resolve(ROOT, output);
  await writeFile(doc, renderBenchmarks(results));
  const readmePath = path.join(ROOT, 'README.md');
  const readme = await readFile(readmePath, 'utf8');
  await writeFile(readmePath, withReadmeSummary(readme, renderReadmeSummary(results)));
  return [doc, readmePath];
}
