/**
 * The table beyond zones: statuses (MTG 110.5), counters on objects, players and zones (MTG 122.1,
 * 119.1; NR credits), turns and phases (MTG 500.1), concessions (MTG 104.3a, 800.4a) and results
 * (MTG 104). Every limit comes from the ruleset's declarations (`src/rules/table.ts`); the service
 * records these and runs no effect: life 0 ends nothing by itself (MTG 704.5a is the players' to apply).
 */
import { clockFollowsTurn, clockStopsForSeat, clocksStop } from './clock-hooks.js';
import {
  INT32_MAX,
  INT32_MIN,
  isKindName,
  MAX_COUNTER_KINDS,
  MAX_REASON_LENGTH,
  objectCounterSpec,
  phasesFor,
  playerCounterSpec,
  playerWith,
  statusSpec,
  tableOf,
  withCounter,
  withEntry,
  withTableState,
  zoneCounterSpec,
} from '../table.js';
import type { Counters, PlayerState } from '../types/state.js';
import type {
  AdvanceTurnMove,
  ChangeCountersMove,
  ConcedeMove,
  CounterHolder,
  EndGameMove,
  MoveCountersMove,
  SetPhaseMove,
  SetStatusMove,
} from '../types/table-moves.js';
import type { CounterKindSpec } from '../types/table-spec.js';
import type { Draft } from './draft.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import { select } from './select.js';

function kindName(name: unknown, what: string): string {
  if (!isKindName(name))
    throw reject(
      'BAD_KIND_NAME',
      INPUT_RULE,
      `A ${what} name is 1 to 32 characters of A-Z a-z 0-9 + - / _, and not a name every object has (such as constructor or __proto__)`,
    );
  return name;
}

const isInt32 = (n: number) => Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;

/** setStatus: MTG 110.5 (a permanent's statuses), each game's own (its file's `statuses`). */
export function planSetStatus(d: Draft, move: SetStatusMove): void {
  const table = tableOf(d.spec);
  if (table.statuses.length === 0)
    throw reject(
      'NO_STATUSES',
      table.statusesNone?.rule ?? INPUT_RULE,
      `This game's ruleset version declares no statuses${table.statusesNone ? `: ${table.statusesNone.reason}` : ''}.`,
    );
  const name = kindName(move.name, 'status');
  const spec = statusSpec(d.spec, name);
  if (!spec) throw reject('UNKNOWN_STATUS', INPUT_RULE, `The ruleset declares no status ${name}.`);
  if (typeof move.value !== 'string' || !spec.values.includes(move.value))
    throw reject('UNKNOWN_STATUS', spec.rule, `Status ${name} has the values ${spec.values.join(', ')}.`);
  const objects = select(d, move.select);
  for (const o of objects) {
    const type = d.zoneOf(o).type;
    if (!spec.zoneTypes.includes(type))
      throw reject('STATUS_NOT_IN_ZONE', spec.rule, `Status ${name} does not exist in a ${type}.`);
  }
  d.begin('STATUS_CHANGED', [spec.rule]);
  for (const o of objects) {
    const current = o.statuses?.[name] ?? spec.default;
    if (current === move.value) {
      d.unchanged(o.publicId);
      continue;
    }
    const statuses = withEntry(o.statuses, name, move.value === spec.default ? undefined : move.value);
    d.put(withTableState(o, statuses, o.counters));
  }
  d.end();
}

/** A holder resolved: its current counters, the kind's declaration there, and how to write it. */
interface Holder {
  readonly counters: Counters;
  readonly spec: CounterKindSpec;
  /** Which holder: the same for the same holder, whatever its label. */
  readonly identity: string;
  /** The holder as the caller sees it (`src/rules/labels.ts`). */
  readonly label: string;
  /** Players and zones keep a kind at 0; objects drop it. */
  readonly keepZero: boolean;
  write(counters: Counters): void;
}

