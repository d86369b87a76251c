/**
 * The stored form of the table beyond objects (`game.table_state`, `game_checkpoint.table_state`):
 * players' counters and concessions, zones' counters, the turn and the result, as one JSON value.
 * Objects' statuses and counters are columns of their rows (`src/stored/object-rows.ts`). A game from before
 * the table existed stores null: no counters, no turn, no result.
 */
import type {
  ClockState,
  Counters,
  GameResult,
  GameState,
  SeatEntropy,
  TakebackState,
  TurnState,
} from '../rules/index.js';

export interface StoredTable {
  readonly players?: Readonly<Record<string, { readonly counters?: Counters; readonly conceded?: boolean }>>;
  readonly zones?: Readonly<Record<string, Counters>>;
  readonly turn?: TurnState | null;
  readonly result?: GameResult | null;
  /** zk-rng/1's running entropy hash (public: folded from the log's ENTROPY_ADDED events). */
  readonly entropy?: string | null;
  /** Whether random acts wait for seat entropy, and the seats that gave some since the commitment. */
  readonly seatEntropy?: SeatEntropy;
  /** Random acts drawn since the last commitment (zk-rng/2 numbers acts with it). */
  readonly randomActs?: number;
  /**
   * The clocks (issue 40). `clock.deadline` (epoch ms) is what the database indexes as
   * `game.clock_deadline` (a trigger of the clocks migration keeps it) to find due clocks.
   */
  readonly clock?: ClockState | null;
  /** Takebacks (issue 41): the open request and each seat's requests this turn (public). */
  readonly takeback?: TakebackState;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The table of a state as stored, or null when it has none of it. */
export function storedTableOf(state: GameState): StoredTable | null {
  const players: Record<string, { counters?: Counters; conceded?: boolean }> = {};
  for (const p of state.players)
    if (p.counters || p.conceded)
      players[p.id] = {
        ...(p.counters ? { counters: p.counters } : {}),
        ...(p.conceded ? { conceded: true } : {}),
      };
  const zones: Record<string, Counters> = {};
  for (const z of state.zones) if (z.counters) zones[z.id] = z.counters;
  const turn = state.turn ?? null;
  const result = state.result ?? null;
  const entropy = state.entropy ?? null;
  const { seatEntropy, randomActs } = state;
  const clock = state.clock ?? null;
  const { takeback } = state;
  if (
    Object.keys(players).length === 0 &&
    Object.keys(zones).length === 0 &&
    !turn &&
    !result &&
    !entropy &&
    !seatEntropy &&
    !randomActs &&
    !clock &&
    !takeback
  )
    return null;
  return {
    players,
    zones,
    turn,
    result,
    ...(entropy ? { entropy } : {}),
    ...(seatEntropy ? { seatEntropy } : {}),
    ...(randomActs ? { randomActs } : {}),
    ...(clock ? { clock } : {}),
    ...(takeback ? { takeback } : {}),
  };
}

/** A state with its stored table applied (null or malformed: nothing to apply). */
export function withStoredTable(state: GameState, stored: unknown): GameState {
  if (!isRecord(stored)) return state;
  const t = stored as StoredTable;
  const players = t.players ?? {};
  const zones = t.zones ?? {};
  return {
    ...state,
    players: state.players.map((p) => {
      const s = players[p.id];
      return s
        ? { ...p, ...(s.counters ? { counters: s.counters } : {}), ...(s.conceded ? { conceded: true } : {}) }
        : p;
    }),
    zones: state.zones.map((z) => {
      const counters = zones[z.id];
      return counters ? { ...z, counters } : z;
    }),
    ...(t.turn ? { turn: t.turn } : {}),
    ...(t.result ? { result: t.result } : {}),
    ...(typeof t.entropy === 'string' ? { entropy: t.entropy } : {}),
    ...(isRecord(t.seatEntropy) && Array.isArray(t.seatEntropy.given)
      ? { seatEntropy: { waits: t.seatEntropy.waits === true, given: t.seatEntropy.given } }
      : {}),
    ...(typeof t.randomActs === 'number' && t.randomActs > 0 ? { randomActs: t.randomActs } : {}),
    ...(isRecord(t.clock) ? { clock: t.clock } : {}),
    ...(isRecord(t.takeback) && isRecord(t.takeback.asked) ? { takeback: t.takeback } : {}),
  };
}
