/**
 * The table beyond zones as GraphQL shows it: counters as lists, a player's counters and concession,
 * the turn and the result. Values come already redacted for the viewer (`viewGame`, `redactEvent`);
 * nested players resolve in the same lookup as the rest of the game or event.
 */
import type { Counters, GameResult, TurnState } from '../rules/index.js';
import { withLookup, type LookupSource, type PlayerOut } from './lookup.js';

/** Counters as the GraphQL list `[Counter!]!`, in kind order (stable for clients and twins). */
export const counterList = (counters: Counters | undefined) =>
  Object.entries(counters ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([kind, amount]) => ({ kind, amount }));

/** Statuses as the GraphQL list `[ObjectStatus!]!`, in name order. */
export const statusList = (statuses: Readonly<Record<string, string>>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => ({ name, value }));

export interface TurnOut {
  readonly turn: TurnState;
  readonly lookup: LookupSource;
}

export interface ResultOut {
  readonly result: GameResult;
  readonly lookup: LookupSource;
}

export const turnOut = (turn: TurnState | null | undefined, lookup: LookupSource): TurnOut | null =>
  turn ? { turn, lookup } : null;

export const resultOut = (result: GameResult | null | undefined, lookup: LookupSource): ResultOut | null =>
  result ? { result, lookup } : null;

export const tableResolvers = {
  Player: {
    counters: (p: PlayerOut) => counterList(p.counters),
    conceded: (p: PlayerOut) => p.conceded ?? false,
  },
  Turn: {
    number: (t: TurnOut) => t.turn.number,
    phase: (t: TurnOut) => t.turn.phase,
    activePlayer: (t: TurnOut) => {
      const id = t.turn.activePlayerId;
      return id === null ? null : withLookup(t.lookup, (lookup) => lookup.player(id));
    },
  },
  GameResult: {
    draw: (r: ResultOut) => r.result.draw,
    reason: (r: ResultOut) => r.result.reason,
    winners: (r: ResultOut) =>
      withLookup(r.lookup, (lookup) =>
        r.result.winnerIds.map((id) => lookup.player(id)).filter((p): p is PlayerOut => p !== null),
      ),
  },
};
