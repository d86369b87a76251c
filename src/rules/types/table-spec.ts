/** What a ruleset declares about the table beyond zones: statuses, counters, the turn, dice and coins (`docs/rulesets.md`). */

import type { RollAudience } from './chance-moves.js';

/** Why a ruleset declares none of something (never an invented rule). */
export interface NoneDeclared {
  readonly reason: string;
  readonly rule: string;
}

/** A status objects may have (MTG 110.5: tapped/untapped, flipped, phased out). */
export interface StatusSpec {
  readonly name: string;
  /** Every value; `default` is one of them. */
  readonly values: readonly string[];
  readonly default: string;
  /** The zone types where the status exists; entering another clears it. */
  readonly zoneTypes: readonly string[];
  readonly rule: string;
  /** Seen only by viewers who see the object's face. */
  readonly faceOnly: boolean;
}

/** Where a cleared counter's amount goes (NR: credits on a trashed card go back to the bank). */
export interface CounterReturn {
  readonly zoneType: string;
  readonly kind: string;
  readonly rule: string;
}

/** A counter kind on objects, players or zones (MTG 122.1, 119.1; NR rule_credits). */
export interface CounterKindSpec {
  readonly kind: string;
  readonly rule: string;
  /** Lower bound, or null for none (life). Default 0. */
  readonly min: number | null;
  readonly max: number | null;
  /** Objects: the zone types where the kind exists (null: all). Zones: the zone types holding it. */
  readonly zoneTypes: readonly string[] | null;
  readonly faceOnly: boolean;
  readonly returnTo: CounterReturn | null;
  /** Players and zones: the starting amount (null: none, set at creation). */
  readonly start: number | null;
  /** Players: `owner` = only that player (and admins, the referee) see it. */
  readonly visibility: 'public' | 'owner';
}

/** The turn structure (MTG 500.1; NR rule_turns): phases in order, one list or one per side. */
export interface TurnSpec {
  readonly phases: readonly string[];
  /** By side name (`sides`), where the sides' turns differ. */
  readonly phasesBySide: Readonly<Record<string, readonly string[]>>;
  readonly rule: string;
  /** The seat active at turn 1. */
  readonly firstSeat: number;
}

/** Everything a ruleset declares about the table beyond zones (see `docs/rulesets.md`). */
export interface TableSpec {
  readonly statuses: readonly StatusSpec[];
  readonly statusesNone: NoneDeclared | null;
  /** Whether objects may carry counter kinds not listed (MTG 122.1). */
  readonly openObjectKinds: boolean;
  readonly objectCounters: readonly CounterKindSpec[];
  readonly playerCounters: readonly CounterKindSpec[];
  readonly zoneCounters: readonly CounterKindSpec[];
  readonly countersNone: NoneDeclared | null;
  /** One list declared none (Pokémon: no player counter, no life total). */
  readonly objectCountersNone: NoneDeclared | null;
  readonly playerCountersNone: NoneDeclared | null;
  readonly zoneCountersNone: NoneDeclared | null;
  readonly turn: TurnSpec | null;
  readonly turnNone: NoneDeclared | null;
  /** Dice a seat may roll (MTG 706.1), or null with `diceNone` saying why not. */
  readonly dice: RandomizerSpec | null;
  readonly diceNone: NoneDeclared | null;
  /** Coins a seat may flip (MTG 705.1), or null with `coinsNone` saying why not. */
  readonly coins: RandomizerSpec | null;
  readonly coinsNone: NoneDeclared | null;
}

/** Dice or coins as a ruleset declares them: which dice, who may see the results, and the rule. */
export interface RandomizerSpec {
  /** Dice: the faces a die may have (a coin has 2). */
  readonly sides: readonly number[];
  /** Who may be shown the results: `all` (a public roll), `roller` (a private one). */
  readonly seenBy: readonly RollAudience[];
  readonly rule: string;
}
