/**
 * Rule fidelity through the API: hosted objects never follow their host into hidden zones or into
 * another player's zones, createGame admits only what moves admit, FAB tokens on the combat chain,
 * a top-card reset in place, MTG 400.5 arrangement on the shared battlefield, MTG 405.3 APNAP, and
 * every citation from the game being played.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  CREATE,
  createGame,
  deck,
  loadGame,
  ok,
  refused,
  zoneOf,
  type CardIn,
  type GameT,
  type PayloadT,
  type ZoneT,
} from './helpers.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});

/** Every zone as the viewer sees it: count = top-level objects, each with a position; hidden zones hold no hosted object. */
function expectTrueCounts(game: GameT): void {
  for (const z of game.zones) {
    const objects = z.objects ?? [];
    const top = objects.filter((o) => o.position !== null);
    expect(top.length, `count of ${z.type}`).toBe(z.count);
    if (z.type !== 'battlefield' && z.type !== 'play' && z.type !== 'permanent')
      expect(objects.length, `objects in ${z.type}`).toBe(z.count);
  }
}

const objectIn = (z: ZoneT, name: string) => z.objects!.find((o) => o.card?.name === name)!;

function allRules(p: PayloadT): string[] {
  return p.events.flatMap((e) => e.rules);
}

type Created = Awaited<ReturnType<typeof createGame>>;

/** An MTG game of Ann and Bob: the game, Ann's token and both players' ids. */
async function annAndBob(annDeck: CardIn[], bobDeck: CardIn[]) {
  const g = await createGame(s, 'mtg', [
    { name: 'Ann', deck: annDeck },
    { name: 'Bob', deck: bobDeck },
  ]);
  return { g, ann: g.seats[0]!.token, annId: g.seats[0]!.player.id, bobId: g.seats[1]!.player.id };
}

describe('MTG: attached objects and their host', () => {
  let g: Created, ann: string, annId: string, bobId: string;

  beforeAll(async () => {
    ({ g, ann, annId, bobId } = await annAndBob(
      [
        ...deck('Forest', 6, ['Land']),
        { name: 'Bear', types: ['Creature'], zone: 'battlefield' },
        { name: 'Wolf', types: ['Creature'], zone: 'battlefield' },
      ],
      [
        ...deck('Island', 6, ['Land']),
        { name: 'Pacifism', types: ['Enchantment'], subtypes: ['Aura'], zone: 'hand' },
        { name: 'Sword', types: ['Artifact'], subtypes: ['Equipment'], zone: 'hand' },
        { name: 'Claws', types: ['Enchantment'], subtypes: ['Aura'], zone: 'hand' },
      ],
    ));
  });

  async function attachBobs(names: string[], hostName: string): Promise<PayloadT> {
    const view = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
    const hand = zoneOf(view, 'hand', bobId);
    const host = objectIn(zoneOf(view, 'battlefield', null), hostName);
    return ok(
      s,
      'attachObjects',
      'AttachObjectsInput',
      { gameId: g.game.id, objectIds: names.map((n) => objectIn(hand, n).id), hostId: host.id },
      TEST_ADMIN_TOKEN,
    );
  }

  it("MTG 400.3 a creature returned to its owner's hand does not take another player's Aura along", async () => {
    const attached = await attachBobs(['Pacifism'], 'Bear');
    // MTG 303.4, never a Flesh and Blood rule, in a Magic game.
    expect(allRules(attached)).toContain('MTG 303.4');
    expect(allRules(attached).every((r) => r.startsWith('MTG '))).toBe(true);
    const view = await loadGame(s, g.game.id, ann);
    const bear = objectIn(zoneOf(view, 'battlefield', null), 'Bear');
    const moved = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [bear.id], to: { type: 'hand', ownerId: annId } },
      ann,
    );
    expect(allRules(moved)).toEqual(expect.arrayContaining(['MTG 400.7', 'MTG 704.5m']));
    const after = await loadGame(s, g.game.id, ann);
    const hand = zoneOf(after, 'hand', annId);
    expect(hand.count).toBe(1);
    expect(hand.objects).toHaveLength(1);
    // The Aura went to its owner's graveyard (MTG 704.5m).
    expect(zoneOf(after, 'graveyard', bobId).objects!.map((o) => o.card?.name)).toEqual(['Pacifism']);
    expectTrueCounts(after);
  });

  it('MTG 401.3 a creature shuffled into a library leaves its Equipment and Aura behind: counts stay true', async () => {
    await attachBobs(['Sword', 'Claws'], 'Wolf');
    const view = await loadGame(s, g.game.id, ann);
    const wolf = objectIn(zoneOf(view, 'battlefield', null), 'Wolf');
    const library = zoneOf(view, 'library', annId);
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [wolf.id], to: { zoneId: library.id }, position: 'BOTTOM' },
      ann,
    );
    await ok(s, 'shuffleZone', 'ShuffleZoneInput', { gameId: g.game.id, zoneId: library.id }, ann);
    const after = await loadGame(s, g.game.id, ann);
    const lib = zoneOf(after, 'library', annId);
    expect(lib.count).toBe(library.count + 1);
    expect(lib.objects).toHaveLength(library.count + 1);
    expect(lib.objects!.every((o) => o.position !== null)).toBe(true);
    // Equipment stays on the battlefield unattached (MTG 400.7); the Aura goes to the graveyard.
    const sword = objectIn(zoneOf(after, 'battlefield', null), 'Sword');
    expect(sword.position).not.toBeNull();
    expect(zoneOf(after, 'graveyard', bobId).objects!.map((o) => o.card?.name)).toContain('Claws');
    expectTrueCounts(after);
  });
});

