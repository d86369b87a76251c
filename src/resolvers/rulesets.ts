/** `Query.rulesets`: every loaded ruleset's zone catalog, so a generic frontend can draw any game. */
import type { Resolvers } from '../generated/graphql.js';
import { loadedRulesets, type RulesetSpec, type ZoneTypeSpec } from '../rules/index.js';

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
  displayNames: Object.entries(t.displayNames ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, n]) => n),
  admits: t.admits,
  rules: t.rules,
});

const rulesetOut = (r: RulesetSpec) => ({
  id: r.id,
  name: r.name,
  deckZone: r.deckZone,
  minPlayers: r.players.min,
  maxPlayers: r.players.max,
  version: r.version,
  sides: r.sides,
  zoneTypes: r.zoneTypes.map(zoneTypeOut),
});

export const rulesetResolvers = {
  Query: {
    rulesets: () => loadedRulesets().map(rulesetOut),
  },
} satisfies Resolvers;