/** Default bounds of an object counter kind the ruleset allows without listing (MTG 122.1). */
const openKind = (kind: string, rule: string): CounterKindSpec => ({
  kind,
  rule,
  min: 0,
  max: null,
  zoneTypes: null,
  faceOnly: false,
  returnTo: null,
  start: null,
  visibility: 'public',
});

function holder(d: Draft, h: CounterHolder, kind: string): Holder {
  const table = tableOf(d.spec);
  const none = () =>
    reject('UNKNOWN_COUNTER_KIND', table.countersNone?.rule ?? INPUT_RULE, `No counter kind ${kind} there.`);
  switch (h.kind) {
    case 'object': {
      const o = d.byId(h.id);
      if (!o) throw unknownId('UNKNOWN_OBJECT', 'the holder id');
      const listed = objectCounterSpec(d.spec, kind);
      const first = table.objectCounters[0];
      const spec = listed ?? (table.openObjectKinds && first ? openKind(kind, first.rule) : undefined);
      if (!spec) throw none();
      const type = d.zoneOf(o).type;
      if (spec.zoneTypes !== null && !spec.zoneTypes.includes(type))
        throw reject('UNKNOWN_COUNTER_KIND', spec.rule, `Counter kind ${kind} does not exist in a ${type}.`);
      return {
        counters: o.counters ?? {},
        spec,
        identity: `object ${o.key}`,
        label: d.labels.object(o),
        keepZero: false,
        write: (counters) => d.put(withTableState(d.get(o.key), d.get(o.key).statuses, counters)),
      };
    }
    case 'player': {
      const p = d.players.find((x) => x.id === h.id);
      if (!p) throw unknownId('UNKNOWN_PLAYER', 'the holder id');
      const spec = playerCounterSpec(d.spec, kind);
      if (!spec) throw none();
      return {
        counters: p.counters ?? {},
        spec,
        identity: `player ${p.id}`,
        label: d.labels.player(p.id),
        keepZero: true,
        write: (counters) => {
          const now = d.players.find((x) => x.id === p.id) as PlayerState;
          d.putPlayer(playerWith(now, counters, now.conceded ?? false));
        },
      };
    }
    case 'zone': {
      const z = d.zone(h.id);
      if (!z) throw unknownId('UNKNOWN_ZONE', 'the holder id');
      const spec = zoneCounterSpec(d.spec, kind);
      if (!spec || (spec.zoneTypes !== null && !spec.zoneTypes.includes(z.type))) throw none();
      return {
        counters: z.counters ?? {},
        spec,
        identity: `zone ${z.id}`,
        label: d.labels.zone(z),
        keepZero: true,
        write: (counters) => d.setZoneCounters(z.id, counters),
      };
    }
  }
}

/**
 * A counter kind's bounds as its ruleset states them (MTG 122.1: most counters cannot go below 0;
 * MTG 119.1: life has none, and can be below 0, MTG 704.5a): a missing bound is said in words, not as
 * a storage limit.
 */
function boundsInWords(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `this ruleset keeps it from ${min} to ${max}`;
  if (min !== null) return `this ruleset keeps it at ${min} or more (it states no upper bound)`;
  if (max !== null) return `this ruleset keeps it at ${max} or less (it states no lower bound)`;
  return 'this ruleset states no bounds for it';
}

/**
 * The new amount of a holder's kind, checked against the kind's bounds (the ruleset's rule), then
 * against what a counter can store (32 bits, the service's limit, not a rule), then the kind cap.
 */
