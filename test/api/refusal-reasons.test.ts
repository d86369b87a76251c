/**
 * Every refusal reason the schema declares is given, over the API, for what its description says.
 *
 * The pairs (code, reason) are read from src/schema/errors.graphql, not written here: each value of
 * `enum ErrorCode` whose description says "`extensions.reason` is a(n) `SomeReason`" names the enum
 * that lists that code's reasons, and every value of that enum is a pair. For each pair a trigger
 * (`forbidden-triggers.ts`, `invalid-move-triggers.ts`) sends one request to a real server, and the
 * answer must carry that code and reason: a pair with no trigger fails, as does a trigger left
 * for a reason the schema no longer lists. Refusal codes must name their reasons: FORBIDDEN and
 * INVALID_MOVE at least; every other code is listed in WITHOUT_REASONS with why it names none. A
 * reason no request can be refused for (a planner guard the authority pre-empts) has a null trigger
 * and an exemption (`planner-only-refusals.ts`) that gives it through the planner; the exemptions
 * must be exactly the null triggers. A
 * refusal changes nothing, so the games only refused requests were sent to are unchanged.
 *
 * Every trigger's message is also read as a person would (issue 42): it names objects, zones and
 * players as the caller sees them (`src/rules/labels.ts`), so it carries no id, and bounds as the
 * ruleset states them, so no 32-bit storage limit (`refusal-messages.test.ts` reads a few whole).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, type EnumTypeDefinitionNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.js';
import { startTestServer } from '../support/server.js';
import { FORBIDDEN_TRIGGERS, type MaybeTrigger } from './forbidden-triggers.js';
import { INVALID_MOVE_TRIGGERS } from './invalid-move-triggers.js';
import { PLANNER_ONLY } from './planner-only-refusals.js';
import { Tables } from './refusal-tables.js';

const SDL_FILE = 'src/schema/errors.graphql';
/** An id as the service mints them (players, zones, objects, games): a UUID. */
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** The 32-bit bounds counters are stored within, which no ruleset states. */
const INT32_BOUND = /2147483647|2147483648/;
/** The codes that refuse a request for a reason a client acts on (issue 42): each must name its reasons. */
const REFUSAL_CODES = ['FORBIDDEN', 'INVALID_MOVE'];

/**
 * The codes that name no reasons, each with why: one cause, or one cure a client applies whatever the
 * cause, or another extension that says what to do. Every code of `enum ErrorCode` is either here
 * or names its reasons' enum, so a new code must be put in one place or the other.
 */
const WITHOUT_REASONS: Readonly<Record<string, string>> = {
  UNAUTHENTICATED: 'one cure: a valid credential (the message says what is wrong with the one sent)',
  NOT_FOUND: 'one answer on purpose: "does not exist" and "may not see it" must not differ',
  BAD_USER_INPUT: '`extensions.field` names the argument',
  STALE_STATE: 'one cure: reload and decide again (`expectedVersion`, `actualVersion`)',
  IDEMPOTENCY_CONFLICT: 'one cause: the key was used for a different request',
  GAME_NOT_ACTIVE: '`extensions.status` says why',
  RATE_LIMITED: 'one cure: retry after `extensions.retryAfterSeconds`',
  RESPONSE_TOO_LARGE: 'one cause (`extensions.maxItems`)',
  QUERY_TOO_LARGE: 'one cause (`extensions.maxQueryBytes`)',
  RULESET_VERSION_UNAVAILABLE: 'one cause (`extensions.ruleset`, `extensions.rulesetVersion`)',
  SERVICE_UNAVAILABLE: 'one cure: retry (`extensions.retryAfterSeconds`)',
  INTERNAL_SERVER_ERROR: 'masked on purpose (`extensions.requestId` finds the cause in the log)',
  GRAPHQL_PARSE_FAILED: "the GraphQL layer's own",
  GRAPHQL_VALIDATION_FAILED: "the GraphQL layer's own",
  BAD_REQUEST: "the GraphQL layer's own",
  PERSISTED_QUERY_NOT_FOUND: "the GraphQL layer's own",
  PERSISTED_QUERY_NOT_SUPPORTED: "the GraphQL layer's own",
  OPERATION_RESOLUTION_FAILURE: "the GraphQL layer's own",
};

/** Triggers by code, then reason. */
const TRIGGERS: Record<string, Record<string, MaybeTrigger>> = {
  FORBIDDEN: FORBIDDEN_TRIGGERS,
  INVALID_MOVE: INVALID_MOVE_TRIGGERS,
};

