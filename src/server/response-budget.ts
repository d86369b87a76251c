/**
 * A bound on the size of every response, whatever the size of the game.
 *
 * Document limits (armor.ts) bound the shape of a query but not the lists it walks:
 * `game { zones { objects { zone { objects { id } } } } }` is shallow and cheap by a static cost
 * estimate, yet answers (objects)² items; an 800-object game answered 24 MB. A static estimate
 * cannot tell that from a legitimate full view without knowing the game. So the items are counted
 * as they are produced: every list of objects (GameObject, Zone, GameEvent, ObjectChange, Player…)
 * adds its length to the execution's budget, and the list that goes over it fails with
 * RESPONSE_TOO_LARGE. Later lists of the same execution resolve empty, so the work stops there,
 * and the transport then answers with that one error and no data ({@link collapseOversized}):
 * a truncated answer would look like an empty zone.
 *
 * Lists of scalars (`types`, `zoneIds`, `rules`) are not counted: their length is bounded by input
 * limits or by the counted lists around them.
 */
import type { GraphQLField, GraphQLFieldResolver, GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { ErrorCode, ZonekeeperError } from '../errors.js';
import { graphqlCjs } from './graphql-cjs.js';

/** The CommonJS graphql that Apollo and graphql-ws load (graphql-cjs.ts). */
const { defaultFieldResolver, getNamedType, getNullableType, isCompositeType, isListType, isObjectType } =
  graphqlCjs;

export function responseTooLarge(maxItems: number): ZonekeeperError {
  return new ZonekeeperError(
    ErrorCode.RESPONSE_TOO_LARGE,
    `This response would hold more than ${maxItems} list items (objects, zones, events, changes, ` +
      'players). Ask for less: do not nest a zone’s objects inside its own objects ' +
      '(`objects { zone { objects } }`), select fewer nested lists, or page `gameEvents` with a smaller `first`.',
    { maxItems },
  );
}

interface Budget {
  spent: number;
  over: boolean;
}

type AnyField = GraphQLField<unknown, unknown>;

/** The resolver each wrapped field had before, so wrapping again (another server) does not count twice. */
const originals = new WeakMap<AnyField, GraphQLFieldResolver<unknown, unknown> | undefined>();

/**
 * Wraps every list-of-objects field of `schema` so that one execution yields at most `maxItems`
 * list items. Mutates the schema's field resolvers (as graphql-tools does when it adds resolvers).
 *
 * One execution is one budget. graphql-js coerces the variables afresh for every execution (each
 * HTTP request, each event of a subscription), so that object identifies it; a context would not,
 * since a subscription keeps one context for all its events.
 */
export function limitResponseSize(schema: GraphQLSchema, maxItems: number): void {
  const budgets = new WeakMap<object, Budget>();
  const spend = (result: unknown, variables: object): unknown => {
    if (!Array.isArray(result)) return result;
    let budget = budgets.get(variables);
    if (!budget) {
      budget = { spent: 0, over: false };
      budgets.set(variables, budget);
    }
    if (budget.over) return [];
    budget.spent += result.length;
    if (budget.spent <= maxItems) return result;
    budget.over = true;
    throw responseTooLarge(maxItems);
  };

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields()) as AnyField[]) {
      if (!isListType(getNullableType(field.type)) || !isCompositeType(getNamedType(field.type))) continue;
      if (!originals.has(field)) originals.set(field, field.resolve);
      const resolve = originals.get(field) ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const result: unknown = resolve(source, args, context, info);
        return isThenable(result)
          ? result.then((r) => spend(r, info.variableValues))
          : spend(result, info.variableValues);
      };
    }
  }
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/** True for an error of code RESPONSE_TOO_LARGE, formatted or not. */
function isTooLarge(e: { readonly extensions?: { readonly [k: string]: unknown } | undefined }): boolean {
  return e.extensions?.['code'] === ErrorCode.RESPONSE_TOO_LARGE;
}

/**
 * A result in which some list went over the budget becomes that error alone, with no data: the
 * data around it is incomplete (lists resolved empty once the budget was spent).
 */
export function collapseOversized<
  R extends { data?: unknown; errors?: readonly E[] | undefined },
  E extends { readonly extensions?: { readonly [k: string]: unknown } | undefined } = GraphQLFormattedError,
>(result: R): R {
  const tooLarge = result.errors?.find(isTooLarge);
  return tooLarge ? { ...result, data: null, errors: [tooLarge] } : result;
}
