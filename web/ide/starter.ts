/**
 * The operations the GraphQL IDE opens with: the ruleset catalog, then a seat's first actions at a
 * table (read it, tap a permanent, put a counter on it). test/web/ide-starter.test.ts runs them
 * against the service, so they stay valid as the schema changes.
 */
export const DEFAULT_QUERY = `# Zonekeeper GraphQL IDE
#
# To act as a seat, a spectator or the admin, open the
# Headers tab below and paste:
#   {"authorization": "Bearer <token>"}
# It goes with every query and mutation, and with the
# connection of every subscription. Without it you are
# anonymous: rulesets and createGame work, games do not.
# Or open a hand-off link, /graphql#handoff=<code>
# (docs/frontend.md says how to mint one).

query Rulesets {
  rulesets {
    id
    name
    zoneTypes {
      type
      name
      visibility
    }
    statuses {
      name
      values
      zoneTypes
    }
    playerCounters {
      kind
      start
    }
  }
}

# At a Magic table, with a seat's token: put the game's id
# and a permanent's id in the Variables tab, e.g.
#   {"gameId": "<game id>", "objectId": "<object id>"}
# then pick an operation from the run button's menu.

query Table($gameId: ID!) {
  game(id: $gameId) {
    version
    turn {
      number
      phase
      activePlayer {
        name
      }
    }
    players {
      name
      counters {
        kind
        amount
      }
    }
    zones {
      type
      owner {
        name
      }
      count
      objects {
        id
        card {
          name
        }
        statuses {
          name
          value
        }
        counters {
          kind
          amount
        }
      }
    }
  }
}

# Tap a permanent (MTG 701.26a); value "untapped" untaps it.
mutation Tap($gameId: ID!, $objectId: ID!) {
  setStatus(input: {gameId: $gameId, objectIds: [$objectId], name: "tapped", value: "tapped"}) {
    version
    objects {
      id
      statuses {
        name
        value
      }
    }
  }
}

# Put a +1/+1 counter on it (MTG 122.1a); op REMOVE takes one off.
mutation AddCounter($gameId: ID!, $objectId: ID!) {
  changeCounters(input: {gameId: $gameId, holder: {objectId: $objectId}, kind: "+1/+1", op: ADD, amount: 1}) {
    version
    objects {
      id
      counters {
        kind
        amount
      }
    }
  }
}
`;