/** Each error code whose description names its reasons' enum, with that enum's values; and every code. */
function schemaReasons(): { reasons: Map<string, readonly string[]>; codes: string[] } {
  const doc = parse(readFileSync(path.join(ROOT, SDL_FILE), 'utf8'));
  const enums = new Map(
    doc.definitions
      .filter((d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const codes = enums.get('ErrorCode');
  if (!codes) throw new Error(`${SDL_FILE} has no enum ErrorCode`);
  const out = new Map<string, readonly string[]>();
  for (const code of codes.values ?? []) {
    const named = /`extensions\.reason` is an? `(\w+)`/.exec(code.description?.value ?? '')?.[1];
    if (named === undefined) continue;
    const reasons = enums.get(named);
    if (!reasons) throw new Error(`${code.name.value} names enum ${named}, which ${SDL_FILE} lacks`);
    out.set(
      code.name.value,
      (reasons.values ?? []).map((v) => v.name.value),
    );
  }
  return { reasons: out, codes: (codes.values ?? []).map((v) => v.name.value) };
}

const { reasons: REASONS, codes: CODES } = schemaReasons();
const PAIRS = [...REASONS].flatMap(([code, reasons]) => reasons.map((reason) => ({ code, reason })));

let tables: Tables;
beforeAll(async () => {
  // The clock sweep ticks once a minute: a clock due at once is still unflagged when refused.
  tables = new Tables(await startTestServer({ CLOCK_SWEEP_MS: '60000' }));
});

it('every refusal code names the enum of its reasons, and each enum lists reasons', () => {
  expect.assertions(REFUSAL_CODES.length * 2);
  for (const code of REFUSAL_CODES) {
    expect(REASONS.has(code), `${code} in ${SDL_FILE}: say "\`extensions.reason\` is a \`…Reason\`"`).toBe(
      true,
    );
    expect(REASONS.get(code)?.length ?? 0).toBeGreaterThan(5);
  }
});

it('every other code is listed, with why it names no reasons', () => {
  expect(CODES.filter((c) => !REASONS.has(c)).sort()).toEqual(Object.keys(WITHOUT_REASONS).sort());
});

it('every trigger is for a reason the schema lists', () => {
  const stale = Object.entries(TRIGGERS).flatMap(([code, byReason]) =>
    Object.keys(byReason)
      .filter((reason) => !REASONS.get(code)?.includes(reason))
      .map((reason) => `${code} ${reason}`),
  );
  expect(stale).toEqual([]);
});

/** Exemptions by code, then reason: reasons only the planner gives (its guards, pre-empted over the API). */
const EXEMPT: Record<string, Record<string, { why: string; plan: () => string | undefined }>> = {
  INVALID_MOVE: PLANNER_ONLY as Record<string, { why: string; plan: () => string | undefined }>,
};

it('the exemptions are minimal: exactly the reasons with no API trigger, each given by the planner', () => {
  const untriggered = Object.entries(TRIGGERS).flatMap(([code, byReason]) =>
    Object.entries(byReason)
      .filter(([, trigger]) => trigger === null)
      .map(([reason]) => `${code} ${reason}`),
  );
  const exempt = Object.entries(EXEMPT).flatMap(([code, byReason]) =>
    Object.keys(byReason).map((reason) => `${code} ${reason}`),
  );
  expect(exempt.sort()).toEqual(untriggered.sort());
  for (const [, byReason] of Object.entries(EXEMPT))
    for (const [reason, e] of Object.entries(byReason)) {
      expect(e.why.length, reason).toBeGreaterThan(20);
      expect(e.plan(), reason).toBe(reason);
    }
});

describe.each(PAIRS.filter((p) => TRIGGERS[p.code]?.[p.reason] !== null))(
  '$code $reason',
  ({ code, reason }) => {
    it('is given for what the schema describes', async () => {
      expect.assertions(6);
      const trigger = TRIGGERS[code]?.[reason];
      expect(trigger, `no trigger for ${code} ${reason}: add one to test/api/*-triggers.ts`).toBeDefined();
      const err = trigger ? await trigger(tables) : undefined;
      expect(err?.extensions?.code, JSON.stringify(err)).toBe(code);
      expect(err?.extensions?.['reason'], JSON.stringify(err)).toBe(reason);
      // Messages are for people: a sentence, not the bare reason.
      expect(err?.message.length ?? 0).toBeGreaterThan(reason.length);
      // Named as the caller sees them, bounds as the ruleset states them: no id, no storage limit.
      expect(err?.message, 'a message names no id').not.toMatch(ID);
      expect(err?.message, 'a message states no 32-bit bound').not.toMatch(INT32_BOUND);
    }, 30_000);
  },
);

it('changes nothing: the games only refused requests were sent to are as they were created', async () => {
  const games = await tables.sharedGames();
  expect(games.length).toBeGreaterThan(2);
  for (const g of games) expect((await g.asAdmin()).version, g.id).toBe(g.created.game.version);
});
