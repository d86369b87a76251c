/**
 * What each viewer may know, written from the rules text and independent of `src/rules`: the
 * leak and visibility tests compare the server against this model, never against the production
 * `canSee`, so a wrong production rule makes them fail.
 */
import type { RulesetDocument } from '../../src/rules/index.js';
import { loadRulesets } from '../../src/rulesets/load.js';
import type { ObjectJson } from '../support/game-api.js';

/** A loaded ruleset's id: the three built-ins with their own models below, or a game defined by its file. */
export type RulesetName = string;

/** The ruleset files as written (validated, not interpreted by src/rules): the rules text of a data-only game. */
const FILES: ReadonlyMap<string, RulesetDocument> = new Map(
  loadRulesets().map((l) => [l.document.id, l.document]),
);

/** A ruleset's file; the model of a game defined by data alone is read from it. */
export function rulesetFile(ruleset: RulesetName): RulesetDocument {
  const doc = FILES.get(ruleset);
  if (!doc) throw new Error(`no ruleset file for ${ruleset}`);
  return doc;
}

export type TestViewer =
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'admin' };

/**
 * How a zone type treats the faces of its objects.
 * - `faceUpPossible`: whether an object there can be face up (public) at all. Libraries and decks
 *   are face-down piles; MTG and Netrunner hands hold cards only their owner sees.
 * - `faceDownSeenBy`: who may look at a face-down (private) object there.
 */
interface ZoneRule {
  readonly faceUpPossible: boolean;
  readonly faceDownSeenBy: 'nobody' | 'owner' | 'controller';
}

const hidden: ZoneRule = { faceUpPossible: false, faceDownSeenBy: 'nobody' };
const ownersOnly: ZoneRule = { faceUpPossible: false, faceDownSeenBy: 'owner' };
const publicZone = (faceDownSeenBy: ZoneRule['faceDownSeenBy']): ZoneRule => ({
  faceUpPossible: true,
  faceDownSeenBy,
});

/**
 * MTG 400.2: library and hand are hidden zones, the rest public. 401.2: nobody looks at a library.
 * 402.3: a player may look at their own hand. 406.3: face-down exiled cards are seen by nobody.
 * 708.5 / 702.37: a face-down permanent or spell is seen by its controller. Command zone hidden
 * agendas are looked at by their owner.
 */
const MTG_ZONES: Record<string, ZoneRule> = {
  library: hidden,
  hand: ownersOnly,
  battlefield: publicZone('controller'),
  graveyard: publicZone('nobody'),
  stack: publicZone('controller'),
  exile: publicZone('nobody'),
  command: publicZone('owner'),
  ante: publicZone('nobody'),
};

/**
 * FAB rule:object_visibility: a private object may be seen by the player who owns it or owns its
 * zone, unless it is in a deck, where nobody sees it. Hand and arsenal hold private objects by
 * default, but a card there can be face up (a public arsenal card).
 */
const FAB_PRIVATE = publicZone('owner');
const FAB_ZONES: Record<string, ZoneRule> = {
  deck: hidden,
  hand: FAB_PRIVATE,
  arsenal: FAB_PRIVATE,
  arms: FAB_PRIVATE,
  chest: FAB_PRIVATE,
  head: FAB_PRIVATE,
  legs: FAB_PRIVATE,
  banished: FAB_PRIVATE,
  combatChain: FAB_PRIVATE,
  graveyard: FAB_PRIVATE,
  hero: FAB_PRIVATE,
  permanent: FAB_PRIVATE,
  pitch: FAB_PRIVATE,
  stack: FAB_PRIVATE,
  weapon: FAB_PRIVATE,
};

/**
 * NR rule_deck_hidden: nobody looks at R&D or the Stack. rule_secret_zone: HQ / the Grip are seen
 * by their owner only. Face-down cards in Archives are known to their owner; face-down installed
 * cards to their controller.
 */
const NR_ZONES: Record<string, ZoneRule> = {
  deck: hidden,
  hand: ownersOnly,
  discard: publicZone('owner'),
  score: publicZone('owner'),
  play: publicZone('controller'),
  bank: publicZone('nobody'),
  setAside: publicZone('controller'),
  removed: publicZone('controller'),
};

const BUILTIN_ZONE_RULES: Record<string, Record<string, ZoneRule>> = {
  mtg: MTG_ZONES,
  fab: FAB_ZONES,
  netrunner: NR_ZONES,
};

/**
 * A data-only game's zone rules, as its file states them (docs/rulesets.md): a face can show where
 * `allowsFaceUp` (default true); a face-down object is seen by `faceDownSeenBy`, which defaults to
 * the owner in a secret zone and to nobody elsewhere.
 */
