/**
 * The whole table through the API (issue 28): statuses, counters on objects, players and zones,
 * turns, concessions and results, for every built-in ruleset where its file declares them; what a
 * zone change does to them (MTG 400.7/122.2, FAB rule:become_new_object, a Pokémon's retreat,
 * Netrunner counters going back to the bank); the typed refusals; MTG 400.3 owners' zones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyGame, type Transcript } from '../../client/verify.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { createGame, deck, ok, refused, type CardIn, type Created } from './helpers.js';
import { CASES, cardsFor, heroCard, pieceName } from './table-cases.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});

const TABLE_QUERY = `query T($id: ID!) { game(id: $id) {
  status version result { winners { id } draw reason }
  turn { number phase activePlayer { id } }
  players { id seat conceded counters { kind amount } }
  zones { id type owner { id } counters { kind amount }
    objects { id card { name } statuses { name value } counters { kind amount } } } } }`;

interface Counter {
  kind: string;
  amount: number;
}
interface TObj {
  id: string;
  card: { name: string } | null;
  statuses: { name: string; value: string }[];
  counters: Counter[];
}
interface TZone {
  id: string;
  type: string;
  owner: { id: string } | null;
  counters: Counter[];
  objects: TObj[];
}
interface TGame {
  status: string;
  version: number;
  result: { winners: { id: string }[]; draw: boolean; reason: string } | null;
  turn: { number: number; phase: string | null; activePlayer: { id: string } | null } | null;
  players: { id: string; seat: number; conceded: boolean; counters: Counter[] }[];
  zones: TZone[];
}

async function table(id: string, token: string): Promise<TGame> {
  const res = await s.gql<{ game: TGame }>(TABLE_QUERY, { id }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.game;
}

const zone = (g: TGame, type: string, ownerId: string | null) =>
  g.zones.find((z) => z.type === type && (z.owner?.id ?? null) === ownerId)!;
const named = (g: TGame, name: string) =>
  g.zones.flatMap((z) => z.objects).find((o) => o.card?.name === name)!;
const amount = (list: Counter[], kind: string) => list.find((c) => c.kind === kind)?.amount;
const playerCounter = (g: TGame, id: string, kind: string) =>
  amount(g.players.find((p) => p.id === id)!.counters, kind);

const SET_STATUS = ['setStatus', 'SetStatusInput'] as const;
const COUNTERS = ['changeCounters', 'ChangeCountersInput'] as const;
const MOVE_COUNTERS = ['moveCounters', 'MoveCountersInput'] as const;
const ADVANCE = ['advanceTurn', 'AdvanceTurnInput'] as const;
const PHASE = ['setPhase', 'SetPhaseInput'] as const;
const CONCEDE = ['concede', 'ConcedeInput'] as const;
const END = ['endGameWithResult', 'EndGameInput'] as const;
const MOVE = ['moveObjects', 'MoveObjectsInput'] as const;

/** A two-seat game with each seat's cards in the given zone; the seats' tokens and ids. */
async function twoSeats(
  ruleset: string,
  cards: (seat: number) => CardIn[],
  extra: Record<string, unknown> = {},
) {
  const g: Created = await createGame(
    s,
    ruleset,
    [
      { name: 'Ann', deck: cards(0) },
      { name: 'Bob', deck: cards(1) },
    ],
    extra,
  );
  const [a, b] = g.seats;
  return { g, id: g.game.id, ann: a!.token, annId: a!.player.id, bob: b!.token, bobId: b!.player.id };
}