function checked(h: Holder, kind: string, amount: number): Counters {
  const { min, max, rule } = h.spec;
  if ((min !== null && amount < min) || (max !== null && amount > max))
    throw reject(
      'COUNTER_OUT_OF_RANGE',
      rule,
      `Counter ${kind} on ${h.label} would be ${amount}, but ${boundsInWords(min, max)}.`,
    );
  if (!isInt32(amount))
    throw reject(
      'COUNTER_OUT_OF_RANGE',
      INPUT_RULE,
      `Counter ${kind} on ${h.label} would be ${amount}: too far from 0 to store (a counter is a 32-bit integer).`,
    );
  if (amount !== 0 && h.counters[kind] === undefined && Object.keys(h.counters).length >= MAX_COUNTER_KINDS)
    throw reject('TOO_MANY_COUNTER_KINDS', rule, `At most ${MAX_COUNTER_KINDS} counter kinds on ${h.label}.`);
  return withCounter(h.counters, kind, amount, h.keepZero);
}

function amountOf(move: { readonly amount: unknown }, least: number): number {
  const n = move.amount;
  if (typeof n !== 'number' || !isInt32(n) || n < least)
    throw reject(
      'COUNTER_OUT_OF_RANGE',
      INPUT_RULE,
      least === INT32_MIN
        ? 'The amount must be a whole number small enough to store (a counter is a 32-bit integer).'
        : `The amount must be a whole number, ${least} or more, small enough to store.`,
    );
  return n;
}

/** changeCounters: MTG 122.1 (counters on objects and players), 119.3 (life); each game's own kinds. */
export function planChangeCounters(d: Draft, move: ChangeCountersMove): void {
  const kind = kindName(move.counter, 'counter kind');
  const amount = amountOf(move, move.op === 'set' ? INT32_MIN : 0);
  const h = holder(d, move.holder, kind);
  const current = h.counters[kind] ?? 0;
  const next = move.op === 'add' ? current + amount : move.op === 'remove' ? current - amount : amount;
  const counters = checked(h, kind, next);
  d.begin('COUNTERS_CHANGED', [h.spec.rule]);
  if (next !== current || (h.keepZero && h.counters[kind] === undefined)) h.write(counters);
  d.end();
}

/** moveCounters: both holders change in one event, the total conserved (NR credits, MTG 122.5). */
export function planMoveCounters(d: Draft, move: MoveCountersMove): void {
  const kind = kindName(move.counter, 'counter kind');
  const amount = amountOf(move, 1);
  const from = holder(d, move.from, kind);
  const to = holder(d, move.to, kind);
  if (from.identity === to.identity)
    throw reject('BAD_SELECTOR', INPUT_RULE, 'The from and to holders are the same.');
  const fromCounters = checked(from, kind, (from.counters[kind] ?? 0) - amount);
  const toCounters = checked(to, kind, (to.counters[kind] ?? 0) + amount);
  d.begin('COUNTERS_CHANGED', [from.spec.rule, to.spec.rule]);
  from.write(fromCounters);
  to.write(toCounters);
  d.end();
}

function turnSpecOrReject(d: Draft) {
  const table = tableOf(d.spec);
  if (!table.turn)
    throw reject(
      'UNKNOWN_PHASE',
      table.turnNone?.rule ?? INPUT_RULE,
      "This game's ruleset version declares no turn structure.",
    );
  return table.turn;
}

/** advanceTurn: MTG 500.1 (a turn's phases in order), 101.4/800.4a (conceded seats are skipped). */
export function planAdvanceTurn(d: Draft, move: AdvanceTurnMove): void {
  const turn = turnSpecOrReject(d);
  const seats = [...d.players].sort((a, b) => a.seat - b.seat);
  let next: PlayerState | undefined;
  if (move.activePlayerId !== undefined) {
    next = seats.find((p) => p.id === move.activePlayerId);
    if (!next) throw unknownId('UNKNOWN_PLAYER', 'activePlayerId');
    if (next.conceded)
      throw reject('BAD_RESULT', INPUT_RULE, `The player in ${d.labels.player(next.id)} has conceded.`);
  } else {
    const current = d.turn?.activePlayerId ?? null;
    const from = current === null ? -1 : seats.findIndex((p) => p.id === current);
    for (let i = 1; i <= seats.length && !next; i++) {
      const candidate = seats[(from + i + seats.length) % seats.length];
      if (candidate && !candidate.conceded) next = candidate;
    }
    if (!next) throw reject('BAD_RESULT', INPUT_RULE, 'Every player has conceded.');
  }
  d.begin('TURN_CHANGED', [turn.rule]);
  d.setTurn({
    number: (d.turn?.number ?? 0) + 1,
    activePlayerId: next.id,
    phase: phasesFor(d.spec, next.seat)[0] ?? null,
  });
  clockFollowsTurn(d, next.id);
  d.end();
}

