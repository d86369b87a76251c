/** A ruleset's catalog: its zone types and the other facts the generic planner reads (pure data). */

import type { ObjectKind } from './card.js';
import type { SeatPolicy } from './seat-policy.js';
import type { TableSpec } from './table-spec.js';

/**
 * A ruleset's id, as its file names it (`rulesets/<id>.yaml`): the built-ins `mtg`, `fab`,
 * `netrunner`, and any ruleset loaded at start (`RULESETS_DIR`).
 */
export type RulesetId = string;

/**
 * Who may see the faces of objects in a zone by default.
 * - `public`: everyone (unless an object is face down).
 * - `secret`: the zone's owner / controller only (MTG 402.3, NR rule_secret_zone, FAB private zones).
 * - `hidden`: nobody, not even the owner (MTG 401.2, NR rule_deck_hidden, FAB deck zone).
 */
export type ZoneVisibility = 'public' | 'secret' | 'hidden';

/** Who may look at a face-down (private) object in a zone of this type. */
export type FaceDownSeenBy = 'nobody' | 'owner' | 'controller';

/**
 * A predicate on objects, described for clients and cited to a rule. Without a condition it only
 * describes what a named hook checks; with one, the planner enforces it for every game alike: an
 * object is admitted when it has one of `types`, or one of `subtypes`, or is one of `kinds`
 * (whichever are given), and, with `ownersOnly`, when it is the zone owner's.
 */
export interface AdmitRule {
  /** Human-readable description, e.g. "only cards with subtype arms". */
  readonly description: string;
  readonly rule: string;
  readonly types?: readonly string[];
  readonly subtypes?: readonly string[];
  readonly kinds?: readonly ObjectKind[];
  readonly ownersOnly?: boolean;
}

/** One zone type of a ruleset's catalog. */
export interface ZoneTypeSpec {
  /** Machine name, e.g. `library`, `arsenal`, `rnd`. Stable API. */
  readonly type: string;
  /** Display name in the game's own words, e.g. "R&D", "Combat Chain". */
  readonly name: string;
  readonly visibility: ZoneVisibility;
  readonly faceDownSeenBy: FaceDownSeenBy;
  /** `player`: each player has `perPlayer` of them; `shared`: one per game, no owner. */
  readonly scope: 'player' | 'shared';
  /** How many zones of this type each player starts with (FAB: 2 weapon zones). 0 for shared. */
  readonly perPlayer: number;
  /** Whether the order of objects is rules-relevant and kept (MTG 400.5). */
  readonly ordered: boolean;
  /** Whether the owner may freely rearrange the zone (MTG 400.5 second sentence, 402.3). */
  readonly ownerMayReorder: boolean;
  /** Maximum number of top-level objects, or null for unbounded. */
  readonly capacity: number | null;
  /** Whether objects entering this zone are face up by default. */
  readonly defaultFaceUp: boolean;
  /** Whether an object may be face up in this zone at all (FAB/MTG decks are face-down piles). */
  readonly allowsFaceUp: boolean;
  /** FAB arena membership (FAB rule:arena). False for other games. */
  readonly arena: boolean;
  /** True for the stack zone, whose entries are layers (MTG 405, FAB sec:stack_zone). */
  readonly isStack: boolean;
  /** Human-readable admission rules. The planner enforces them. */
  readonly admits: readonly AdmitRule[];
  /** Rule citations defining this zone type. */
  readonly rules: readonly string[];
  /**
   * Display names per seat, in the game's own words (NR rule_deck_name: seat 0 = Corp "R&D",
   * seat 1 = Runner "Stack"). Falls back to `name`. Added by the rules layer.
   */
  readonly displayNames?: Readonly<Record<number, string>>;
  /** Whether a new game starts with zones of this type (false: MTG ante, created on demand). Default true. */
  readonly startsInGame?: boolean;
}

/** A ruleset's catalog: its zone types and the other facts the generic planner reads. Pure data. */
export interface RulesetCatalog {
  readonly id: RulesetId;
  readonly name: string;
  readonly zoneTypes: readonly ZoneTypeSpec[];
  /** Zone type that cards in a submitted deck start in by default. */
  readonly deckZone: string;
  /** Zone type a cleared object goes to (FAB rule:clear_definition), if the ruleset clears. */
  readonly clearZone: string | null;
  /** Minimum and maximum number of players. */
  readonly players: { readonly min: number; readonly max: number };
  /** Names of the sides by seat, in the game's own words (NR: Corp, Runner); empty when seats are alike. */
  readonly sides: readonly string[];
  /** What a seat may act on beyond its own objects and zones (`src/rules/permission.ts`). */
  readonly seatPolicy: SeatPolicy;
  /**
   * Statuses, counter kinds and the turn structure (issue 28). Absent for a ruleset (or a stored
   * version) that declares none of them: see {@link TableSpec}.
   */
  readonly table?: TableSpec;
}
