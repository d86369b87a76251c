/**
 * Zonekeeper admin command line: talks to a running service over HTTP and graphql-ws.
 *
 * Over 300 lines on purpose: one command line, one function per command, sharing its request and
 * printing helpers.
 *
 *   npm run -s admin -- list [--ruleset mtg] [--status ACTIVE,ENDED] [--from ISO] [--to ISO] [--offset N] [--limit N] [--json]
 *   npm run -s admin -- show <gameId> [--as admin|spectator|<playerId>] [--seq N] [--json]
 *   npm run -s admin -- export <gameId> [--out file.json]
 *   npm run -s admin -- import <file.json | ->
 *   npm run -s admin -- end <gameId>
 *   npm run -s admin -- archive <gameId>
 *   npm run -s admin -- rewind <gameId> --to SEQ --reason TEXT [--mode exact|randomize-unknown]
 *   npm run -s admin -- tail <gameId> [--after N] [--count N] [--no-follow] [--follow]
 *   npm run -s admin -- verify <gameId> [--json]
 *   npm run -s admin -- link [<gameId>]
 *
 * `-s` (`--silent`) keeps npm's own banner ("> zonekeeper@… admin") off stdout, so `--json` output
 * is pure JSON that pipes into `jq` or a file.
 *
 * Environment: ZONEKEEPER_URL (default http://localhost:4000/graphql) and ADMIN_TOKEN (required).
 * Exit codes: 0 done, 1 the service refused or could not be reached, 2 bad usage.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { verifyGame, type Transcript } from '../client/verify.js';

const DEFAULT_URL = 'http://localhost:4000/graphql';

const USAGE = `usage: npm run -s admin -- <command> [options]

commands:
  list [--ruleset ID] [--status S1,S2] [--from ISO] [--to ISO] [--offset N] [--limit N] [--json]
  show <gameId> [--as admin|spectator|<playerId>] [--seq N] [--json]
  export <gameId> [--out FILE]
  import <FILE|->
  end <gameId>
  archive <gameId>
  rewind <gameId> --to SEQ --reason TEXT [--mode exact|randomize-unknown]
      a judge's backup (IPG 1.4): the game returns to the state right after event SEQ, as one new
      GAME_REWOUND event; exact (default) puts every card back where it was, randomize-unknown
      reshuffles what nobody knew (docs/admin.md)
  tail <gameId> [--after N] [--count N] [--no-follow] [--follow]
      events as JSON lines, live until Ctrl-C; --after N first replays the log after seq N;
      --count N stops after N events; --no-follow stops once caught up with the log.
      With both --after and --count, a log that ends first also stops it.
      It stops at GAME_ENDED or GAME_ARCHIVED (at once for a game already ended or archived,
      nothing left to replay) unless --follow.
  verify <gameId> [--json]
      recomputes every shuffle and random pick of an ended game from its revealed seed
      (zk-rng/1, docs/fairness.md); exit 1 names the first event that does not match
  link [<gameId>]
      a hand-off link that opens the IDE (or the game's table page) with the admin token:
      it carries a code that works once, within 60 s, never the token (docs/frontend.md)

environment:
  ZONEKEEPER_URL  GraphQL endpoint (default ${DEFAULT_URL})
  ADMIN_TOKEN     the service's admin token (required)

exit codes: 0 done, 1 the service refused or was unreachable, 2 bad usage`;

/** Wrong invocation: exit 2. */
class UsageError extends Error {}
/** The service answered with errors, or could not be reached: exit 1. */
class ServiceError extends Error {}

interface Env {
  readonly url: string;
  readonly token: string;
}

/**
 * Everything the service sends back is someone's text (player and card names, zone names, error
 * messages naming them), and it is printed to an operator's terminal. Control characters (C0, DEL,
 * C1: escape sequences such as an OSC 52 clipboard write, CR and LF that would start a forged output
 * line), line and paragraph separators and bidirectional overrides are therefore never printed as
 * they are: text output shows them as `\u{…}`, JSON output as `\uXXXX` (still the same JSON).
 */
