/**
 * The two games defined as pure data (rulesets/pokemon.yaml, rulesets/yugioh.yaml; their rules in
 * docs/rulesets/): created and played through the API with no code of their own, their visibility
 * facts kept (Pokémon Prize cards are seen by nobody, their owner included; a Yu-Gi-Oh! player may
 * look at their own Extra Deck, the opponent may not), and drawn by the reference table page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser, openContext } from '../support/browser.js';
import {
  createGame,
  fetchGame,
  post,
  type DeckCard,
  type GameJson,
  type ZoneJson,
} from '../support/game-api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureWebBuilt } from '../support/web.js';
import { linkTo } from '../support/handoff.js';

const MOVE = `mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) {
  version objects { id zone { id type } card { name } } } }`;

const cards = (prefix: string, n: number, extra: Partial<DeckCard> = {}): DeckCard[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, ...extra }));

/** A Pokémon seat: a deck of Pokémon and Trainers, three Prize cards set aside face down. */
const pokemonDeck = (who: string): DeckCard[] => [
  ...cards(`${who} Pokemon`, 3, { types: ['pokemon'], subtypes: ['basic'] }),
  ...cards(`${who} Trainer`, 2, { types: ['trainer'], subtypes: ['item'] }),
  ...cards(`${who} Prize`, 3, { types: ['pokemon'], zone: 'prize_cards' }),
];

/** A Yu-Gi-Oh! seat: a Main Deck of monsters and an Extra Deck of Fusion Monsters. */
const yugiohDeck = (who: string): DeckCard[] => [
  ...cards(`${who} Monster`, 4, { types: ['monster'], subtypes: ['normal'] }),
  ...cards(`${who} Fusion`, 2, { types: ['monster'], subtypes: ['fusion'], zone: 'extra_deck' }),
];

const zoneOf = (game: GameJson, type: string, ownerId: string | null): ZoneJson =>
  game.zones.find((z) => z.type === type && (z.owner?.id ?? null) === ownerId)!;
const names = (z: ZoneJson) => z.objects.map((o) => o.card?.name ?? null);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

async function move(token: string, input: Record<string, unknown>) {
  return post<{
    moveObjects: {
      objects: { id: string; zone: { id: string; type: string }; card: { name: string } | null }[];
    };
  }>(server, MOVE, { input }, token);
}

describe('Pokémon TCG, a ruleset of data alone', () => {
  it('is served, created and played; Prize cards are seen by nobody, their owner included', async () => {
    const rulesets = await server.gql<{ rulesets: { id: string; zoneTypes: { type: string }[] }[] }>(
      '{ rulesets { id zoneTypes { type } } }',
    );
    const pokemon = rulesets.data!.rulesets.find((r) => r.id === 'pokemon')!;
    expect(pokemon.zoneTypes.map((t) => t.type)).toEqual(
      expect.arrayContaining([
        'deck',
        'hand',
        'prize_cards',
        'active_spot',
        'bench',
        'discard_pile',
        'lost_zone',
        'stadium',
      ]),
    );
    const game = await createGame(server, 'pokemon', [pokemonDeck('Ash'), pokemonDeck('Gary')]);
    const [ash, gary] = game.players;
    const ashView = (await fetchGame(server, game.gameId, ash!.token)).game;
    expect(names(zoneOf(ashView, 'prize_cards', ash!.id))).toEqual([null, null, null]);
    const garyView = (await fetchGame(server, game.gameId, gary!.token)).game;
    expect(names(zoneOf(garyView, 'prize_cards', ash!.id))).toEqual([null, null, null]);

    // Draw the top card (a Pokémon), put it on the Bench; a Trainer is refused there.
    const deck = zoneOf(ashView, 'deck', ash!.id);
    const drawn = await move(ash!.token, {
      gameId: game.gameId,
      select: { zoneId: deck.id, from: 'TOP', count: 3 },
      to: { type: 'hand', ownerId: ash!.id },
    });
    expect(drawn.errors).toBeUndefined();
    const hand = drawn.data!.moveObjects.objects;
    expect(hand.map((o) => o.card?.name)).toEqual(['Ash Pokemon 1', 'Ash Pokemon 2', 'Ash Pokemon 3']);
    const benched = await move(ash!.token, {
      gameId: game.gameId,
      objectIds: [hand[0]!.id],
      to: { type: 'bench', ownerId: ash!.id },
      faceUp: true,
    });
    expect(benched.errors).toBeUndefined();
    const trainer = await move(ash!.token, {
      gameId: game.gameId,
      select: { zoneId: deck.id, from: 'TOP', count: 1 },
      to: { type: 'hand', ownerId: ash!.id },
    });
    const refused = await move(ash!.token, {
      gameId: game.gameId,
      objectIds: [trainer.data!.moveObjects.objects[0]!.id],
      to: { type: 'bench', ownerId: ash!.id },
    });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_MOVE',
      reason: 'NOT_ADMITTED',
      rule: 'PTCG bench',
    });
    const after = (await fetchGame(server, game.gameId, gary!.token)).game;
    expect(names(zoneOf(after, 'bench', ash!.id))).toEqual(['Ash Pokemon 1']);
    expect(names(zoneOf(after, 'hand', ash!.id)).every((n) => n === null)).toBe(true);
  });
});

