/**
 * No seat acts on, selects or reveals another player's hidden card. Each case is an attack an
 * opponent could make in one call; each is refused with FORBIDDEN before anything hidden is read,
 * changes nothing, and gives the same answer whatever the hidden card is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GqlError, TestServer } from '../support/server.js';
import { startTestServer } from '../support/server.js';
import { createGame, deck, draw, loadGame, mutate, type CardIn, type GameT, zoneOf } from './helpers.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});

/** Runs a mutation that must be refused with FORBIDDEN; checks nothing changed and no card name leaked. */
async function forbidden(
  game: { id: string; token: string; secret: RegExp },
  name: string,
  inputType: string,
  input: Record<string, unknown>,
): Promise<GqlError> {
  const before = await loadGame(s, game.id, game.token);
  const res = await mutate(s, name, inputType, { gameId: game.id, ...input }, game.token);
  expect(res.data).toBeNull();
  const err = res.errors?.[0];
  expect(err?.extensions?.code, JSON.stringify(res.errors)).toBe('FORBIDDEN');
  expect(JSON.stringify(res)).not.toMatch(game.secret);
  const after = await loadGame(s, game.id, game.token);
  expect(after.version).toBe(before.version);
  expect(after.lastSeq).toBe(before.lastSeq);
  return err!;
}

interface Table {
  game: GameT;
  alice: { id: string; token: string };
  bob: { id: string; token: string };
  view: GameT;
}

async function table(ruleset: string, aliceDeck: CardIn[], bobDeck: CardIn[]): Promise<Table> {
  const g = await createGame(s, ruleset, [
    { name: 'Alice', deck: aliceDeck },
    { name: 'Bob', deck: bobDeck },
  ]);
  const [a, b] = g.seats;
  const alice = { id: a!.player.id, token: a!.token };
  const bob = { id: b!.player.id, token: b!.token };
  return { game: g.game, alice, bob, view: await loadGame(s, g.game.id, alice.token) };
}

const SECRET = /Secret/;

/** Bob draws `n` cards from his library into his hand. */
async function bobDraws(t: Table, n: number): Promise<void> {
  const bobView = await loadGame(s, t.game.id, t.bob.token);
  await draw(
    s,
    t.game.id,
    zoneOf(bobView, 'library', t.bob.id),
    zoneOf(bobView, 'hand', t.bob.id),
    n,
    t.bob.token,
  );
}

