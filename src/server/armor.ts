/**
 * Limits on GraphQL documents, shared by both transports: Apollo (HTTP) uses {@link Armor.apollo};
 * graphql-ws runs {@link Armor.check} in `onSubscribe`. One config, so a document refused on one
 * transport is refused on the other. The same goes for text PostgreSQL cannot store (text-guard.ts).
 *
 * Depth, aliases, directives and cost are graphql-armor validation rules; list nesting is ours
 * (list-nesting.ts), because neither depth nor armor's cost sees list sizes, and so is the expanded
 * size (expanded-size.ts), because both skip everything below `__schema`, and the selection budget
 * (selection-budget.ts: repeats of one response path, fields per selection set, operations,
 * variables, list items), because graphql's own rules compare fields and fragments pair by pair;
 * the budget runs before the others, as a plain walk of the syntax tree. These limit rules run
 * first, on their own ({@link limitsFirstRule}): each measures a fragment once however often it is
 * spread, so together they cost a few walks of the document, and a document over any limit is
 * refused before graphql's own rules walk it. The query text itself is capped before it is parsed
 * ({@link ARMOR_LIMITS.maxQueryBytes}), and the caches of parsed documents are bounded by the bytes
 * they hold (document-cache.ts). The token limit is
 * graphql-js's own `maxTokens` parse option rather than graphql-armor's max-tokens plugin: that
 * plugin throws from Apollo's `parsingDidStart` hook, which Apollo answers with HTTP 500; a parse
 * option failure is an ordinary GRAPHQL_PARSE_FAILED (400).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type * as GraphQL from 'graphql';
import type { DocumentNode, GraphQLSchema, ParseOptions, ValidationRule } from 'graphql';
import type { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { ErrorCode } from '../errors.js';
import {
  boundedDocumentStore,
  boundedMap,
  boundedPersistedQueryCache,
  documentBytes,
  PREPARED_CACHE_BYTES,
  textBytes,
} from './document-cache.js';
import { maxExpandedSizeRule } from './expanded-size.js';
import { maxListNestingRule } from './list-nesting.js';
import { selectionBudgetErrors, selectionBudgetRule } from './selection-budget.js';
import { graphqlCjs } from './graphql-cjs.js';
import { findForbiddenText, textGuardPlugin } from './text-guard.js';

/** The CommonJS graphql that Apollo and graphql-ws load (graphql-cjs.ts). */
const { GraphQLError, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate } = graphqlCjs;
type GraphQLError = GraphQL.GraphQLError;

/**
 * The limits, as graphql-armor counts (leaf fields included). The test suite's full selections
 * (test/support/game-api.ts: a moveObjects payload with events, changes and objects) are depth 11,
 * cost about 2000 and nest 3 lists. The introspection query is exempt from depth, cost and list nesting.
 */
export const ARMOR_LIMITS = {
  /** Field nesting. */
  maxDepth: 12,
  /**
   * Lists within lists along one path. `zones { objects { zone { objects { zone { objects … } } } } }`
   * is shallow and cheap by the cost estimate, yet resolves (objects per zone)^n objects.
   */
  maxListNesting: 3,
  /** Aliased fields per operation (`a1: game(…) a2: game(…)` amplification). */
  maxAliases: 15,
  /** Directives per operation (`@include(if: true)` repeated). */
  maxDirectives: 50,
  /** Lexical tokens per document; decks belong in variables, not inline in the document. */
  maxTokens: 2_000,
  /** graphql-armor's static cost estimate (objects 2, scalars 1, ×1.5 per level). */
  maxCost: 10_000,
  /**
   * Selections of the whole document with every fragment spread expanded, introspection included
   * (expanded-size.ts); the introspection query expands to about 500, a full move payload to about 200.
   */
  maxExpandedSize: 5_000,
  /**
   * Bytes (UTF-8) of query text, comments included, which cost no tokens: far more than any
   * document within {@link maxTokens} needs, and well below MAX_PAYLOAD_BYTES, so a parsed document
   * and the text it keeps stay small. Over it: QUERY_TOO_LARGE, before anything is parsed.
   */
  maxQueryBytes: 32 * 1024,
  /**
   * Fields merged under one response path (selection-budget.ts): `id` selected again in one
   * selection set, in its fragments, or under fields so merged. graphql compares every pair.
   */
  maxFieldRepeats: 8,
  /** Fields and fragment spreads in one selection set, its inline fragments' included. */
  maxSelectionWidth: 32,
  /** Operations in one document. */
  maxOperations: 16,
  /** Variables one operation defines. */
  maxVariables: 32,
  /** Items in one list written in the document; longer lists belong in variables. */
  maxListItems: 128,
} as const;

