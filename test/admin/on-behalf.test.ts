/**
 * A judge moves on behalf of a player: the log records the admin as the actor, with onBehalfOf.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN } from '../support/server.js';
import { createGame, deck, loadGame, mutate, refused, zoneOf } from '../api/helpers.js';

const s = await startTestServer();

describe('onBehalfOf', () => {
  it('records an admin move made on behalf of a seat, and only admins may do it', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: deck('Ann', 4) },
      { name: 'Ben', deck: deck('Ben', 4) },
    ]);
    const [ann, ben] = g.seats;
    const view = await loadGame(s, g.game.id, ann!.token);
    const input = {
      gameId: g.game.id,
      select: { zoneId: zoneOf(view, 'library', ann!.player.id).id, from: 'TOP', count: 1 },
      to: { zoneId: zoneOf(view, 'hand', ann!.player.id).id },
    };

    const judged = await s.gql<{ moveObjects: { events: { actor: Record<string, unknown> }[] } }>(
      `mutation($input: MoveObjectsInput!) { moveObjects(input: $input) { events { actor { kind playerId onBehalfOf } } } }`,
      { input: { ...input, onBehalfOf: ann!.player.id } },
      TEST_ADMIN_TOKEN,
    );
    expect(judged.errors).toBeUndefined();
    expect(judged.data!.moveObjects.events[0]!.actor).toEqual({
      kind: 'ADMIN',
      playerId: null,
      onBehalfOf: ann!.player.id,
    });

    // The players see the same attribution in the history.
    const history = await s.gql<{ gameEvents: { seq: number; actor: Record<string, unknown> }[] }>(
      `query($id: ID!) { gameEvents(gameId: $id, afterSeq: 1) { seq actor { kind playerId onBehalfOf } } }`,
      { id: g.game.id },
      ben!.token,
    );
    expect(history.data!.gameEvents[0]!.actor).toEqual({
      kind: 'ADMIN',
      playerId: null,
      onBehalfOf: ann!.player.id,
    });

    // A player may not claim to act for someone else; a stranger seat is refused; nothing changes.
    await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { ...input, onBehalfOf: ann!.player.id },
      ben!.token,
      'FORBIDDEN',
    );
    const stranger = await mutate(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { ...input, onBehalfOf: '00000000-0000-4000-8000-000000000000' },
      TEST_ADMIN_TOKEN,
    );
    expect(stranger.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await loadGame(s, g.game.id, TEST_ADMIN_TOKEN)).version).toBe(2);
  });
});
