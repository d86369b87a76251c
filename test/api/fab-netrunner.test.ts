/**
 * Complete sample games of Flesh and Blood and Netrunner through HTTP and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, ok, refused, zoneOf } from './helpers.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});

describe('Flesh and Blood sample game', () => {
  it('sets up heroes and weapons, draws, arsenals, pitches, and refuses a second arsenal card', async () => {
    const g = await createGame(s, 'fab', [
      {
        name: 'Dorinthea',
        deck: [
          { name: 'Dorinthea', types: ['Hero'], zone: 'hero' },
          { name: 'Dawnblade', types: ['Weapon'], subtypes: ['Sword'], zone: 'weapon', zoneIndex: 0 },
          ...deck('Attack', 30, ['Action', 'Attack']),
        ],
      },
      {
        name: 'Rhinar',
        deck: [{ name: 'Rhinar', types: ['Hero'], zone: 'hero' }, ...deck('Brute', 30, ['Action', 'Attack'])],
      },
    ]);
    const [p0, p1] = g.seats;
    const me = p0!.player.id;
    const game = await loadGame(s, g.game.id, p1!.token);
    // Heroes start face up in the hero zone, visible to everyone.
    expect(zoneOf(game, 'hero', me).objects!.map((o) => o.card?.name)).toEqual(['Dorinthea']);
    expect(zoneOf(game, 'weapon', me, 0).objects!.map((o) => o.card?.name)).toEqual(['Dawnblade']);
    expect(zoneOf(game, 'deck', me).count).toBe(30);

    const hand = await draw(s, g.game.id, zoneOf(game, 'deck', me), zoneOf(game, 'hand', me), 4, p0!.token);
    expect(hand.objects.map((o) => o.card?.name)).toEqual(['Attack 1', 'Attack 2', 'Attack 3', 'Attack 4']);

    const arsenal = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [hand.objects[0]!.id],
        to: { type: 'arsenal', ownerId: me },
        faceUp: false,
      },
      p0!.token,
    );
    expect(arsenal.objects[0]!.zone.type).toBe('arsenal');
    // A face-down arsenal card is private: its owner sees it, the opponent does not.
    const opp = await loadGame(s, g.game.id, p1!.token);
    expect(zoneOf(opp, 'arsenal', me).objects![0]!.card).toBeNull();
    expect(zoneOf(await loadGame(s, g.game.id, p0!.token), 'arsenal', me).objects![0]!.card?.name).toBe(
      'Attack 1',
    );

    // The arsenal holds one card (FAB sec:arsenal_zone).
    const err = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [hand.objects[1]!.id], to: { type: 'arsenal', ownerId: me } },
      p0!.token,
      'INVALID_MOVE',
      'FAB sec:arsenal_zone',
    );
    expect(err.message).not.toContain('Attack');

    // Pitch a card, then put the pitch zone's cards on the bottom of the deck.
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [hand.objects[2]!.id], to: { type: 'pitch', ownerId: me } },
      p0!.token,
    );
    const pitch = zoneOf(await loadGame(s, g.game.id, p0!.token), 'pitch', me);
    const back = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        select: { zoneId: pitch.id, from: 'TOP', count: 1 },
        to: { type: 'deck', ownerId: me },
        position: 'BOTTOM',
      },
      p0!.token,
    );
    expect(back.objects[0]!.position).toBe(26);
    // An attack goes to the graveyard after the chain closes.
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [hand.objects[3]!.id],
        to: { type: 'graveyard', ownerId: me },
        by: 'RULE',
      },
      p0!.token,
    );
    const after = await loadGame(s, g.game.id, p1!.token);
    expect(zoneOf(after, 'graveyard', me).objects!.map((o) => o.card?.name)).toEqual(['Attack 4']);
    await ok(
      s,
      'shuffleZone',
      'ShuffleZoneInput',
      { gameId: g.game.id, zoneId: zoneOf(after, 'deck', me).id },
      p0!.token,
    );
    expect((await loadGame(s, g.game.id, p0!.token)).version).toBe(7);
  });
});

describe('Netrunner sample game', () => {
  it('names zones per side, draws, installs, trashes, reveals and refuses a rule reorder of R&D', async () => {
    const g = await createGame(s, 'netrunner', [
      {
        name: 'Corp',
        deck: [
          { name: 'Weyland', types: ['Identity'], zone: 'play' },
          ...deck('Hedge Fund', 20, ['Operation']),
        ],
      },
      {
        name: 'Runner',
        deck: [{ name: 'Gabriel', types: ['Identity'], zone: 'play' }, ...deck('Sure Gamble', 20, ['Event'])],
      },
    ]);
    const [corp, runner] = g.seats;
    const corpId = corp!.player.id;
    const runnerId = runner!.player.id;
    const game = await loadGame(s, g.game.id, runner!.token);
    expect(zoneOf(game, 'deck', corpId).name).toBe('R&D');
    expect(zoneOf(game, 'deck', runnerId).name).toBe('Stack');
    expect(zoneOf(game, 'play', null).objects!.map((o) => o.card?.name)).toEqual(['Weyland', 'Gabriel']);

    const hq = await draw(
      s,
      g.game.id,
      zoneOf(game, 'deck', corpId),
      zoneOf(game, 'hand', corpId),
      5,
      corp!.token,
    );
    expect(hq.objects).toHaveLength(5);
    const grip = await draw(
      s,
      g.game.id,
      zoneOf(game, 'deck', runnerId),
      zoneOf(game, 'hand', runnerId),
      5,
      runner!.token,
    );
    // The runner sees HQ's size but not its cards.
    const seen = await loadGame(s, g.game.id, runner!.token);
    expect(zoneOf(seen, 'hand', corpId).count).toBe(5);
    expect(zoneOf(seen, 'hand', corpId).objects!.every((o) => o.card === null)).toBe(true);

    // The runner plays an event: it goes to the heap (discard), public.
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [grip.objects[0]!.id], to: { type: 'discard', ownerId: runnerId } },
      runner!.token,
    );
    // The corp reveals a card from HQ to the runner.
    const rev = await ok(
      s,
      'revealObjects',
      'RevealObjectsInput',
      { gameId: g.game.id, objectIds: [hq.objects[0]!.id], toPlayerIds: [runnerId] },
      corp!.token,
    );
    const revealed = zoneOf(await loadGame(s, g.game.id, runner!.token), 'hand', corpId).objects!.find(
      (o) => o.id === rev.objects[0]!.id,
    );
    expect(revealed?.card?.name).toMatch(/^Hedge Fund/);
    // Archives: a card trashed from HQ lands face down (rule_discard), unseen by the runner.
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [hq.objects[1]!.id],
        to: { type: 'discard', ownerId: corpId },
        faceUp: false,
      },
      corp!.token,
    );
    const archives = zoneOf(await loadGame(s, g.game.id, runner!.token), 'discard', corpId);
    expect(archives.count).toBe(1);
    expect(archives.objects![0]!.card).toBeNull();

    const rnd = zoneOf(await loadGame(s, g.game.id, corp!.token), 'deck', corpId);
    const order = rnd
      .objects!.slice(0, 2)
      .map((o) => o.id)
      .reverse();
    await refused(
      s,
      'reorderZone',
      'ReorderZoneInput',
      { gameId: g.game.id, zoneId: rnd.id, order, by: 'RULE' },
      corp!.token,
      'INVALID_MOVE',
      'NR rule_deck_ordered',
    );
    await ok(s, 'shuffleZone', 'ShuffleZoneInput', { gameId: g.game.id, zoneId: rnd.id }, corp!.token);
  });
});
