/**
 * A two-seat Magic game made through a running service's API, and Alice's draw: what the
 * multi-instance and multi-worker tests send, each through its own way of posting GraphQL.
 */
import { deck } from '../api/helpers.js';

/** Posts one GraphQL operation to `url` and returns its data (throws on errors). */
export type Gql = <T>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
) => Promise<T>;

/** Creates a two-seat MTG game through `url`; returns its id, Alice's token and her zones. */
export async function newTwoSeatGame(gql: Gql, url: string) {
  const { createGame } = await gql<{
    createGame: {
      game: {
        id: string;
        lastSeq: number;
        zones: { id: string; type: string; owner: { id: string } | null }[];
      };
      seats: { player: { id: string }; token: string }[];
    };
  }>(
    url,
    `mutation ($input: CreateGameInput!) { createGame(input: $input) {
       game { id lastSeq zones { id type owner { id } } } seats { player { id } token } } }`,
    {
      input: {
        ruleset: 'mtg',
        players: [
          { name: 'A', deck: deck('Alpha', 20) },
          { name: 'B', deck: deck('Beta', 20) },
        ],
      },
    },
  );
  const aliceId = createGame.seats[0]!.player.id;
  const zone = (type: string) =>
    createGame.game.zones.find((z) => z.type === type && z.owner?.id === aliceId)!.id;
  return {
    gameId: createGame.game.id,
    lastSeq: createGame.game.lastSeq,
    token: createGame.seats[0]!.token,
    library: zone('library'),
    hand: zone('hand'),
  };
}

export type TwoSeatGame = Awaited<ReturnType<typeof newTwoSeatGame>>;

/** Alice draws the top card of her library. */
export const drawOneCard = (gql: Gql, url: string, g: TwoSeatGame) =>
  gql(
    url,
    `mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) { version } }`,
    {
      input: {
        gameId: g.gameId,
        select: { zoneId: g.library, from: 'TOP', count: 1 },
        to: { zoneId: g.hand },
      },
    },
    g.token,
  );
