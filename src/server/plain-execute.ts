/**
 * Query execution without graphql-js's per-field bookkeeping: the game view (about 3,000 fields for
 * 150 objects) spent most of its CPU in graphql-js building a path, an info object and a promise
 * check for every field, not in the values. This executor walks the same selection with the same
 * resolvers and the same coercion functions of graphql-js (variables, arguments, field collection
 * with `@skip`/`@include`, each leaf type's `serialize`), into the same plain values, and keeps one
 * plan of each selection per document.
 *
 * It answers only a query that runs without an error. Anything else (a variable or argument that does
 * not coerce, a resolver that throws or rejects, a null in a non-null field, a leaf that does not
 * serialise, an abstract type, a resolver that reads `info`, a default resolver that meets a
 * function) gives up, and graphql-js runs the operation from the start: every error a client sees
 * is graphql-js's own, word for word. Queries only read, so running one again changes nothing.
 */
import { createRequire } from 'node:module';
import { HeaderMap, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLFieldResolver,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';
import type * as CollectFields from 'graphql/execution/collectFields.js';
import type * as Values from 'graphql/execution/values.js';
import { graphqlCjs } from './graphql-cjs.js';

// The copy of graphql-js Apollo runs (graphql-cjs.ts): the same coercion and collection code.
const requireCjs = createRequire(import.meta.url);
const { collectFields, collectSubfields } = requireCjs(
  'graphql/execution/collectFields',
) as typeof CollectFields;
const { getArgumentValues, getVariableValues } = requireCjs('graphql/execution/values') as typeof Values;
const {
  BREAK,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  TypeNameMetaFieldDef,
  visit,
} = graphqlCjs;

/** Thrown to give the operation back to graphql-js; never seen by a client. */
class GiveUp extends Error {}

type Variables = { [name: string]: unknown };
type Fragments = { [name: string]: FragmentDefinitionNode };

/** What one execution shares: the caller's context and the coerced variables. */
interface Run {
  readonly context: unknown;
  readonly variables: Variables;
}

/** One field of a selection on one object type, ready to run on each parent value. */
interface FieldPlan {
  readonly key: string;
  readonly def: GraphQLField<unknown, unknown>;
  readonly node: FieldNode;
  /** Null: the field's own arguments, coerced per run; else the empty arguments of a field with none. */
  readonly noArgs: Readonly<Record<string, never>> | null;
  readonly resolve: GraphQLFieldResolver<unknown, unknown> | null;
  readonly complete: (value: unknown, run: Run) => unknown;
}

const EMPTY_ARGS: Readonly<Record<string, never>> = Object.freeze({});

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

/** Promises already started when a sibling gave up: their outcome no longer matters. */
function abandon(pending: readonly PromiseLike<unknown>[] | null): void {
  for (const p of pending ?? []) Promise.resolve(p).catch(() => undefined);
}

/**
 * Compiles the selections of one operation, whole, before any resolver runs: an operation this
 * executor cannot run is found without reading anything.
 */
class Planner {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Fragments,
    /** Only for `@skip`/`@include`: a document that has neither plans the same for any variables. */
    private readonly variables: Variables,
  ) {}

  root(type: GraphQLObjectType, operation: OperationDefinitionNode): FieldPlan[] {
    return this.plan(
      type,
      collectFields(this.schema, this.fragments, this.variables, type, operation.selectionSet),
    );
  }

  private plan(type: GraphQLObjectType, collected: Map<string, readonly FieldNode[]>): FieldPlan[] {
    if (type.isTypeOf) throw new GiveUp();
    const out: FieldPlan[] = [];
    for (const [key, nodes] of collected) {
      const node = nodes[0]!;
      const name = node.name.value;
      if (name === '__typename') {
        const typename = type.name;
        out.push({
          key,
          def: TypeNameMetaFieldDef,
          node,
          noArgs: EMPTY_ARGS,
          resolve: () => typename,
          complete: (v) => v,
        });
        continue;
      }
      const def = type.getFields()[name];
      // Introspection (__schema, __type) and anything graphql-js resolves with `info`.
      if (!def || (def.resolve && def.resolve.length > 3)) throw new GiveUp();
      out.push({
        key,
        def,
        node,
        noArgs: def.args.length === 0 ? EMPTY_ARGS : null,
        resolve: def.resolve ?? null,
        complete: this.completer(def.type, nodes),
      });
    }
    return out;
  }

  /** graphql-js's `completeValue` for one return type, without error recovery. */
  private completer(type: GraphQLOutputType, nodes: readonly FieldNode[]): (v: unknown, run: Run) => unknown {
    if (isNonNullType(type)) {
      const inner = this.completer(type.ofType, nodes);
      return (v, run) => {
        if (v === null || v === undefined) throw new GiveUp();
        return inner(v, run);
      };
    }
    if (isListType(type)) {
      const item = this.completer(type.ofType, nodes);
      return (v, run) => (v === null || v === undefined ? null : completeList(v, item, run));
    }
    if (isLeafType(type))
      return (v) => {
        if (v === null || v === undefined) return null;
        const serialized = type.serialize(v);
        if (serialized === null || serialized === undefined) throw new GiveUp();
        return serialized;
      };
    if (isAbstractType(type) || !isObjectType(type)) throw new GiveUp();
    const fields = this.plan(
      type,
      collectSubfields(this.schema, this.fragments, this.variables, type, nodes),
    );
    return (v, run) => (v === null || v === undefined ? null : executeFields(fields, v, run));
  }
}

