/**
 * Every error message a client can receive starts with a capital letter: a sentence, not a log
 * fragment. Messages are written in many places (rule refusals, input checks, resolvers), so the
 * check reads the source: each message argument of `reject`, `badInput`, `forbidden`, `notFound`,
 * `errorBody`, `new ZonekeeperError`, `new GraphQLError`, and each `message:` property of a rule
 * failure, when it is a literal or a template, must begin with a literal capital (not with an
 * interpolation).
 * The server's answers are checked too, for a sample of refusals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { ROOT } from '../support/process.js';
import { createGame, deck, loadGame, zoneOf } from './helpers.js';

/** Which argument carries the message, per function or class. */
const MESSAGE_ARG: Record<string, number> = {
  reject: 2,
  badInput: 0,
  forbidden: 0,
  notFound: 0,
  coded: 0,
  errorBody: 0,
  ZonekeeperError: 1,
  GraphQLError: 0,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'generated'
        ? []
        : sourceFiles(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** The literal text a message expression starts with; null when it is not a literal or template. */
function leadingTexts(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text];
  if (ts.isParenthesizedExpression(node)) return leadingTexts(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = leadingTexts(node.whenTrue);
    const b = leadingTexts(node.whenFalse);
    return a || b ? [...(a ?? []), ...(b ?? [])] : null;
  }
  return null;
}

interface Found {
  where: string;
  text: string;
}

function messagesIn(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const add = (node: ts.Expression | undefined) => {
    if (!node) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    for (const text of leadingTexts(node) ?? [])
      found.push({ where: `${path.relative(ROOT, file)}:${line + 1}`, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : undefined;
      const index = name === undefined ? undefined : MESSAGE_ARG[name];
      if (index !== undefined) add(node.arguments?.[index]);
    }
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'message' &&
      path.relative(ROOT, file).startsWith('src/rules')
    )
      add(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('every error message in the source starts with a capital letter', () => {
  const all = sourceFiles(path.join(ROOT, 'src')).flatMap(messagesIn);
  // The scan sees the messages: rule refusals, input checks and resolver errors alike.
  expect(all.length).toBeGreaterThan(100);
  // src/errors.ts builds `${what} not found.`: its callers' `what` is checked where they call it.
  const lower = all
    .filter((m) => !(m.where.startsWith('src/errors.ts:') && m.text === ''))
    .filter((m) => !/^[A-Z]/.test(m.text))
    .map((m) => `${m.where}: "${m.text}…"`);
  expect(lower, 'start these messages with a capital letter (a sentence, not a field name)').toEqual([]);
});

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

it('the server answers refusals with capitalised messages, and an unknown ruleset lists the valid ids', async () => {
  const game = await createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 5) },
    { name: 'Bob', deck: deck('Beta', 5) },
  ]);
  const alice = game.seats[0]!;
  const g = await loadGame(s, game.game.id, alice.token);
  const hand = zoneOf(g, 'hand', alice.player.id);
  const MOVE = `mutation($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`;
  const refusals = await Promise.all([
    s.gql(
      MOVE,
      { input: { gameId: game.game.id, objectIds: ['nope'], to: { zoneId: hand.id } } },
      alice.token,
    ),
    s.gql(MOVE, { input: { gameId: game.game.id, objectIds: [], to: { zoneId: hand.id } } }, alice.token),
    s.gql(MOVE, { input: { gameId: game.game.id, objectIds: ['x'], to: { zoneId: 'nope' } } }, alice.token),
    s.gql(
      MOVE,
      { input: { gameId: game.game.id, objectIds: ['x'], to: { zoneId: hand.id }, expectedVersion: -1 } },
      alice.token,
    ),
    s.gql(`query { gameEvents(gameId: "${game.game.id}", afterSeq: -1) { seq } }`, {}, alice.token),
    s.gql(`mutation { createGame(input: { ruleset: "chess", players: [] }) { spectatorToken } }`),
  ]);
  const errors = refusals.flatMap((r) => r.errors ?? []);
  expect(errors).toHaveLength(refusals.length);
  for (const e of errors) expect(e.message, JSON.stringify(e)).toMatch(/^[A-Z]/);
  expect(errors.map((e) => e.extensions?.code)).toEqual([
    'INVALID_MOVE',
    'BAD_USER_INPUT',
    'INVALID_MOVE',
    'BAD_USER_INPUT',
    'BAD_USER_INPUT',
    'BAD_USER_INPUT',
  ]);
  expect(errors.at(-1)?.message).toBe(
    'Unknown ruleset. Valid rulesets: fab, mtg, netrunner, pokemon, yugioh.',
  );
});
