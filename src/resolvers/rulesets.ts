/** `Query.rulesets`: the zone catalogs, so a generic frontend can draw any game. */
import type { Resolvers } from '../generated/graphql.js';
import { RULESETS, type RulesetSpec, type ZoneTypeSpec } from '../rules/index.js';

const zoneTypeOut = (t: ZoneTypeSpec) => ({
  type: t.type,
  name: t.name,
  visibility: t.visibility.toUpperCase() as Uppercase<ZoneTypeSpec['visibility']>,
  faceDownSeenBy: t.faceDownSeenBy.toUpperCase() as Uppercase<ZoneTypeSpec['faceDownSeenBy']>,
  scope: t.scope.toUpperCase() as Uppercase<ZoneTypeSpec['scope']>,
  perPlayer: t.perPlayer,
  ordered: t.ordered,
  ownerMayReorder: t.ownerMayReorder,
  capacity: t.capacity,
  defaultFaceUp: t.defaultFaceUp,
  allowsFaceUp: t.allowsFaceUp,
  arena: t.arena,
  isStack: t.isStack,
  admits: t.admits,
  rules: t.rules,
});

const rulesetOut = (r: RulesetSpec) => ({
  id: r.id,
  name: r.name,
  deckZone: r.deckZone,
  minPlayers: r.players.min,
  maxPlayers: r.players.max,
  zoneTypes: r.zoneTypes.map(zoneTypeOut),
});

export const rulesetResolvers = {
  Query: {
    rulesets: () => Object.values(RULESETS).map(rulesetOut),
  },
} satisfies Resolvers;
