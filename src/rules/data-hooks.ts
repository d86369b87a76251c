/**
 * A ruleset from its file: the catalog with its defaults filled in, and the hooks the generic
 * planner asks, answered from the file's data (`behaviour`, per-zone-type overrides, admission
 * conditions) and, for what data cannot express, by the code hooks the file names. Pure: the file
 * was read and validated elsewhere (`src/rulesets/`).
 */
import { buildTable } from './table-build.js';
import type { BehaviourDocument, RulesetDocument, ZoneTypeDocument } from './document.js';
import { hasTag } from './hooks.js';
import { NAMED_HOOKS } from './hook-registry.js';
import type { AdmitRule, ZoneTypeSpec } from './types/catalog.js';
import type { AdmitFailure, GameHooks } from './types/game-hooks.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { ObjectState, ZoneState } from './types/state.js';

/** A zone type with the defaults of a file's omitted fields: public face up, one per player, unordered, unbounded. */
function zoneTypeOf(t: ZoneTypeDocument): ZoneTypeSpec {
  const isPublic = t.visibility === 'public';
  const spec: ZoneTypeSpec = {
    type: t.type,
    name: t.name,
    visibility: t.visibility,
    faceDownSeenBy: t.faceDownSeenBy ?? (t.visibility === 'secret' ? 'owner' : 'nobody'),
    scope: t.scope,
    perPlayer: t.perPlayer ?? (t.scope === 'player' ? 1 : 0),
    ordered: t.ordered ?? false,
    ownerMayReorder: t.ownerMayReorder ?? true,
    capacity: t.capacity ?? null,
    defaultFaceUp: t.defaultFaceUp ?? isPublic,
    allowsFaceUp: t.allowsFaceUp ?? true,
    arena: t.arena ?? false,
    isStack: t.isStack ?? false,
    admits: t.admits ?? [],
    rules: t.rules,
  };
  return {
    ...spec,
    ...(t.displayNames && t.displayNames.length > 0
      ? { displayNames: Object.fromEntries(t.displayNames.map((n, seat) => [seat, n])) }
      : {}),
    ...(t.startsInGame !== undefined ? { startsInGame: t.startsInGame } : {}),
  };
}

/** Whether an object meets an admission rule's conditions (a rule without any admits everything). */
function meets(rule: AdmitRule, obj: ObjectState, zone: ZoneState): boolean {
  if (rule.ownersOnly === true && obj.ownerId !== zone.ownerId) return false;
  const tests: boolean[] = [];
  if (rule.types) tests.push(rule.types.some((t) => hasTag(obj.card.types, t)));
  if (rule.subtypes) tests.push(rule.subtypes.some((t) => hasTag(obj.card.subtypes, t)));
  if (rule.kinds) tests.push(rule.kinds.includes(obj.kind));
  return tests.length === 0 || tests.some(Boolean);
}

/**
 * Admission: a layer only on a stack where the file says so, then the zone type's admission rules,
 * the first failed one cited.
 */
function admission(b: BehaviourDocument): GameHooks['admits'] {
  return (obj, zone, zoneType): AdmitFailure | null => {
    if (obj.kind === 'layer' && !zoneType.isStack && b.layersOnlyOnStack)
      return {
        code: 'NOT_ADMITTED',
        rule: b.layersOnlyOnStack,
        message: 'A layer can only be on a stack.',
      };
    const failed = zoneType.admits.find((rule) => !meets(rule, obj, zone));
    return failed
      ? {
          code: 'NOT_ADMITTED',
          rule: failed.rule,
          message: `It admits ${failed.description}.`,
        }
      : null;
  };
}

/**
 * The hooks a file's data answers. Each reads the file's `behaviour` and the zone type's own
 * overrides; every answer that decides something cites the rule the file gives.
 */
