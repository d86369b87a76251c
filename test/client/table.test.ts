/**
 * The typed client's table actions against the real server: statuses, counters on objects,
 * players and zones, counters moved between holders, turns and phases, a concession and a result,
 * each typed from the generated documents and each refusal a ZonekeeperRequestError with the
 * schema's code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createZonekeeperClient, type ZonekeeperClient } from '../../client/index.js';
import { createGame, deck } from '../api/helpers.js';
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
