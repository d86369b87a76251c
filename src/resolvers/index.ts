/**
 * All resolvers. One file per area; each merges in here.
 */
import { mergeResolvers } from '@graphql-tools/merge';
import { adminResolvers } from './admin.js';
import { createGameResolvers } from './create-game.js';
import { gameResolvers } from './game.js';
import { mutationResolvers } from './mutations.js';
import { tableMutationResolvers } from './table-mutations.js';
import { chanceMutationResolvers } from './chance-mutations.js';
import { clockMutationResolvers } from './clock-mutations.js';
import { rulesetResolvers } from './rulesets.js';
import { DateTimeScalar, JSONScalar } from './scalars.js';
import { eventLogResolvers } from './event-log.js';
import { fairnessResolvers } from './fairness.js';
import { whoamiResolvers } from './whoami.js';

export const resolvers = mergeResolvers([
  { JSON: JSONScalar, DateTime: DateTimeScalar },
  whoamiResolvers,
  adminResolvers,
  eventLogResolvers,
  rulesetResolvers,
  gameResolvers,
  createGameResolvers,
  mutationResolvers,
  fairnessResolvers,
  tableMutationResolvers,
  chanceMutationResolvers,
  clockMutationResolvers,
]);
