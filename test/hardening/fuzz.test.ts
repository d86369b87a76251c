/**
 * Hostile-input fuzzing of the real HTTP endpoint: random bodies, random JSON, random bytes, wrong
 * content types and methods, GET with random parameters, generated GraphQL documents (deep, aliased,
 * unknown fields, random arguments and directives), corrupted real documents, and the real
 * operations (createGame, moveObjects, game, …) with random variables.
 *
 * Every answer must be below 500, be JSON, carry `extensions.code` on every error, and show no stack
 * trace. INTERNAL_SERVER_ERROR counts as a failure when the root field it comes from has a resolver:
 * hostile input must be refused, not crash a resolver (unimplemented fields are tolerated).
 *
 * FUZZ_RUNS sets the requests per property (default 300; 11 properties, about 3,400 requests). They
 * go out in concurrent batches of {@link BATCH}, which also makes mutations race each other.
 */
import fc from 'fast-check';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/resolvers/schema.js';
import { TEST_ADMIN_TOKEN, startTestServer } from '../support/server.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);
const BATCH = 8;
const server = await startTestServer();
const schema: GraphQLSchema = buildSchema();

/** Root fields with a resolver: internal errors under them are bugs. */

/** Every field name in the schema, so generated documents hit real fields often. */
const FIELD_NAMES = [
  ...new Set(
    Object.values(schema.getTypeMap())
      // By constructor name: the schema comes from graphql's CommonJS build, this file gets the ESM one.
      .filter(
        (t): t is GraphQLObjectType => t.constructor.name === 'GraphQLObjectType' && !t.name.startsWith('__'),
      )
      .flatMap((t) => Object.keys(t.getFields())),
  ),
];

// A game to aim at, when createGame works; else a made-up id.
const seeded = await server.gql<{
  createGame: { game: { id: string; zones?: { id: string }[] }; seats: { token: string }[] };
}>(
  `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id zones { id } } seats { token } } }`,
  {
    input: {
      ruleset: 'mtg',
      players: [
        { name: 'Ann', deck: Array.from({ length: 8 }, (_, i) => ({ name: `Forest ${i}` })) },
        { name: 'Bo', deck: Array.from({ length: 8 }, (_, i) => ({ name: `Island ${i}` })) },
      ],
    },
  },
);
const GAME_ID = seeded.data?.createGame.game.id ?? '00000000-0000-0000-0000-000000000000';
const ZONE_IDS = seeded.data?.createGame.game.zones?.map((z) => z.id) ?? ['z1'];
const PLAYER_TOKEN = seeded.data?.createGame.seats[0]?.token ?? 'zk_not_a_token';
if (!seeded.data) console.info('fuzz: createGame did not work, aiming at a made-up game', seeded.errors);

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Sends one request and checks the answer; returns a description of what is wrong, or null. */
async function probe(req: Sent): Promise<string | null> {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
  const text = await res.text();
  // Node's HTTP parser refuses an oversized URL or header block itself, before any handler runs.
  if (res.status === 431 || res.status === 414) return null;
  if (res.status >= 500) return `status ${res.status}: ${text.slice(0, 300)}`;
  if (/\\n\s+at |node_modules|\/src\/[\w/-]+\.ts|stacktrace/.test(text))
    return `stack or path leaked: ${text.slice(0, 300)}`;
  let body: {
    data?: unknown;
    errors?: { message?: unknown; path?: unknown[]; extensions?: Record<string, unknown> }[];
  };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `not JSON (status ${res.status}): ${text.slice(0, 200)}`;
  }
  if (body.errors === undefined)
    return body.data !== undefined ? null : `neither data nor errors: ${text.slice(0, 200)}`;
  for (const error of body.errors) {
    const code = error.extensions?.['code'];
    if (typeof code !== 'string') return `error without a code: ${JSON.stringify(error).slice(0, 300)}`;
    if ('exception' in (error.extensions ?? {}))
      return `exception leaked: ${JSON.stringify(error).slice(0, 300)}`;
    if (code === 'INTERNAL_SERVER_ERROR')
      return `internal error under ${String(error.path?.[0])} for ${String(req.body ?? req.url).slice(0, 300)}`;
  }
  return null;
}

