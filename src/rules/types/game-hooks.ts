/** The questions the generic planner asks a game, and the answers a hook may give. Every answer that decides something cites a rule. */

import type { ZoneTypeSpec } from './catalog.js';
import type { MoveObjectsMove } from './moves.js';
import type { RejectionCode } from './rejection.js';
import type { ObjectState, ZoneState } from './state.js';

/** A rule citation when a hook decides something, or null when it does not apply. */
export type Citation = string | null;

/** What a move whose destination zone is its origin zone does (see {@link GameHooks.sameZone}). */
export type SameZoneAnswer =
  | { readonly kind: 'noMove'; readonly rule: string }
  | { readonly kind: 'reposition'; readonly newObject: Citation };

/** What the admission check may ask about the planned state of the destination's owner. */
export interface AdmitContext {
  /** Zones of a type owned by a player (or shared, for null). */
  zonesOf(type: string, ownerId: string | null): readonly ZoneState[];
  /** Top-level objects planned to be in a zone (staying plus already admitted arrivals). */
  occupants(zoneId: string): readonly ObjectState[];
}

/** Why a zone cannot contain an object. */
export interface AdmitFailure {
  readonly code: Extract<RejectionCode, 'NOT_ADMITTED' | 'ZONE_FULL' | 'UNKNOWN_ZONE'>;
  readonly rule: string;
  /**
   * Why, in a sentence that names neither the object nor the zone: the planner names them as the
   * caller sees them (`admission` in `src/rules/planner/destination.ts`).
   */
  readonly message: string;
}

/**
 * What becomes of a hosted object / sub-card whose host leaves (see {@link GameHooks.hostedFate}).
 * - `follow`: it moves with the host and stays hosted (FAB sec:zones_general, top-card stays the same object).
 * - `clear`: it is cleared (FAB rule:under_definition).
 * - `stay`: it stays, unattached, in the zone the host left (MTG 400.7: the host is a new object).
 * - `toOwnerZone`: it goes, unattached, to its owner's zone of `type` (MTG 704.5m, NR trashing).
 */
export type HostedFate =
  | { readonly kind: 'follow' }
  | { readonly kind: 'clear'; readonly rule: string }
  | { readonly kind: 'stay'; readonly rule: string }
  | {
      readonly kind: 'toOwnerZone';
      readonly type: string;
      readonly rule: string;
      /** Face at arrival; defaults to the zone type's default. */
      readonly faceUp?: boolean;
    };

/** The questions the generic planner asks a game. Every answer that decides something cites a rule. */
export interface GameHooks {
  /** MTG 400.3: the owner of the destination zone an object of this owner really goes to. */
  redirectOwner(
    obj: ObjectState,
    toType: string,
    ownerId: string | null,
  ): { ownerId: string; rule: string } | null;
  /** FAB rule:arena: a destination type that is not a zone but names one. */
  aliasType(type: string): { type: string; rule: string } | null;
  /** MTG 400.4a/b: the object remains in its previous zone. */
  staysInPlace(obj: ObjectState, from: ZoneTypeSpec, to: ZoneTypeSpec): Citation;
  /** What a move whose destination zone is its origin zone does. */
  sameZone(zoneType: ZoneTypeSpec): SameZoneAnswer;
  /** Whether an object moving between zones becomes a new object (MTG 400.7, FAB rule:become_new_object). */
  newObjectOnMove(from: ZoneTypeSpec, to: ZoneTypeSpec, wasPublic: boolean, isPublic: boolean): Citation;
  /** Whether turning an object's face makes it a new object (MTG 400.9, FAB public→private). */
  newObjectOnTurnFace(zoneType: ZoneTypeSpec, wasPublic: boolean, isPublic: boolean): Citation;
  /** Whether ending a reveal makes a new object (MTG 401.7, FAB public→private). */
  newObjectOnEndReveal(zoneType: ZoneTypeSpec, wasPublic: boolean, isPublic: boolean): Citation;
  /** Whether becoming a sub-card / hosted object makes a new object (FAB rule:under_definition). */
  newObjectOnAttach(from: ZoneTypeSpec, to: ZoneTypeSpec): Citation;
  /** Admission checks beyond plain capacity; null when admitted. */
  admits(obj: ObjectState, zone: ZoneState, zoneType: ZoneTypeSpec, ctx: AdmitContext): AdmitFailure | null;
  /** FAB: a rule moving an object to an impossible zone clears it; an effect fails. Others reject. */
  readonly clearsOnImpossibleRuleMove: boolean;
  /**
   * What an object hosted on (or under) a host does when the host changes zones, becomes a new
   * object or ceases to exist. `to` is the host's destination type, null when the host ceases to
   * exist. `canFollow` is false when the destination is not a public zone or belongs to another
   * player than the hosted object's owner: a hosted object never follows its host there (MTG 400.3,
   * NR rule_deck_size_open_information), so `follow` is then not a valid answer. `isPublic`: every
   * player sees the hosted object; a fate must not depend on properties hidden from anyone.
   */
  hostedFate(
    hosted: ObjectState,
    from: ZoneTypeSpec,
    to: ZoneTypeSpec | null,
    hostReset: boolean,
    canFollow: boolean,
    isPublic: boolean,
  ): HostedFate;
  /** NR rule_reveal_from_hidden: reveal the object to all before the move. */
  revealBeforeMove(
    obj: ObjectState,
    zoneType: ZoneTypeSpec,
    isPublic: boolean,
    move: MoveObjectsMove,
  ): Citation;
  /** Ruleset-specific check for moving layers: tokens and non-card layers that cannot exist there cease to exist. */
  ceasesInsteadOfMoving(obj: ObjectState, to: ZoneTypeSpec): Citation;
  /**
   * Whether a hosted object / sub-card is public, given its own face and its host's (the host's zone
   * allows face-up objects). FAB rule:under_definition: sub-cards share their top-card's visibility.
   */
  hostedIsPublic(faceUp: boolean, hostFaceUp: boolean): boolean;
  /**
   * With several zones of `type` able to take an object, whether the first empty one is taken
   * (FAB sec:arsenal_zone) instead of asking the owner to choose. The citation, or null.
   */
  takesFirstFit(type: string): Citation;
  /** The rule that keeps the order of a zone except by an effect (MTG 400.5, NR rule_deck_ordered). */
  orderLock(zoneType: ZoneTypeSpec): string;
  /** Whether face-down objects in this zone keep their order against the owners' arrangement (MTG 400.5). */
  faceDownPileKeepsOrder(zoneType: ZoneTypeSpec): Citation;
  /** Whether an index past the end of this zone puts the object at the bottom (MTG 401.8), not a refusal. */
  deepIndexToBottom(zoneType: ZoneTypeSpec): Citation;
}
