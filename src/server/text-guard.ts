/**
 * Text that PostgreSQL cannot store is refused at the door, for every operation on both transports.
 *
 * PostgreSQL rejects the NUL character in `text` (SQLSTATE 22021) and in `jsonb` (22P05), and an
 * unpaired UTF-16 surrogate cannot be encoded as UTF-8 at all. Such strings are refused here, before
 * any resolver runs, as BAD_USER_INPUT naming the offending path: every string literal of the
 * document (arguments, directive arguments, variable defaults) and every string and object key in
 * the variables, however deep (nested input objects, lists, JSON scalars such as `importGame`'s
 * document). Checking the request rather than each resolver's input means no operation, present
 * or future, can forget it.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type * as GraphQL from 'graphql';
import type { DocumentNode, ValueNode } from 'graphql';
import { graphqlCjs } from './graphql-cjs.js';

/** The CommonJS graphql that Apollo and graphql-ws load (graphql-cjs.ts). */
const { GraphQLError, Kind, visit } = graphqlCjs;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a NUL character or an unpaired surrogate. */
export function isForbiddenText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

function refusal(path: string, http?: { status: number }): GraphQL.GraphQLError {
  return new GraphQLError(
    `Field ${path} contains a NUL character or an unpaired UTF-16 surrogate; text must be well-formed Unicode without NUL.`,
    { extensions: { code: 'BAD_USER_INPUT', field: path, ...(http ? { http } : {}) } },
  );
}

/** The first forbidden string in a literal value, as a path below `at`. */
function inLiteral(node: ValueNode, at: string): string | null {
  switch (node.kind) {
    case Kind.STRING:
      return isForbiddenText(node.value) ? at : null;
    case Kind.LIST:
      for (const [i, v] of node.values.entries()) {
        const found = inLiteral(v, `${at}.${i}`);
        if (found) return found;
      }
      return null;
    case Kind.OBJECT:
      for (const f of node.fields) {
        const found = inLiteral(f.value, `${at}.${f.name.value}`);
        if (found) return found;
      }
      return null;
    case Kind.INT:
    case Kind.FLOAT:
    case Kind.BOOLEAN:
    case Kind.NULL:
    case Kind.ENUM:
    case Kind.VARIABLE:
      return null;
  }
}

/**
 * The first forbidden string in a JSON value, as a path below `at`. Iterative: variables may nest
 * deeper than the call stack allows before the JSON scalar's own depth limit sees them.
 */
function inJson(value: unknown, at: string): string | null {
  const stack: [unknown, string][] = [[value, at]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [v, path] = next;
    if (typeof v === 'string') {
      if (isForbiddenText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (isForbiddenText(key)) return `${path} (an object key)`;
        stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * The refusal for the first forbidden string of a request, or null. Variables are named
 * `$name.path`, literals `field.argument.path`.
 */
export function findForbiddenText(document: DocumentNode, variables: unknown): GraphQL.GraphQLError | null {
  if (typeof variables === 'object' && variables !== null)
    for (const [name, value] of Object.entries(variables)) {
      if (isForbiddenText(name)) return refusal('variables (a variable name)');
      const found = inJson(value, `$${name}`);
      if (found) return refusal(found);
    }
  const found = forbiddenLiteral(document);
  return found ? refusal(found) : null;
}

/**
 * The path of a document's first forbidden literal, or null: once per document object (Apollo and
 * the graphql-ws side keep parsed documents and hand the same object to every request of one
 * query text), so the walk does not run again on every request.
 */
const literalScans = new WeakMap<DocumentNode, string | null>();
function forbiddenLiteral(document: DocumentNode): string | null {
  const known = literalScans.get(document);
  if (known !== undefined) return known;
  let found: string | null = null;
  const args = (owner: string, list: readonly GraphQL.ArgumentNode[] | undefined) => {
    for (const arg of list ?? []) {
      found ??= inLiteral(arg.value, `${owner}.${arg.name.value}`);
    }
  };
  visit(document, {
    Field: (node) => args(node.name.value, node.arguments),
    Directive: (node) => args(`@${node.name.value}`, node.arguments),
    VariableDefinition: (node) => {
      if (node.defaultValue) found ??= inLiteral(node.defaultValue, `$${node.variable.name.value}`);
    },
  });
  literalScans.set(document, found);
  return found;
}

/** The HTTP side: refuses the request after its operation is resolved, before it executes. */
export function textGuardPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const refused = findForbiddenText(document, request.variables);
          // Apollo answers an error thrown here with HTTP 500 unless told otherwise; it strips `http`.
          if (refused) throw refusal(refused.extensions['field'] as string, { status: 400 });
        },
      };
    },
  };
}