async function check(req: Sent): Promise<void> {
  const problem = await probe(req);
  expect(problem, `${req.method} ${req.headers['content-type'] ?? ''}`).toBeNull();
}

const json = { 'content-type': 'application/json' };
const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = json): Sent => ({
  method: 'POST',
  url: server.url,
  headers,
  body,
});

// ---------------------------------------------------------------- arbitraries

const credential = fc.constantFrom<Record<string, string>>(
  {},
  { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
  { authorization: `Bearer ${PLAYER_TOKEN}` },
  { authorization: 'Bearer zk_nope' },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: '' },
);

const weirdNumber = fc.oneof(
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, 5e-324, 0.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '🂡',
    '../../etc/passwd',
    '\'; DROP TABLE "Game";--',
    '{}',
    'null',
  ),
  fc.constantFrom(GAME_ID, ...ZONE_IDS.slice(0, 5)),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, with weight on the awkward ones. */
const weirdValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdNumber,
    weirdString,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'gameId', 'to')),
      tie('value'),
      {
        maxKeys: 5,
      },
    ),
  ),
})).value;

/** Nested arrays up to 100k deep: bounded by the body limit, not by any parser. */
const deepJson = fc.nat({ max: 100_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`);

const cardish = fc.record(
  {
    name: weirdString,
    types: fc.oneof(fc.array(weirdString, { maxLength: 3 }), weirdValue),
    text: weirdString,
    attributes: weirdValue,
    zone: fc.oneof(fc.constantFrom('library', 'hand', 'battlefield', 'exile', 'hero', 'stack'), weirdString),
    zoneIndex: weirdNumber,
    faceUp: fc.oneof(fc.boolean(), weirdValue),
  },
  { requiredKeys: [] },
);

const createGameInput = fc.record(
  {
    ruleset: fc.oneof(fc.constantFrom('mtg', 'fab', 'netrunner'), weirdString, weirdValue),
    players: fc.oneof(
      fc.array(
        fc.record(
          { name: weirdString, deck: fc.oneof(fc.array(cardish, { maxLength: 6 }), weirdValue) },
          { requiredKeys: [] },
        ),
        { maxLength: 5 },
      ),
      weirdValue,
    ),
    idempotencyKey: weirdString,
  },
  { requiredKeys: [] },
);

const id = fc.oneof(fc.constantFrom(GAME_ID, ...ZONE_IDS.slice(0, 5)), weirdString, weirdNumber);
const selector = fc.record(
  { zoneId: id, from: fc.oneof(fc.constantFrom('TOP', 'BOTTOM', 'RANDOM'), weirdString), count: weirdNumber },
  { requiredKeys: [] },
);
const destination = fc.record({ zoneId: id, type: weirdString, ownerId: id }, { requiredKeys: [] });

/** A mutation input shaped like the real ones, fields and types scrambled. */
const moveInput = fc.record(
  {
    gameId: id,
    objectIds: fc.oneof(fc.array(id, { maxLength: 4 }), weirdValue),
    select: fc.oneof(selector, weirdValue),
    to: fc.oneof(destination, weirdValue),
    position: fc.oneof(fc.constantFrom('TOP', 'BOTTOM'), weirdString),
    index: weirdNumber,
    faceUp: fc.oneof(fc.boolean(), weirdValue),
    by: fc.oneof(fc.constantFrom('RULE', 'EFFECT'), weirdString),
    order: fc.array(id, { maxLength: 3 }),
    expectedVersion: weirdNumber,
    idempotencyKey: weirdString,
    zoneId: id,
    hostId: id,
    layerId: id,
    type: weirdString,
    toAll: weirdValue,
    count: weirdNumber,
    token: fc.oneof(cardish, weirdValue),
    layer: fc.oneof(cardish, weirdValue),
    cards: fc.oneof(fc.array(cardish, { maxLength: 3 }), weirdValue),
  },
  { requiredKeys: [] },
);

const MUTATIONS = [
  'moveObjects',
  'shuffleZone',
  'reorderZone',
  'turnFace',
  'revealObjects',
  'endReveal',
  'createToken',
  'attachObjects',
  'detachObjects',
  'createZone',
  'removeZone',
  'addStackLayer',
  'removeStackLayer',
  'bringIntoGame',
  'removeFromGame',
] as const;
const inputTypeOf = (m: string) => `${m[0]?.toUpperCase()}${m.slice(1)}Input`;

/** A generated GraphQL document: real and unknown fields, aliases, arguments, directives, nesting. */
const literal: fc.Arbitrary<string> = fc.letrec<{ lit: string }>((tie) => ({
  lit: fc.oneof(
    { depthSize: 'small' },
    weirdNumber.map(String),
    fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'null', 'TOP', '$input', '$x', `"${GAME_ID}"`),
    fc.array(tie('lit'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    fc
      .array(fc.tuple(fc.constantFrom('gameId', 'id', 'to', 'zoneId', 'n'), tie('lit')), { maxLength: 3 })
      .map((kv) => `{ ${kv.map(([k, v]) => `${k}: ${v}`).join(', ')} }`),
  ),
})).lit;

const fieldName = fc.oneof(
  fc.constantFrom(...FIELD_NAMES),
  fc.stringMatching(/^[_a-zA-Z][_a-zA-Z0-9]{0,10}$/),
);
const selectionSet: fc.Arbitrary<string> = fc.letrec<{ set: string; field: string }>((tie) => ({
  field: fc
    .tuple(
      fc.option(fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/), { nil: undefined }),
      fieldName,
      fc.option(
        fc.array(fc.tuple(fc.constantFrom('id', 'gameId', 'input', 'afterSeq', 'first', 'x'), literal), {
          maxLength: 2,
        }),
        {
          nil: undefined,
        },
      ),
      fc.option(fc.constantFrom('@include(if: true)', '@skip(if: false)', '@deprecated', '@nope(x: 1)'), {
        nil: undefined,
      }),
      fc.option(tie('set'), { nil: undefined, freq: 2 }),
    )
    .map(
      ([alias, name, args, directive, sub]) =>
        `${alias ? `${alias}: ` : ''}${name}${args?.length ? `(${args.map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}${directive ? ` ${directive}` : ''}${sub ? ` ${sub}` : ''}`,
    ),
  set: fc.array(tie('field'), { minLength: 1, maxLength: 4 }).map((fs) => `{ ${fs.join(' ')} }`),
})).set;

