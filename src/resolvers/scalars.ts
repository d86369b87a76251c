import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { assertNever } from '../rules/index.js';

function literalToJson(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(literalToJson);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalToJson(f.value)]));
    case Kind.VARIABLE:
    case Kind.ENUM:
      return undefined;
    default:
      return assertNever(ast);
  }
}

/** Deepest nesting a JSON input may have. Deeper values overflow the stack of JSON.stringify and friends. */
export const MAX_JSON_DEPTH = 32;

/** Throws (a variable coercion error: BAD_USER_INPUT) when `value` nests deeper than {@link MAX_JSON_DEPTH}. */
function assertJsonDepth(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_JSON_DEPTH) throw new TypeError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  for (const v of Array.isArray(value) ? value : Object.values(value)) assertJsonDepth(v, depth + 1);
  return value;
}

/**
 * A scalar's behaviour, without name or description: `src/schema/base.graphql` describes the
 * scalars, and graphql-tools copies every property of a scalar resolver onto the served type, so a
 * description here (even an undefined one) would replace the SDL's and `schema.graphql` would
 * differ from the served schema.
 */
type ScalarBehaviour = Pick<GraphQLScalarType, 'serialize' | 'parseValue' | 'parseLiteral'>;

function behaviour(config: ConstructorParameters<typeof GraphQLScalarType>[0]): ScalarBehaviour {
  const type = new GraphQLScalarType(config);
  return { serialize: type.serialize, parseValue: type.parseValue, parseLiteral: type.parseLiteral };
}

export const JSONScalar = behaviour({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => assertJsonDepth(v),
  parseLiteral: literalToJson,
});

export const DateTimeScalar = behaviour({
  name: 'DateTime',
  serialize: (v) => (v instanceof Date ? v.toISOString() : v),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new TypeError('DateTime must be an ISO-8601 string');
    return d;
  },
});