describe('Netrunner: hosted cards when the host leaves play', () => {
  it('NR rule_hosted_object_location ICE put into R&D: its hosted program goes to the Heap; R&D counts stay true', async () => {
    const g = await createGame(s, 'netrunner', [
      {
        name: 'Corp',
        deck: [...deck('Hedge Fund', 9, ['Operation']), { name: 'Ice Wall', types: ['ICE'], zone: 'play' }],
      },
      {
        name: 'Runner',
        deck: [...deck('Sure Gamble', 5, ['Event']), { name: 'Parasite', types: ['Program'], zone: 'play' }],
      },
    ]);
    const [corp, runner] = g.seats;
    const view = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
    const play = zoneOf(view, 'play', null);
    await ok(
      s,
      'attachObjects',
      'AttachObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [objectIn(play, 'Parasite').id],
        hostId: objectIn(play, 'Ice Wall').id,
      },
      TEST_ADMIN_TOKEN,
    );
    const rnd = zoneOf(view, 'deck', corp!.player.id);
    const moved = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [objectIn(play, 'Ice Wall').id], to: { zoneId: rnd.id } },
      TEST_ADMIN_TOKEN,
    );
    expect(allRules(moved)).toContain('NR rule_hosted_object_location');
    expect(allRules(moved).every((r) => r.startsWith('NR ') || r === 'input')).toBe(true);
    const after = await loadGame(s, g.game.id, corp!.token);
    const deckNow = zoneOf(after, 'deck', corp!.player.id);
    expect(deckNow.count).toBe(10);
    expect(deckNow.objects).toHaveLength(10);
    expect(deckNow.objects!.every((o) => o.position !== null)).toBe(true);
    expect(zoneOf(after, 'discard', runner!.player.id).objects!.map((o) => o.card?.name)).toEqual([
      'Parasite',
    ]);
    expectTrueCounts(after);
  });
});