describe('MTG: Alice may not act on what Bob hides', () => {
  let t: Table;
  let g: { id: string; token: string; secret: RegExp };
  let view: GameT;
  const bobZone = (type: string) => zoneOf(view, type, t.bob.id);
  beforeAll(async () => {
    t = await table(
      'mtg',
      [{ name: 'Alice Bear', zone: 'battlefield', faceUp: true }, ...deck('Alice', 5)],
      [...deck('Secret', 8, ['Instant']), { name: 'Secret Exiled', zone: 'exile', faceUp: false }],
    );
    await bobDraws(t, 3);
    g = { id: t.game.id, token: t.alice.token, secret: SECRET };
    view = await loadGame(s, t.game.id, t.alice.token);
  });

  it('revealObjects by position on Bob’s hand, to Alice', async () => {
    await forbidden(g, 'revealObjects', 'RevealObjectsInput', {
      select: { zoneId: bobZone('hand').id, from: 'TOP', count: 3 },
      toPlayerIds: [t.alice.id],
    });
  });

  it('turnFace on Bob’s face-down exiled card', async () => {
    const exiled = zoneOf(view, 'exile', null).objects!.find((o) => o.owner.id === t.bob.id)!;
    await forbidden(g, 'turnFace', 'TurnFaceInput', { objectIds: [exiled.id], faceUp: true });
  });

  it('attachObjects of a RANDOM card from Bob’s hand onto Alice’s permanent', async () => {
    const bear = zoneOf(view, 'battlefield', null).objects!.find((o) => o.owner.id === t.alice.id)!;
    await forbidden(g, 'attachObjects', 'AttachObjectsInput', {
      select: { zoneId: bobZone('hand').id, from: 'RANDOM', count: 1 },
      hostId: bear.id,
    });
  });

  it('moving Bob’s library BOTTOM card to the battlefield', async () => {
    await forbidden(g, 'moveObjects', 'MoveObjectsInput', {
      select: { zoneId: bobZone('library').id, from: 'BOTTOM', count: 1 },
      to: { zoneId: zoneOf(view, 'battlefield', null).id },
    });
  });

  it('bringIntoGame into Bob’s library', async () => {
    await forbidden(g, 'bringIntoGame', 'BringIntoGameInput', {
      cards: [{ name: 'Planted' }],
      ownerId: t.bob.id,
      to: { zoneId: bobZone('library').id },
    });
  });

  it('shuffleZone on Bob’s library', async () => {
    await forbidden(g, 'shuffleZone', 'ShuffleZoneInput', { zoneId: bobZone('library').id });
  });

  it('naming Bob’s hidden cards by id, or reordering his hand', async () => {
    const hand = bobZone('hand');
    await forbidden(g, 'endReveal', 'EndRevealInput', { objectIds: [hand.objects![0]!.id] });
    await forbidden(g, 'removeFromGame', 'RemoveFromGameInput', { objectIds: [hand.objects![1]!.id] });
    await forbidden(g, 'reorderZone', 'ReorderZoneInput', {
      zoneId: hand.id,
      order: hand.objects!.map((o) => o.id).reverse(),
      by: 'EFFECT',
    });
  });

  it('leaves no trace: the log holds only the creation and Bob’s own draw', async () => {
    const history = await s.gql<{ gameEvents: { kind: string; rules: string[] }[] }>(
      `query H($g: ID!) { gameEvents(gameId: $g, afterSeq: 0, first: 500) { kind rules } }`,
      { g: t.game.id },
      t.alice.token,
    );
    expect(history.data!.gameEvents.map((e) => e.kind)).toEqual(['GAME_CREATED', 'OBJECTS_MOVED']);
  });

  it('card-type oracle: Bob’s top hand card to the battlefield at index 100000 answers the same for an instant and a creature', async () => {
    const answers: string[] = [];
    for (const types of [['Instant'], ['Creature']]) {
      const t = await table('mtg', deck('Alice', 3), deck('Secret', 3, types));
      await bobDraws(t, 2);
      const view = await loadGame(s, t.game.id, t.alice.token);
      const err = await forbidden(
        { id: t.game.id, token: t.alice.token, secret: SECRET },
        'moveObjects',
        'MoveObjectsInput',
        {
          select: { zoneId: zoneOf(view, 'hand', t.bob.id).id, from: 'TOP', count: 1 },
          to: { zoneId: zoneOf(view, 'battlefield', null).id },
          index: 100000,
        },
      );
      const ids = new Map<string, string>();
      answers.push(
        JSON.stringify(err).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, (id) => {
          if (!ids.has(id)) ids.set(id, `id${ids.size}`);
          return ids.get(id)!;
        }),
      );
    }
    expect(answers[0]).toBe(answers[1]);
  });

  it('card-type oracle on her own library: Alice must reveal her top card before putting it onto the battlefield', async () => {
    const answers: string[] = [];
    for (const types of [['Instant'], ['Creature']]) {
      const t = await table('mtg', deck('Secret', 3, types), deck('Bob', 3));
      const view = await loadGame(s, t.game.id, t.alice.token);
      const library = zoneOf(view, 'library', t.alice.id);
      const err = await forbidden(
        { id: t.game.id, token: t.alice.token, secret: SECRET },
        'moveObjects',
        'MoveObjectsInput',
        {
          select: { zoneId: library.id, from: 'TOP', count: 1 },
          to: { zoneId: zoneOf(view, 'battlefield', null).id },
          index: 100000,
        },
      );
      expect(err.message).toMatch(/MTG 400\.4a/);
      answers.push(err.message.replace(library.objects![0]!.id, 'ID'));
      // By id her own hidden card is not named at all: position only.
      await forbidden(
        { id: t.game.id, token: t.alice.token, secret: SECRET },
        'moveObjects',
        'MoveObjectsInput',
        {
          objectIds: [library.objects![0]!.id],
          to: { zoneId: zoneOf(view, 'graveyard', t.alice.id).id },
        },
      );
    }
    expect(answers[0]).toBe(answers[1]);
  });
});

describe('FAB and Netrunner', () => {
  it('FAB: moving Bob’s hand card by RULE to Alice’s hand is refused (it would be cleared face up)', async () => {
    const t = await table(
      'fab',
      [{ name: 'Alice Hero', types: ['Hero'], zone: 'hero' }, ...deck('Alice', 4, ['Action'])],
      [
        { name: 'Bob Hero', types: ['Hero'], zone: 'hero' },
        ...deck('Secret', 4, ['Action']).map((c) => ({ ...c, zone: 'hand' })),
      ],
    );
    await forbidden(
      { id: t.game.id, token: t.alice.token, secret: SECRET },
      'moveObjects',
      'MoveObjectsInput',
      {
        select: { zoneId: zoneOf(t.view, 'hand', t.bob.id).id, from: 'TOP', count: 1 },
        to: { zoneId: zoneOf(t.view, 'hand', t.alice.id).id },
        by: 'RULE',
      },
    );
  });

  it('Netrunner: a requiresAttribute move on the other player’s deck is refused', async () => {
    const t = await table('netrunner', deck('Corp', 5, ['Agenda']), deck('Secret', 5, ['Program']));
    await forbidden(
      { id: t.game.id, token: t.alice.token, secret: SECRET },
      'moveObjects',
      'MoveObjectsInput',
      {
        select: { zoneId: zoneOf(t.view, 'deck', t.bob.id).id, from: 'TOP', count: 1 },
        to: { zoneId: zoneOf(t.view, 'discard', t.bob.id).id },
        requiresAttribute: true,
      },
    );
  });
});