const UNSAFE_TEXT = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** JSON.stringify escapes C0 itself; these it leaves as they are. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` as inert characters: one line, no control character a terminal would obey. */
function inert(text: string): string {
  return text.replace(UNSAFE_TEXT, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** `value` as JSON whose strings hold no character a terminal would obey (see {@link inert}). */
function inertJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    UNSAFE_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

async function gql<T>(env: Env, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(env.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.token}` },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new ServiceError(`cannot reach ${env.url}: ${(err as Error).message}`);
  }
  const text = await res.text();
  let body: { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new ServiceError(`HTTP ${res.status} from ${env.url}: ${inert(text.slice(0, 200))}`);
  }
  if (body.errors?.length)
    throw new ServiceError(
      body.errors.map((e) => inert(`${e.extensions?.code ?? 'ERROR'}: ${e.message}`)).join('\n'),
    );
  if (!body.data) throw new ServiceError(`HTTP ${res.status}: no data`);
  return body.data;
}

function print(value: unknown): void {
  process.stdout.write(`${inertJson(value, 2)}\n`);
}

/** A compact, left-aligned table; its cells are printed inert. */
function table(headers: readonly string[], cells: readonly (readonly string[])[]): string {
  const rows = cells.map((r) => r.map(inert));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

function int(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a non-negative integer`);
  return Number(value);
}

function needId(positionals: readonly string[], what = 'gameId'): string {
  const id = positionals[0];
  if (!id) throw new UsageError(`missing <${what}>`);
  return id;
}

// ----- commands ---------------------------------------------------------------------------------

interface AdminGame {
  id: string;
  ruleset: string;
  status: string;
  version: number;
  lastSeq: number;
  createdAt: string;
  players: { id: string; name: string; seat: number }[];
}

const ADMIN_GAME =
  'id ruleset status version lastSeq createdAt endedAt importedFrom players { id name seat }';

async function list(env: Env, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      ruleset: { type: 'string' },
      status: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      offset: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const status = values.status?.split(',').map((s) => s.trim().toUpperCase());
  if (status?.some((s) => !['ACTIVE', 'ENDED', 'ARCHIVED'].includes(s)))
    throw new UsageError('--status takes ACTIVE, ENDED and/or ARCHIVED, comma separated');
  for (const d of [values.from, values.to])
    if (d !== undefined && Number.isNaN(Date.parse(d))) throw new UsageError(`not a date: ${d}`);
  const data = await gql<{
    adminGames: { games: AdminGame[]; total: number; offset: number; hasNextPage: boolean };
  }>(
    env,
    `query List($filter: AdminGameFilter, $offset: Int, $limit: Int) {
      adminGames(filter: $filter, offset: $offset, limit: $limit) { total offset hasNextPage games { ${ADMIN_GAME} } }
    }`,
    {
      filter: {
        ...(values.ruleset ? { ruleset: values.ruleset } : {}),
        ...(status ? { status } : {}),
        ...(values.from ? { createdFrom: new Date(values.from).toISOString() } : {}),
        ...(values.to ? { createdTo: new Date(values.to).toISOString() } : {}),
      },
      offset: int(values.offset, 'offset') ?? 0,
      limit: int(values.limit, 'limit') ?? 50,
    },
  );
  const page = data.adminGames;
  if (values.json) return print(page);
  if (page.games.length === 0) {
    process.stdout.write(
      page.total === 0 ? 'no games\n' : `no games at offset ${page.offset} (${page.total} in all)\n`,
    );
    return;
  }
  process.stdout.write(
    `${table(
      ['ID', 'RULESET', 'STATUS', 'VERSION', 'SEQ', 'CREATED', 'PLAYERS'],
      page.games.map((g) => [
        g.id,
        g.ruleset,
        g.status,
        String(g.version),
        String(g.lastSeq),
        g.createdAt,
        g.players.map((p) => p.name).join(', '),
      ]),
    )}\n${page.offset + 1}-${page.offset + page.games.length} of ${page.total}${page.hasNextPage ? ' (more: --offset ' + (page.offset + page.games.length) + ')' : ''}\n`,
  );
}

interface ShownObject {
  id: string;
  faceUp: boolean;
  position: number | null;
  host: { id: string } | null;
  card: { name: string } | null;
  internalKey: string | null;
}
interface ShownGame {
  id: string;
  ruleset: string;
  status: string;
  version: number;
  lastSeq: number;
  players: { id: string; name: string; seat: number }[];
  zones: {
    id: string;
    type: string;
    name: string;
    index: number;
    count: number;
    owner: { id: string } | null;
    objects: ShownObject[];
  }[];
}

const SHOW_QUERY = `query Show($gameId: ID!, $seq: Int!, $as: ViewerInput!) {
  gameAt(gameId: $gameId, seq: $seq, as: $as) {
    seq version
    game {
      id ruleset status version lastSeq
      players { id name seat }
      zones { id type name index count owner { id }
        objects { id faceUp position host { id } card { name types subtypes text attributes } internalKey } }
    }
  }
}`;

async function show(env: Env, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      as: { type: 'string', default: 'admin' },
      seq: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const gameId = needId(positionals);
  const who = values.as.toLowerCase();
  const as =
    who === 'admin'
      ? { kind: 'ADMIN' }
      : who === 'spectator'
        ? { kind: 'SPECTATOR' }
        : { kind: 'PLAYER', playerId: values.as };
  let seq = int(values.seq, 'seq');
  if (seq === undefined)
    seq = (
      await gql<{ game: { lastSeq: number } }>(env, 'query($id: ID!) { game(id: $id) { lastSeq } }', {
        id: gameId,
      })
    ).game.lastSeq;
  const data = await gql<{ gameAt: { seq: number; version: number; game: ShownGame } }>(env, SHOW_QUERY, {
    gameId,
    seq,
    as,
  });
  if (values.json) return print(data.gameAt);
  const g = data.gameAt.game;
  // Every text from the service is printed inert: the lines below are the only lines printed.
  const names = new Map(g.players.map((p) => [p.id, inert(p.name)]));
  const out = [
    `game ${inert(g.id)}  ${inert(g.ruleset)}  ${inert(g.status)}  version ${g.version}  seq ${data.gameAt.seq}  as ${as.kind === 'PLAYER' ? `player ${names.get(values.as) ?? inert(values.as)}` : as.kind.toLowerCase()}`,
    `players: ${g.players.map((p) => `${p.seat}:${names.get(p.id) ?? ''} (${inert(p.id)})`).join(', ')}`,
  ];
  for (const z of g.zones) {
    const owner = z.owner ? (names.get(z.owner.id) ?? inert(z.owner.id)) : 'shared';
    const objects = z.objects.map(
      (o) => `${o.host ? '↳' : ''}${o.card ? inert(o.card.name) : '?'}${o.faceUp ? '' : ' (down)'}`,
    );
    out.push(
      `  ${`${inert(z.name)}${z.index ? ` #${z.index}` : ''} [${owner}]`.padEnd(32)} ${String(z.count).padStart(3)}  ${objects.join(', ')}`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

async function exportCommand(env: Env, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  const gameId = needId(positionals);
  const data = await gql<{ exportGame: unknown }>(env, 'query($id: ID!) { exportGame(gameId: $id) }', {
    id: gameId,
  });
  const text = `${inertJson(data.exportGame, 2)}\n`;
  if (values.out) {
    await writeFile(values.out, text);
    process.stderr.write(`wrote ${values.out}\n`);
  } else process.stdout.write(text);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function importCommand(env: Env, args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const file = needId(positionals, 'file');
  let document: unknown;
  try {
    document = JSON.parse(file === '-' ? await readStdin() : await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read a JSON document from ${file}: ${(err as Error).message}`);
  }
  const data = await gql<{ importGame: unknown }>(
    env,
    `mutation Import($data: JSON!) {
      importGame(data: $data) { importedFrom game { ${ADMIN_GAME} } seats { player { id name seat } token } spectatorToken refereeToken }
    }`,
    { data: document },
  );
  // The new game's credentials, shown once as createGame shows them: only their hashes are stored.
  print(data.importGame);
  process.stderr.write('the tokens above are shown once: keep them\n');
}

async function lifecycle(env: Env, args: string[], field: 'endGame' | 'archiveGame'): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const gameId = needId(positionals);
  const data = await gql<Record<string, unknown>>(
    env,
    `mutation($id: ID!) { ${field}(gameId: $id) { ${ADMIN_GAME} } }`,
    { id: gameId },
  );
  print(data[field]);
}

const REWIND_MODES: Record<string, string> = { exact: 'EXACT', 'randomize-unknown': 'RANDOMIZE_UNKNOWN' };

/** A judge's rewind (IPG 1.4, "Backing Up"); prints the GAME_REWOUND event it appended. */
async function rewind(env: Env, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { to: { type: 'string' }, reason: { type: 'string' }, mode: { type: 'string' } },
  });
  const gameId = needId(positionals);
  const toSeq = Number(values.to);
  if (!values.to || !Number.isSafeInteger(toSeq) || toSeq < 1)
    throw new UsageError('--to must be the seq of an event (1 or more)');
  if (!values.reason) throw new UsageError('--reason is required: the rewind is audited with it');
  const mode = REWIND_MODES[(values.mode ?? 'exact').toLowerCase()];
  if (!mode) throw new UsageError('--mode must be exact or randomize-unknown');
  const data = await gql<{ rewindGame: unknown }>(
    env,
    `mutation($input: RewindGameInput!) {
      rewindGame(input: $input) { version events { seq kind at actor { kind } rewind { toSeq mode reason } } }
    }`,
    { input: { gameId, toSeq, mode, reason: values.reason } },
  );
  print(data.rewindGame);
}

const TAIL_QUERY = `subscription Tail($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) {
    seq version kind at actor { kind playerId onBehalfOf } zoneIds rules
    changes { previousId objectId fromZoneId toZoneId object { id faceUp card { name } internalKey } }
    zonesCreated { id type ownerId index } zonesRemoved { id type ownerId index }
  }
}`;

/**
 * Prints events as JSON lines, live until interrupted; with `--after`, the log after that seq first.
 * `--count` stops after that many events. A replay can also stop once caught up with the log as it
 * stood when the command started: with `--no-follow`, or with `--after` and `--count` together (a
 * range of the log, which ends early when the log is shorter instead of waiting for live events).
 * GAME_ENDED and GAME_ARCHIVED end it too (nothing follows them but an archive), unless `--follow`.
 */
async function tail(env: Env, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      after: { type: 'string' },
      count: { type: 'string' },
      'no-follow': { type: 'boolean', default: false },
      follow: { type: 'boolean', default: false },
    },
  });
  const gameId = needId(positionals);
  const afterSeq = int(values.after, 'after');
  const count = int(values.count, 'count');
  if (values['no-follow'] && afterSeq === undefined)
    throw new UsageError('--no-follow needs --after N: without it there is nothing to replay');
  const follow = !values['no-follow'] && !(afterSeq !== undefined && count !== undefined);
  const { game } = await gql<{ game: { lastSeq: number; status: string } }>(
    env,
    'query($id: ID!) { game(id: $id) { lastSeq status } }',
    { id: gameId },
  );
  const endSeq = follow ? undefined : game.lastSeq;
  const over = (kind: string | undefined) =>
    !values.follow && (kind === 'GAME_ENDED' || kind === 'GAME_ARCHIVED');
  if (over(`GAME_${game.status}`) && (afterSeq === undefined || afterSeq >= game.lastSeq)) {
    process.stderr.write(`game ${gameId} is ${game.status}: no more events (--follow waits anyway)\n`);
    return;
  }
  let received = 0;
  const caughtUp = (seq: number) =>
    process.stderr.write(
      `caught up with the log at seq ${seq}: ${received} event${received === 1 ? '' : 's'}${count !== undefined ? ` of --count ${count}` : ''}\n`,
    );
  if (endSeq !== undefined && afterSeq !== undefined && afterSeq >= endSeq) return void caughtUp(endSeq);
  if (count === 0) return;
  const client = createClient({
    url: env.url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${env.token}` },
    retryAttempts: 0,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      // graphql-ws may still hand over messages that were in flight when `stop()` ran.
      let stopped = false;
      const stop = client.subscribe<{ gameEvents: { seq: number; kind: string } }>(
        { query: TAIL_QUERY, variables: { gameId, ...(afterSeq !== undefined ? { afterSeq } : {}) } },
        {
          next: (msg) => {
            if (stopped) return;
            if (msg.errors?.length)
              return reject(new ServiceError(msg.errors.map((e) => inert(e.message)).join('\n')));
            const event = msg.data?.gameEvents;
            process.stdout.write(`${inertJson(event)}\n`);
            received++;
            const done = (count !== undefined && received >= count) || over(event?.kind);
            if (!done && endSeq !== undefined && event && event.seq >= endSeq) caughtUp(event.seq);
            if (done || (endSeq !== undefined && event && event.seq >= endSeq)) {
              stopped = true;
              stop();
              resolve();
            }
          },
          error: (err) =>
            reject(
              new ServiceError(
                err instanceof Error
                  ? inert(err.message)
                  : `subscription closed: ${inert(JSON.stringify(err, ['code', 'reason', 'message']))}`,
              ),
            ),
          complete: resolve,
        },
      );
      process.once('SIGINT', () => {
        stop();
        resolve();
      });
    });
  } finally {
    await client.dispose();
  }
}

/** zk-rng: the ended game's transcript, checked by the client's verifier (docs/fairness.md). */
async function verify(env: Env, args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' } },
  });
  const gameId = needId(positionals);
  const data = await gql<{ fairnessTranscript: Transcript }>(
    env,
    'query Transcript($gameId: ID!) { fairnessTranscript(gameId: $gameId) }',
    { gameId },
  );
  const report = verifyGame(data.fairnessTranscript);
  if (values.json) print(report);
  else {
    // Every kind of act it checked: a reader sees a roll or flip was recomputed, not only shuffles.
    const { shuffle, partial, pick, roll, coin } = report.counts;
    process.stdout.write(
      `${report.verdict}: ${report.verified} random acts verified (${shuffle} shuffles of which ${partial} partial, ${pick} picks, ${roll} rolls, ${coin} flips), ${report.notCovered} not covered, ${report.withoutSeatInput} not covered by seat input, ${report.afterNonSeatEvents} after a non-seat event\n`,
    );
  }
  if (report.firstMismatch)
    throw new ServiceError(
      `event ${report.firstMismatch.seq} does not match: ${inert(report.firstMismatch.reason)}`,
    );
}