function completeList(v: unknown, item: (v: unknown, run: Run) => unknown, run: Run): unknown {
  if (typeof v !== 'object' || v === null || !(Symbol.iterator in v)) throw new GiveUp();
  const out: unknown[] = [];
  let pending: PromiseLike<unknown>[] | null = null;
  try {
    for (const entry of v as Iterable<unknown>) {
      const i = out.length;
      const value = isThenable(entry) ? entry.then((e) => item(e, run)) : item(entry, run);
      out.push(value);
      if (isThenable(value)) (pending ??= []).push(value.then((x) => (out[i] = x)));
    }
  } catch (err) {
    abandon(pending);
    throw err;
  }
  return pending ? Promise.all(pending).then(() => out) : out;
}

/** One field on one parent: its resolver (or graphql-js's default: the property), then its completion. */
function executeField(f: FieldPlan, parent: unknown, run: Run): unknown {
  let value: unknown;
  if (f.resolve) {
    const args = f.noArgs ?? getArgumentValues(f.def, f.node, run.variables);
    value = f.resolve(parent, args, run.context, undefined as never);
  } else {
    value = (parent as Record<string, unknown>)[f.def.name];
    if (typeof value === 'function') throw new GiveUp();
  }
  return isThenable(value) ? value.then((x) => f.complete(x, run)) : f.complete(value, run);
}

/** The fields of one object, in selection order; a promise only if some field is still pending. */
function executeFields(fields: readonly FieldPlan[], parent: unknown, run: Run): unknown {
  // As graphql-js: no prototype, so that an alias such as `__proto__` is an ordinary key.
  const out = Object.create(null) as Record<string, unknown>;
  let pending: PromiseLike<unknown>[] | null = null;
  try {
    for (const f of fields) {
      const value = executeField(f, parent, run);
      out[f.key] = value;
      if (isThenable(value)) (pending ??= []).push(value.then((x) => (out[f.key] = x)));
    }
  } catch (err) {
    abandon(pending);
    throw err;
  }
  return pending ? Promise.all(pending).then(() => out) : out;
}

/** Plans of operations without `@skip`/`@include` (they hold for any variables); null: graphql-js runs it. */
const plans = new WeakMap<OperationDefinitionNode, FieldPlan[] | null>();
const conditional = new WeakMap<DocumentNode, boolean>();

function hasConditions(document: DocumentNode): boolean {
  let found = conditional.get(document);
  if (found === undefined) {
    let seen = false;
    visit(document, {
      Directive(node) {
        if (node.name.value !== 'skip' && node.name.value !== 'include') return undefined;
        seen = true;
        return BREAK;
      },
    });
    conditional.set(document, (found = seen));
  }
  return found;
}

function planOf(
  args: PlainExecuteArgs,
  queryType: GraphQLObjectType,
  variables: Variables,
): FieldPlan[] | null {
  const cached = plans.get(args.operation);
  if (cached !== undefined) return cached;
  const fragments: Fragments = {};
  for (const d of args.document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  let plan: FieldPlan[] | null;
  try {
    plan = new Planner(args.schema, fragments, variables).root(queryType, args.operation);
  } catch (err) {
    if (!(err instanceof GiveUp)) throw err;
    plan = null;
  }
  if (!hasConditions(args.document)) plans.set(args.operation, plan);
  return plan;
}

export interface PlainExecuteArgs {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly variables: Readonly<Record<string, unknown>> | undefined;
  readonly context: unknown;
}

/**
 * The `data` of a query that graphql-js would answer without an error, or null when graphql-js
 * must run it (see the module comment). The operation must already be validated.
 */
export async function plainExecute(args: PlainExecuteArgs): Promise<Record<string, unknown> | null> {
  const { schema, operation } = args;
  const queryType = schema.getQueryType();
  if (operation.operation !== 'query' || !queryType) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], args.variables ?? {});
  if (coerced.errors) return null;
  const variables = coerced.coerced;
  const plan = planOf(args, queryType, variables);
  if (!plan) return null;
  try {
    return (await executeFields(plan, undefined, { context: args.context, variables })) as Record<
      string,
      unknown
    >;
  } catch {
    // A resolver's own error, or a value graphql-js would report: graphql-js runs the query again
    // and reports it as it always does.
    return null;
  }
}

/**
 * The Apollo plugin: a query this executor can answer is answered here (Apollo skips its own
 * execution); any other operation goes on to graphql-js unchanged.
 */
export function plainQueryPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async responseForOperation({ schema, document, operation, request, contextValue }) {
          const data = await plainExecute({
            schema,
            document,
            operation,
            variables: request.variables,
            context: contextValue,
          });
          if (data === null) return null;
          return {
            http: { status: undefined, headers: new HeaderMap() },
            body: { kind: 'single', singleResult: { data } },
          };
        },
      };
    },
  };
}