export interface Armor {
  /** Options to spread into `new ApolloServer({…})`. */
  readonly apollo: {
    readonly plugins: ApolloServerPlugin[];
    readonly validationRules: ValidationRule[];
    readonly parseOptions: ParseOptions;
    /** Parsed documents by query hash, bounded by the bytes they hold. */
    readonly documentStore: InMemoryLRUCache<DocumentNode>;
    /** Persisted queries (APQ), their texts bounded by bytes. */
    readonly persistedQueries: { readonly cache: InMemoryLRUCache };
  };
  /**
   * Each limit rule on its own (expanded size, cost, aliases, directives, depth, list nesting, the
   * selection budget), for tests.
   */
  readonly limitRules: readonly ValidationRule[];
  /**
   * QUERY_TOO_LARGE (with HTTP status 400) when `query` is a string over
   * {@link ARMOR_LIMITS.maxQueryBytes}; null otherwise (other shapes are refused later, by Apollo
   * or {@link prepare}).
   */
  refuseLongQuery(query: unknown): GraphQLError | null;
  /**
   * Parses and validates `query` under the same limits and rules as HTTP, and refuses text that
   * PostgreSQL cannot store in it or in `variables` (text-guard.ts). Returns the errors (with
   * GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, QUERY_TOO_LARGE or BAD_USER_INPUT codes), or
   * null when the document may run.
   */
  check(schema: GraphQLSchema, query: unknown, variables?: unknown): readonly GraphQLError[] | null;
  /**
   * {@link check}, handing back the parsed document when it may run. Documents are parsed and
   * validated once per distinct query text (the most recent kept, up to PREPARED_CACHE_BYTES) and
   * shared: a thousand subscriptions of one query hold one document, not a thousand.
   */
  prepare(
    schema: GraphQLSchema,
    query: unknown,
    variables?: unknown,
  ): { readonly document: DocumentNode } | { readonly errors: readonly GraphQLError[] };
  /**
   * `query`, or the equal text {@link prepare} already holds for it (its prepared document's
   * source): what a graphql-ws connection keeps for a subscription's life then holds no copy of its
   * own.
   */
  sharedQuery(query: string): string;
}

interface Prepared {
  readonly schema: GraphQLSchema;
  readonly document?: DocumentNode;
  readonly errors?: GraphQLError[];
  /** What the entry holds: its text, and its document's nodes (which refusals point at too). */
  readonly bytes: number;
}

