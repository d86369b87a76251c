/**
 * The shape of a ruleset file (`rulesets/<id>.yaml`, `docs/rulesets.md`) once parsed and validated
 * (validation is `src/rulesets/schema.ts`, outside this pure layer). Fields left out take the
 * defaults {@link buildRuleset} documents, so that a file states only what differs.
 */
import type { AdmitRule, FaceDownSeenBy, ZoneVisibility } from './types/catalog.js';
import type { GameCitations } from './types/citations.js';
import type { Citation, HostedFate, SameZoneAnswer } from './types/game-hooks.js';
import type { SeatPolicy } from './types/seat-policy.js';

/** One zone type in a ruleset file. */
export interface ZoneTypeDocument {
  readonly type: string;
  readonly name: string;
  /** Display names by seat (NR rule_deck_name: seat 0 "R&D", seat 1 "Stack"). */
  readonly displayNames?: readonly string[];
  readonly visibility: ZoneVisibility;
  /** Default: `owner` for secret zones, else `nobody`. */
  readonly faceDownSeenBy?: FaceDownSeenBy;
  readonly scope: 'player' | 'shared';
  /** Default: 1 for player zones, 0 for shared ones. */
  readonly perPlayer?: number;
  readonly ordered?: boolean;
  readonly ownerMayReorder?: boolean;
  readonly capacity?: number | null;
  /** Default: face up in public zones. */
  readonly defaultFaceUp?: boolean;
  readonly allowsFaceUp?: boolean;
  readonly arena?: boolean;
  readonly isStack?: boolean;
  readonly startsInGame?: boolean;
  readonly admits?: readonly AdmitRule[];
  readonly rules: readonly string[];
  /** When objects become new objects in this zone type, overriding the ruleset's `behaviour.newObject`. */
  readonly newObject?: {
    /** Entering this zone type from another (null: the object stays the same, FAB arena and stack). */
    readonly onEnter?: Citation;
    /** Turning a public object here face down (MTG 400.9 in the command zone). */
    readonly onTurnFaceDown?: string;
    /** Ending any reveal here (MTG 401.7 in the library). */
    readonly onEndReveal?: string;
  };
  /** What a move from this zone type to itself does, overriding `behaviour.sameZone` (MTG 400.8, 400.10). */
  readonly sameZone?: SameZoneAnswer;
  /** The rule keeping this zone's order, overriding `behaviour.orderLock`. */
  readonly orderLock?: string;
  /** An index past the end of this zone puts the object at the bottom (MTG 401.8). */
  readonly deepIndexToBottom?: string;
}

/** The hook answers that data expresses; the generic hooks read them (`src/rules/data-hooks.ts`). */
export interface BehaviourDocument {
  readonly newObject?: {
    /** Moving between zones makes a new object (MTG 400.7); null: never (NR). */
    readonly onMove?: Citation;
    /** A public object becoming private (moved, turned face down, reveal ended) makes a new object (FAB). */
    readonly onPublicToPrivate?: Citation;
    /** Going under or onto a host makes a new object: always (FAB), or when it changes zone type (MTG). */
    readonly onAttach?: { readonly rule: string; readonly when: 'always' | 'zoneChange' } | null;
  };
  /** Default `{ kind: reposition, newObject: null }`. */
  readonly sameZone?: SameZoneAnswer;
  /** Zone types an object only ever enters as its owner's (MTG 400.3). */
  readonly ownersZones?: { readonly types: readonly string[]; readonly rule: string } | null;
  /** Destination type names that are not zones but name one (FAB rule:arena). */
  readonly aliases?: readonly { readonly type: string; readonly to: string; readonly rule: string }[];
  /** Layers (abilities with no card) exist only in stack zones: this rule refuses them elsewhere. */
  readonly layersOnlyOnStack?: Citation;
  /** What a hosted object does when its host leaves or becomes a new object. Default: stays, citing `citations.host`. */
  readonly hostedFate?: Exclude<HostedFate, { kind: 'follow' }>;
  /** A hosted object is public with its host (`host`, FAB) or when it and its host are face up (default). */
  readonly hostedIsPublic?: 'host' | 'faceAndHost';
  readonly clearsOnImpossibleRuleMove?: boolean;
  /** Zone types whose first empty zone takes an object instead of the owner choosing (FAB sec:arsenal_zone). */
  readonly firstFit?: readonly { readonly type: string; readonly rule: string }[];
  /** The rule keeping an ordered zone's order except by an effect. Default `citations.ownerArrangement`. */
  readonly orderLock?: string;
  /** Face-down objects in public zones keep their order against the owners' arrangement (MTG 400.5). */
  readonly faceDownPileKeepsOrder?: Citation;
}

/** In place of a list: the game has none of it, and why (never an invented rule). */
export interface NoneDocument {
  readonly none: string;
  readonly rule: string;
}

/** A status in a ruleset file (`statuses`). The first value is the default unless `default` is given. */
export interface StatusDocument {
  readonly name: string;
  readonly values: readonly string[];
  readonly default?: string;
  readonly zoneTypes: readonly string[];
  readonly rule: string;
  readonly faceOnly?: boolean;
}

/** A counter kind in a ruleset file (`counters.objects`, `.players`, `.zones`). */
export interface CounterKindDocument {
  readonly kind: string;
  readonly rule: string;
  /** Default 0; null: no lower bound (life). */
  readonly min?: number | null;
  readonly max?: number | null;
  readonly zoneTypes?: readonly string[] | null;
  readonly faceOnly?: boolean;
  readonly returnTo?: { readonly zoneType: string; readonly kind: string; readonly rule: string } | null;
  readonly start?: number | null;
  readonly visibility?: 'public' | 'owner';
}

/** `counters` in a ruleset file. */
export interface CountersDocument {
  readonly openObjectKinds?: boolean;
  readonly objects?: readonly CounterKindDocument[] | NoneDocument;
  readonly players?: readonly CounterKindDocument[] | NoneDocument;
  readonly zones?: readonly CounterKindDocument[] | NoneDocument;
}

/** `turn` in a ruleset file: one list of phases, or one per side. */
export interface TurnDocument {
  readonly phases?: readonly string[];
  readonly phasesBySide?: Readonly<Record<string, readonly string[]>>;
  readonly rule: string;
  /** `seat0`, `seat1`, …: who is active at turn 1. Default seat0. */
  readonly firstPlayer?: string;
}

/** `dice` or `coins` in a ruleset file: which dice (coins: none), who may see results, the rule. */
export interface RandomizerDocument {
  readonly sides?: readonly number[];
  readonly seenBy: readonly ('all' | 'roller')[];
  readonly rule: string;
}

/** A ruleset file. */
export interface RulesetDocument {
  /** The JSON Schema reference editors use; ignored. */
  readonly $schema?: string;
  readonly id: string;
  readonly name: string;
  readonly players: { readonly min: number; readonly max: number };
  readonly sides?: readonly string[];
  readonly deckZone: string;
  readonly clearZone?: string | null;
  readonly seatPolicy: SeatPolicy;
  readonly citations: GameCitations;
  readonly behaviour?: BehaviourDocument;
  /** Code hooks by name (`src/rules/hook-registry.ts`), for what data cannot express. */
  readonly hooks?: readonly string[];
  readonly zoneTypes: readonly ZoneTypeDocument[];
  readonly statuses?: readonly StatusDocument[] | NoneDocument;
  readonly counters?: CountersDocument | NoneDocument;
  readonly turn?: TurnDocument | NoneDocument;
  readonly dice?: RandomizerDocument | NoneDocument;
  readonly coins?: RandomizerDocument | NoneDocument;
}