describe.each(CASES)('$ruleset: a seat plays the table its file declares', (c) => {
  let t: Awaited<ReturnType<typeof twoSeats>>;
  const piece = (seat: number) => pieceName(c, seat);

  beforeAll(async () => {
    t = await twoSeats(c.ruleset, (seat) => cardsFor(c, seat));
  });

  it('sets and clears a status, or answers NO_STATUSES where the file declares none', async () => {
    const before = await table(t.id, t.ann);
    const mine = named(before, piece(0));
    if (!c.status) {
      await refused(
        s,
        ...SET_STATUS,
        { gameId: t.id, objectIds: [mine.id], name: 'tapped', value: 'tapped' },
        t.ann,
        'INVALID_MOVE',
      );
      return;
    }
    const p = await ok(s, ...SET_STATUS, { gameId: t.id, objectIds: [mine.id], ...c.status }, t.ann);
    expect(p.events.map((e) => e.kind)).toEqual(['STATUS_CHANGED']);
    let now = await table(t.id, t.bob);
    expect(named(now, piece(0)).statuses).toEqual([c.status]);
    const spec = await s.gql<{ rulesets: { id: string; statuses: { name: string; default: string }[] }[] }>(
      '{ rulesets { id statuses { name default } } }',
    );
    const def = spec
      .data!.rulesets.find((r) => r.id === c.ruleset)!
      .statuses.find((x) => x.name === c.status!.name)!;
    await ok(
      s,
      ...SET_STATUS,
      { gameId: t.id, objectIds: [mine.id], name: c.status.name, value: def.default },
      t.ann,
    );
    now = await table(t.id, t.bob);
    expect(named(now, piece(0)).statuses).toEqual([]);
  });

  it('adds and removes counters on its object, and refuses going below the bound', async () => {
    const mine = named(await table(t.id, t.ann), piece(0));
    const holder = { objectId: mine.id };
    await ok(s, ...COUNTERS, { gameId: t.id, holder, kind: c.objectCounter, op: 'ADD', amount: 3 }, t.ann);
    await ok(s, ...COUNTERS, { gameId: t.id, holder, kind: c.objectCounter, op: 'REMOVE', amount: 1 }, t.ann);
    const seen = named(await table(t.id, t.bob), piece(0));
    expect(seen.counters).toEqual([{ kind: c.objectCounter, amount: 2 }]);
    const version = (await table(t.id, t.ann)).version;
    const err = await refused(
      s,
      ...COUNTERS,
      { gameId: t.id, holder, kind: c.objectCounter, op: 'REMOVE', amount: 3 },
      t.ann,
      'INVALID_MOVE',
    );
    expect(err.extensions?.['reason']).toBe('COUNTER_OUT_OF_RANGE');
    expect((await table(t.id, t.ann)).version).toBe(version);
  });

  it('changes one of its player counters where the file has them', async () => {
    if (!c.playerCounter) {
      await refused(
        s,
        ...COUNTERS,
        { gameId: t.id, holder: { playerId: t.annId }, kind: 'life', op: 'ADD', amount: 1 },
        t.ann,
        'INVALID_MOVE',
      );
      return;
    }
    const before = playerCounter(await table(t.id, t.ann), t.annId, c.playerCounter) ?? 0;
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { playerId: t.annId }, kind: c.playerCounter, op: 'ADD', amount: 2 },
      t.ann,
    );
    expect(playerCounter(await table(t.id, t.bob), t.annId, c.playerCounter)).toBe(before + 2);
  });

  it('advances the turn as the active player; the inactive player is refused', async () => {
    const before = await table(t.id, t.ann);
    expect(before.turn?.activePlayer?.id).toBe(t.annId);
    await refused(s, ...ADVANCE, { gameId: t.id }, t.bob, 'FORBIDDEN');
    const p = await ok(s, ...ADVANCE, { gameId: t.id, expectedVersion: before.version }, t.ann);
    expect(p.events.map((e) => e.kind)).toEqual(['TURN_CHANGED']);
    const after = await table(t.id, t.ann);
    expect(after.turn).toMatchObject({ number: before.turn!.number + 1, activePlayer: { id: t.bobId } });
    const phases = await s.gql<{
      rulesets: {
        id: string;
        turn: { phases: string[]; phasesBySide: { side: string; phases: string[] }[] };
      }[];
    }>('{ rulesets { id turn { phases phasesBySide { side phases } } } }');
    const turn = phases.data!.rulesets.find((r) => r.id === c.ruleset)!.turn;
    const bobPhases = turn.phases.length > 0 ? turn.phases : turn.phasesBySide[1]!.phases;
    expect(after.turn!.phase).toBe(bobPhases[0]);
    await refused(s, ...PHASE, { gameId: t.id, phase: bobPhases.at(-1) }, t.ann, 'FORBIDDEN');
    await ok(s, ...PHASE, { gameId: t.id, phase: bobPhases.at(-1) }, t.bob);
    expect((await table(t.id, t.ann)).turn!.phase).toBe(bobPhases.at(-1));
  });

  it('concedes: the last seat left wins and the game ends', async () => {
    const p = await ok(s, ...CONCEDE, { gameId: t.id }, t.bob);
    expect(p.events.map((e) => e.kind)).toEqual(['PLAYER_CONCEDED', 'GAME_ENDED']);
    const g = await table(t.id, t.ann);
    expect(g.status).toBe('ENDED');
    expect(g.players.find((x) => x.id === t.bobId)!.conceded).toBe(true);
    expect(g.result).toMatchObject({ winners: [{ id: t.annId }], draw: false });
  });
});

