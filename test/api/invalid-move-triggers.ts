/**
 * One request per INVALID_MOVE reason that the rules refuse for that reason
 * (`refusal-reasons.test.ts`). The `Record` makes the compiler demand a trigger for every rejection
 * code of the rules; the test demands one for every value of the schema's `enum InvalidMoveReason`.
 * Most are sent by the referee, whom no seat policy stops before the rules are asked.
 */
import { MAX_TAKEBACK_REQUESTS_PER_TURN, type RejectionCode } from '../../src/rules/index.js';
import type { MaybeTrigger } from './forbidden-triggers.js';
import { unknownId, type Table, type Tables } from './refusal-tables.js';

/** A move of seat 0's library top card, as the referee, to `to`. */
const fromLibrary = async (g: Table, to: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  g.act(g.referee, 'moveObjects', {
    select: { zoneId: g.zone('library', 0), from: 'TOP', count: 1 },
    to,
    by: 'EFFECT',
    ...extra,
  });

/** Changes counters as seat 0. */
const counters = (g: Table, holder: Record<string, unknown>, kind: string, op: string, amount = 1) =>
  g.act(g.seat(0).token, 'changeCounters', { holder, kind, op, amount });

const mtg = (t: Tables) => t.shared('mtg');

export const INVALID_MOVE_TRIGGERS: Record<RejectionCode, MaybeTrigger> = {
  UNKNOWN_OBJECT: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'moveObjects', {
      objectIds: [unknownId()],
      to: { zoneId: g.zone('hand', 0) },
      by: 'EFFECT',
    });
  },
  UNKNOWN_ZONE: async (t) => fromLibrary(await mtg(t), { zoneId: unknownId() }),
  UNKNOWN_ZONE_TYPE: async (t) => {
    const g = await mtg(t);
    return fromLibrary(g, { type: 'nowhere', ownerId: g.seat(0).id });
  },
  UNKNOWN_PLAYER: async (t) => fromLibrary(await mtg(t), { type: 'hand', ownerId: unknownId() }),
  // More objects than the zone holds.
  BAD_SELECTOR: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'moveObjects', {
      select: { zoneId: g.zone('graveyard', 0), from: 'TOP', count: 3 },
      to: { zoneId: g.zone('hand', 0) },
      by: 'EFFECT',
    });
  },
  // Objects enter the stack on top (MTG 405.2).
  BAD_PLACEMENT: async (t) => {
    const g = await mtg(t);
    return fromLibrary(g, { type: 'stack' }, { position: 'BOTTOM' });
  },
  // Pokémon: one Pokémon in the Active Spot.
  ZONE_FULL: async (t) => {
    const g = await t.shared('pokemon');
    return g.act(g.referee, 'createToken', {
      token: { name: 'Pika', types: ['pokemon'] },
      to: { type: 'active_spot', ownerId: g.seat(0).id },
      ownerId: g.seat(0).id,
      count: 2,
    });
  },
  // MTG 400.4a: no instant on the battlefield.
  NOT_ADMITTED: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'bringIntoGame', {
      cards: [{ name: 'Bolt', types: ['instant'] }],
      to: { type: 'battlefield' },
      ownerId: g.seat(0).id,
    });
  },
  // MTG 400.5: a library's order changes only by an effect.
  ORDER_LOCKED: async (t) => {
    const g = await mtg(t);
    const top = await g.objectIn(g.zone('library', 0));
    return g.act(g.referee, 'reorderZone', { zoneId: g.zone('library', 0), order: [top], by: 'RULE' });
  },
  FACE_UP_NOT_ALLOWED: async (t) => {
    const g = await mtg(t);
    return fromLibrary(g, { zoneId: g.zone('hand', 0) }, { faceUp: true });
  },
  ZONE_NOT_EMPTY: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'removeZone', { zoneId: g.zone('library', 0) });
  },
  // The referee has no zones of its own: a player's zone type needs an owner.
  ZONE_REQUIRED: async (t) => fromLibrary(await mtg(t), { type: 'hand' }),
  // A layer on the stack hosts nothing.
  NOT_A_HOST: async (t) => {
    const g = await t.fresh('mtg');
    const layer = await layerOn(g);
    const bear = await g.token({ type: 'battlefield' });
    return g.act(g.referee, 'attachObjects', { objectIds: [bear], hostId: layer, by: 'EFFECT' });
  },
  NOT_ATTACHED: async (t) => {
    const g = await t.fresh('mtg');
    const bear = await g.token({ type: 'battlefield' });
    return g.act(g.referee, 'detachObjects', {
      objectIds: [bear],
      to: { zoneId: g.zone('graveyard', 0) },
      by: 'EFFECT',
    });
  },
  NOT_A_LAYER: async (t) => {
    const g = await t.fresh('mtg');
    const bear = await g.token({ type: 'battlefield' });
    return g.act(g.referee, 'removeStackLayer', { layerId: bear, by: 'EFFECT' });
  },
  BAD_ORDER: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'reorderZone', {
      zoneId: g.zone('battlefield', null),
      order: [unknownId()],
      by: 'EFFECT',
    });
  },
  // FAB sec:hero_zone: an effect's move of an action card to the hero zone fails.
  MOVE_FAILED: async (t) => {
    const g = await t.shared('fab');
    return g.act(g.referee, 'moveObjects', {
      select: { zoneId: g.zone('hand', 0), from: 'TOP', count: 1 },
      to: { type: 'hero', ownerId: g.seat(0).id },
      by: 'EFFECT',
    });
  },
  // Netrunner declares no statuses (rezzed is a face).
  NO_STATUSES: async (t) => {
    const g = await t.shared('netrunner');
    return g.act(g.referee, 'setStatus', {
      select: { zoneId: g.zone('hand', 0), from: 'TOP', count: 1 },
      name: 'tapped',
      value: 'tapped',
    });
  },
  UNKNOWN_STATUS: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'setStatus', {
      select: { zoneId: g.zone('library', 0), from: 'TOP', count: 1 },
      name: 'sleepy',
      value: 'yes',
    });
  },
  // MTG 110.5: tapped exists on the battlefield only.
  STATUS_NOT_IN_ZONE: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'setStatus', {
      select: { zoneId: g.zone('library', 0), from: 'TOP', count: 1 },
      name: 'tapped',
      value: 'tapped',
    });
  },
  // Magic's players have life, poison and energy only.
  UNKNOWN_COUNTER_KIND: async (t) => {
    const g = await mtg(t);
    return counters(g, { playerId: g.seat(0).id }, 'mana', 'ADD');
  },
  BAD_KIND_NAME: async (t) => {
    const g = await mtg(t);
    return counters(g, { playerId: g.seat(0).id }, '__proto__', 'ADD');
  },
  // MTG 122.1f: poison is at least 0.
  COUNTER_OUT_OF_RANGE: async (t) => {
    const g = await mtg(t);
    return counters(g, { playerId: g.seat(0).id }, 'poison', 'REMOVE');
  },
  // 32 kinds on one object, then a 33rd.
  TOO_MANY_COUNTER_KINDS: async (t) => {
    const g = await t.fresh('mtg');
    const bear = await g.token({ type: 'battlefield' });
    for (let k = 0; k < 32; k++)
      await g.must(g.seat(0).token, 'changeCounters', {
        holder: { objectId: bear },
        kind: `k${k}`,
        op: 'ADD',
        amount: 1,
      });
    return counters(g, { objectId: bear }, 'k32', 'ADD');
  },
  UNKNOWN_PHASE: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'setPhase', { phase: 'teatime' });
  },
  BAD_RESULT: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'endGameWithResult', { winnerIds: [unknownId()], draw: false, reason: 'Test.' });
  },
  // Netrunner rolls no dice.
  NO_RANDOMIZER: async (t) => {
    const g = await t.shared('netrunner');
    return g.act(g.seat(0).token, 'rollDice', { sides: 6 });
  },
  // Magic's dice have 4, 6, 8, 10, 12 or 20 sides.
  BAD_ROLL: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'rollDice', { sides: 7 });
  },
  BAD_ENTROPY: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'addEntropy', { data: 'not hex' });
  },
  BAD_REWIND: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'rewindGame', { toSeq: 0, reason: 'Misdeal.' });
  },
  // Over the API the authority supplies every state a rewind may go back to, and refuses an ended
  // game's rewind first (GAME_NOT_ACTIVE): these two are the planner's own guard (PLANNER_ONLY).
  REWIND_UNAVAILABLE: null,
  REWIND_CROSSES_GAME_END: null,
  // Takebacks (issue 41): seat 0's life is changed (its own move, or seat 1's), then it asks back to event 1.
  TAKEBACK_NOT_OWN_MOVE: async (t) => {
    const g = await t.fresh('mtg');
    await g.must(g.seat(1).token, 'changeCounters', lifeUp(g, 1));
    return ask(g);
  },
  // Seat 0 draws a card: it saw a card it could not see before.
  TAKEBACK_BARRIER: async (t) => {
    const g = await t.fresh('mtg');
    await g.must(g.seat(0).token, 'moveObjects', {
      select: { zoneId: g.zone('library', 0), from: 'TOP', count: 1 },
      to: { zoneId: g.zone('hand', 0) },
      by: 'EFFECT',
    });
    return ask(g);
  },
  BAD_TAKEBACK: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(0).token, 'requestTakeback', { toSeq: 0, reason: 'Misclick.' });
  },
  TAKEBACK_SEATS_ONLY: async (t) => ask(await misclicked(t), -1),
  TAKEBACK_PENDING: async (t) => {
    const g = await misclicked(t);
    await g.must(g.seat(0).token, 'requestTakeback', { toSeq: 1, reason: 'Misclick.' });
    return ask(g);
  },
  // The bound: MAX_TAKEBACK_REQUESTS_PER_TURN (3) requests, each refused, then a fourth.
  TAKEBACK_LIMIT: async (t) => {
    const g = await misclicked(t);
    for (let i = 0; i < MAX_TAKEBACK_REQUESTS_PER_TURN; i++) {
      await g.must(g.seat(0).token, 'requestTakeback', { toSeq: 1, reason: 'Misclick.' });
      await g.must(g.seat(1).token, 'refuseTakeback', { toSeq: 1 });
    }
    return ask(g);
  },
  TAKEBACK_NOT_PENDING: async (t) => {
    const g = await mtg(t);
    return g.act(g.seat(1).token, 'acceptTakeback', { toSeq: 1 });
  },
  TAKEBACK_OWN_REQUEST: async (t) => {
    const g = await misclicked(t);
    await g.must(g.seat(0).token, 'requestTakeback', { toSeq: 1, reason: 'Misclick.' });
    return g.act(g.seat(0).token, 'acceptTakeback', { toSeq: 1 });
  },
  // Of three seats, seat 1 accepts twice (seat 2 has not answered).
  TAKEBACK_ALREADY_ACCEPTED: async (t) => {
    const g = await misclicked(t, 3);
    await g.must(g.seat(0).token, 'requestTakeback', { toSeq: 1, reason: 'Misclick.' });
    await g.must(g.seat(1).token, 'acceptTakeback', { toSeq: 1 });
    return g.act(g.seat(1).token, 'acceptTakeback', { toSeq: 1 });
  },
  NO_CLOCK: async (t) => {
    const g = await mtg(t);
    return g.act(g.referee, 'startClock', {});
  },
  CLOCK_NOT_STARTED: async (t) => {
    const g = await clocked(t);
    return g.act(g.referee, 'pauseClock', { reason: 'Judge call.' });
  },
  CLOCK_ALREADY_STARTED: async (t) => {
    const g = await clocked(t, true);
    return g.act(g.referee, 'startClock', {});
  },
  // Of three seats, seat 1 concedes: its clock stays stopped.
  CLOCK_STOPPED: async (t) => {
    const g = await clocked(t, true, 3);
    await g.must(g.seat(1).token, 'concede', {});
    return g.act(g.referee, 'addClockTime', { playerId: g.seat(1).id, ms: 1000 });
  },
  CLOCK_PAUSED: async (t) => {
    const g = await clocked(t, true);
    await g.must(g.referee, 'pauseClock', { reason: 'Judge call.' });
    return g.act(g.seat(0).token, 'passClock', {});
  },
  CLOCK_NOT_PAUSED: async (t) => {
    const g = await clocked(t, true);
    return g.act(g.referee, 'resumeClock', { reason: 'Play on.' });
  },
  NOT_RUNNING_SEAT: async (t) => {
    const g = await clocked(t, true);
    return g.act(g.seat(1).token, 'passClock', {});
  },
  // A 1 ms clock is due at once (the server's sweep, every minute here, has not flagged it yet).
  CLOCK_RAN_OUT: async (t) => {
    const g = await clocked(t, true, 2, 1);
    return g.act(g.referee, 'pauseClock', { reason: 'Judge call.' });
  },
  BAD_CLOCK_TIME: async (t) => {
    const g = await clocked(t, true);
    return g.act(g.referee, 'addClockTime', { playerId: g.seat(0).id, ms: 0 });
  },
  // A game waiting for seat entropy: no seat has added any yet.
  AWAITING_ENTROPY: async (t) => {
    const g = await t.fresh('mtg', { wait: true });
    return g.act(g.seat(0).token, 'shuffleZone', { zoneId: g.zone('library', 0) });
  },
};

