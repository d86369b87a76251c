/**
 * A new game's table: each player's starting counters (the ruleset's `start`, or the values
 * `createGame` gives: MTG 903.7 Commander life 40, FAB life from the hero), the zones' starting
 * counters, and turn 1 with its active player and first phase (MTG 103.1, 500.1).
 */
import {
  INT32_MAX,
  INT32_MIN,
  isKindName,
  MAX_COUNTER_KINDS,
  phasesFor,
  playerCounterSpec,
  tableOf,
} from './table.js';
import type { Counters, GameState } from './types/state.js';

/** A starting value a creator gives for a seat. */
export interface CounterOverride {
  readonly kind: string;
  readonly amount: number;
}

/** Why a starting table is refused, and the input field (under `players.<seat>` or `firstSeat`). */
export interface StartProblem {
  readonly field: string;
  readonly message: string;
}

/** The state with its starting table, or the first problem with the overrides. */
export function startTable(
  state: GameState,
  spec: Parameters<typeof tableOf>[0],
  overrides: readonly (readonly CounterOverride[] | null | undefined)[],
  firstSeat: number | null,
): { readonly state: GameState } | { readonly problem: StartProblem } {
  const table = tableOf(spec);
  const players = [];
  for (const p of state.players) {
    const counters: Record<string, number> = {};
    for (const c of table.playerCounters) if (c.start !== null) counters[c.kind] = c.start;
    const given = overrides[p.seat] ?? [];
    if (given.length > MAX_COUNTER_KINDS)
      return {
        problem: { field: `players.${p.seat}.counters`, message: `At most ${MAX_COUNTER_KINDS} counters.` },
      };
    for (const [i, o] of given.entries()) {
      const field = `players.${p.seat}.counters.${i}`;
      const kind = playerCounterSpec(spec, o.kind);
      if (!isKindName(o.kind) || !kind)
        return {
          problem: { field: `${field}.kind`, message: `The ruleset has no player counter ${o.kind}.` },
        };
      const { min, max } = kind;
      if (
        !Number.isInteger(o.amount) ||
        o.amount < INT32_MIN ||
        o.amount > INT32_MAX ||
        (min !== null && o.amount < min) ||
        (max !== null && o.amount > max)
      )
        return {
          problem: { field: `${field}.amount`, message: `Counter ${o.kind} must be within its bounds.` },
        };
      counters[o.kind] = o.amount;
    }
    players.push(Object.keys(counters).length > 0 ? { ...p, counters: counters as Counters } : p);
  }
  const zones = state.zones.map((z) => {
    const counters: Record<string, number> = {};
    for (const c of table.zoneCounters)
      if (c.start !== null && (c.zoneTypes ?? []).includes(z.type)) counters[c.kind] = c.start;
    return Object.keys(counters).length > 0 ? { ...z, counters } : z;
  });
  const seat = firstSeat ?? table.turn?.firstSeat ?? 0;
  const first = players.find((p) => p.seat === seat);
  if (firstSeat !== null && !first)
    return { problem: { field: 'firstSeat', message: `There is no seat ${firstSeat}.` } };
  const turn =
    table.turn && first
      ? { number: 1, activePlayerId: first.id, phase: phasesFor(spec, first.seat)[0] ?? null }
      : null;
  return { state: { ...state, players, zones, ...(turn ? { turn } : {}) } };
}
