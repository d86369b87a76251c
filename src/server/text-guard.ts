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

/** `String.prototype.isWellFormed` (ES2024, in every Node this runs on; the ES2023 lib lacks its type). */
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * True when `text` holds a NUL character or an unpaired UTF-16 surrogate (a high surrogate not
 * followed by a low one, or a low one not preceded by a high one: exactly what `isWellFormed`
 * refuses, natively and without a regular expression's scan).
 */
export function isForbiddenText(text: string): boolean {
  return text.includes('\0') || !(text as WellFormedCheck).isWellFormed();
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

/** A list or object being walked: its place, its keys (null for a list) and the next child. */
interface Frame {
  readonly value: readonly unknown[] | Readonly<Record<string, unknown>>;
  readonly keys: readonly string[] | null;
  readonly place: Place | null;
  next: number;
}

/** Where a list or object sits: its key or index under its parent's place (null at the top). */
interface Place {
  readonly parent: Place | null;
  readonly key: string | number;
}

/** The path of a child under `place`, below `at` (`at.key.0.name`); built only for a refusal. */
function pathOf(place: Place | null, key: string | number | null, at: string): string {
  const keys: (string | number)[] = key === null ? [] : [key];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reduceRight<string>((path, k) => `${path}.${k}`, at);
}

/** A frame for `v` when it is a list or an object (walked child by child), else null. */
function frameOf(v: unknown, place: Place | null): Frame | null {
  if (Array.isArray(v)) return { value: v, keys: null, place, next: 0 };
  if (typeof v === 'object' && v !== null)
    return { value: v as Record<string, unknown>, keys: Object.keys(v), place, next: 0 };
  return null;
}

/** The last of an object's keys that is forbidden text, or null (keys are checked as the object is entered). */
function forbiddenKey(keys: readonly string[]): string | null {
  for (let i = keys.length - 1; i >= 0; i--) if (isForbiddenText(keys[i] as string)) return keys[i] as string;
  return null;
}

/**
 * The first forbidden string in a JSON value, as a path below `at`: depth first, an object's keys
 * checked as it is entered. Iterative: variables may nest deeper than the call stack allows before
 * the JSON scalar's own depth limit sees them. Strings are checked where they stand and a path is
 * built only for the refused one: a deck of hundreds of cards holds thousands of strings, checked
 * on every createGame.
 */
function inJson(value: unknown, at: string): string | null {
  if (typeof value === 'string') return isForbiddenText(value) ? at : null;
  const stack: Frame[] = [];
  const enter = (v: unknown, place: Place | null): string | null => {
    const frame = frameOf(v, place);
    if (!frame) return null;
    if (frame.keys && forbiddenKey(frame.keys) !== null) return `${pathOf(place, null, at)} (an object key)`;
    stack.push(frame);
    return null;
  };
  const refused = enter(value, null);
  if (refused) return refused;
  for (let f = stack.at(-1); f; f = stack.at(-1)) {
    const size = f.keys ? f.keys.length : (f.value as readonly unknown[]).length;
    if (f.next === size) {
      stack.pop();
      continue;
    }
    const i = f.next++;
    const key = f.keys ? (f.keys[i] as string) : i;
    const child: unknown = f.keys
      ? (f.value as Readonly<Record<string, unknown>>)[key]
      : (f.value as readonly unknown[])[i];
    if (typeof child === 'string') {
      if (isForbiddenText(child)) return pathOf(f.place, key, at);
      continue;
    }
    const found = enter(child, { parent: f.place, key });
    if (found) return found;
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
