/** Builders for rules tests: games, cards, deterministic contexts. */
import { expect } from 'vitest';
import {
  initialZones,
  type CardProps,
  type GameState,
  type Move,
  type MoveBy,
  type MoveObjectsMove,
  type ObjectState,
  type Plan,
  type PlanContext,
  type RejectionCode,
  type Rejection,
  type RulesetId,
  type RulesetSpec,
} from '../../src/rules/index.js';
import { builtinRulesets } from '../support/rulesets.js';

/** The three games whose rules have their own suites beside the generic ones. */
export type BuiltinId = 'mtg' | 'fab' | 'netrunner';

/** Every loaded ruleset's id: the built-ins and any other file of `rulesets/` (Pokémon, Yu-Gi-Oh!). */
export const LOADED_IDS: readonly string[] = builtinRulesets()
  .list()
  .map((r) => r.id);

/**
 * Cards for a ruleset known only from its file: a plain card, a token-like card, and one card of
 * each type and subtype its zones' admission rules name, so that random moves meet every rule.
 */
export function genericPool(sp: RulesetSpec): CardProps[] {
  const named = sp.zoneTypes.flatMap((t) =>
    t.admits.flatMap((a) => [
      ...(a.types ?? []).map((ty) => card(`Some ${ty}`, [ty])),
      ...(a.subtypes ?? []).map((st) => card(`Some ${st}`, ['card'], [st])),
    ]),
  );
  return [card('Plain', ['card']), card('Other', ['thing'], ['misc']), ...named];
}

/** The pool of a ruleset: its own from `pools` when it has one, else {@link genericPool}. */
export function poolOf(pools: Readonly<Record<string, CardProps[]>>, id: RulesetId): CardProps[] {
  return pools[id] ?? genericPool(spec(id));
}

let idCounter = 0;

/** A deterministic context: ids `n1, n2, …` unique across the run, a seeded LCG for randomness. */
export function testCtx(actorId: string | null = null, seed = 1): PlanContext {
  let s = seed >>> 0;
  return {
    newId: () => `n${++idCounter}`,
    foldEntropy: (current, data) => `${current ?? ''}${data}`.slice(-64),
    randomAct: () => (k: number) => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s % k;
    },
    randomScheme: null,
    actorId,
  };
}

export function spec(id: RulesetId): RulesetSpec {
  const s = builtinRulesets().get(id);
  if (!s) throw new Error(id);
  return s;
}

export function card(
  name: string,
  types: string[] = [],
  subtypes: string[] = [],
  attributes: Record<string, unknown> = {},
): CardProps {
  return { name, types, subtypes, text: '', attributes };
}

/** A new game with players p0, p1, … and zone ids `type:owner:index` (`type:shared:0`). */
export function newGame(ruleset: RulesetId, players = 2): GameState {
  const ps = Array.from({ length: players }, (_, i) => ({ id: `p${i}`, seat: i }));
  const zones = initialZones(spec(ruleset), ps).map((z) => ({
    ...z,
    id: `${z.type}:${z.ownerId ?? 'shared'}:${z.index}`,
  }));
  return { ruleset, players: ps, zones, objects: [] };
}

let counter = 0;

/** Appends cards at the bottom of a zone. Owner defaults to the zone's owner (or p0). */
export function put(
  state: GameState,
  zoneId: string,
  cards: CardProps[],
  opts: { ownerId?: string; faceUp?: boolean; kind?: ObjectState['kind']; hostKey?: string } = {},
): { state: GameState; objects: ObjectState[] } {
  const zone = state.zones.find((z) => z.id === zoneId);
  if (!zone) throw new Error(`no zone ${zoneId}`);
  const zt = spec(state.ruleset).zoneTypes.find((t) => t.type === zone.type);
  const max = state.objects.filter((o) => o.zoneId === zoneId).reduce((m, o) => Math.max(m, o.sortKey), 0);
  const objects = cards.map((c, i): ObjectState => ({
    key: `k${++counter}`,
    publicId: `pub${counter}`,
    kind: opts.kind ?? 'card',
    ownerId: opts.ownerId ?? zone.ownerId ?? 'p0',
    controllerId: opts.ownerId ?? zone.ownerId ?? 'p0',
    zoneId,
    sortKey: max + (i + 1) * 1024,
    faceUp: opts.faceUp ?? (zt?.allowsFaceUp === true && zt.defaultFaceUp),
    revealedTo: [],
    hostKey: opts.hostKey ?? null,
    card: c,
    history: [],
  }));
  return { state: { ...state, objects: [...state.objects, ...objects] }, objects };
}

export function ok(state: GameState, move: Move, ctx: PlanContext = testCtx()): Plan {
  const r = builtinRulesets().plan(state, move, ctx);
  if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.rejection)}`);
  return r.plan;
}

export function rejected(
  state: GameState,
  move: Move,
  code: RejectionCode,
  ctx: PlanContext = testCtx(),
): Rejection {
  const r = builtinRulesets().plan(state, move, ctx);
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('expected a rejection');
  expect(r.rejection.code).toBe(code);
  return r.rejection;
}

/** The object with this key in a state. */
export function byKey(state: GameState, key: string): ObjectState | undefined {
  return state.objects.find((o) => o.key === key);
}

export function ids(list: readonly ObjectState[]): string[] {
  return list.map((o) => o.publicId);
}

/** A `moveObjects` of the objects with these public ids to the top of a zone; `more` adds fields. */
export function moveIds(
  publicIds: readonly string[],
  zoneId: string,
  by: MoveBy,
  more: Partial<MoveObjectsMove> = {},
): MoveObjectsMove {
  return {
    kind: 'moveObjects',
    select: { kind: 'ids', ids: publicIds },
    to: { kind: 'zone', zoneId },
    placement: { kind: 'top' },
    by,
    ...more,
  };
}

/** An `attach` of the objects with these public ids to a host. */
export function attachIds(publicIds: readonly string[], hostId: string, by: MoveBy): Move {
  return { kind: 'attach', select: { kind: 'ids', ids: publicIds }, hostId, by };
}
