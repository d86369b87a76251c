/** Inputs of the table's moves (statuses, counters, turns, concessions, results) and chance's. */
import { badInput } from '../../errors.js';
import type { CounterHolder, RollAudience } from '../../rules/index.js';
import { given, selector } from '../move-input.js';
import { moveInput } from './entry.js';

interface HolderInput {
  readonly objectId?: string | null;
  readonly playerId?: string | null;
  readonly zoneId?: string | null;
}

/** Exactly one of objectId, playerId, zoneId. */
function holder(h: HolderInput, field: string): CounterHolder {
  const named = [
    given(h.objectId) ? ({ kind: 'object', id: h.objectId } as const) : null,
    given(h.playerId) ? ({ kind: 'player', id: h.playerId } as const) : null,
    given(h.zoneId) ? ({ kind: 'zone', id: h.zoneId } as const) : null,
  ].filter((x) => x !== null);
  const [one] = named;
  if (named.length !== 1 || !one)
    throw badInput(`Field ${field} must give exactly one of objectId, playerId or zoneId.`, field);
  return one;
}

type Op = 'ADD' | 'REMOVE' | 'SET';

/** The GraphQL op to the rules layer's (a typed Record: a new op fails to compile until mapped). */
const OPS: Record<Op, 'add' | 'remove' | 'set'> = { ADD: 'add', REMOVE: 'remove', SET: 'set' };

type Audience = 'ALL' | 'ROLLER';

/** The GraphQL audience to the rules layer's (a typed Record: a new value fails to compile until mapped). */
const AUDIENCES: Record<Audience, RollAudience> = { ALL: 'all', ROLLER: 'roller' };
const audience = (a: Audience | null | undefined): RollAudience => AUDIENCES[a ?? 'ALL'];

export const setStatus = moveInput('setStatus', (input) => ({
  kind: 'setStatus',
  select: selector(input),
  name: input.name,
  value: input.value,
}));

export const changeCounters = moveInput('changeCounters', (input) => ({
  kind: 'changeCounters',
  holder: holder(input.holder, 'holder'),
  counter: input.kind,
  op: OPS[input.op],
  amount: input.amount,
}));

export const moveCounters = moveInput('moveCounters', (input) => ({
  kind: 'moveCounters',
  from: holder(input.from, 'from'),
  to: holder(input.to, 'to'),
  counter: input.kind,
  amount: input.amount,
}));

export const advanceTurn = moveInput('advanceTurn', (input) => ({
  kind: 'advanceTurn',
  ...(given(input.activePlayerId) ? { activePlayerId: input.activePlayerId } : {}),
}));

export const setPhase = moveInput('setPhase', (input) => ({ kind: 'setPhase', phase: input.phase }));

export const concede = moveInput('concede', (input, actingAs) => {
  // The seat named, else the caller's own: a seat naming another is refused by the seat policy (a
  // seat concedes only for itself), never turned into the caller's concession.
  const playerId = given(input.playerId) ? input.playerId : actingAs;
  if (playerId === null)
    throw badInput('Field playerId is required when the referee concedes for a seat.', 'playerId');
  return { kind: 'concede', playerId };
});

export const endGame = moveInput('endGameWithResult', (input) => ({
  kind: 'endGame',
  winnerIds: input.winnerIds,
  draw: input.draw,
  reason: input.reason,
}));

export const rollDice = moveInput('rollDice', (input) => ({
  kind: 'rollDice',
  sides: input.sides,
  count: input.count ?? 1,
  seenBy: audience(input.seenBy),
}));

export const flipCoin = moveInput('flipCoin', (input) => ({
  kind: 'flipCoin',
  count: input.count ?? 1,
  seenBy: audience(input.seenBy),
}));

export const addEntropy = moveInput('addEntropy', (input) => ({ kind: 'addEntropy', data: input.data }));
