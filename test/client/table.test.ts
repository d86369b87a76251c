/**
 * The typed client's table actions against the real server: statuses, counters on objects,
 * players and zones, counters moved between holders, turns and phases, a concession and a result,
 * each typed from the generated documents and each refusal a ZonekeeperRequestError with the
 * schema's code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createZonekeeperClient, ZonekeeperRequestError, type ZonekeeperClient } from '../../client/index.js';
import { createGame, deck } from '../api/helpers.js';
import { CASES, cardsFor, pieceName } from '../api/table-cases.js';
import { startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

const client = (token: string): ZonekeeperClient => createZonekeeperClient({ url: s.url, token });

describe('a Magic game through the typed client', () => {
  it('taps, counts, changes life, plays turns and concedes', async () => {
    const created = await createGame(s, 'mtg', [
      { name: 'Alice', deck: [{ name: 'Grizzly Bears', types: ['Creature'], zone: 'battlefield' }] },
      { name: 'Bob', deck: deck('Beta', 2) },
    ]);
    const [alice, bob] = created.seats.map((seat) => ({ ...seat, zk: client(seat.token) }));
    const gameId = created.game.id;

    const { rulesets } = await alice!.zk.rulesets();
    const mtg = rulesets.find((r) => r.id === 'mtg')!;
    expect(mtg.statuses.find((st) => st.name === 'tapped')).toMatchObject({
      values: ['untapped', 'tapped'],
      default: 'untapped',
      zoneTypes: ['battlefield'],
    });
    expect(mtg.playerCounters.find((k) => k.kind === 'life')).toMatchObject({ start: 20, min: null });
    const phases = mtg.turn!.phases;

    const { game } = await alice!.zk.game(gameId);
    expect(game.turn).toEqual({ number: 1, phase: phases[0], activePlayer: { id: alice!.player.id } });
    expect(game.result).toBeNull();
    expect(game.players.map((p) => p.counters.find((c) => c.kind === 'life')?.amount)).toEqual([20, 20]);
    const bears = game.zones.find((z) => z.type === 'battlefield')!.objects[0]!;

    // Tap it (MTG 701.26a): the payload and the event show the status.
    const { setStatus } = await alice!.zk.setStatus({
      gameId,
      objectIds: [bears.id],
      name: 'tapped',
      value: 'tapped',
    });
    expect(setStatus.version).toBe(game.version + 1);
    expect(setStatus.objects.map((o) => o.statuses)).toEqual([[{ name: 'tapped', value: 'tapped' }]]);
    expect(setStatus.events.map((e) => e.kind)).toEqual(['STATUS_CHANGED']);

    // Two +1/+1 counters, then one off.
    await alice!.zk.changeCounters({
      gameId,
      holder: { objectId: bears.id },
      kind: '+1/+1',
      op: 'ADD',
      amount: 2,
    });
    const { changeCounters } = await alice!.zk.changeCounters({
      gameId,
      holder: { objectId: bears.id },
      kind: '+1/+1',
      op: 'REMOVE',
      amount: 1,
    });
    expect(changeCounters.objects.map((o) => o.counters)).toEqual([[{ kind: '+1/+1', amount: 1 }]]);
    expect(changeCounters.events.map((e) => e.kind)).toEqual(['COUNTERS_CHANGED']);

    // Below a counter's bound: refused with a typed code, nothing changes.
    const below = await alice!.zk
      .changeCounters({ gameId, holder: { objectId: bears.id }, kind: '+1/+1', op: 'REMOVE', amount: 5 })
      .catch((e: unknown) => e);
    expect(below).toMatchObject({ code: 'INVALID_MOVE', reason: 'COUNTER_OUT_OF_RANGE' });

    // Life: Bob loses 3 (a Lightning Bolt, MTG 119.3); the event carries the new total.
    const { changeCounters: life } = await bob!.zk.changeCounters({
      gameId,
      holder: { playerId: bob!.player.id },
      kind: 'life',
      op: 'REMOVE',
      amount: 3,
    });
    expect(life.events[0]!.counterChanges).toContainEqual({
      playerId: bob!.player.id,
      zoneId: null,
      kind: 'life',
      amount: 17,
    });

    // Turns: only the active player moves them on.
    const notYours = await bob!.zk.advanceTurn({ gameId }).catch((e: unknown) => e);
    expect(notYours).toMatchObject({ code: 'FORBIDDEN' });
    const { setPhase } = await alice!.zk.setPhase({ gameId, phase: phases[1]! });
    expect(setPhase.events.map((e) => [e.kind, e.turn?.phase])).toEqual([['TURN_CHANGED', phases[1]]]);
    const { advanceTurn } = await alice!.zk.advanceTurn({ gameId });
    expect(advanceTurn.events[0]!.turn).toEqual({
      number: 2,
      phase: phases[0],
      activePlayer: { id: bob!.player.id },
    });

    // Bob concedes (MTG 104.3a): Alice is the one player left, she wins and the game ends.
    const { concede } = await bob!.zk.concede({ gameId });
    expect(concede.events.map((e) => e.kind)).toEqual(['PLAYER_CONCEDED', 'GAME_ENDED']);
    expect(concede.events[1]!.result).toMatchObject({ winners: [{ id: alice!.player.id }], draw: false });

    const after = (await alice!.zk.game(gameId)).game;
    expect(after.status).toBe('ENDED');
    expect(after.players.find((p) => p.id === bob!.player.id)!.conceded).toBe(true);
    expect(after.result?.winners).toEqual([{ id: alice!.player.id }]);
    const kinds = (await alice!.zk.gameEvents(gameId, { afterSeq: game.lastSeq })).gameEvents.map(
      (e) => e.kind,
    );
    expect(kinds).toEqual([
      'STATUS_CHANGED',
      'COUNTERS_CHANGED',
      'COUNTERS_CHANGED',
      'COUNTERS_CHANGED',
      'TURN_CHANGED',
      'TURN_CHANGED',
      'PLAYER_CONCEDED',
      'GAME_ENDED',
    ]);
  });

  it('ends a game with a result, by the referee: a draw', async () => {
    const created = await createGame(s, 'mtg', [
      { name: 'Alice', deck: deck('Alpha', 1) },
      { name: 'Bob', deck: deck('Beta', 1) },
    ]);
    const seat = client(created.seats[0]!.token);
    const refused = await seat
      .endGame({ gameId: created.game.id, draw: true, reason: 'time' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'FORBIDDEN' });

    const referee = client(created.refereeToken);
    const { endGameWithResult } = await referee.endGame({
      gameId: created.game.id,
      draw: true,
      reason: 'Time was called and the game is a draw (MTG 104.4)',
    });
    expect(endGameWithResult.events.map((e) => [e.kind, e.result?.draw])).toEqual([['GAME_ENDED', true]]);
    const { game } = await seat.game(created.game.id);
    expect(game.status).toBe('ENDED');
    expect(game.result).toEqual({
      winners: [],
      draw: true,
      reason: 'Time was called and the game is a draw (MTG 104.4)',
    });
  });
});

describe('Netrunner credits through the typed client', () => {
  it('moves credits from the bank to a credit pool, the total conserved', async () => {
    const created = await createGame(s, 'netrunner', [
      { name: 'Corp', deck: deck('Corp', 3, ['Operation']) },
      { name: 'Runner', deck: deck('Runner', 3, ['Event']) },
    ]);
    const runner = created.seats[1]!;
    const zk = client(runner.token);
    const { game } = await zk.game(created.game.id);
    const bank = game.zones.find((z) => z.type === 'bank')!;
    const pool = () => game.players.find((p) => p.id === runner.player.id)!.counters;
    const credits = (counters: readonly { kind: string; amount: number }[]) =>
      counters.find((c) => c.kind === 'credits')?.amount ?? 0;
    const start = { bank: credits(bank.counters), pool: credits(pool()) };

    const { moveCounters } = await zk.moveCounters({
      gameId: game.id,
      from: { zoneId: bank.id },
      to: { playerId: runner.player.id },
      kind: 'credits',
      amount: 3,
    });
    expect(moveCounters.events.map((e) => e.kind)).toEqual(['COUNTERS_CHANGED']);
    const after = (await zk.game(game.id)).game;
    const bankAfter = credits(after.zones.find((z) => z.id === bank.id)!.counters);
    const poolAfter = credits(after.players.find((p) => p.id === runner.player.id)!.counters);
    expect(poolAfter).toBe(start.pool + 3);
    expect(bankAfter + poolAfter).toBe(start.bank + start.pool);
  });
});

describe.each(CASES)('$ruleset: a seat plays the table its file declares, through the typed client', (c) => {
  type Seat = { id: string; zk: ZonekeeperClient };
  let gameId: string;
  let ann: Seat;
  let bob: Seat;
  const objectNamed = async (name: string) =>
    (await bob.zk.game(gameId)).game.zones.flatMap((z) => z.objects).find((o) => o.card?.name === name)!;
  const piece = () => objectNamed(pieceName(c, 0));
  const ruleset = async () => (await ann.zk.rulesets()).rulesets.find((r) => r.id === c.ruleset)!;

  beforeAll(async () => {
    const created = await createGame(s, c.ruleset, [
      { name: 'Ann', deck: cardsFor(c, 0) },
      { name: 'Bob', deck: cardsFor(c, 1) },
    ]);
    gameId = created.game.id;
    [ann, bob] = created.seats.map((seat) => ({ id: seat.player.id, zk: client(seat.token) })) as [
      Seat,
      Seat,
    ];
  });

  it('sets and clears a status, or is refused with NO_STATUSES where the file declares none', async () => {
    const mine = await piece();
    if (!c.status) {
      const err = await ann.zk
        .setStatus({ gameId, objectIds: [mine.id], name: 'tapped', value: 'tapped' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ZonekeeperRequestError);
      expect(err).toMatchObject({ code: 'INVALID_MOVE', reason: 'NO_STATUSES' });
      expect((await ruleset()).statusesNone?.reason).toBeTruthy();
      return;
    }
    const { setStatus } = await ann.zk.setStatus({ gameId, objectIds: [mine.id], ...c.status });
    expect(setStatus.events.map((e) => e.kind)).toEqual(['STATUS_CHANGED']);
    expect((await piece()).statuses).toEqual([c.status]);
    const def = (await ruleset()).statuses.find((x) => x.name === c.status!.name)!.default;
    await ann.zk.setStatus({ gameId, objectIds: [mine.id], name: c.status.name, value: def });
    expect((await piece()).statuses).toEqual([]);
  });

  it('adds and removes counters on its object; below the bound is refused and changes nothing', async () => {
    const holder = { objectId: (await piece()).id };
    await ann.zk.changeCounters({ gameId, holder, kind: c.objectCounter, op: 'ADD', amount: 3 });
    const { changeCounters } = await ann.zk.changeCounters({
      gameId,
      holder,
      kind: c.objectCounter,
      op: 'REMOVE',
      amount: 1,
    });
    expect(changeCounters.events.map((e) => e.kind)).toEqual(['COUNTERS_CHANGED']);
    expect((await piece()).counters).toEqual([{ kind: c.objectCounter, amount: 2 }]);
    const version = (await ann.zk.game(gameId)).game.version;
    const below = await ann.zk
      .changeCounters({ gameId, holder, kind: c.objectCounter, op: 'REMOVE', amount: 3 })
      .catch((e: unknown) => e);
    expect(below).toMatchObject({ code: 'INVALID_MOVE', reason: 'COUNTER_OUT_OF_RANGE' });
    expect((await ann.zk.game(gameId)).game.version).toBe(version);
  });

  it('changes one of its player counters, or is refused where the file declares none', async () => {
    const holder = { playerId: ann.id };
    if (!c.playerCounter) {
      const err = await ann.zk
        .changeCounters({ gameId, holder, kind: 'life', op: 'ADD', amount: 1 })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'INVALID_MOVE', reason: 'UNKNOWN_COUNTER_KIND' });
      expect((await ruleset()).playerCounters).toEqual([]);
      return;
    }
    const amountOf = async () =>
      (await bob.zk.game(gameId)).game.players
        .find((p) => p.id === ann.id)!
        .counters.find((k) => k.kind === c.playerCounter)?.amount ?? 0;
    const before = await amountOf();
    await ann.zk.changeCounters({ gameId, holder, kind: c.playerCounter, op: 'ADD', amount: 2 });
    expect(await amountOf()).toBe(before + 2);
  });

  it('advances the turn as the active player and sets the phase; the inactive player is refused', async () => {
    const { game } = await ann.zk.game(gameId);
    expect(game.turn?.activePlayer?.id).toBe(ann.id);
    expect(await bob.zk.advanceTurn({ gameId }).catch((e: unknown) => e)).toMatchObject({
      code: 'FORBIDDEN',
    });
    const { advanceTurn } = await ann.zk.advanceTurn({ gameId, expectedVersion: game.version });
    const turn = (await ruleset()).turn!;
    const bobPhases = turn.phases.length > 0 ? turn.phases : turn.phasesBySide[1]!.phases;
    expect(advanceTurn.events.map((e) => [e.kind, e.turn])).toEqual([
      ['TURN_CHANGED', { number: game.turn!.number + 1, phase: bobPhases[0], activePlayer: { id: bob.id } }],
    ]);
    const last = bobPhases.at(-1)!;
    expect(await ann.zk.setPhase({ gameId, phase: last }).catch((e: unknown) => e)).toMatchObject({
      code: 'FORBIDDEN',
    });
    await bob.zk.setPhase({ gameId, phase: last });
    expect((await ann.zk.game(gameId)).game.turn!.phase).toBe(last);
  });

  it('concedes: the last seat left wins and the game ends', async () => {
    const { concede } = await bob.zk.concede({ gameId });
    expect(concede.events.map((e) => e.kind)).toEqual(['PLAYER_CONCEDED', 'GAME_ENDED']);
    const { game } = await ann.zk.game(gameId);
    expect(game.status).toBe('ENDED');
    expect(game.players.find((p) => p.id === bob.id)!.conceded).toBe(true);
    expect(game.result).toMatchObject({ winners: [{ id: ann.id }], draw: false });
  });
});