function dataHooks(
  doc: RulesetDocument,
  types: ReadonlyMap<string, ZoneTypeDocument>,
  hostRule: string,
  arrangement: string,
): GameHooks {
  const b: BehaviourDocument = doc.behaviour ?? {};
  const onMove = b.newObject?.onMove ?? null;
  const toPrivate = b.newObject?.onPublicToPrivate ?? null;
  const onAttach = b.newObject?.onAttach ?? null;
  const of = (t: ZoneTypeSpec) => types.get(t.type);
  const privatising = (wasPublic: boolean, isPublic: boolean) => (wasPublic && !isPublic ? toPrivate : null);
  return {
    redirectOwner(obj, toType, ownerId) {
      const owners = b.ownersZones;
      if (!owners || !owners.types.includes(toType) || ownerId === obj.ownerId) return null;
      return { ownerId: obj.ownerId, rule: owners.rule };
    },
    aliasType(type) {
      const alias = (b.aliases ?? []).find((a) => a.type === type);
      return alias ? { type: alias.to, rule: alias.rule } : null;
    },
    staysInPlace: () => null,
    sameZone: (t) => of(t)?.sameZone ?? b.sameZone ?? { kind: 'reposition', newObject: null },
    newObjectOnMove(_from, to, wasPublic, isPublic) {
      const enter = of(to)?.newObject;
      const rule = enter && 'onEnter' in enter ? (enter.onEnter ?? null) : onMove;
      return rule ?? privatising(wasPublic, isPublic);
    },
    newObjectOnTurnFace: (t, wasPublic, isPublic) =>
      wasPublic && !isPublic ? (of(t)?.newObject?.onTurnFaceDown ?? toPrivate) : null,
    newObjectOnEndReveal: (t, wasPublic, isPublic) =>
      of(t)?.newObject?.onEndReveal ?? privatising(wasPublic, isPublic),
    newObjectOnAttach(from, to) {
      if (!onAttach) return null;
      return onAttach.when === 'always' || from.type !== to.type ? onAttach.rule : null;
    },
    admits: admission(b),
    clearsOnImpossibleRuleMove: b.clearsOnImpossibleRuleMove ?? false,
    hostedFate: (_hosted, _from, _to, hostReset, canFollow) =>
      !hostReset && canFollow ? { kind: 'follow' } : (b.hostedFate ?? { kind: 'stay', rule: hostRule }),
    revealBeforeMove: () => null,
    ceasesInsteadOfMoving: () => null,
    hostedIsPublic:
      b.hostedIsPublic === 'host'
        ? (_faceUp, hostFaceUp) => hostFaceUp
        : (faceUp, hostFaceUp) => faceUp && hostFaceUp,
    takesFirstFit: (type) => (b.firstFit ?? []).find((f) => f.type === type)?.rule ?? null,
    orderLock: (t) => of(t)?.orderLock ?? b.orderLock ?? arrangement,
    faceDownPileKeepsOrder: (t) => (t.visibility === 'public' ? (b.faceDownPileKeepsOrder ?? null) : null),
    deepIndexToBottom: (t) => of(t)?.deepIndexToBottom ?? null,
  };
}

/**
 * The data hooks with the named code hooks over them. A named hook replaces the data's answer to
 * the questions it answers, except admission: every named `admits` must admit too, after the
 * data's own conditions. A name unknown to {@link NAMED_HOOKS} is a programmer error here (the
 * file's validation reports it with its path).
 */
function withNamed(base: GameHooks, names: readonly string[]): GameHooks {
  let hooks: GameHooks = base;
  for (const name of names) {
    const named = NAMED_HOOKS[name];
    if (!named) throw new Error(`unknown hook ${name}`);
    const prior = hooks;
    hooks = {
      ...prior,
      ...named,
      admits: named.admits
        ? (obj, zone, zoneType, ctx) =>
            prior.admits(obj, zone, zoneType, ctx) ?? named.admits!(obj, zone, zoneType, ctx)
        : prior.admits,
    };
  }
  return hooks;
}

/**
 * Builds a ruleset from a validated file and its version (content hash). Defaults of omitted
 * fields: no clear zone, no sides, each zone type's defaults (see `zoneTypeOf` above), and the
 * data hooks' defaults (no new objects, reposition within a zone, hosted objects stay).
 */
export function buildRuleset(doc: RulesetDocument, version: string): RulesetSpec {
  const types = new Map(doc.zoneTypes.map((t) => [t.type, t]));
  const hookNames = doc.hooks ?? [];
  const base = dataHooks(doc, types, doc.citations.host, doc.citations.ownerArrangement);
  const table = buildTable(doc);
  return {
    id: doc.id,
    name: doc.name,
    zoneTypes: doc.zoneTypes.map(zoneTypeOf),
    deckZone: doc.deckZone,
    clearZone: doc.clearZone ?? null,
    players: { min: doc.players.min, max: doc.players.max },
    sides: doc.sides ?? [],
    seatPolicy: doc.seatPolicy,
    hooks: withNamed(base, hookNames),
    cite: doc.citations,
    version,
    hookNames,
    ...(table ? { table } : {}),
  };
}
