/** Objects entering and leaving the game: createToken, bringIntoGame, removeFromGame. */
import {
  insertionIndex,
  requireFaceUpAllowed,
  requirePlayer,
  requireStackTop,
  validatePlacement,
} from './checks.js';
import { admission, Occupancy, resolveDestination } from './destination.js';
import type { Draft } from './draft.js';
import { removeWithHosted } from './hosted.js';
import { insertInto } from './place.js';
import { INPUT_RULE, reject } from './reject.js';
import { MAX_COUNT, select } from './select.js';
import type { CardProps, ObjectKind } from '../types/card.js';
import type { EventKind } from '../types/events.js';
import type { BringIntoGameMove, CreateTokenMove, RemoveFromGameMove } from '../types/moves.js';
import type { Destination, Placement } from '../types/selection.js';
import type { ObjectState, ZoneState } from '../types/state.js';

/** What {@link createAt} creates, where, and the event it records. */
interface Creation {
  readonly cards: readonly CardProps[];
  readonly kind: ObjectKind;
  readonly ownerId: string;
  readonly controllerId: string;
  readonly to: Destination;
  readonly placement: Placement;
  /** Face up at the destination; defaults to the zone type's default. */
  readonly faceUp: boolean | undefined;
  readonly event: Extract<EventKind, 'TOKEN_CREATED' | 'BROUGHT_INTO_GAME'>;
  readonly rule: string;
}

/** Creates objects at a destination (tokens, cards from outside the game). Creation is an effect: failures reject. */
function createAt(d: Draft, c: Creation): void {
  requirePlayer(d, c.ownerId);
  requirePlayer(d, c.controllerId);
  if (c.cards.length === 0 || c.cards.length > MAX_COUNT)
    throw reject('BAD_SELECTOR', INPUT_RULE, `Between 1 and ${MAX_COUNT} objects`);
  validatePlacement(c.placement);
  const fresh: ObjectState[] = c.cards.map((card) => ({
    key: d.ctx.newId(),
    publicId: d.ctx.newId(),
    kind: c.kind,
    ownerId: c.ownerId,
    controllerId: c.controllerId,
    zoneId: '',
    sortKey: 0,
    faceUp: false,
    revealedTo: [],
    hostKey: null,
    card,
    history: [],
  }));
  const occ = new Occupancy(d, new Set());
  const placed = fresh.map((o) => {
    const res = resolveDestination(d, o, c.to, occ);
    const fail = res.kind === 'impossible' ? res.failure : admission(d, o, res.zone, res.zoneType, occ);
    if (fail !== null)
      throw reject(d.hooks.clearsOnImpossibleRuleMove ? 'MOVE_FAILED' : fail.code, fail.rule, fail.message);
    if (res.kind !== 'zone') throw new Error('unreachable: impossible resolution without failure');
    requireStackTop(d, res.zoneType, c.placement);
    if (c.faceUp === true) requireFaceUpAllowed(d, res.zone, res.zoneType);
    occ.add(res.zone.id, o);
    const faceUp = res.zoneType.allowsFaceUp && (c.faceUp ?? res.zoneType.defaultFaceUp);
    return { obj: { ...o, zoneId: res.zone.id, faceUp }, zone: res.zone, rules: res.rules };
  });
  d.begin(c.event, [c.rule]);
  const byZone = new Map<string, { zone: ZoneState; objects: ObjectState[] }>();
  for (const p of placed) {
    const group = byZone.get(p.zone.id) ?? { zone: p.zone, objects: [] };
    group.objects.push(p.obj);
    byZone.set(p.zone.id, group);
    for (const r of p.rules) d.cite(r);
  }
  for (const { zone, objects } of byZone.values()) {
    const remaining = d.topLevel(zone.id).length;
    insertInto(d, zone, objects, insertionIndex(d, zone, d.typeOf(zone), c.placement, remaining));
  }
  d.end();
}

/** createToken: tokens created at a destination (FAB: an effect that cannot place them fails). */
export function planCreateToken(d: Draft, move: CreateTokenMove): void {
  const count = move.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    throw reject('BAD_SELECTOR', INPUT_RULE, `Count must be 1..${MAX_COUNT}`);
  createAt(d, {
    cards: Array.from({ length: count }, () => move.card),
    kind: 'token',
    ownerId: move.ownerId,
    controllerId: move.controllerId ?? move.ownerId,
    to: move.to,
    placement: move.placement,
    faceUp: move.faceUp,
    event: 'TOKEN_CREATED',
    rule: d.spec.cite.outside,
  });
}

/** bringIntoGame: MTG 400.11b, NR rule_outside_game: cards from outside the game enter a zone. */
export function planBringIntoGame(d: Draft, move: BringIntoGameMove): void {
  createAt(d, {
    cards: move.cards,
    kind: 'card',
    ownerId: move.ownerId,
    controllerId: move.ownerId,
    to: move.to,
    placement: move.placement,
    faceUp: move.faceUp,
    event: 'BROUGHT_INTO_GAME',
    rule: d.spec.cite.outside,
  });
}

/** removeFromGame: MTG 400.11b / NR rule_outside_game: objects leave the game (hosted ones with them). */
export function planRemoveFromGame(d: Draft, move: RemoveFromGameMove): void {
  const objects = select(d, move.select);
  d.begin('REMOVED_FROM_GAME', [d.spec.cite.outside]);
  for (const o of objects) if (d.has(o.key)) removeWithHosted(d, o.key);
  d.end();
}
