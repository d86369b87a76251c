/**
 * The size of a document as a rule that follows fragment spreads sees it: every spread replaced by
 * its fragment's selections. Fragments that each spread the next one twice make that size 2^n for a
 * document of n fragments, and graphql's own `MaxIntrospectionDepthRule` walks it, unmemoised, from
 * every `__schema` and `__type` field, whether introspection is enabled or not. armor's depth and
 * cost rules skip everything below `__schema`, so only this limit bounds such a document.
 */
import type * as GraphQL from 'graphql';
import type { ValidationRule } from 'graphql';
import { graphqlCjs } from './graphql-cjs.js';

/** The CommonJS graphql that Apollo and graphql-ws load (graphql-cjs.ts). */
const { GraphQLError, Kind } = graphqlCjs;

/**
 * Refuses a document whose definitions (operations and fragments, each walked as a rule walks it
 * from there) select more than `limit` fields, inline fragments and spreads in all once every
 * spread is expanded (introspection fields count like any other),
 * and a document whose fragments spread one another in a cycle (which the specification refuses
 * anyway, and which would let a walk of simple paths grow without bound).
 *
 * Each fragment is measured once and its size reused at every spread, so the rule itself is linear
 * in the document; spreads of unknown fragments count one (KnownFragmentNames reports them).
 */
export function maxExpandedSizeRule(limit: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, GraphQL.FragmentDefinitionNode>();
    const sizes = new Map<string, number>();
    const measuring = new Set<string>();
    let cycle: string | null = null;

    const fragmentSize = (name: string): number => {
      const known = sizes.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      if (!fragment) return 0;
      if (measuring.has(name)) {
        cycle ??= name;
        return 0;
      }
      measuring.add(name);
      const size = selectionsSize(fragment.selectionSet);
      measuring.delete(name);
      sizes.set(name, size);
      return size;
    };

    const selectionsSize = (set: GraphQL.SelectionSetNode): number => {
      let size = 0;
      for (const selection of set.selections) {
        size += 1;
        if (selection.kind === Kind.FRAGMENT_SPREAD) size += fragmentSize(selection.name.value);
        else if (selection.selectionSet) size += selectionsSize(selection.selectionSet);
      }
      return size;
    };

    const refuse = (message: string, node: GraphQL.ASTNode) =>
      context.reportError(
        new GraphQLError(message, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
      );

    return {
      Document(document) {
        for (const def of document.definitions)
          if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
        let total = 0;
        for (const def of document.definitions) {
          if (def.kind === Kind.FRAGMENT_DEFINITION) total += fragmentSize(def.name.value);
          else if (def.kind === Kind.OPERATION_DEFINITION) total += selectionsSize(def.selectionSet);
        }
        if (total > limit)
          refuse(`Selection limit of ${limit} exceeded: the document expands to ${total}.`, document);
        else if (cycle !== null) refuse(`Fragment "${cycle}" spreads itself.`, document);
      },
    };
  };
}