describe('createGame admits only what moves admit', () => {
  const fabHero: CardIn = { name: 'Dorinthea', types: ['Hero'], zone: 'hero' };
  const cases: { title: string; ruleset: string; deck: CardIn[]; reason: string; rule: string }[] = [
    {
      title: 'MTG 400.4a an instant on the battlefield',
      ruleset: 'mtg',
      deck: [{ name: 'Shock', types: ['Instant'], zone: 'battlefield' }],
      reason: 'NOT_ADMITTED',
      rule: 'MTG 400.4a',
    },
    {
      title: 'FAB sec:hero_zone a non-hero card in the hero zone',
      ruleset: 'fab',
      deck: [{ name: 'Brute', types: ['Action'], zone: 'hero' }],
      reason: 'NOT_ADMITTED',
      rule: 'FAB sec:hero_zone',
    },
    {
      title: 'FAB sec:head_zone legs equipment in the head zone',
      ruleset: 'fab',
      deck: [fabHero, { name: 'Greaves', types: ['Equipment'], subtypes: ['Legs'], zone: 'head' }],
      reason: 'NOT_ADMITTED',
      rule: 'FAB sec:head_zone',
    },
    {
      title: 'FAB rule:2h_subtype a 2H weapon beside a second weapon',
      ruleset: 'fab',
      deck: [
        fabHero,
        { name: 'Dawnblade', types: ['Weapon'], subtypes: ['Sword'], zone: 'weapon', zoneIndex: 1 },
        { name: 'Anothos', types: ['Weapon'], subtypes: ['Hammer', '2H'], zone: 'weapon', zoneIndex: 0 },
      ],
      reason: 'ZONE_FULL',
      rule: 'FAB rule:2h_subtype',
    },
    {
      title: 'FAB sec:deck_zone a hero card in the deck',
      ruleset: 'fab',
      deck: [fabHero, { name: 'Rhinar', types: ['Hero'] }],
      reason: 'NOT_ADMITTED',
      rule: 'FAB sec:deck_zone',
    },
    {
      title: 'FAB sec:arsenal_zone two cards in one arsenal',
      ruleset: 'fab',
      deck: [
        { name: 'A', types: ['Action'], zone: 'arsenal', faceUp: false },
        { name: 'B', types: ['Action'], zone: 'arsenal', faceUp: false },
      ],
      reason: 'ZONE_FULL',
      rule: 'FAB sec:arsenal_zone',
    },
  ];

  for (const c of cases)
    it(`refuses ${c.title} with the reason and rule a move gives`, async () => {
      const other = c.ruleset === 'fab' ? [fabHero] : deck('Island', 2, ['Land']);
      const res = await s.gql(CREATE, {
        input: {
          ruleset: c.ruleset,
          players: [
            { name: 'Ann', deck: c.deck },
            { name: 'Bob', deck: other },
          ],
        },
      });
      expect(res.data).toBeNull();
      const err = res.errors?.[0];
      expect(err?.extensions?.code, JSON.stringify(res.errors)).toBe('BAD_USER_INPUT');
      expect(err?.extensions?.['reason']).toBe(c.reason);
      expect(err?.extensions?.['rule']).toBe(c.rule);
      expect(String(err?.extensions?.['field'])).toMatch(/^players\.0\.deck\.\d+\.zone$/);
      expect(err?.message).not.toMatch(/Shock|Brute|Greaves|Anothos|Rhinar|Dawnblade/);
    });

  it('the same card moved there in a game is refused for the same rule', async () => {
    const g = await createGame(s, 'fab', [
      { name: 'Ann', deck: [fabHero, { name: 'Brute', types: ['Action'], zone: 'hand' }] },
      { name: 'Bob', deck: [fabHero] },
    ]);
    const view = await loadGame(s, g.game.id, g.seats[0]!.token);
    const brute = zoneOf(view, 'hand', g.seats[0]!.player.id).objects![0]!;
    const err = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [brute.id], to: { type: 'hero', ownerId: g.seats[0]!.player.id } },
      g.seats[0]!.token,
      'INVALID_MOVE',
      'FAB sec:hero_zone',
    );
    expect(err.extensions?.['reason']).toBe('MOVE_FAILED');
  });
});