describe('Yu-Gi-Oh!, a ruleset of data alone', () => {
  it('is served, created and played; a player sees their own Extra Deck, the opponent does not', async () => {
    const game = await createGame(server, 'yugioh', [yugiohDeck('Yugi'), yugiohDeck('Kaiba')]);
    const [yugi, kaiba] = game.players;
    const yugiView = (await fetchGame(server, game.gameId, yugi!.token)).game;
    expect(names(zoneOf(yugiView, 'extra_deck', yugi!.id))).toEqual(['Yugi Fusion 1', 'Yugi Fusion 2']);
    expect(names(zoneOf(yugiView, 'main_deck', yugi!.id))).toEqual([null, null, null, null]);
    const kaibaView = (await fetchGame(server, game.gameId, kaiba!.token)).game;
    expect(names(zoneOf(kaibaView, 'extra_deck', yugi!.id))).toEqual([null, null]);
    expect(
      yugiView.zones.filter((z) => z.type === 'main_monster_zone' && z.owner?.id === yugi!.id),
    ).toHaveLength(5);

    // Draw, then summon to the second Main Monster Zone, face up: the opponent sees it.
    const drawn = await move(yugi!.token, {
      gameId: game.gameId,
      select: { zoneId: zoneOf(yugiView, 'main_deck', yugi!.id).id, from: 'TOP', count: 1 },
      to: { type: 'hand', ownerId: yugi!.id },
    });
    expect(drawn.errors).toBeUndefined();
    const monsterZone = yugiView.zones.filter(
      (z) => z.type === 'main_monster_zone' && z.owner?.id === yugi!.id,
    )[1]!;
    const summoned = await move(yugi!.token, {
      gameId: game.gameId,
      objectIds: [drawn.data!.moveObjects.objects[0]!.id],
      to: { zoneId: monsterZone.id },
      faceUp: true,
    });
    expect(summoned.errors).toBeUndefined();
    const seen = (await fetchGame(server, game.gameId, kaiba!.token)).game;
    expect(names(seen.zones.find((z) => z.id === monsterZone.id)!)).toEqual(['Yugi Monster 1']);
    // A Fusion Monster is not a Main Deck card (YGO extra_deck): a Normal Monster never enters the Extra Deck.
    const wrong = await move(yugi!.token, {
      gameId: game.gameId,
      objectIds: [summoned.data!.moveObjects.objects[0]!.id],
      to: { type: 'extra_deck', ownerId: yugi!.id },
    });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ reason: 'NOT_ADMITTED', rule: 'YGO extra_deck' });
  });
});

describe.skipIf(!chromiumPath)('the table page draws them with no code of their own', () => {
  let browser: Browser;
  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const [ruleset, decks, hidden, hiddenCards, shown] of [
    ['pokemon', [pokemonDeck('Ash'), pokemonDeck('Gary')], 'prize_cards', 'Seat0 Prize', null],
    [
      'yugioh',
      [yugiohDeck('Yugi'), yugiohDeck('Kaiba')],
      'main_deck',
      'Seat0 Monster',
      ['extra_deck', 'Seat0 Fusion 1'],
    ],
  ] as const) {
    it(`${ruleset}: the seat's zones, its own visible cards, none of those hidden from it`, async () => {
      const named = decks.map((d, seat) =>
        d.map((c) => ({ ...c, name: c.name.replace(/^\w+/, `Seat${seat}`) })),
      );
      const game = await createGame(server, ruleset, named);
      const { context, page, problems } = await openContext(browser, new URL(server.url).origin);
      try {
        await page.goto(
          await linkTo(new URL(server.url).origin, `/table/${game.gameId}`, game.players[0]!.token),
        );
        const mine = page.locator(`[data-seat="0"] [data-zone-type="${hidden}"]`);
        await expect.poll(() => mine.count(), { timeout: 20_000 }).toBeGreaterThan(0);
        expect(await mine.first().locator('[data-card-name]').count()).toBe(0);
        if (shown) {
          const zone = page.locator(`[data-seat="0"] [data-zone-type="${shown[0]}"]`);
          await expect.poll(() => zone.locator(`[data-card-name="${shown[1]}"]`).count()).toBe(1);
        }
        const html = await page.content();
        expect(html).not.toContain('Seat1');
        expect(html).not.toContain(hiddenCards);
        expect(problems.pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
