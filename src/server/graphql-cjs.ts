/**
 * graphql's CommonJS build: the copy Apollo Server, graphql-ws and graphql-tools load.
 *
 * graphql 16 has no `exports` map, so Node and every dependency load its CommonJS build, while Vite
 * (the tests) hands our own files the `.mjs` build: two copies whose `instanceof` checks reject each
 * other's schemas and errors (graphql-ws, for one, closes the socket with 4500 when `onSubscribe`
 * returns an error of the other copy's `GraphQLError`). So every graphql value the transport's own
 * code runs (errors, validation rules, `parse`, `validate`, `visit`, type predicates) comes from
 * here, the copy everyone else uses; types may still be imported from `graphql`, since both builds
 * share one set of declarations.
 */
import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';

/** The CommonJS `graphql` module, typed by the package's own declarations. */
export const graphqlCjs = createRequire(import.meta.url)('graphql') as typeof GraphQL;
