/**
 * What the permission policy still allows: a seat does everything a player does with its own cards
 * (and the ordinary effects on other players' public cards), in every ruleset. And the referee
 * credential, issued by createGame for the game's own engine, drives a whole game of each ruleset:
 * it sees every card of its game, acts on any object, and is logged as REFEREE.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { docExample } from '../support/doc-example.js';
import { fillPlaceholders } from '../support/doc-run.js';
import type { TestServer } from '../support/server.js';
import { startTestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, mutate, ok, type GameT, zoneOf } from './helpers.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});

const move = (token: string, input: Record<string, unknown>) =>
  ok(s, 'moveObjects', 'MoveObjectsInput', input, token);
const top = (zoneId: string, count = 1) => ({ zoneId, from: 'TOP', count });

/** Game `g` as its first seat sees it: the player's id, token and view, and their deck. */
async function firstSeat(g: Awaited<ReturnType<typeof createGame>>) {
  const me = g.seats[0]!.player.id;
  const t = g.seats[0]!.token;
  const id = g.game.id;
  const view = await loadGame(s, id, t);
  return { me, t, id, view, deckZone: zoneOf(view, 'deck', me) };
}

describe('a seat acts on its own cards', () => {
  it('MTG: draw, play, shuffle, scry, reveal, exile face down and turn up, attach, tokens, layers, zones', async () => {
    const g = await createGame(s, 'mtg', [
      {
        name: 'Alice',
        deck: [...deck('Alice', 10, ['Land']), { name: 'Aura', types: ['Enchantment'], zone: 'hand' }],
      },
      { name: 'Bob', deck: [...deck('Bob', 5), { name: 'Bob Bear', zone: 'battlefield', faceUp: true }] },
    ]);
    const [a, b] = g.seats;
    const me = a!.player.id;
    const t = a!.token;
    const id = g.game.id;
    const view = await loadGame(s, id, t);
    const library = zoneOf(view, 'library', me);
    const hand = zoneOf(view, 'hand', me);
    const battlefield = zoneOf(view, 'battlefield', null);
    const graveyard = zoneOf(view, 'graveyard', me);
    const exile = zoneOf(view, 'exile', null);

    const drawn = await draw(s, id, library, hand, 3, t);
    expect(drawn.objects.every((o) => o.card !== null)).toBe(true);
    const land = await move(t, {
      gameId: id,
      objectIds: [drawn.objects[0]!.id],
      to: { zoneId: battlefield.id },
    });
    await ok(s, 'shuffleZone', 'ShuffleZoneInput', { gameId: id, zoneId: library.id }, t);
    // Scry 2: reorder the top of her own library by an effect (ids of her own hidden cards, in her zone).
    const lib = zoneOf(await loadGame(s, id, t), 'library', me);
    await ok(
      s,
      'reorderZone',
      'ReorderZoneInput',
      { gameId: id, zoneId: lib.id, order: [lib.objects![1]!.id, lib.objects![0]!.id], by: 'EFFECT' },
      t,
    );
    const shown = await ok(
      s,
      'revealObjects',
      'RevealObjectsInput',
      { gameId: id, objectIds: [drawn.objects[1]!.id], toAll: true },
      t,
    );
    await ok(s, 'endReveal', 'EndRevealInput', { gameId: id, objectIds: [shown.objects[0]!.id] }, t);
    // Exile her own card face down (hidden from her too, MTG 406.3), then turn it up by position.
    await move(t, { gameId: id, select: top(library.id), to: { zoneId: exile.id }, faceUp: false });
    const turned = await ok(
      s,
      'turnFace',
      'TurnFaceInput',
      { gameId: id, select: top(exile.id), faceUp: true },
      t,
    );
    expect(turned.objects[0]!.card).not.toBeNull();
    // Enchant her own land, then move the aura off to the graveyard.
    const aura = zoneOf(await loadGame(s, id, t), 'hand', me).objects!.find((o) => o.card?.name === 'Aura')!;
    const attached = await ok(
      s,
      'attachObjects',
      'AttachObjectsInput',
      { gameId: id, objectIds: [aura.id], hostId: land.objects[0]!.id },
      t,
    );
    await ok(
      s,
      'detachObjects',
      'DetachObjectsInput',
      {
        gameId: id,
        objectIds: [attached.objects.find((o) => o.card?.name === 'Aura')!.id],
        to: { zoneId: graveyard.id },
      },
      t,
    );
    const token = await ok(
      s,
      'createToken',
      'CreateTokenInput',
      { gameId: id, token: { name: 'Soldier' }, to: { zoneId: battlefield.id } },
      t,
    );
    await ok(
      s,
      'removeFromGame',
      'RemoveFromGameInput',
      { gameId: id, objectIds: [token.objects[0]!.id] },
      t,
    );
    const layer = await ok(
      s,
      'addStackLayer',
      'AddStackLayerInput',
      { gameId: id, layer: { name: 'Trigger' } },
      t,
    );
    await ok(
      s,
      'removeStackLayer',
      'RemoveStackLayerInput',
      { gameId: id, layerId: layer.objects[0]!.id },
      t,
    );
    const ante = await s.gql<{ createZone: { events: { zonesCreated: { id: string }[] }[] } }>(
      `mutation { createZone(input: { gameId: "${id}", type: "ante" }) { events { zonesCreated { id } } } }`,
      {},
      t,
    );
    const anteId = ante.data!.createZone.events[0]!.zonesCreated[0]!.id;
    await ok(s, 'removeZone', 'RemoveZoneInput', { gameId: id, zoneId: anteId }, t);
    await ok(
      s,
      'bringIntoGame',
      'BringIntoGameInput',
      { gameId: id, cards: [{ name: 'Wish' }], to: { zoneId: library.id }, position: 'BOTTOM' },
      t,
    );
    await move(t, {
      gameId: id,
      select: { zoneId: library.id, from: 'BOTTOM', count: 1 },
      to: { zoneId: graveyard.id },
    });
    // An ordinary effect on another player's public card: bounce Bob's creature to his hand.
    const bear = battlefield.objects!.find((o) => o.owner.id === b!.player.id)!;
    const bounced = await move(t, {
      gameId: id,
      objectIds: [bear.id],
      to: { zoneId: zoneOf(view, 'hand', b!.player.id).id },
    });
    expect(bounced.objects[0]!.zone.type).toBe('hand');
  });

  it('FAB: draw, pitch, arsenal face down and up, equip, shuffle, reveal, deck card to the graveyard', async () => {
    const g = await createGame(s, 'fab', [
      {
        name: 'Alice',
        deck: [
          { name: 'Alice Hero', types: ['Hero'], zone: 'hero' },
          // Equipment is no deck-card (FAB sec:hand_zone): it waits in the graveyard to be equipped.
          { name: 'Gauntlets', types: ['Equipment'], subtypes: ['Arms'], zone: 'graveyard' },
          ...deck('Alice', 10, ['Action']),
        ],
      },
      {
        name: 'Bob',
        deck: [{ name: 'Bob Hero', types: ['Hero'], zone: 'hero' }, ...deck('Bob', 5, ['Action'])],
      },
    ]);
    const { me, t, id, view, deckZone } = await firstSeat(g);
    const hand = zoneOf(view, 'hand', me);
    const drawn = await draw(s, id, deckZone, hand, 3, t);
    await move(t, {
      gameId: id,
      objectIds: [drawn.objects[0]!.id],
      to: { zoneId: zoneOf(view, 'pitch', me).id },
    });
    const arsenal = await move(t, {
      gameId: id,
      objectIds: [drawn.objects[1]!.id],
      to: { zoneId: zoneOf(view, 'arsenal', me).id },
      faceUp: false,
    });
    await ok(
      s,
      'turnFace',
      'TurnFaceInput',
      { gameId: id, objectIds: [arsenal.objects[0]!.id], faceUp: true },
      t,
    );
    const gauntlets = zoneOf(await loadGame(s, id, t), 'graveyard', me).objects!.find(
      (o) => o.card?.name === 'Gauntlets',
    )!;
    await move(t, { gameId: id, objectIds: [gauntlets.id], to: { zoneId: zoneOf(view, 'arms', me).id } });
    await ok(s, 'shuffleZone', 'ShuffleZoneInput', { gameId: id, zoneId: deckZone.id }, t);
    await ok(
      s,
      'revealObjects',
      'RevealObjectsInput',
      { gameId: id, objectIds: [drawn.objects[2]!.id], toAll: true },
      t,
    );
    await move(t, {
      gameId: id,
      select: { zoneId: deckZone.id, from: 'BOTTOM', count: 1 },
      to: { zoneId: zoneOf(view, 'graveyard', me).id },
      by: 'RULE',
    });
  });

  it('Netrunner: draw, install face down, rez, an effect needing an attribute on her own deck, shuffle, trash', async () => {
    const g = await createGame(s, 'netrunner', [
      { name: 'Corp', deck: deck('Corp', 10, ['Ice']) },
      { name: 'Runner', deck: deck('Runner', 10, ['Program']) },
    ]);
    const { me, t, id, view, deckZone } = await firstSeat(g);
    const play = zoneOf(view, 'play', null);
    const drawn = await draw(s, id, deckZone, zoneOf(view, 'hand', me), 2, t);
    const installed = await move(t, {
      gameId: id,
      objectIds: [drawn.objects[0]!.id],
      to: { zoneId: play.id },
      faceUp: false,
    });
    await ok(
      s,
      'turnFace',
      'TurnFaceInput',
      { gameId: id, objectIds: [installed.objects[0]!.id], faceUp: true },
      t,
    );
    const revealed = await move(t, {
      gameId: id,
      select: top(deckZone.id),
      to: { zoneId: zoneOf(view, 'discard', me).id },
      requiresAttribute: true,
    });
    expect(revealed.events[0]!.kind).toBe('REVEALED');
    await ok(s, 'shuffleZone', 'ShuffleZoneInput', { gameId: id, zoneId: deckZone.id }, t);
    await move(t, {
      gameId: id,
      objectIds: [drawn.objects[1]!.id],
      to: { zoneId: zoneOf(view, 'discard', me).id },
    });
  });
});

