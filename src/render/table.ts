/**
 * The table beyond zones as GraphQL shows it: counters as lists, a player's counters and concession,
 * the turn and the result. Values come already redacted for the viewer (`viewGame`, `redactEvent`);
 * nested players resolve in the same lookup as the rest of the game or event.
 */
import type { Counters, GameResult, GameState, TurnState } from '../rules/index.js';
import { withLookup, type GameLookup, type LookupSource, type PlayerOut } from './lookup.js';

/**
 * A record's entries as list items in key order (stable for clients and twins). Records are mostly
 * written in key order already, so the sort runs only when they are not.
 */
function entryList<T, I>(
  record: Readonly<Record<string, T>> | undefined,
  item: (key: string, value: T) => I,
  keyOf: (item: I) => string,
): I[] {
  const out: I[] = [];
  if (!record) return out;
  let sorted = true;
  let last = '';
  for (const [key, value] of Object.entries(record)) {
    if (out.length > 0 && key < last) sorted = false;
    last = key;
    out.push(item(key, value));
  }
  if (!sorted) out.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  return out;
}

/**
 * `list(record)`, kept per record object: a game's statuses and counters are immutable records that
 * the cached state shares between views (a change writes a new record), so every view of an
 * unchanged object hands graphql-js the same finished items instead of building them again. The
 * items are read, never written, downstream. A record a view filtered for its viewer
 * (`visibleTableState`) is a new object of that view, so nothing crosses viewers.
 */
function perRecord<R extends object, I>(list: (record: R) => I[]): (record: R | undefined) => readonly I[] {
  const lists = new WeakMap<R, readonly I[]>();
  const none: readonly I[] = [];
  return (record) => {
    if (!record) return none;
    let items = lists.get(record);
    if (!items) lists.set(record, (items = list(record)));
    return items;
  };
}

/** Counters as the GraphQL list `[Counter!]!`, in kind order. */
export const counterList = perRecord((counters: Counters) =>
  entryList(
    counters,
    (kind, amount) => ({ kind, amount }),
    (c) => c.kind,
  ),
);

/** Statuses as the GraphQL list `[ObjectStatus!]!`, in name order. */
export const statusList = perRecord((statuses: Readonly<Record<string, string>>) =>
  entryList(
    statuses,
    (name, value) => ({ name, value }),
    (s) => s.name,
  ),
);

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

/**
 * A game's open takeback request (`PendingTakeback`, issue 41), the same for every viewer: who
 * asked, back to which event, why, who accepted and who is still to answer (every other seat that
 * has not conceded). Null when none is open.
 */
export function pendingTakebackOut(state: GameState, lookup: GameLookup) {
  const pending = state.takeback?.pending;
  if (!pending) return null;
  const players = (ids: readonly string[]) =>
    ids.map((id) => lookup.player(id)).filter((p): p is PlayerOut => p !== null);
  const asker = lookup.player(pending.askerId);
  if (!asker) return null;
  const awaiting = state.players
    .filter((p) => p.id !== pending.askerId && !p.conceded && !pending.accepted.includes(p.id))
    .map((p) => p.id);
  return {
    asker,
    toSeq: pending.toSeq,
    reason: pending.reason,
    accepted: players(pending.accepted),
    awaiting: players(awaiting),
  };
}

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
