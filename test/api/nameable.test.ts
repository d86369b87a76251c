/**
 * Which objects a player may name by id: a hidden card of someone else is reached by position only,
 * so accept/refuse outcomes cannot reveal what it is.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, mutate, ok, refused, zoneOf } from './helpers.js';

const s = await startTestServer();

describe('naming objects by id', () => {
  it("refuses a player naming an opponent's hidden hand card, accepts a random selector on that hand", async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: deck('Ann', 5, ['Instant']) },
      { name: 'Ben', deck: deck('Ben', 5) },
    ]);
    const [ann, ben] = g.seats;
    const before = await loadGame(s, g.game.id, ann!.token);
    await draw(
      s,
      g.game.id,
      zoneOf(before, 'library', ann!.player.id),
      zoneOf(before, 'hand', ann!.player.id),
      2,
      ann!.token,
    );
    const asBen = await loadGame(s, g.game.id, ben!.token);
    const annHand = zoneOf(asBen, 'hand', ann!.player.id);
    const hidden = annHand.objects![0]!;
    expect(hidden.card).toBeNull();

    const err = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [hidden.id], to: { zoneId: zoneOf(asBen, 'battlefield', null).id } },
      ben!.token,
      'FORBIDDEN',
    );
    expect(err.message).not.toMatch(/Ann \d/);
    // Nothing changed.
    expect((await loadGame(s, g.game.id, ben!.token)).version).toBe(asBen.version);

    // "Discard a card at random" is reached by position.
    const discard = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        select: { zoneId: annHand.id, from: 'RANDOM', count: 1 },
        to: { zoneId: zoneOf(asBen, 'graveyard', ann!.player.id).id },
      },
      ben!.token,
    );
    expect(discard.objects).toHaveLength(1);
    expect(discard.objects[0]!.card?.name).toMatch(/^Ann \d$/); // public in the graveyard
  });

  it('lets a player name their own hidden cards and objects in public zones', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: deck('Ann', 3) },
      { name: 'Ben', deck: deck('Ben', 3) },
    ]);
    const [ann, ben] = g.seats;
    const view = await loadGame(s, g.game.id, ann!.token);
    const library = zoneOf(view, 'library', ann!.player.id);
    // Her own library card: hidden even from her (MTG 401.2), but hers.
    const moved = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [library.objects![0]!.id],
        to: { zoneId: zoneOf(view, 'battlefield', null).id },
        faceUp: true,
      },
      ann!.token,
    );
    // Ben may name Ann's permanent on the battlefield (public zone).
    const res = await mutate(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [moved.objects[0]!.id],
        to: { zoneId: zoneOf(view, 'graveyard', ann!.player.id).id },
      },
      ben!.token,
    );
    expect(res.errors).toBeUndefined();
  });
});
