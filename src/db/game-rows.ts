/**
 * The `game` and `player` tables as loads and views read them, and a game as loaded: its row,
 * ruleset, seats and state (`state.ts` loads it, `state-cache.ts` keeps it).
 */
import type { GameState, RulesetSpec } from '../rules/index.js';

/** A game row's columns that describe the game (not its credentials). */
export interface GameColumns {
  readonly id: string;
  readonly ruleset: string;
  /** The ruleset version the game plays under (null: a game from before versions, not yet started on). */
  readonly rulesetVersion: string | null;
  readonly status: 'ACTIVE' | 'ENDED' | 'ARCHIVED';
  readonly version: number;
  readonly lastSeq: number;
  readonly createdAt: Date;
  readonly endedAt: Date | null;
  readonly importedFrom: string | null;
}

/** The game row's columns a load reads. */
export type GameRow = Omit<GameColumns, 'endedAt' | 'importedFrom' | 'rulesetVersion'>;

export interface SeatRow {
  readonly id: string;
  readonly seat: number;
  readonly name: string;
}

/** A game as loaded (or cached): its row, ruleset, seats and state. */
export interface LoadedGame {
  readonly game: GameRow;
  readonly spec: RulesetSpec;
  readonly players: readonly SeatRow[];
  readonly state: GameState;
}