export function createArmor(opts: { introspection: boolean }): Armor {
  // `protect()` mutates the config it was given (it appends reject handlers): build it once.
  const protection = new ApolloArmor({
    maxDepth: { n: ARMOR_LIMITS.maxDepth },
    maxAliases: { n: ARMOR_LIMITS.maxAliases },
    maxDirectives: { n: ARMOR_LIMITS.maxDirectives },
    costLimit: { maxCost: ARMOR_LIMITS.maxCost },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
  const parseOptions: ParseOptions = { maxTokens: ARMOR_LIMITS.maxTokens };
  const limitRules = [
    maxExpandedSizeRule(ARMOR_LIMITS.maxExpandedSize),
    ...protection.validationRules,
    maxListNestingRule(ARMOR_LIMITS.maxListNesting),
  ];
  const validationRules = [
    limitsFirstRule(limitRules, (document) => selectionBudgetErrors(document, ARMOR_LIMITS)),
  ];
  // Apollo adds its own no-introspection rule when `introspection: false`; graphql-ws needs it spelled out.
  const wsRules: ValidationRule[] = [
    ...validationRules,
    ...specifiedRules,
    ...(opts.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
  const { prepare, sharedQuery } = preparer(wsRules, parseOptions);
  return {
    apollo: {
      // graphql-armor is typed against Apollo's CommonJS declarations; the shapes are the same.
      plugins: [...(protection.plugins as unknown as ApolloServerPlugin[]), textGuardPlugin()],
      validationRules,
      parseOptions,
      documentStore: boundedDocumentStore(),
      persistedQueries: { cache: boundedPersistedQueryCache() },
    },
    limitRules: [...limitRules, selectionBudgetRule(ARMOR_LIMITS)],
    refuseLongQuery,
    check(schema, query, variables) {
      const out = prepare(schema, query, variables);
      return 'errors' in out ? out.errors : null;
    },
    prepare,
    sharedQuery,
  };
}

/** {@link Armor.refuseLongQuery}: the query text's length, checked before anything parses it. */
function refuseLongQuery(query: unknown): GraphQLError | null {
  if (typeof query !== 'string' || Buffer.byteLength(query) <= ARMOR_LIMITS.maxQueryBytes) return null;
  return new GraphQLError(
    `The query text is longer than ${ARMOR_LIMITS.maxQueryBytes} bytes; send a shorter document.`,
    {
      extensions: {
        code: ErrorCode.QUERY_TOO_LARGE,
        maxQueryBytes: ARMOR_LIMITS.maxQueryBytes,
        http: { status: 400 },
      },
    },
  );
}

/**
 * {@link Armor.prepare} under `rules` (graphql-ws's: the limit rules first, then graphql's own):
 * each distinct query text parsed and validated once, its outcome kept in a cache bounded by
 * PREPARED_CACHE_BYTES (least recently used evicted first).
 */
function preparer(
  rules: readonly ValidationRule[],
  parseOptions: ParseOptions,
): Pick<Armor, 'prepare' | 'sharedQuery'> {
  const prepared = boundedMap<Prepared>(PREPARED_CACHE_BYTES, (entry) => entry.bytes);
  const parseAndValidate = (schema: GraphQLSchema, query: string): Prepared => {
    const hit = prepared.get(query);
    if (hit && hit.schema === schema) return hit;
    let entry: Prepared;
    try {
      const document = parse(query, parseOptions);
      const errors = validate(schema, document, rules);
      // A refusal keeps its text and its errors' positions, not the document: measuring the
      // document's bytes costs a serialisation of it, several times its parse.
      entry =
        errors.length > 0
          ? {
              schema,
              bytes: textBytes(query) * (1 + errors.length),
              errors: errors.map((e) => coded(hideSuggestions(e.message), 'GRAPHQL_VALIDATION_FAILED', e)),
            }
          : { schema, bytes: documentBytes(document), document };
    } catch (err) {
      entry = {
        schema,
        bytes: textBytes(query),
        errors: [coded(err instanceof GraphQLError ? err.message : 'Syntax Error', 'GRAPHQL_PARSE_FAILED')],
      };
    }
    prepared.set(query, entry);
    return entry;
  };
  // A document's source is the very text it was parsed from: the cache's key.
  const sharedQuery = (query: string) => prepared.peek(query)?.document?.loc?.source.body ?? query;
  const prepare: Armor['prepare'] = (schema, query, variables) => {
    if (typeof query !== 'string' || query.trim() === '')
      return { errors: [coded('GraphQL operations must contain a non-empty `query`.', 'BAD_REQUEST')] };
    const tooLong = refuseLongQuery(query);
    if (tooLong) return { errors: [tooLong] };
    const { document, errors } = parseAndValidate(schema, query);
    if (!document) return { errors: errors ?? [] };
    const forbidden = findForbiddenText(document, variables);
    return forbidden ? { errors: [forbidden] } : { document };
  };
  return { prepare, sharedQuery };
}

/**
 * Runs the limit rules (each linear in the document: a fragment is measured once) as a validation
 * of their own, before anything else looks past the document's root; `first`, a plain walk of the
 * syntax tree (the selection budget), runs before even those, so that a document it refuses costs
 * little more than its parse. When either refuses the document, its errors are reported and the
 * document's children are skipped, so no later rule (graphql's own, some far from linear on hostile
 * documents) walks a document already refused. Returning `null` from an `enter` is graphql-js's
 * documented "remove this node" edit; validation discards edits, and a removed root ends the walk
 * for every rule at once.
 */
export function limitsFirstRule(
  limitRules: readonly ValidationRule[],
  first: (document: DocumentNode) => readonly GraphQLError[] = () => [],
): ValidationRule {
  return (context) => ({
    Document(node) {
      const early = first(node);
      const errors = early.length > 0 ? early : validate(context.getSchema(), node, limitRules);
      if (errors.length === 0) return undefined;
      for (const error of errors) context.reportError(error);
      return null;
    },
  });
}

/** `message` with `code`, at `from`'s positions in its source (not its nodes, which hold the whole document). */
function coded(message: string, code: string, from?: GraphQLError): GraphQLError {
  return new GraphQLError(message, {
    ...(from?.source && from.positions ? { source: from.source, positions: from.positions } : {}),
    extensions: { code },
  });
}

/** Same masking as graphql-armor's block-field-suggestions plugin does on HTTP. */
function hideSuggestions(message: string): string {
  return message.replace(/Did you mean ".+"\?/g, '[Suggestion hidden]').trim();
}
