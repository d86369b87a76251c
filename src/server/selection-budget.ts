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
 * The refusals of `document` under `budget`, none when it is within every count. Together the
 * counts bound the pairs graphql's `OverlappingFieldsCanBeMergedRule` compares: at most
 * `maxFieldRepeats` fields per merged response path (so at most `maxFieldRepeats` × the expanded
 * size pairs of fields), and at most `maxSelectionWidth`² pairs of fragments per selection set.
 *
 * A plain walk of the syntax tree, with no type information, so that it costs about what parsing
 * did: armor.ts runs it before any other limit. The merge walk expands every spread as graphql does
 * (a fragment spread in two places is walked in both), from every operation and every fragment
 * definition, and stops, reporting nothing, once it has visited more selections than the expanded
 * size allows (the expanded-size limit then refuses the document). A fragment already being
 * expanded on the current path is not expanded again (NoFragmentCyclesRule reports the cycle).
 */
export function selectionBudgetErrors(
  document: GraphQL.DocumentNode,
  budget: SelectionBudget,
): GraphQL.GraphQLError[] {
  const errors: GraphQL.GraphQLError[] = [];
  const refuse = (message: string, node: GraphQL.ASTNode) =>
    errors.push(new GraphQLError(message, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }));
  const fragments = new Map<string, GraphQL.FragmentDefinitionNode>();
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

  // Lists, at any depth of an argument, a directive or a variable's default value.
  let longList: GraphQL.ListValueNode | null = null;
  const value = (node: GraphQL.ValueNode): void => {
    if (node.kind === Kind.LIST) {
      if (node.values.length > budget.maxListItems && !longList) longList = node;
      for (const item of node.values) value(item);
    } else if (node.kind === Kind.OBJECT) for (const field of node.fields) value(field.value);
  };
  const argumentsOf = (node: {
    readonly arguments?: readonly GraphQL.ArgumentNode[];
    readonly directives?: readonly GraphQL.DirectiveNode[];
  }) => {
    for (const arg of node.arguments ?? []) value(arg.value);
    for (const directive of node.directives ?? []) argumentsOf(directive);
  };
  // Width: fields and spreads of one selection set, its inline fragments' included.
  let widest: { width: number; node: GraphQL.SelectionSetNode } | null = null;
  const width = (set: GraphQL.SelectionSetNode): number => {
    let n = 0;
    for (const selection of set.selections) {
      argumentsOf(selection);
      if (selection.kind === Kind.INLINE_FRAGMENT) n += width(selection.selectionSet);
      else {
        n += 1;
        if (selection.kind === Kind.FIELD && selection.selectionSet) measure(selection.selectionSet);
      }
    }
    return n;
  };
  const measure = (set: GraphQL.SelectionSetNode) => {
    const found = width(set);
    if (found > budget.maxSelectionWidth && (!widest || found > widest.width))
      widest = { width: found, node: set };
  };
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) {
      const variables = def.variableDefinitions ?? [];
      if (variables.length > budget.maxVariables)
        refuse(
          `Variable limit of ${budget.maxVariables} exceeded: the operation defines ${variables.length}.`,
          def,
        );
      for (const variable of variables) if (variable.defaultValue) value(variable.defaultValue);
    }
    if (def.kind === Kind.OPERATION_DEFINITION || def.kind === Kind.FRAGMENT_DEFINITION) {
      argumentsOf(def);
      measure(def.selectionSet);
    }
  }
  const wide = widest as { width: number; node: GraphQL.SelectionSetNode } | null;
  if (wide)
    refuse(
      `Selection width limit of ${budget.maxSelectionWidth} exceeded: one selection set holds ${wide.width} fields and spreads.`,
      wide.node,
    );
  const list = longList as GraphQL.ListValueNode | null;
  if (list)
    refuse(`List limit of ${budget.maxListItems} exceeded: a list holds ${list.values.length} items.`, list);

  // Repeats: the fields each response path merges, every spread expanded.
  let visited = 0;
  let worst: { count: number; path: string; node: GraphQL.FieldNode } | null = null;
  interface Merged {
    count: number;
    readonly first: GraphQL.FieldNode;
    readonly below: GraphQL.SelectionSetNode[];
  }
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
  for (const def of document.definitions) {
    if (def.kind !== Kind.FRAGMENT_DEFINITION && def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (!merge([def.selectionSet], '')) break;
  }
  const repeated = worst as { count: number; path: string; node: GraphQL.FieldNode } | null;
  if (repeated)
    refuse(
      `Field repeat limit of ${budget.maxFieldRepeats} exceeded: "${repeated.path}" is selected ${repeated.count} times.`,
      repeated.node,
    );
  return errors;
}

/** {@link selectionBudgetErrors} as a validation rule, for running it among the other limit rules. */
export function selectionBudgetRule(budget: SelectionBudget): ValidationRule {
  return (context) => ({
    Document(document) {
      for (const error of selectionBudgetErrors(document, budget)) context.reportError(error);
    },
  });
}
