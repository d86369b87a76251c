/**
 * The shapes that make graphql's own validation rules quadratic in a document that is small by
 * every other limit. `OverlappingFieldsCanBeMergedRule` compares every pair of fields that one
 * response name merges (inline fragments and spread fragments included), then their sub-selections
 * pair by pair, and every pair of fragments spread into one selection set: `{ rulesets { id id … } }`
 * with 1,980 `id`s is 6 KB and 2,000 tokens, and took 0.6–1.3 s to validate. The rule below bounds
 * those pairs before that rule runs, and with them the other counts a document may repeat without
 * need (operations, variables, list items).
 */
import type * as GraphQL from 'graphql';
import type { ValidationRule } from 'graphql';
import { graphqlCjs } from './graphql-cjs.js';

/** The CommonJS graphql that Apollo and graphql-ws load (graphql-cjs.ts). */
const { GraphQLError, Kind } = graphqlCjs;

export interface SelectionBudget {
  /**
   * Fields that one response path merges: the same response name (alias or field name) selected
   * again in one selection set, in its inline fragments or in the fragments it spreads, and under
   * fields so merged. graphql compares every pair of them.
   */
  readonly maxFieldRepeats: number;
  /** Fields and fragment spreads in one selection set, those of its inline fragments included. */
  readonly maxSelectionWidth: number;
  /** Operations in one document. */
  readonly maxOperations: number;
  /** Variables one operation defines. */
  readonly maxVariables: number;
  /** Items in one list value written in the document (lists belong in variables). */
  readonly maxListItems: number;
  /**
   * Selections the merge walk may visit before it gives up; the expanded-size limit
   * (expanded-size.ts) refuses a document that needs more, so this walk never reports it itself.
   */
  readonly maxExpandedSize: number;
}

/**
 * Refuses a document over any count of {@link SelectionBudget}. Together they bound the pairs
 * graphql's `OverlappingFieldsCanBeMergedRule` compares: at most `maxFieldRepeats` fields per merged
 * response path (so at most `maxFieldRepeats` × the expanded size pairs of fields), and at most
 * `maxSelectionWidth`² pairs of fragments per selection set.
 *
 * The merge walk expands every spread as graphql does (a fragment that is spread in two places is
 * walked in both), from every operation and every fragment definition; the expanded-size limit
 * bounds that same total, and the walk stops once it has visited more. A fragment already being
 * expanded on the current path is not expanded again (NoFragmentCyclesRule reports the cycle).
 */
export function selectionBudgetRule(budget: SelectionBudget): ValidationRule {
  return (context) => {
    const fragments = new Map<string, GraphQL.FragmentDefinitionNode>();
    let visited = 0;
    const refuse = (message: string, node: GraphQL.ASTNode) =>
      context.reportError(
        new GraphQLError(message, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
      );

    /** Fields and spreads in `set`, those of its inline fragments included. */
    const width = (set: GraphQL.SelectionSetNode): number => {
      let n = 0;
      for (const selection of set.selections)
        n += selection.kind === Kind.INLINE_FRAGMENT ? width(selection.selectionSet) : 1;
      return n;
    };
    const checkWidth = (set: GraphQL.SelectionSetNode | undefined) => {
      if (!set) return;
      const found = width(set);
      if (found > budget.maxSelectionWidth)
        refuse(
          `Selection width limit of ${budget.maxSelectionWidth} exceeded: one selection set holds ${found} fields and spreads.`,
          set,
        );
    };

    /** A response path's fields, merged: how many, and the selection sets below them. */
    interface Merged {
      count: number;
      readonly first: GraphQL.FieldNode;
      readonly below: GraphQL.SelectionSetNode[];
    }
    /** The largest merge found, to report once per document. */
    let worst: { count: number; path: string; node: GraphQL.FieldNode } | null = null;

    /** Merges the fields of `sets` by response name, then each merged group's sub-selections. */
    const merge = (sets: readonly GraphQL.SelectionSetNode[], path: string): boolean => {
      const groups = new Map<string, Merged>();
      const expanding = new Set<string>();
      const collect = (set: GraphQL.SelectionSetNode): boolean => {
        for (const selection of set.selections) {
          if (++visited > budget.maxExpandedSize) return false;
          if (selection.kind === Kind.FIELD) {
            const name = selection.alias?.value ?? selection.name.value;
            let group = groups.get(name);
            if (!group) groups.set(name, (group = { count: 0, first: selection, below: [] }));
            group.count += 1;
            if (selection.selectionSet) group.below.push(selection.selectionSet);
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            if (!collect(selection.selectionSet)) return false;
          } else {
            const name = selection.name.value;
            const fragment = fragments.get(name);
            if (!fragment || expanding.has(name)) continue;
            expanding.add(name);
            const done = collect(fragment.selectionSet);
            expanding.delete(name);
            if (!done) return false;
          }
        }
        return true;
      };
      for (const set of sets) if (!collect(set)) return false;
      for (const [name, group] of groups) {
        const at = path ? `${path}.${name}` : name;
        if (group.count > budget.maxFieldRepeats && (!worst || group.count > worst.count))
          worst = { count: group.count, path: at, node: group.first };
        if (group.below.length > 0 && !merge(group.below, at)) return false;
      }
      return true;
    };

    return {
      Document(document) {
        let operations = 0;
        for (const def of document.definitions) {
          if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
          else if (def.kind === Kind.OPERATION_DEFINITION) operations += 1;
        }
        if (operations > budget.maxOperations)
          refuse(
            `Operation limit of ${budget.maxOperations} exceeded: the document holds ${operations}.`,
            document,
          );
        for (const def of document.definitions) {
          if (def.kind !== Kind.FRAGMENT_DEFINITION && def.kind !== Kind.OPERATION_DEFINITION) continue;
          if (!merge([def.selectionSet], '')) break;
        }
        if (worst)
          refuse(
            `Field repeat limit of ${budget.maxFieldRepeats} exceeded: "${worst.path}" is selected ${worst.count} times.`,
            worst.node,
          );
      },
      OperationDefinition(node) {
        checkWidth(node.selectionSet);
        const variables = node.variableDefinitions?.length ?? 0;
        if (variables > budget.maxVariables)
          refuse(
            `Variable limit of ${budget.maxVariables} exceeded: the operation defines ${variables}.`,
            node,
          );
      },
      FragmentDefinition(node) {
        checkWidth(node.selectionSet);
      },
      Field(node) {
        checkWidth(node.selectionSet);
      },
      ListValue(node) {
        if (node.values.length > budget.maxListItems)
          refuse(
            `List limit of ${budget.maxListItems} exceeded: the list holds ${node.values.length} items.`,
            node,
          );
      },
    };
  };
}
