/**
 * Which objects a player may name: another player's hidden card is reached neither by id nor by
 * position (the referee does that), and the player's own hidden cards by position only, so
 * accept/refuse outcomes cannot reveal what a card is.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, mutate, ok, refused, zoneOf } from './helpers.js';

const s = await startTestServer();

describe('naming objects by id', () => {
  it("refuses a player naming an opponent's hidden hand card, by id and by RANDOM alike; the referee may", async () => {
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

    const randomDiscard = {
      gameId: g.game.id,
      select: { zoneId: annHand.id, from: 'RANDOM', count: 1 },
      to: { zoneId: zoneOf(asBen, 'graveyard', ann!.player.id).id },
    };
    // "Discard a card at random" from an opponent's hand is not the opponent's to do either: the
    // position selector is refused the same way, whatever the cards are.
    const byPosition = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      randomDiscard,
      ben!.token,
      'FORBIDDEN',
    );
    expect(byPosition.message).not.toMatch(/Ann \d/);
    expect((await loadGame(s, g.game.id, ben!.token)).version).toBe(asBen.version);

    // The game's referee (its engine) makes that discard.
    const discard = await ok(s, 'moveObjects', 'MoveObjectsInput', randomDiscard, g.refereeToken);
    expect(discard.objects).toHaveLength(1);
    expect(discard.objects[0]!.card?.name).toMatch(/^Ann \d$/); // public in the graveyard
  });

  it('lets a player reach their own hidden cards by position, and name objects in public zones', async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Ann', deck: deck('Ann', 3) },
      { name: 'Ben', deck: deck('Ben', 3) },
    ]);
    const [ann, ben] = g.seats;
    const view = await loadGame(s, g.game.id, ann!.token);
    const library = zoneOf(view, 'library', ann!.player.id);
    // Her own library card: hidden even from her (MTG 401.2), but hers. Not by id (position only),
    // and not straight onto the battlefield: MTG 400.4a would tell her whether it is an instant.
    const top = library.objects![0]!;
    await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [top.id], to: { zoneId: zoneOf(view, 'hand', ann!.player.id).id } },
      ann!.token,
      'FORBIDDEN',
    );
    await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        select: { zoneId: library.id, from: 'TOP', count: 1 },
        to: { zoneId: zoneOf(view, 'battlefield', null).id },
      },
      ann!.token,
      'FORBIDDEN',
    );
    // Revealed (to her), it is no longer hidden from her: she names it and puts it onto the battlefield.
    const revealed = await ok(
      s,
      'revealObjects',
      'RevealObjectsInput',
      {
        gameId: g.game.id,
        select: { zoneId: library.id, from: 'TOP', count: 1 },
        toPlayerIds: [ann!.player.id],
      },
      ann!.token,
    );
    const moved = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [revealed.objects[0]!.id],
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