/** setPhase: one of the active side's phases (MTG 500.1; NR's Corp and Runner turns differ). */
export function planSetPhase(d: Draft, move: SetPhaseMove): void {
  const turn = turnSpecOrReject(d);
  const active = d.players.find((p) => p.id === d.turn?.activePlayerId);
  const phases = active ? phasesFor(d.spec, active.seat) : [];
  if (!d.turn || typeof move.phase !== 'string' || !phases.includes(move.phase))
    throw reject(
      'UNKNOWN_PHASE',
      turn.rule,
      `The active player's phases are: ${phases.join(', ') || 'none'}.`,
    );
  d.begin('TURN_CHANGED', [turn.rule]);
  d.setTurn({ ...d.turn, phase: move.phase });
  d.end();
}

const CONCEDE_RULE = INPUT_RULE;

/**
 * concede: the seat leaves (MTG 104.3a, 800.4a) and the others play on; when one seat is left it
 * wins (MTG 104.2a) and the game ends. When none is left (the only seat of a one-player game
 * conceded), the game ends too, with no winner: the seat that conceded lost (MTG 104.3a), and an
 * empty table has no one left to play.
 */
export function planConcede(d: Draft, move: ConcedeMove): void {
  const p = d.players.find((x) => x.id === move.playerId);
  if (!p) throw unknownId('UNKNOWN_PLAYER', 'playerId');
  if (p.conceded)
    throw reject('BAD_RESULT', INPUT_RULE, `The player in ${d.labels.player(p.id)} has already conceded.`);
  d.begin('PLAYER_CONCEDED', [CONCEDE_RULE]);
  d.putPlayer(playerWith(p, p.counters ?? {}, true));
  clockStopsForSeat(d, p.id);
  d.end();
  const left = d.players.filter((x) => !x.conceded);
  if (left.length > 1) return;
  d.begin('GAME_ENDED', [CONCEDE_RULE]);
  d.setResult(
    left[0]
      ? { winnerIds: [left[0].id], draw: false, reason: 'Every other player conceded.' }
      : { winnerIds: [], draw: false, reason: 'Every player conceded.' },
  );
  clocksStop(d);
  d.end();
}

/** endGame: the referee or a judge records the result (MTG 104.2, 104.4 draws). */
export function planEndGame(d: Draft, move: EndGameMove): void {
  const winners = Array.isArray(move.winnerIds) ? move.winnerIds : [];
  if (new Set(winners).size !== winners.length || winners.some((id) => !d.isPlayer(id)))
    throw reject('BAD_RESULT', INPUT_RULE, 'The winners (winnerIds) must be distinct players of this game.');
  if (move.draw === winners.length > 0)
    throw reject('BAD_RESULT', INPUT_RULE, 'A result names winners, or is a draw with none.');
  if (typeof move.reason !== 'string' || move.reason.trim() === '' || move.reason.length > MAX_REASON_LENGTH)
    throw reject('BAD_RESULT', INPUT_RULE, `The reason is 1 to ${MAX_REASON_LENGTH} characters.`);
  d.begin('GAME_ENDED', [INPUT_RULE]);
  d.setResult({ winnerIds: [...winners], draw: move.draw, reason: move.reason });
  clocksStop(d);
  d.end();
}