/** Every card in every zone is shown to the referee. */
function seesAll(game: GameT): boolean {
  return game.zones.every((z) => (z.objects ?? []).every((o) => o.card !== null));
}

describe('the referee credential', () => {
  it("runs the guide's example: a card at random from Bob's hand to his graveyard", async () => {
    const g = await createGame(s, 'mtg', [
      { name: 'Alice', deck: deck('Alice', 5) },
      { name: 'Bob', deck: deck('Bob', 5) },
    ]);
    const bob = g.seats[1]!.player.id;
    const ref = g.refereeToken;
    const before = await loadGame(s, g.game.id, ref);
    const hand = zoneOf(before, 'hand', bob);
    const dealt = await draw(s, g.game.id, zoneOf(before, 'library', bob), hand, 3, ref);
    const document = fillPlaceholders(docExample('random-move'), {
      'game id': g.game.id,
      "Bob's hand": hand.id,
      "Bob's player id": bob,
    });
    const res = await s.gql(document, {}, ref);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ moveObjects: { version: dealt.version + 1 } });
    const after = await loadGame(s, g.game.id, ref);
    expect(zoneOf(after, 'hand', bob).count).toBe(2);
    const discarded = zoneOf(after, 'graveyard', bob).objects!.map((o) => o.card?.name);
    expect(discarded).toHaveLength(1);
    expect(dealt.objects.map((o) => o.card?.name)).toContain(discarded[0]);
  });

  const cases: {
    ruleset: string;
    decks: { name: string; deck: ReturnType<typeof deck> }[];
    library: string;
    table: string;
    graveyard: string;
  }[] = [
    {
      ruleset: 'mtg',
      decks: [
        { name: 'Alice', deck: deck('Alice', 10) },
        { name: 'Bob', deck: deck('Bob', 10, ['Instant']) },
      ],
      library: 'library',
      table: 'battlefield',
      graveyard: 'graveyard',
    },
    {
      ruleset: 'fab',
      decks: [
        {
          name: 'Alice',
          deck: [{ name: 'Alice Hero', types: ['Hero'], zone: 'hero' }, ...deck('Alice', 10, ['Action'])],
        },
        {
          name: 'Bob',
          deck: [{ name: 'Bob Hero', types: ['Hero'], zone: 'hero' }, ...deck('Bob', 10, ['Action'])],
        },
      ],
      library: 'deck',
      table: 'combatChain',
      graveyard: 'graveyard',
    },
    {
      ruleset: 'netrunner',
      decks: [
        { name: 'Corp', deck: deck('Corp', 10, ['Ice']) },
        { name: 'Runner', deck: deck('Runner', 10, ['Program']) },
      ],
      library: 'deck',
      table: 'play',
      graveyard: 'discard',
    },
  ];

  for (const c of cases) {
    it(`drives a whole ${c.ruleset} game: deals, plays for both sides, reveals, shuffles, ends turns; logged as REFEREE`, async () => {
      const g = await createGame(s, c.ruleset, c.decks);
      const ref = g.refereeToken;
      expect(ref).toMatch(/^zkr_/);
      const id = g.game.id;
      const who = await s.gql<{ whoami: { kind: string; gameId: string } }>(
        '{ whoami { kind gameId } }',
        {},
        ref,
      );
      expect(who.data!.whoami).toEqual({ kind: 'REFEREE', gameId: id });

      const view = await loadGame(s, id, ref);
      // A judge of its game: it sees every card, libraries included.
      expect(seesAll(view)).toBe(true);
      const players = g.seats.map((seat) => seat.player.id);
      const table = zoneOf(view, c.table, null);
      // Deal five to each, then three turns each: draw, play a card, discard at random.
      for (const p of players) await draw(s, id, zoneOf(view, c.library, p), zoneOf(view, 'hand', p), 5, ref);
      for (let turn = 0; turn < 3; turn++) {
        for (const p of players) {
          await draw(s, id, zoneOf(view, c.library, p), zoneOf(view, 'hand', p), 1, ref);
          const hand = zoneOf(await loadGame(s, id, ref), 'hand', p);
          await move(ref, { gameId: id, objectIds: [hand.objects![0]!.id], to: { zoneId: table.id } });
          await move(ref, {
            gameId: id,
            select: { zoneId: hand.id, from: 'RANDOM', count: 1 },
            to: { zoneId: zoneOf(view, c.graveyard, p).id },
          });
        }
        // End of turn: the table is cleared to each card's owner's graveyard.
        const onTable = zoneOf(await loadGame(s, id, ref), c.table, null).objects!;
        for (const p of players) {
          const ids = onTable.filter((o) => o.owner.id === p).map((o) => o.id);
          if (ids.length > 0)
            await move(ref, { gameId: id, objectIds: ids, to: { zoneId: zoneOf(view, c.graveyard, p).id } });
        }
      }
      // Another side's hidden cards: reveal the second player's hand to the first, shuffle its library.
      await ok(
        s,
        'revealObjects',
        'RevealObjectsInput',
        { gameId: id, select: top(zoneOf(view, 'hand', players[1]!).id, 2), toPlayerIds: [players[0]] },
        ref,
      );
      await ok(
        s,
        'shuffleZone',
        'ShuffleZoneInput',
        { gameId: id, zoneId: zoneOf(view, c.library, players[1]!).id },
        ref,
      );
      await ok(
        s,
        'bringIntoGame',
        'BringIntoGameInput',
        {
          gameId: id,
          cards: [{ name: 'Sideboard', types: c.ruleset === 'fab' ? ['Action'] : ['Creature'] }],
          ownerId: players[1],
          to: { zoneId: zoneOf(view, c.library, players[1]!).id },
        },
        ref,
      );
      const token = await ok(
        s,
        'createToken',
        'CreateTokenInput',
        {
          gameId: id,
          token: { name: 'Marker' },
          ownerId: players[0],
          to: { zoneId: zoneOf(view, c.ruleset === 'fab' ? 'permanent' : c.table, null).id },
        },
        ref,
      );
      expect((token.events[0] as unknown as { actor: unknown }).actor).toEqual({
        kind: 'REFEREE',
        playerId: null,
      });

      // The log records the referee as the actor of every move it made.
      const history = await s.gql<{
        gameEvents: { kind: string; actor: { kind: string; playerId: string | null } }[];
      }>(
        `query H($g: ID!) { gameEvents(gameId: $g, afterSeq: 1, first: 500) { kind actor { kind playerId } } }`,
        { g: id },
        g.seats[0]!.token,
      );
      expect(history.data!.gameEvents.length).toBeGreaterThan(20);
      expect(new Set(history.data!.gameEvents.map((e) => e.actor.kind))).toEqual(new Set(['REFEREE']));
      expect(seesAll(await loadGame(s, id, ref))).toBe(true);

      // Scoped to its game; never on behalf of a seat (that is an admin's).
      const other = await createGame(s, c.ruleset, c.decks);
      const elsewhere = await s.gql('query G($id: ID!) { game(id: $id) { id } }', { id: other.game.id }, ref);
      expect(elsewhere.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const onBehalf = await mutate(
        s,
        'shuffleZone',
        'ShuffleZoneInput',
        { gameId: id, zoneId: zoneOf(view, c.library, players[0]!).id, onBehalfOf: players[0] },
        ref,
      );
      expect(onBehalf.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });
  }
});
