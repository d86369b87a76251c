/**
 * The schema documents every error code (`enum ErrorCode`) and every refusal reason (`enum
 * InvalidMoveReason`, `enum ForbiddenReason`) the service can return: src/errors.ts and the rules'
 * rejection codes on one side, src/schema/errors.graphql on the other, must list the same values,
 * each described. (test/api/refusal-reasons.test.ts triggers each reason over the API.)
 * A failure says exactly what to add or remove.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, type EnumTypeDefinitionNode } from 'graphql';
import { expect, it } from 'vitest';
import { ErrorCode, FORBIDDEN_REASONS, FRAMEWORK_CODES } from '../../src/errors.js';
import { REJECTION_CODES } from '../../src/rules/index.js';
import { ROOT } from '../support/process.js';

const SDL_FILE = 'src/schema/errors.graphql';

function sdlEnum(name: string): EnumTypeDefinitionNode {
  const doc = parse(readFileSync(path.join(ROOT, SDL_FILE), 'utf8'));
  const node = doc.definitions.find(
    (d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === name,
  );
  if (!node) throw new Error(`${SDL_FILE} has no enum ${name}`);
  return node;
}

/** Empty when the enum and the code's values agree; otherwise the instructions to make them agree. */
function disagreement(enumName: string, source: string, codes: Iterable<string>): string {
  const node = sdlEnum(enumName);
  const inSdl = new Set((node.values ?? []).map((v) => v.name.value));
  const inCode = new Set(codes);
  const problems: string[] = [];
  for (const code of inCode)
    if (!inSdl.has(code))
      problems.push(
        `${source} defines ${code}, missing from enum ${enumName} in ${SDL_FILE}. Add to the enum:\n` +
          `  """\n  <when a client gets ${code}, and what it should do>\n  """\n  ${code}`,
      );
  for (const code of inSdl)
    if (!inCode.has(code))
      problems.push(
        `enum ${enumName} in ${SDL_FILE} lists ${code}, which ${source} does not define: remove it.`,
      );
  for (const value of node.values ?? [])
    if (!value.description?.value.trim())
      problems.push(`enum ${enumName} value ${value.name.value} in ${SDL_FILE} needs a description.`);
  if (!node.description?.value.trim()) problems.push(`enum ${enumName} in ${SDL_FILE} needs a description.`);
  return problems.length ? `${problems.join('\n\n')}\n\nThen run \`npm run codegen\` and commit.` : '';
}

it('enum ErrorCode documents every code of src/errors.ts and the GraphQL layer', () => {
  expect.assertions(2);
  const codes = [...Object.values(ErrorCode), ...FRAMEWORK_CODES];
  expect(codes.length).toBeGreaterThan(10);
  expect(disagreement('ErrorCode', 'src/errors.ts (ErrorCode or FRAMEWORK_CODES)', codes)).toBe('');
});

it('enum InvalidMoveReason documents every rejection code of the rules (src/rules/planner/reject.ts)', () => {
  expect.assertions(2);
  expect(REJECTION_CODES.length).toBeGreaterThan(10);
  expect(
    disagreement('InvalidMoveReason', 'src/rules (RejectionCode, REJECTION_CODES)', REJECTION_CODES),
  ).toBe('');
});

it('enum ForbiddenReason documents every FORBIDDEN reason (src/errors.ts, src/rules/policy.ts)', () => {
  expect.assertions(2);
  expect(FORBIDDEN_REASONS.length).toBeGreaterThan(10);
  expect(
    disagreement('ForbiddenReason', 'src/errors.ts (ForbiddenReason, FORBIDDEN_REASONS)', FORBIDDEN_REASONS),
  ).toBe('');
});

it('names the missing value and what to write when they disagree', () => {
  const message = disagreement('ErrorCode', 'src/errors.ts', [
    ...Object.values(ErrorCode),
    ...FRAMEWORK_CODES,
    'SOMETHING_NEW',
  ]);
  expect(message).toContain('src/errors.ts defines SOMETHING_NEW, missing from enum ErrorCode');
  expect(message).toContain('  SOMETHING_NEW');
  expect(message).toContain('npm run codegen');
});