/**
 * A hand-off link for the admin token (docs/frontend.md, "Opening a page by link"): the service
 * mints a single-use code that lives 60 s (`POST /handoff/code`), and the link carries the code in
 * its fragment, so no browser file ever holds the token.
 */
async function link(env: Env, args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const gameId = positionals[0];
  const endpoint = new URL(env.url);
  const mint = new URL('/handoff/code', endpoint);
  let res: Response;
  try {
    res = await fetch(mint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.token}` },
      body: JSON.stringify({ use: 'link' }),
    });
  } catch (err) {
    throw new ServiceError(`cannot reach ${mint.toString()}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as {
    code?: unknown;
    errors?: { message: string; extensions?: { code?: string } }[];
  } | null;
  if (!res.ok || typeof body?.code !== 'string' || !/^zkh_[A-Za-z0-9_-]{43}$/.test(body.code)) {
    const error = body?.errors?.[0];
    throw new ServiceError(
      error
        ? inert(`${error.extensions?.code ?? 'ERROR'}: ${error.message}`)
        : `HTTP ${res.status} from ${mint.toString()}`,
    );
  }
  const page = gameId ? `/table/${encodeURIComponent(gameId)}` : endpoint.pathname;
  process.stdout.write(`${new URL(page, endpoint).toString()}#handoff=${body.code}\n`);
}

// ----- main -------------------------------------------------------------------------------------

const COMMANDS: Record<string, (env: Env, args: string[]) => Promise<void>> = {
  list,
  show,
  export: exportCommand,
  import: importCommand,
  end: (env, args) => lifecycle(env, args, 'endGame'),
  archive: (env, args) => lifecycle(env, args, 'archiveGame'),
  rewind,
  tail,
  verify,
  link,
};

/**
 * `npm run admin` without `-s` has already printed npm's banner on stdout by the time this runs;
 * when that output goes to a pipe or a file (where it spoils JSON), say how to avoid it.
 */
function warnAboutNpmBanner(): void {
  const env = process.env;
  if (
    env['npm_lifecycle_event'] === 'admin' &&
    env['npm_config_loglevel'] !== 'silent' &&
    !process.stdout.isTTY
  )
    process.stderr.write(
      'note: npm printed its banner on stdout before this output; `npm run -s admin -- …` leaves it out\n',
    );
}

/**
 * A reader that stops early (`list --json | head -1`) closes the pipe: the output is no longer
 * wanted, so the CLI ends quietly, exit 0, instead of dying of an unhandled EPIPE.
 */
function endQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
}

async function main(argv: string[]): Promise<number> {
  endQuietlyOnClosedPipe();
  warnAboutNpmBanner();
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(`unknown command: ${command}`);
    const token = process.env['ADMIN_TOKEN'];
    if (!token) throw new UsageError('ADMIN_TOKEN is not set');
    await run({ url: process.env['ZONEKEEPER_URL'] || DEFAULT_URL, token }, rest);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
