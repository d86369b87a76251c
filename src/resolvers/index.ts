/**
 * All resolvers. One file per area; each merges in here.
 */
import { mergeResolvers } from '@graphql-tools/merge';
import { DateTimeScalar, JSONScalar } from './scalars.js';
import { whoamiResolvers } from './whoami.js';

export const resolvers = mergeResolvers([{ JSON: JSONScalar, DateTime: DateTimeScalar }, whoamiResolvers]);