const document = fc
  .tuple(
    fc.constantFrom(
      '',
      'query',
      'mutation',
      'subscription',
      'query Q',
      'query Q($x: Int)',
      'mutation M($input: MoveObjectsInput!)',
      'fragment F on Game',
    ),
    selectionSet,
  )
  .map(([head, set]) => `${head} ${set}`);

/** A nested document far past the depth limit, or a flood of aliases. */
const amplified = fc.oneof(
  fc
    .nat({ max: 400 })
    .map(
      (d) => `{ game(id: "${GAME_ID}") { ${'zones { objects { host { '.repeat(d)}id${' } } }'.repeat(d)} } }`,
    ),
  fc
    .nat({ max: 400 })
    .map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: rulesets { id }`).join(' ')} }`),
  fc.nat({ max: 3_000 }).map((n) => `{ ${'{'.repeat(n)} }`),
);

const REAL_DOCUMENTS = [
  `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version players { id } } seats { token } spectatorToken } }`,
  `query($id: ID!) { game(id: $id) { id version status zones { id type count objects { id faceUp card { name } } } viewer { kind } } }`,
  `{ rulesets { id zoneTypes { type visibility admits { rule } } } }`,
  ...MUTATIONS.map(
    (m) =>
      `mutation($input: ${inputTypeOf(m)}!) { ${m}(input: $input) { version objects { id } events { seq kind } } }`,
  ),
];

