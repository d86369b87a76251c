/**
 * Every refusal reason the schema declares is given, over the API, for what its description says.
 *
 * The pairs (code, reason) are read from src/schema/errors.graphql, not written here: each value of
 * `enum ErrorCode` whose description says "`extensions.reason` is a(n) `SomeReason`" names the enum
 * that lists that code's reasons, and every value of that enum is a pair. For each pair a trigger
 * (`forbidden-triggers.ts`, `invalid-move-triggers.ts`) sends one request to a real server, and the
 * answer must carry that code and reason: a pair with no trigger fails, as does a trigger left
 * for a reason the schema no longer lists. Refusal codes must name their reasons: FORBIDDEN and
 * INVALID_MOVE at least. A refusal changes nothing, so the game it was sent to is unchanged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, type EnumTypeDefinitionNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.js';
import { startTestServer } from '../support/server.js';
import { FORBIDDEN_TRIGGERS, type Trigger } from './forbidden-triggers.js';
import { INVALID_MOVE_TRIGGERS } from './invalid-move-triggers.js';
import { Tables } from './refusal-tables.js';

const SDL_FILE = 'src/schema/errors.graphql';
/** The codes that refuse a request for a reason a client acts on (issue 42): each must name its reasons. */
const REFUSAL_CODES = ['FORBIDDEN', 'INVALID_MOVE'];

/** Triggers by code, then reason. */
const TRIGGERS: Record<string, Record<string, Trigger>> = {
  FORBIDDEN: FORBIDDEN_TRIGGERS,
  INVALID_MOVE: INVALID_MOVE_TRIGGERS,
};

/** Each error code whose description names its reasons' enum, with that enum's values. */
function schemaReasons(): Map<string, readonly string[]> {
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
  return out;
}

const REASONS = schemaReasons();
const PAIRS = [...REASONS].flatMap(([code, reasons]) => reasons.map((reason) => ({ code, reason })));

let tables: Tables;
beforeAll(async () => {
  tables = new Tables(await startTestServer());
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

it('every trigger is for a reason the schema lists', () => {
  const stale = Object.entries(TRIGGERS).flatMap(([code, byReason]) =>
    Object.keys(byReason)
      .filter((reason) => !REASONS.get(code)?.includes(reason))
      .map((reason) => `${code} ${reason}`),
  );
  expect(stale).toEqual([]);
});

describe.each(PAIRS)('$code $reason', ({ code, reason }) => {
  it('is given for what the schema describes', async () => {
    expect.assertions(4);
    const trigger = TRIGGERS[code]?.[reason];
    expect(trigger, `no trigger for ${code} ${reason}: add one to test/api/*-triggers.ts`).toBeDefined();
    const err = trigger ? await trigger(tables) : undefined;
    expect(err?.extensions?.code, JSON.stringify(err)).toBe(code);
    expect(err?.extensions?.['reason'], JSON.stringify(err)).toBe(reason);
    // Messages are for people: a sentence, not the bare reason.
    expect(err?.message.length ?? 0).toBeGreaterThan(reason.length);
  }, 30_000);
});

it('changes nothing: the games only refused requests were sent to are as they were created', async () => {
  const games = await tables.sharedGames();
  expect(games.length).toBeGreaterThan(2);
  for (const g of games) expect((await g.asAdmin()).version, g.id).toBe(g.created.game.version);
});