const fileRulesCache = new Map<string, Record<string, ZoneRule>>();
function fileZoneRules(ruleset: RulesetName): Record<string, ZoneRule> {
  const cached = fileRulesCache.get(ruleset);
  if (cached) return cached;
  const rules: Record<string, ZoneRule> = Object.fromEntries(
    rulesetFile(ruleset).zoneTypes.map((t) => [
      t.type,
      {
        faceUpPossible: t.allowsFaceUp ?? true,
        faceDownSeenBy: t.faceDownSeenBy ?? (t.visibility === 'secret' ? 'owner' : 'nobody'),
      },
    ]),
  );
  fileRulesCache.set(ruleset, rules);
  return rules;
}

/** Whether hosted objects share their host's visibility (FAB rule:under_definition; a file's `hostedIsPublic: host`). */
function hostedWithHost(ruleset: RulesetName): boolean {
  if (ruleset in BUILTIN_ZONE_RULES) return ruleset === 'fab';
  return rulesetFile(ruleset).behaviour?.hostedIsPublic === 'host';
}

/** The facts about an object (taken from the admin's view) that decide who may see it. */
export interface Truth {
  readonly zoneType: string;
  readonly zoneOwnerId: string | null;
  readonly ownerId: string;
  readonly controllerId: string;
  readonly faceUp: boolean;
  readonly revealedToAll: boolean;
  readonly revealedTo: readonly string[];
  readonly host: { readonly faceUp: boolean } | null;
}

export function truthOf(adminObj: ObjectJson): Truth {
  return {
    zoneType: adminObj.zone.type,
    zoneOwnerId: adminObj.zone.owner?.id ?? null,
    ownerId: adminObj.owner.id,
    controllerId: adminObj.controller.id,
    faceUp: adminObj.faceUp,
    revealedToAll: adminObj.revealedToAll,
    revealedTo: adminObj.revealedTo.map((p) => p.id),
    host: adminObj.host ? { faceUp: adminObj.host.faceUp } : null,
  };
}

/**
 * Whether an object is public where it is: face up in a zone that can show faces. A FAB sub-card is
 * public exactly when its top-card is (rule:under_definition); elsewhere a hosted card is public
 * when it and its host are face up.
 */
export function isPublic(ruleset: RulesetName, t: Truth): boolean {
  const rule = zoneRule(ruleset, t.zoneType);
  if (!rule.faceUpPossible) return false;
  if (t.host === null) return t.faceUp;
  return hostedWithHost(ruleset) ? t.host.faceUp : t.faceUp && t.host.faceUp;
}

export function zoneRule(ruleset: RulesetName, zoneType: string): ZoneRule {
  const rule = (BUILTIN_ZONE_RULES[ruleset] ?? fileZoneRules(ruleset))[zoneType];
  if (!rule) throw new Error(`model has no rule for ${ruleset} zone type ${zoneType}`);
  return rule;
}

/** The model: may this viewer see this object's printed properties? */
export function mayView(ruleset: RulesetName, viewer: TestViewer, t: Truth): boolean {
  if (viewer.kind === 'admin') return true;
  if (t.revealedToAll || isPublic(ruleset, t)) return true;
  if (viewer.kind === 'spectator') return false;
  const me = viewer.playerId;
  if (t.revealedTo.includes(me)) return true;
  switch (zoneRule(ruleset, t.zoneType).faceDownSeenBy) {
    case 'nobody':
      return false;
    case 'owner':
      return t.ownerId === me || t.zoneOwnerId === me;
    case 'controller':
      return t.controllerId === me;
  }
}

/**
 * What a non-admin viewer must receive for an object, given the admin's view of it. Its statuses and
 * counters (issue 28): all of them with the face; without it, in a public zone, all but the kinds
 * the file declares `faceOnly`; none in a secret or hidden zone.
 */
export function expectedView(ruleset: RulesetName, adminObj: ObjectJson, visible: boolean): ObjectJson {
  const file = rulesetFile(ruleset);
  const publicZone = file.zoneTypes.find((t) => t.type === adminObj.zone.type)?.visibility === 'public';
  const statuses = Array.isArray(file.statuses) ? file.statuses : [];
  const counters = file.counters && !('none' in file.counters) ? file.counters.objects : [];
  const faceOnlyStatus = new Set(statuses.filter((s) => s.faceOnly).map((s) => s.name));
  const faceOnlyKind = new Set(
    (Array.isArray(counters) ? counters : []).filter((c) => c.faceOnly).map((c) => c.kind),
  );
  return {
    ...adminObj,
    card: visible ? adminObj.card : null,
    history: visible ? adminObj.history : null,
    internalKey: null,
    statuses: visible
      ? adminObj.statuses
      : publicZone
        ? adminObj.statuses.filter((s) => !faceOnlyStatus.has(s.name))
        : [],
    counters: visible
      ? adminObj.counters
      : publicZone
        ? adminObj.counters.filter((c) => !faceOnlyKind.has(c.kind))
        : [],
  };
}

export function viewerName(v: TestViewer): string {
  return v.kind === 'player' ? `player ${v.playerId.slice(0, 8)}` : v.kind;
}
