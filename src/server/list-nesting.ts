/**
 * List nesting: the one document limit that graphql-armor has no rule for. Depth and armor's cost
 * estimate do not see list sizes, yet `zones { objects { zone { objects { zone { objects … } } } } }`
 * is shallow and cheap by both, and resolves (objects per zone)^n objects.
 */
import type * as GraphQL from 'graphql';
import type { ValidationRule } from 'graphql';
import { graphqlCjs } from './graphql-cjs.js';

/** The CommonJS graphql that Apollo and graphql-ws load (graphql-cjs.ts). */
const {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
} = graphqlCjs;

type SelectionSetNode = GraphQL.SelectionSetNode;
type CompositeType = GraphQL.GraphQLCompositeType;

/**
 * Refuses operations whose selections nest more than `limit` list-of-object fields along one path
 * (scalar lists such as `zoneIds` are leaves and do not count). Introspection fields are exempt.
 * Unknown fields and fragments are skipped here: the specified rules report them.
 *
 * Each fragment is measured once per document and its result reused at every spread: its type
 * condition, not the spread's place, decides what it selects. Without that memo, fragments that
 * each spread the next one twice make the walk exponential in the document's size (40 such
 * fragments, about 1 KB of text, would be 2^40 walks).
 */
export function maxListNestingRule(limit: number): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    const fragments = new Map<string, GraphQL.FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    /** Deepest list nesting inside each fragment already measured. */
    const measured = new Map<string, number>();
    /** Fragments being measured: a spread of one of them is a cycle (NoFragmentCycles reports it). */
    const measuring = new Set<string>();

    const fragmentDepth = (name: string): number => {
      const known = measured.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      const type = fragment && schema.getType(fragment.typeCondition.name.value);
      if (!fragment || measuring.has(name) || !isCompositeType(type)) return 0;
      measuring.add(name);
      const found = deepest(fragment.selectionSet, type);
      measuring.delete(name);
      measured.set(name, found);
      return found;
    };

    const deepest = (set: SelectionSetNode, parent: CompositeType): number => {
      let max = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (!selection.selectionSet || selection.name.value.startsWith('__')) continue;
          if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
          const field = parent.getFields()[selection.name.value];
          const named = field && getNamedType(field.type);
          if (!field || !isCompositeType(named)) continue;
          const own = isListType(getNullableType(field.type)) ? 1 : 0;
          max = Math.max(max, own + deepest(selection.selectionSet, named));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          if (isCompositeType(type)) max = Math.max(max, deepest(selection.selectionSet, type));
        } else {
          max = Math.max(max, fragmentDepth(selection.name.value));
        }
      }
      return max;
    };

    return {
      OperationDefinition(node) {
        const root = schema.getRootType(node.operation);
        if (!root) return;
        const found = deepest(node.selectionSet, root);
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