describe('MTG: zone changes, bad input, results and MTG 400.3', () => {
  let t: Awaited<ReturnType<typeof twoSeats>>;

  beforeAll(async () => {
    t = await twoSeats('mtg', (seat) => [
      { name: `Bear ${seat}`, types: ['Creature'], zone: 'battlefield' },
      { name: `Hidden ${seat}`, types: ['Creature'], zone: 'hand' },
      ...deck(`Lib ${seat}`, 3),
    ]);
  });

  it('a tapped permanent with counters, to the graveyard and back, is a new untapped object without counters (MTG 400.7, 122.2)', async () => {
    const bear = named(await table(t.id, t.ann), 'Bear 0');
    await ok(
      s,
      ...SET_STATUS,
      { gameId: t.id, objectIds: [bear.id], name: 'tapped', value: 'tapped' },
      t.ann,
    );
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: bear.id }, kind: '+1/+1', op: 'ADD', amount: 2 },
      t.ann,
    );
    const g = await table(t.id, t.ann);
    const gy = zone(g, 'graveyard', t.annId);
    const bf = zone(g, 'battlefield', null);
    const toGy = await ok(s, ...MOVE, { gameId: t.id, objectIds: [bear.id], to: { zoneId: gy.id } }, t.ann);
    const dead = toGy.objects[0]!;
    await ok(s, ...MOVE, { gameId: t.id, objectIds: [dead.id], to: { zoneId: bf.id } }, t.ann);
    const back = named(await table(t.id, t.ann), 'Bear 0');
    expect(back.id).not.toBe(bear.id);
    expect(back.statuses).toEqual([]);
    expect(back.counters).toEqual([]);
  });

  it('refuses bad input with typed codes and changes nothing', async () => {
    const bear = named(await table(t.id, t.ann), 'Bear 0');
    const hand = named(await table(t.id, t.ann), 'Hidden 0');
    const version = (await table(t.id, t.ann)).version;
    const reason = async (m: readonly [string, string], input: Record<string, unknown>, expected: string) => {
      const err = await refused(s, ...m, { gameId: t.id, ...input }, t.ann, 'INVALID_MOVE');
      expect(err.extensions?.['reason'], JSON.stringify(input)).toBe(expected);
    };
    await reason(SET_STATUS, { objectIds: [bear.id], name: 'tapped', value: 'sideways' }, 'UNKNOWN_STATUS');
    await reason(SET_STATUS, { objectIds: [bear.id], name: 'bent', value: 'bent' }, 'UNKNOWN_STATUS');
    await reason(SET_STATUS, { objectIds: [hand.id], name: 'tapped', value: 'tapped' }, 'STATUS_NOT_IN_ZONE');
    await reason(
      COUNTERS,
      { holder: { objectId: bear.id }, kind: 'bad kind!', op: 'ADD', amount: 1 },
      'BAD_KIND_NAME',
    );
    await reason(
      COUNTERS,
      { holder: { objectId: bear.id }, kind: 'x'.repeat(33), op: 'ADD', amount: 1 },
      'BAD_KIND_NAME',
    );
    await reason(
      COUNTERS,
      { holder: { playerId: t.annId }, kind: 'life', op: 'ADD', amount: 2147483647 },
      'COUNTER_OUT_OF_RANGE',
    );
    await reason(
      COUNTERS,
      { holder: { playerId: t.annId }, kind: 'poison', op: 'SET', amount: -1 },
      'COUNTER_OUT_OF_RANGE',
    );
    await reason(
      COUNTERS,
      { holder: { playerId: t.annId }, kind: 'mana', op: 'ADD', amount: 1 },
      'UNKNOWN_COUNTER_KIND',
    );
    // Beyond 32 bits GraphQL's Int refuses the request before it reaches the service.
    const big = await s.gql(
      `mutation { changeCounters(input: { gameId: "${t.id}", holder: { playerId: "${t.annId}" }, kind: "life", op: SET, amount: 2147483648 }) { version } }`,
      {},
      t.ann,
    );
    expect(big.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    for (let i = 0; i < 32; i++)
      await ok(
        s,
        ...COUNTERS,
        { gameId: t.id, holder: { objectId: bear.id }, kind: `k${i}`, op: 'ADD', amount: 1 },
        t.ann,
      );
    await reason(
      COUNTERS,
      { holder: { objectId: bear.id }, kind: 'k32', op: 'ADD', amount: 1 },
      'TOO_MANY_COUNTER_KINDS',
    );
    const after = await table(t.id, t.ann);
    expect(after.version).toBe(version + 32);
    expect(named(after, 'Bear 0').counters).toHaveLength(32);
  });

  it('refuses counter kinds every object already has (constructor, __proto__, ...): nothing inherited is read or committed (issue 37)', async () => {
    const bear = named(await table(t.id, t.bob), 'Bear 1');
    const before = await table(t.id, t.bob);
    for (const kind of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])
      for (const op of ['ADD', 'SET'])
        for (const holder of [{ objectId: bear.id }, { playerId: t.bobId }]) {
          const err = await refused(
            s,
            ...COUNTERS,
            { gameId: t.id, holder, kind, op, amount: 5 },
            t.bob,
            'INVALID_MOVE',
          );
          expect(err.extensions?.['reason'], `${op} ${kind}`).toBe('BAD_KIND_NAME');
          expect(err.message).not.toContain('native code');
        }
    expect(await table(t.id, t.bob)).toEqual(before);
  });

  it('counters on a card in a secret zone are seen only with its face (its id re-minted)', async () => {
    const hidden = named(await table(t.id, t.ann), 'Hidden 0');
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: hidden.id }, kind: 'charge', op: 'ADD', amount: 1 },
      t.ann,
    );
    // Not every viewer saw the change: the card has a new id (nobody follows it by its counters).
    const now = named(await table(t.id, t.ann), 'Hidden 0');
    expect(now.counters).toEqual([{ kind: 'charge', amount: 1 }]);
    for (const token of [t.bob, t.g.spectatorToken]) {
      const seen = (await table(t.id, token)).zones.flatMap((z) => z.objects).find((o) => o.id === now.id)!;
      expect(seen.card).toBeNull();
      expect(seen.counters).toEqual([]);
    }
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: now.id }, kind: 'charge', op: 'SET', amount: 0 },
      t.ann,
    );
  });

  it('at one version every viewer class sees its own counters of a hidden card, whoever viewed it first', async () => {
    const hidden = named(await table(t.id, t.ann), 'Hidden 0');
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: hidden.id }, kind: 'charge', op: 'ADD', amount: 2 },
      t.ann,
    );
    const id = named(await table(t.id, TEST_ADMIN_TOKEN), 'Hidden 0').id;
    const countersSeen = async (token: string) => {
      const g = await table(t.id, token);
      return {
        version: g.version,
        counters: g.zones.flatMap((z) => z.objects).find((o) => o.id === id)!.counters,
      };
    };
    // The lists the service keeps per counters record must not carry one viewer's view to another:
    // those who may not see the face come first, then the owner and the admin, then the others again.
    const order = [t.bob, t.g.spectatorToken, t.ann, TEST_ADMIN_TOKEN, t.bob, t.g.spectatorToken, t.ann];
    const seen = [];
    for (const token of order) seen.push(await countersSeen(token));
    expect(new Set(seen.map((v) => v.version)).size).toBe(1);
    const withFace = [{ kind: 'charge', amount: 2 }];
    expect(seen.map((v) => v.counters)).toEqual([[], [], withFace, withFace, [], [], withFace]);
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: id }, kind: 'charge', op: 'SET', amount: 0 },
      t.ann,
    );
  });

  it("a seat may not touch an opponent's hidden card, nor end the game", async () => {
    const bobs = named(await table(t.id, TEST_ADMIN_TOKEN), 'Hidden 1');
    await refused(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: bobs.id }, kind: '+1/+1', op: 'ADD', amount: 1 },
      t.ann,
      'FORBIDDEN',
    );
    await refused(s, ...END, { gameId: t.id, winnerIds: [t.annId], reason: 'x' }, t.ann, 'FORBIDDEN');
  });

  it("MTG 400.3: a card sent to another player's hand, library or graveyard goes to its owner's", async () => {
    for (const type of ['hand', 'library', 'graveyard']) {
      const g = await table(t.id, t.ann);
      const card = named(g, 'Bear 0') ?? named(g, 'Hidden 0');
      const p = await ok(
        s,
        ...MOVE,
        { gameId: t.id, objectIds: [card.id], to: { type, ownerId: t.bobId } },
        t.ann,
      );
      const landed = await table(t.id, TEST_ADMIN_TOKEN);
      const zoneId = landed.zones.find((z) => z.objects.some((o) => o.id === p.objects[0]!.id))!;
      expect(zoneId.type).toBe(type);
      expect(zoneId.owner?.id, type).toBe(t.annId);
      await ok(
        s,
        ...MOVE,
        { gameId: t.id, objectIds: [p.objects[0]!.id], to: { zoneId: zone(landed, 'battlefield', null).id } },
        TEST_ADMIN_TOKEN,
      );
    }
  });

  it('Commander life at creation; a judge on behalf and the referee act; a result ends the game', async () => {
    const c = await twoSeats('mtg', () => deck('C', 2), {});
    const commander = await createGame(
      s,
      'mtg',
      [
        { name: 'A', deck: deck('A', 1), counters: [{ kind: 'life', amount: 40 }] } as never,
        { name: 'B', deck: deck('B', 1) },
      ],
      { firstSeat: 1 },
    );
    const cg = await table(commander.game.id, commander.seats[0]!.token);
    expect(playerCounter(cg, commander.seats[0]!.player.id, 'life')).toBe(40);
    expect(playerCounter(cg, commander.seats[1]!.player.id, 'life')).toBe(20);
    expect(cg.turn).toMatchObject({
      number: 1,
      phase: 'untap',
      activePlayer: { id: commander.seats[1]!.player.id },
    });
    await ok(
      s,
      ...ADVANCE,
      { gameId: c.id, onBehalfOf: c.annId, idempotencyKey: 'judge-1' },
      TEST_ADMIN_TOKEN,
    );
    await ok(
      s,
      ...ADVANCE,
      { gameId: c.id, onBehalfOf: c.annId, idempotencyKey: 'judge-1' },
      TEST_ADMIN_TOKEN,
    );
    expect((await table(c.id, c.ann)).turn!.number).toBe(2);
    await ok(
      s,
      ...END,
      { gameId: c.id, winnerIds: [], draw: true, reason: 'Intentional draw (MTG 104.4a)' },
      c.g.refereeToken,
    );
    const ended = await table(c.id, c.ann);
    expect(ended).toMatchObject({ status: 'ENDED', result: { winners: [], draw: true } });
    await refused(s, ...ADVANCE, { gameId: c.id }, c.bob, 'GAME_NOT_ACTIVE');
  });

  it('a seat naming another seat in concede is refused FORBIDDEN by the seat policy; nobody concedes (issue 37)', async () => {
    const g = await twoSeats('mtg', (seat) => deck(`C${seat}`, 1));
    const before = await table(g.id, g.ann);
    const err = await refused(s, ...CONCEDE, { gameId: g.id, playerId: g.bobId }, g.ann, 'FORBIDDEN');
    expect(err.message).toContain('A seat concedes only for itself.');
    expect(await table(g.id, g.ann)).toEqual(before);
    // Naming itself is conceding.
    await ok(s, ...CONCEDE, { gameId: g.id, playerId: g.annId }, g.ann);
    expect((await table(g.id, g.bob)).result).toMatchObject({ winners: [{ id: g.bobId }], draw: false });
  });

  it('a one-player game ends when its only seat concedes: a result, the seed revealed, a transcript (issue 37)', async () => {
    const g = await createGame(s, 'mtg', [{ name: 'Solo', deck: deck('Solo', 3) }]);
    const solo = g.seats[0]!;
    const conceded = await ok(s, ...CONCEDE, { gameId: g.game.id }, solo.token);
    expect(conceded.events.map((e) => e.kind)).toEqual(['PLAYER_CONCEDED', 'GAME_ENDED']);
    const ended = await table(g.game.id, solo.token);
    expect(ended).toMatchObject({ status: 'ENDED', result: { winners: [], draw: false } });
    const transcript = await s.gql<{ fairnessTranscript: Transcript }>(
      'query T($gameId: ID!) { fairnessTranscript(gameId: $gameId) }',
      { gameId: g.game.id },
      solo.token,
    );
    expect(transcript.errors).toBeUndefined();
    expect(transcript.data!.fairnessTranscript.reveal).not.toBeNull();
    // No random act happened, so the reveal opens the commitment and nothing else is checked.
    expect(verifyGame(transcript.data!.fairnessTranscript).verdict).toBe('nothing to verify');
  });

  it('in a three-player game a seat that concedes leaves; the others play on and its turns are skipped (MTG 800.4a)', async () => {
    const g = await createGame(
      s,
      'mtg',
      [0, 1, 2].map((i) => ({ name: `P${i}`, deck: deck(`P${i}`, 1) })),
    );
    const [a, b, c] = g.seats;
    await ok(s, ...CONCEDE, { gameId: g.game.id }, b!.token);
    const after = await table(g.game.id, a!.token);
    expect(after.status).toBe('ACTIVE');
    await ok(s, ...ADVANCE, { gameId: g.game.id }, a!.token);
    expect((await table(g.game.id, a!.token)).turn!.activePlayer!.id).toBe(c!.player.id);
    await refused(
      s,
      ...COUNTERS,
      { gameId: g.game.id, holder: { playerId: b!.player.id }, kind: 'life', op: 'ADD', amount: 1 },
      b!.token,
      'FORBIDDEN',
    );
    // A conceded seat still sees its own cards.
    const seen = await table(g.game.id, b!.token);
    expect(zone(seen, 'library', b!.player.id).objects).toHaveLength(1);
  });
});