describe('FAB tokens and top-cards', () => {
  let g: Awaited<ReturnType<typeof createGame>>;
  let ann: string;
  let annId: string;

  beforeAll(async () => {
    g = await createGame(s, 'fab', [
      {
        name: 'Ann',
        deck: [
          { name: 'Uzuri', types: ['Hero'], zone: 'hero' },
          ...deck('Strike', 5, ['Action', 'Attack']),
          { name: 'Soulbead', types: ['Action'], zone: 'hand' },
        ],
      },
      { name: 'Bob', deck: [{ name: 'Rhinar', types: ['Hero'], zone: 'hero' }] },
    ]);
    ann = g.seats[0]!.token;
    annId = g.seats[0]!.player.id;
  });

  it('FAB sec:combat_chain_zone a token attacking card goes to the combat chain (Uzuri example)', async () => {
    const made = await ok(
      s,
      'createToken',
      'CreateTokenInput',
      {
        gameId: g.game.id,
        token: { name: 'Spectral Blade', types: ['Token', 'Attack'] },
        to: { type: 'arena' },
      },
      ann,
    );
    const token = made.objects[0]!;
    const chain = zoneOf(await loadGame(s, g.game.id, ann), 'combatChain', null);
    const attacked = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [token.id], to: { zoneId: chain.id } },
      ann,
    );
    expect(attacked.objects[0]!.zone.type).toBe('combatChain');
    // Uzuri: put on the bottom of its owner's deck, a token ceases to exist first.
    const gone = await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [attacked.objects[0]!.id],
        to: { type: 'deck', ownerId: annId },
        position: 'BOTTOM',
      },
      ann,
    );
    expect(allRules(gone)).toContain('FAB rule:clear_definition');
    expect(zoneOf(await loadGame(s, g.game.id, ann), 'combatChain', null).count).toBe(0);
  });

  it('FAB rule:become_new_object a top-card turned face down loses its sub-cards and records history', async () => {
    const made = await ok(
      s,
      'createToken',
      'CreateTokenInput',
      {
        gameId: g.game.id,
        token: { name: 'Aura of Light', types: ['Token', 'Aura'] },
        to: { type: 'arena' },
      },
      ann,
    );
    const view = await loadGame(s, g.game.id, ann);
    const sub = objectIn(zoneOf(view, 'hand', annId), 'Soulbead');
    await ok(
      s,
      'attachObjects',
      'AttachObjectsInput',
      { gameId: g.game.id, objectIds: [sub.id], hostId: made.objects[0]!.id },
      ann,
    );
    const turned = await ok(
      s,
      'turnFace',
      'TurnFaceInput',
      { gameId: g.game.id, objectIds: [made.objects[0]!.id], faceUp: false },
      ann,
    );
    expect(allRules(turned)).toEqual(
      expect.arrayContaining(['FAB rule:become_new_object', 'FAB rule:under_definition']),
    );
    const res = await s.gql<{
      game: {
        zones: {
          type: string;
          objects: {
            kind: string;
            attached: unknown[];
            history: { reason: string; toZoneType: string }[] | null;
            card: { name: string } | null;
          }[];
        }[];
      };
    }>(
      `query($id: ID!) { game(id: $id) { zones { type objects { kind attached { id } history { reason toZoneType } card { name } } } } }`,
      { id: g.game.id },
      ann,
    );
    const zones = res.data!.game.zones;
    const host = zones.find((z) => z.type === 'permanent')!.objects.find((o) => o.kind === 'TOKEN')!;
    expect(host.attached).toEqual([]);
    expect(host.history?.map((h) => h.reason)).toContain('FAB rule:become_new_object');
    const graveyard = zones.find(
      (z) => z.type === 'graveyard' && z.objects.some((o) => o.card?.name === 'Soulbead'),
    );
    expect(graveyard).toBeDefined();
  });
});