/** A real document with characters inserted, deleted or swapped. */
const corrupted = fc
  .tuple(
    fc.constantFrom(...REAL_DOCUMENTS),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.string({ maxLength: 3 })), { maxLength: 4 }),
  )
  .map(([doc, edits]) =>
    edits.reduce((d, [at, kind, s]) => {
      const i = at % (d.length + 1);
      return kind === 0
        ? d.slice(0, i) + s + d.slice(i)
        : kind === 1
          ? d.slice(0, i) + d.slice(i + 1)
          : d.slice(0, i) + s + d.slice(i + s.length);
    }, doc),
  );

// ---------------------------------------------------------------- properties

/** fast-check parameters for `requests` requests per property, sent `BATCH` at a time. */
const params = (requests = RUNS) => ({
  numRuns: Math.max(1, Math.ceil(requests / BATCH)),
  endOnFailure: true,
});

/** A batch of `BATCH` values of `arb`, to be sent concurrently. */
const batch = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: BATCH, maxLength: BATCH });
const all = async <T>(xs: T[], send: (x: T) => Promise<void>) => {
  await Promise.all(xs.map(send));
};

describe(`fuzzing the HTTP endpoint (${RUNS} requests per property)`, () => {
  it('random strings as the body', async () => {
    await fc.assert(
      fc.asyncProperty(batch(fc.string({ maxLength: 200 })), (xs) => all(xs, (s) => check(post(s)))),
      params(),
    );
  });

  it('random JSON values as the body, and deeply nested JSON', async () => {
    const body = fc.oneof(
      { weight: 5, arbitrary: weirdValue.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: deepJson },
    );
    await fc.assert(
      fc.asyncProperty(batch(body), (xs) => all(xs, (s) => check(post(s)))),
      params(),
    );
  });

  it('random bytes (invalid UTF-8) as the body', async () => {
    await fc.assert(
      fc.asyncProperty(batch(fc.uint8Array({ maxLength: 300 })), (xs) =>
        all(xs, (bytes) => check(post(new Uint8Array(bytes)))),
      ),
      params(),
    );
  });

  it('wrong content types and methods', async () => {
    const contentType = fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zk',
      'application/graphql',
      'application/json; charset=latin1',
      'application/graphql-response+json',
      'text/html',
      '',
    );
    const body = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.constant(JSON.stringify({ query: '{ whoami { kind } }' })),
    );
    const request = fc.record({
      method: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      type: contentType,
      body,
      auth: credential,
    });
    await fc.assert(
      fc.asyncProperty(batch(request), (xs) =>
        all(xs, ({ method, type, body: b, auth }) =>
          check({
            method,
            url: server.url,
            headers: { ...(type ? { 'content-type': type } : {}), ...auth },
            body: b,
          }),
        ),
      ),
      params(),
    );
  });

  it('GET with random query parameters', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 60 }),
      document,
      corrupted,
      weirdValue.map((v) => JSON.stringify(v) ?? ''),
    );
    const request = fc.record({
      query: fc.dictionary(
        fc.oneof(
          fc.constantFrom('query', 'variables', 'operationName', 'extensions'),
          fc.string({ maxLength: 8 }),
        ),
        value,
        { maxKeys: 4 },
      ),
      preflight: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(batch(request), (xs) =>
        all(xs, ({ query, preflight }) =>
          check({
            method: 'GET',
            url: `${server.url}?${new URLSearchParams(query).toString()}`,
            headers: preflight ? { 'apollo-require-preflight': 'true' } : {},
          }),
        ),
      ),
      params(),
    );
  });

  it('generated GraphQL documents with random variables', async () => {
    const request = fc.record({
      query: document,
      variables: fc.option(fc.dictionary(fc.constantFrom('x', 'input', 'id'), weirdValue), {
        nil: undefined,
      }),
      auth: credential,
    });
    await fc.assert(
      fc.asyncProperty(batch(request), (xs) =>
        all(xs, ({ query, variables, auth }) =>
          check(post(JSON.stringify({ query, variables }), { ...json, ...auth })),
        ),
      ),
      params(),
    );
  });

  it('deep, wide and aliased documents', async () => {
    await fc.assert(
      fc.asyncProperty(batch(amplified), (xs) => all(xs, (query) => check(post(JSON.stringify({ query }))))),
      params(Math.ceil(RUNS / 2)),
    );
  });

  it('corrupted real documents', async () => {
    const request = fc.record({ query: corrupted, input: weirdValue, auth: credential });
    await fc.assert(
      fc.asyncProperty(batch(request), (xs) =>
        all(xs, ({ query, input, auth }) =>
          check(post(JSON.stringify({ query, variables: { input, id: GAME_ID } }), { ...json, ...auth })),
        ),
      ),
      params(),
    );
  });

  it('createGame and game with random variables', async () => {
    const request = fc.record({
      input: fc.oneof(createGameInput, weirdValue),
      gameId: fc.oneof(id, weirdValue),
      auth: credential,
    });
    await fc.assert(
      fc.asyncProperty(batch(request), (xs) =>
        all(xs, async ({ input, gameId, auth }) => {
          await check(
            post(JSON.stringify({ query: REAL_DOCUMENTS[0], variables: { input } }), { ...json, ...auth }),
          );
          await check(
            post(JSON.stringify({ query: REAL_DOCUMENTS[1], variables: { id: gameId } }), {
              ...json,
              ...auth,
            }),
          );
        }),
      ),
      params(Math.ceil(RUNS / 2)),
    );
  });

  it('deeply nested JSON attributes (sent raw: past what JSON.stringify survives)', async () => {
    const nested = fc
      .tuple(fc.nat({ max: 60_000 }), fc.boolean())
      .map(([d, objects]) =>
        objects ? `${'{"a":'.repeat(d)}1${'}'.repeat(d)}` : `{"a":${'['.repeat(d)}${']'.repeat(d)}}`,
      );
    const target = fc.constantFrom(
      (a: string) =>
        `{"query":"mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }","variables":{"input":{"ruleset":"mtg","players":[{"name":"A","deck":[{"name":"x","attributes":${a}}]},{"name":"B","deck":[{"name":"y"}]}]}}}`,
      (a: string) =>
        `{"query":"mutation($input: CreateTokenInput!) { createToken(input: $input) { version } }","variables":{"input":{"gameId":"${GAME_ID}","token":{"name":"t","attributes":${a}},"to":{"type":"battlefield"}}}}`,
      (a: string) => `{"query":"{ rulesets { id } }","variables":{"x":${a}}}`,
    );
    const auth = { ...json, authorization: `Bearer ${PLAYER_TOKEN}` };
    await fc.assert(
      fc.asyncProperty(batch(fc.tuple(target, nested)), (xs) =>
        all(xs, ([body, a]) => check(post(body(a), auth))),
      ),
      params(Math.ceil(RUNS / 4)),
    );
  });

  it('every game mutation with scrambled inputs', async () => {
    const request = fc.record({
      mutation: fc.constantFrom(...MUTATIONS),
      input: fc.oneof({ weight: 4, arbitrary: moveInput }, { weight: 1, arbitrary: weirdValue }),
      aimAtGame: fc.boolean(),
      auth: credential,
    });
    await fc.assert(
      fc.asyncProperty(batch(request), (xs) =>
        all(xs, ({ mutation, input, aimAtGame, auth }) => {
          const query = `mutation($input: ${inputTypeOf(mutation)}!) { ${mutation}(input: $input) { version objects { id } events { seq kind } } }`;
          const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
          const variables = { input: isObject && aimAtGame ? { ...input, gameId: GAME_ID } : input };
          return check(post(JSON.stringify({ query, variables }), { ...json, ...auth }));
        }),
      ),
      params(),
    );
  });
});