describe('zone changes per game', () => {
  it('FAB: counters stay through moves within the arena and go when an object leaves it (FAB rule:become_new_object)', async () => {
    const t = await twoSeats('fab', (seat) => [
      heroCard(seat),
      { name: `Ally ${seat}`, types: ['Ally'], zone: 'permanent' } as CardIn,
      ...deck(`D${seat}`, 2, ['Action']),
    ]);
    const ally = named(await table(t.id, t.ann), 'Ally 0');
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: ally.id }, kind: '+1power', op: 'ADD', amount: 1 },
      t.ann,
    );
    const g = await table(t.id, t.ann);
    const chain = zone(g, 'combatChain', null);
    const moved = await ok(
      s,
      ...MOVE,
      { gameId: t.id, objectIds: [ally.id], to: { zoneId: chain.id } },
      t.ann,
    );
    const onChain = named(await table(t.id, t.ann), 'Ally 0');
    expect(onChain.counters).toEqual([{ kind: '+1power', amount: 1 }]);
    await ok(
      s,
      ...MOVE,
      { gameId: t.id, objectIds: [moved.objects[0]!.id], to: { zoneId: zone(g, 'graveyard', t.annId).id } },
      t.ann,
    );
    expect(named(await table(t.id, t.ann), 'Ally 0').counters).toEqual([]);
  });

  it('Pokémon: a retreating Pokémon keeps its damage counters and loses its Special Conditions', async () => {
    const t = await twoSeats('pokemon', (seat) => [
      { name: `Mon ${seat}`, types: ['pokemon'], subtypes: ['Basic'], zone: 'active_spot' },
      ...deck(`D${seat}`, 2, ['Pokémon']),
    ]);
    const mon = named(await table(t.id, t.ann), 'Mon 0');
    await ok(
      s,
      ...SET_STATUS,
      { gameId: t.id, objectIds: [mon.id], name: 'rotation', value: 'asleep' },
      t.ann,
    );
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: mon.id }, kind: 'damage', op: 'ADD', amount: 3 },
      t.ann,
    );
    const bench = zone(await table(t.id, t.ann), 'bench', t.annId);
    await ok(s, ...MOVE, { gameId: t.id, objectIds: [mon.id], to: { zoneId: bench.id } }, t.ann);
    const benched = named(await table(t.id, t.ann), 'Mon 0');
    expect(benched.counters).toEqual([{ kind: 'damage', amount: 3 }]);
    expect(benched.statuses).toEqual([]);
  });

  it('Netrunner: credits move from the bank to a pool, conserved; counters on a trashed card go back to the bank', async () => {
    const t = await twoSeats('netrunner', (seat) => [
      { name: `Asset ${seat}`, types: ['Asset'], zone: 'play', faceUp: true },
      ...deck(`D${seat}`, 2, ['Asset']),
    ]);
    const g = await table(t.id, t.ann);
    const bank = zone(g, 'bank', null);
    const total = (x: TGame) =>
      (amount(zone(x, 'bank', null).counters, 'credits') ?? 0) + (playerCounter(x, t.annId, 'credits') ?? 0);
    const before = total(g);
    await ok(
      s,
      ...MOVE_COUNTERS,
      { gameId: t.id, from: { zoneId: bank.id }, to: { playerId: t.annId }, kind: 'credits', amount: 3 },
      t.ann,
    );
    const after = await table(t.id, t.ann);
    expect(playerCounter(after, t.annId, 'credits')).toBe(8);
    expect(total(after)).toBe(before);
    await refused(
      s,
      ...MOVE_COUNTERS,
      { gameId: t.id, from: { playerId: t.annId }, to: { zoneId: bank.id }, kind: 'credits', amount: 9 },
      t.ann,
      'INVALID_MOVE',
    );
    const asset = named(after, 'Asset 0');
    await ok(
      s,
      ...COUNTERS,
      { gameId: t.id, holder: { objectId: asset.id }, kind: 'advancement', op: 'ADD', amount: 2 },
      t.ann,
    );
    await ok(
      s,
      ...MOVE,
      { gameId: t.id, objectIds: [asset.id], to: { zoneId: zone(after, 'discard', t.annId).id } },
      t.ann,
    );
    const trashed = await table(t.id, t.ann);
    expect(named(trashed, 'Asset 0').counters).toEqual([]);
    expect(amount(zone(trashed, 'bank', null).counters, 'advancement')).toBe(2);
  });
});