/** changeCounters' input: seat `n`'s life up by one. */
const lifeUp = (g: Table, n: number) => ({
  holder: { playerId: g.seat(n).id },
  kind: 'life',
  op: 'ADD',
  amount: 1,
});

/** A fresh Magic game where seat 0 changed its own life once (event 2): a move it may take back. */
async function misclicked(t: Tables, players = 2): Promise<Table> {
  const g = await t.fresh('mtg', { players });
  await g.must(g.seat(0).token, 'changeCounters', lifeUp(g, 0));
  return g;
}

/** Seat `n` (-1: the referee) asks to take back everything after event 1. */
const ask = (g: Table, n = 0) =>
  g.act(n < 0 ? g.referee : g.seat(n).token, 'requestTakeback', { toSeq: 1, reason: 'Misclick.' });

/** A layer (an ability) the referee puts on the stack; its id. */
async function layerOn(g: Table): Promise<string> {
  const res = await g.s.gql<{ addStackLayer: { objects: { id: string }[] } }>(
    `mutation M($input: AddStackLayerInput!) { addStackLayer(input: $input) { objects { id } } }`,
    { input: { gameId: g.id, layer: { name: 'Trigger' }, controllerId: g.seat(0).id } },
    g.referee,
  );
  const id = res.data?.addStackLayer.objects[0]?.id;
  if (!id) throw new Error(`addStackLayer failed: ${JSON.stringify(res.errors)}`);
  return id;
}

/** A Magic game with chess clocks of `mainMs`, started (seat 0 running) when `started`. */
async function clocked(t: Tables, started = false, players = 2, mainMs = 600_000): Promise<Table> {
  const g = await t.fresh('mtg', { players, clock: { kind: 'CHESS', mainMs } });
  if (started) await g.must(g.referee, 'startClock', {});
  return g;
}
