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
  const refuse: Refuse = (message, node) =>
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
  const { widest, longList } = measureShape(document, budget, refuse);
  if (widest)
    refuse(
      `Selection width limit of ${budget.maxSelectionWidth} exceeded: one selection set holds ${widest.width} fields and spreads.`,
      widest.node,
    );
  if (longList)
    refuse(
      `List limit of ${budget.maxListItems} exceeded: a list holds ${longList.values.length} items.`,
      longList,
    );
  const repeated = worstRepeat(document, fragments, budget);
  if (repeated)
    refuse(
      `Field repeat limit of ${budget.maxFieldRepeats} exceeded: "${repeated.path}" is selected ${repeated.count} times.`,
      repeated.node,
    );
  return errors;
}

/** Records one refusal of the document at `node`. */
type Refuse = (message: string, node: GraphQL.ASTNode) => void;

/** The widest selection set over the width limit, and the first list over the item limit. */
interface Shape {
  readonly widest: { readonly width: number; readonly node: GraphQL.SelectionSetNode } | null;
  readonly longList: GraphQL.ListValueNode | null;
}

/**
 * One walk of every operation and fragment definition as written (spreads not expanded): the width
 * of each selection set (its fields and spreads, its inline fragments' included), the lists at any
 * depth of an argument, a directive or a variable's default value, and each operation's variables
 * (refused here, in document order, through `refuse`).
 */
function measureShape(document: GraphQL.DocumentNode, budget: SelectionBudget, refuse: Refuse): Shape {
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
  let widest: Shape['widest'] = null;
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
  return { widest, longList };
}

/** The most repeated response path over the repeat limit: its path, its count and its first field. */
interface Repeat {
  readonly count: number;
  readonly path: string;
  readonly node: GraphQL.FieldNode;
}

/** The fields one response path merges: how many, the first, and the selection sets below them. */
interface Merged {
  count: number;
  readonly first: GraphQL.FieldNode;
  readonly below: GraphQL.SelectionSetNode[];
}

/**
 * The merge walk: the fields each response path merges, from every operation and fragment
 * definition, every spread expanded as graphql does. Null when no path is over the repeat limit,
 * or when the walk visited more selections than the expanded size allows (then the expanded-size
 * limit refuses the document).
 */
function worstRepeat(
  document: GraphQL.DocumentNode,
  fragments: ReadonlyMap<string, GraphQL.FragmentDefinitionNode>,
  budget: SelectionBudget,
): Repeat | null {
  const walk = { visited: 0, fragments, budget };
  let worst: Repeat | null = null;
  const merge = (sets: readonly GraphQL.SelectionSetNode[], path: string): boolean => {
    const groups = new Map<string, Merged>();
    for (const set of sets) if (!collectFields(set, groups, new Set(), walk)) return false;
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
  return worst;
}

/**
 * Groups the fields of `set` by response name into `groups`, inline fragments and spread fragments
 * expanded; a fragment already being expanded on this path (`expanding`) is not expanded again
 * (NoFragmentCyclesRule reports the cycle). False once the walk has visited more selections than
 * the expanded size allows.
 */
function collectFields(
  set: GraphQL.SelectionSetNode,
  groups: Map<string, Merged>,
  expanding: Set<string>,
  walk: {
    visited: number;
    readonly fragments: ReadonlyMap<string, GraphQL.FragmentDefinitionNode>;
    readonly budget: SelectionBudget;
  },
): boolean {
  for (const selection of set.selections) {
    if (++walk.visited > walk.budget.maxExpandedSize) return false;
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias?.value ?? selection.name.value;
      let group = groups.get(name);
      if (!group) groups.set(name, (group = { count: 0, first: selection, below: [] }));
      group.count += 1;
      if (selection.selectionSet) group.below.push(selection.selectionSet);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!collectFields(selection.selectionSet, groups, expanding, walk)) return false;
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      if (!fragment || expanding.has(name)) continue;
      expanding.add(name);
      const done = collectFields(fragment.selectionSet, groups, expanding, walk);
      expanding.delete(name);
      if (!done) return false;
    }
  }
  return true;
}

/** {@link selectionBudgetErrors} as a validation rule, for running it among the other limit rules. */
export function selectionBudgetRule(budget: SelectionBudget): ValidationRule {
  return (context) => ({
    Document(document) {
      for (const error of selectionBudgetErrors(document, budget)) context.reportError(error);
    },
  });
}
