/**
 * Limits on GraphQL documents, shared by both transports: Apollo (HTTP) uses {@link Armor.apollo};
 * graphql-ws runs {@link Armor.check} in `onSubscribe`. One config, so a document refused on one
 * transport is refused on the other. The same goes for text PostgreSQL cannot store (text-guard.ts).
 *
 * Depth, aliases, directives and cost are graphql-armor validation rules; list nesting is ours
 * ({@link maxListNestingRule}), because neither depth nor armor's cost sees list sizes. The token limit is
 * graphql-js's own `maxTokens` parse option rather than graphql-armor's max-tokens plugin: that
 * plugin throws from Apollo's `parsingDidStart` hook, which Apollo answers with HTTP 500; a parse
 * option failure is an ordinary GRAPHQL_PARSE_FAILED (400).
 */
import { createRequire } from 'node:module';
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type * as GraphQL from 'graphql';
import type { DocumentNode, GraphQLSchema, ParseOptions, ValidationRule } from 'graphql';
import { findForbiddenText, textGuardPlugin } from './text-guard.js';

/**
 * graphql 16 has no `exports` map, so Node and every dependency (Apollo, graphql-ws, graphql-tools)
 * load its CommonJS build, while Vite (the tests) hands our own files the `.mjs` build: two copies
 * whose `instanceof` checks reject each other's schemas and errors. Load the copy everyone else uses.
 */
const {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  parse,
  specifiedRules,
  validate,
} = createRequire(import.meta.url)('graphql') as typeof GraphQL;
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
} as const;

export interface Armor {
  /** Options to spread into `new ApolloServer({…})`. */
  readonly apollo: {
    readonly plugins: ApolloServerPlugin[];
    readonly validationRules: ValidationRule[];
    readonly parseOptions: ParseOptions;
  };
  /**
   * Parses and validates `query` under the same limits and rules as HTTP, and refuses text that
   * PostgreSQL cannot store in it or in `variables` (text-guard.ts). Returns the errors (with
   * GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED or BAD_USER_INPUT codes), or null when the
   * document may run.
   */
  check(schema: GraphQLSchema, query: unknown, variables?: unknown): readonly GraphQLError[] | null;
  /**
   * {@link check}, handing back the parsed document when it may run. Documents are parsed and
   * validated once per distinct query text (the last {@link PREPARED_DOCUMENTS} kept) and shared:
   * a thousand subscriptions of one query hold one document, not a thousand (about 18 KiB each).
   */
  prepare(
    schema: GraphQLSchema,
    query: unknown,
    variables?: unknown,
  ): { readonly document: DocumentNode } | { readonly errors: readonly GraphQLError[] };
}

/** Distinct query texts whose parsed and validated document {@link Armor.prepare} keeps. */
export const PREPARED_DOCUMENTS = 256;

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
  // Apollo adds its own no-introspection rule when `introspection: false`; graphql-ws needs it spelled out.
  const validationRules = [...protection.validationRules, maxListNestingRule(ARMOR_LIMITS.maxListNesting)];
  const wsRules: ValidationRule[] = [
    ...specifiedRules,
    ...validationRules,
    ...(opts.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];

  /** Parse and validation outcome per query text, oldest first (Map order) for eviction. */
  const prepared = new Map<
    string,
    { schema: GraphQLSchema; document?: DocumentNode; errors?: GraphQLError[] }
  >();
  const parseAndValidate = (schema: GraphQLSchema, query: string) => {
    const hit = prepared.get(query);
    if (hit && hit.schema === schema) return hit;
    let entry: { schema: GraphQLSchema; document?: DocumentNode; errors?: GraphQLError[] };
    try {
      const document = parse(query, parseOptions);
      const errors = validate(schema, document, wsRules);
      entry =
        errors.length > 0
          ? {
              schema,
              errors: errors.map((e) => coded(hideSuggestions(e.message), 'GRAPHQL_VALIDATION_FAILED', e)),
            }
          : { schema, document };
    } catch (err) {
      entry = {
        schema,
        errors: [coded(err instanceof GraphQLError ? err.message : 'Syntax Error', 'GRAPHQL_PARSE_FAILED')],
      };
    }
    prepared.set(query, entry);
    if (prepared.size > PREPARED_DOCUMENTS) prepared.delete(prepared.keys().next().value as string);
    return entry;
  };
  const prepare: Armor['prepare'] = (schema, query, variables) => {
    if (typeof query !== 'string' || query.trim() === '')
      return { errors: [coded('GraphQL operations must contain a non-empty `query`.', 'BAD_REQUEST')] };
    const { document, errors } = parseAndValidate(schema, query);
    if (!document) return { errors: errors ?? [] };
    const forbidden = findForbiddenText(document, variables);
    return forbidden ? { errors: [forbidden] } : { document };
  };

  return {
    apollo: {
      // graphql-armor is typed against Apollo's CommonJS declarations; the shapes are the same.
      plugins: [...(protection.plugins as unknown as ApolloServerPlugin[]), textGuardPlugin()],
      validationRules,
      parseOptions,
    },
    check(schema, query, variables) {
      const out = prepare(schema, query, variables);
      return 'errors' in out ? out.errors : null;
    },
    prepare,
  };
}

function coded(message: string, code: string, from?: GraphQLError): GraphQLError {
  return new GraphQLError(message, {
    ...(from?.nodes ? { nodes: from.nodes } : {}),
    extensions: { code },
  });
}

/** Same masking as graphql-armor's block-field-suggestions plugin does on HTTP. */
function hideSuggestions(message: string): string {
  return message.replace(/Did you mean ".+"\?/g, '[Suggestion hidden]').trim();
}

type SelectionSetNode = GraphQL.SelectionSetNode;
type CompositeType = GraphQL.GraphQLCompositeType;

/**
 * Refuses operations whose selections nest more than `limit` list-of-object fields along one path
 * (scalar lists such as `zoneIds` are leaves and do not count). Introspection fields are exempt.
 * Unknown fields and fragments are skipped here: the specified rules report them.
 */
export function maxListNestingRule(limit: number): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    const fragments = new Map<string, GraphQL.FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

    const deepest = (set: SelectionSetNode, parent: CompositeType, visiting: Set<string>): number => {
      let max = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (!selection.selectionSet || selection.name.value.startsWith('__')) continue;
          if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
          const field = parent.getFields()[selection.name.value];
          const named = field && getNamedType(field.type);
          if (!field || !isCompositeType(named)) continue;
          const own = isListType(getNullableType(field.type)) ? 1 : 0;
          max = Math.max(max, own + deepest(selection.selectionSet, named, visiting));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          if (isCompositeType(type)) max = Math.max(max, deepest(selection.selectionSet, type, visiting));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          const type = fragment && schema.getType(fragment.typeCondition.name.value);
          if (!fragment || visiting.has(name) || !isCompositeType(type)) continue;
          visiting.add(name);
          max = Math.max(max, deepest(fragment.selectionSet, type, visiting));
          visiting.delete(name);
        }
      }
      return max;
    };

    return {
      OperationDefinition(node) {
        const root = schema.getRootType(node.operation);
        if (!root) return;
        const found = deepest(node.selectionSet, root, new Set());
        if (found > limit)
          context.reportError(
            new GraphQLError(`List nesting limit of ${limit} exceeded, found ${found}.`, {
              nodes: [node],
              extensions: { code: 'BAD_USER_INPUT' },
            }),
          );
      },
    };
  };
}