describe('MTG 400.5 and 405.3 on the shared battlefield and stack', () => {
  let g: Created, ann: string, annId: string, bobId: string;

  beforeAll(async () => {
    ({ g, ann, annId, bobId } = await annAndBob(
      [
        { name: 'Elf', types: ['Creature'], zone: 'battlefield' },
        { name: 'Ogre', types: ['Creature'], zone: 'battlefield' },
        { name: 'Bolt', types: ['Instant'], zone: 'hand' },
      ],
      [
        { name: 'Wall', types: ['Creature'], zone: 'battlefield' },
        { name: 'Shock', types: ['Instant'], zone: 'hand' },
      ],
    ));
  });

  it("MTG 400.5 a player arranges their own permanents, whoever else's are on the battlefield", async () => {
    const view = await loadGame(s, g.game.id, ann);
    const field = zoneOf(view, 'battlefield', null);
    const names = () => field.objects!.map((o) => o.card?.name);
    expect(names()).toEqual(['Elf', 'Ogre', 'Wall']);
    // Bob moves Wall to the top: Ann's permanents are no longer a top segment.
    const wall = objectIn(field, 'Wall');
    const elf = objectIn(field, 'Elf');
    const ogre = objectIn(field, 'Ogre');
    await ok(
      s,
      'reorderZone',
      'ReorderZoneInput',
      { gameId: g.game.id, zoneId: field.id, order: [wall.id, elf.id, ogre.id], by: 'EFFECT' },
      TEST_ADMIN_TOKEN,
    );
    const done = await ok(
      s,
      'reorderZone',
      'ReorderZoneInput',
      { gameId: g.game.id, zoneId: field.id, order: [ogre.id, elf.id], by: 'RULE' },
      ann,
    );
    expect(done.events[0]!.rules).toEqual(['MTG 400.5']);
    const after = zoneOf(await loadGame(s, g.game.id, ann), 'battlefield', null);
    expect(after.objects!.map((o) => o.card?.name)).toEqual(['Wall', 'Ogre', 'Elf']);
    // Another player's permanent is not Ann's to arrange.
    await refused(
      s,
      'reorderZone',
      'ReorderZoneInput',
      {
        gameId: g.game.id,
        zoneId: field.id,
        order: [objectIn(after, 'Elf').id, objectIn(after, 'Wall').id],
        by: 'RULE',
      },
      ann,
      'INVALID_MOVE',
      'MTG 400.5',
    );
  });

  it('MTG 405.3 spells put on the stack at once: the active player lowest, then APNAP', async () => {
    const view = await loadGame(s, g.game.id, TEST_ADMIN_TOKEN);
    const bolt = objectIn(zoneOf(view, 'hand', annId), 'Bolt');
    const shock = objectIn(zoneOf(view, 'hand', bobId), 'Shock');
    const stack = zoneOf(view, 'stack', null);
    const wrong = await refused(
      s,
      'moveObjects',
      'MoveObjectsInput',
      {
        gameId: g.game.id,
        objectIds: [bolt.id, shock.id],
        to: { zoneId: stack.id },
        order: [shock.id, bolt.id],
        activePlayerId: bobId,
      },
      TEST_ADMIN_TOKEN,
      'INVALID_MOVE',
      'MTG 405.3',
    );
    expect(wrong.extensions?.['reason']).toBe('BAD_ORDER');
    await ok(
      s,
      'moveObjects',
      'MoveObjectsInput',
      { gameId: g.game.id, objectIds: [shock.id, bolt.id], to: { zoneId: stack.id }, activePlayerId: bobId },
      TEST_ADMIN_TOKEN,
    );
    const after = zoneOf(await loadGame(s, g.game.id, ann), 'stack', null);
    // Bob is active: his Shock goes lowest, Ann's Bolt on top.
    expect(after.objects!.map((o) => o.card?.name)).toEqual(['Bolt', 'Shock']);
  });
});
