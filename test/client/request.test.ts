/**
 * The client's typed operations over HTTP against the real server: results typed from the
 * generated documents, refusals as ZonekeeperRequestError with the schema's code and reason.
 */
import { beforeAll, expect, it } from 'vitest';
import { createZonekeeperClient, ZonekeeperRequestError } from '../../client/index.js';
import { createGame, deck } from '../api/helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

it('runs the typed operations as the seat whose token it holds', async () => {
  const created = await createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 3) },
    { name: 'Bob', deck: deck('Beta', 3) },
  ]);
  const alice = created.seats[0]!;
  const zk = createZonekeeperClient({ url: s.url, token: alice.token });

  const { whoami } = await zk.whoami();
  expect(whoami).toEqual({ kind: 'PLAYER', gameId: created.game.id, playerId: alice.player.id });
  const { rulesets } = await zk.rulesets();
  expect(rulesets.map((r) => r.id)).toEqual(['fab', 'mtg', 'netrunner', 'pokemon', 'yugioh']);

  const { game } = await zk.game(created.game.id);
  const library = game.zones.find((z) => z.type === 'library' && z.owner?.id === alice.player.id)!;
  const hand = game.zones.find((z) => z.type === 'hand' && z.owner?.id === alice.player.id)!;
  const { moveObjects } = await zk.moveObjects({
    gameId: game.id,
    select: { zoneId: library.id, from: 'TOP', count: 1 },
    to: { zoneId: hand.id },
  });
  expect(moveObjects.version).toBe(game.version + 1);
  expect(moveObjects.objects.map((o) => o.card?.name)).toEqual(['Alpha 1']);
  const { gameEvents } = await zk.gameEvents(game.id, { afterSeq: game.lastSeq });
  expect(gameEvents.map((e) => e.kind)).toEqual(['OBJECTS_MOVED']);

  const refusal = await zk
    .moveObjects({ gameId: game.id, objectIds: ['no-such-object'], to: { zoneId: hand.id } })
    .catch((e: unknown) => e);
  expect(refusal).toBeInstanceOf(ZonekeeperRequestError);
  expect(refusal).toMatchObject({ code: 'INVALID_MOVE', reason: 'UNKNOWN_OBJECT', rule: 'input' });

  const anonymous = createZonekeeperClient({ url: s.url });
  await expect(anonymous.game(game.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
});
