/**
 * Work counted in reads rather than timed: a parsed document whose nodes count what a validation
 * reads of them, so a test can bound a rule's work on a busy machine, deterministically.
 */
import type { DocumentNode } from 'graphql';

/** Thrown by a {@link counted} document once its budget of reads is spent. */
export class OverBudget extends Error {}

/**
 * `document` with every node wrapped so that reading its `kind` (which every walk does for each
 * node it visits) counts one visit, throwing {@link OverBudget} once `budget` is spent. With
 * `every`, each property read of a node counts: graphql's field comparisons read names, arguments
 * and selection sets without reading `kind`, so only that count sees them.
 */
export function counted(
  document: DocumentNode,
  budget: number,
  opts: { every?: boolean } = {},
): { document: DocumentNode; visits: () => number } {
  let visits = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = <T>(value: T): T => {
    if (value === null || typeof value !== 'object') return value;
    const isNode = Array.isArray(value) || typeof (value as { kind?: unknown }).kind === 'string';
    if (!isNode) return value;
    const known = proxies.get(value);
    if (known) return known as T;
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        if (opts.every === true || key === 'kind') {
          visits += 1;
          if (visits > budget) throw new OverBudget(`over ${budget} visits`);
        }
        return wrap(Reflect.get(target, key, receiver) as unknown);
      },
    });
    proxies.set(value, proxy);
    return proxy as T;
  };
  return { document: wrap(document), visits: () => visits };
}
