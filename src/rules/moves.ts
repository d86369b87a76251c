/** Planning of each move kind except the zone-to-zone core in relocate.ts. */
import { clearObject } from './clear.js';
import type { Draft } from './draft.js';
import { admission, Occupancy, resolveDestination } from './destination.js';
import { insertInto } from './place.js';
import { INPUT_RULE, reject } from './reject.js';
import { changeInPlace, isPublicNow, mayHostIn, removeWithHosted } from './hosted.js';
import { relocate } from './relocate.js';
import { applyOrder, MAX_COUNT, rejectHostAndHosted, select, validPlayers } from './select.js';
import { zoneTypeOf } from './spec.js';
import type {
  AddLayerMove,
  AttachMove,
  BringIntoGameMove,
  CardProps,
  CreateTokenMove,
  CreateZoneMove,
  DetachMove,
  EndRevealMove,
  MoveObjectsMove,
  ObjectKind,
  ObjectState,
  Placement,
  RemoveFromGameMove,
  RemoveLayerMove,
  RemoveZoneMove,
  ReorderMove,
  RevealMove,
  ShuffleMove,
  TurnFaceMove,
  ZoneTypeSpec,
} from './types.js';

/** The rule that locks the order of a zone (MTG 400.5, NR rule_deck_ordered, FAB ordered piles). */
function orderLockRule(d: Draft, zoneType: ZoneTypeSpec): string {
  switch (d.spec.id) {
    case 'mtg':
      return 'MTG 400.5';
    case 'netrunner':
      return 'NR rule_deck_ordered';
    case 'fab':
      return zoneType.type === 'combatChain' ? 'FAB sec:combat_chain_zone' : `FAB sec:${zoneType.type}_zone`;
  }
}

/**
 * MTG 405.3: objects put onto the stack at once: the active player's lowest, then each other
 * player's in APNAP (seat) order; with an explicit `order` the planner checks it instead.
 */
function apnap(d: Draft, objects: ObjectState[], activePlayerId: string, explicit: boolean): ObjectState[] {
  const players = [...d.state.players].sort((a, b) => a.seat - b.seat);
  const ap = players.findIndex((p) => p.id === activePlayerId);
  const rule = d.game.cite.apnap;
  if (rule === null)
    throw reject(
      'BAD_ORDER',
      INPUT_RULE,
      `Ruleset ${d.spec.id} has no APNAP order for simultaneous arrivals`,
    );
  if (ap < 0) throw reject('UNKNOWN_PLAYER', INPUT_RULE, `No player with id ${String(activePlayerId)}`);
  const rank = (o: ObjectState) => {
    const i = players.findIndex((p) => p.id === o.controllerId);
    return i < 0 ? players.length : (i - ap + players.length) % players.length;
  };
  // Top first: highest rank on top, the active player's (rank 0) lowest.
  if (!explicit)
    return objects
      .map((o, i) => ({ o, i }))
      .sort((a, b) => rank(b.o) - rank(a.o) || a.i - b.i)
      .map((x) => x.o);
  for (let i = 1; i < objects.length; i++) {
    if (rank(objects[i] as ObjectState) > rank(objects[i - 1] as ObjectState)) {
      throw reject('BAD_ORDER', rule, "Active player's objects go lowest, then APNAP order");
    }
  }
  return objects;
}

/** moveObjects: see {@link relocate}. MTG 401.4/404.3/405.3: `order` of simultaneous arrivals. */
export function planMoveObjects(d: Draft, move: MoveObjectsMove): void {
  const objects = select(d, move.select);
  rejectHostAndHosted(objects);
  let ordered = applyOrder(objects, move.order, d.game.cite.arrivalOrder);
  if (move.activePlayerId !== undefined)
    ordered = apnap(d, ordered, move.activePlayerId, move.order !== undefined);
  relocate(d, {
    objects: ordered,
    to: move.to,
    placement: move.placement,
    faceUp: move.faceUp,
    by: move.by,
    replacedFrom: move.replacedFrom,
    move,
    eventKind: 'OBJECTS_MOVED',
    eventRules: [],
  });
}

/** detach: hosted objects / sub-cards leave their host for a zone (FAB rule:under_definition). */
export function planDetach(d: Draft, move: DetachMove): void {
  const objects = select(d, move.select);
  const loose = objects.find((o) => o.hostKey === null);
  if (loose)
    throw reject('NOT_ATTACHED', d.game.cite.host, `Object ${loose.publicId} is not attached to anything`);
  rejectHostAndHosted(objects);
  relocate(d, {
    objects,
    to: move.to,
    placement: move.placement,
    faceUp: move.faceUp,
    by: move.by,
    replacedFrom: undefined,
    move: null,
    eventKind: 'DETACHED',
    eventRules: [],
  });
}

/**
 * attach: put objects under / host them on a top-level object. FAB rule:under_definition: the card
 * becomes a new card; its own sub-cards become sub-cards of the new host; sub-cards share the host's
 * visibility. NR rule_hosted_object_location: a hosted object's location is its host. MTG 400.7
 * when the attached object changes zones.
 */
export function planAttach(d: Draft, move: AttachMove): void {
  const objects = select(d, move.select);
  const host = d.byId(move.hostId);
  if (!host) throw reject('UNKNOWN_OBJECT', INPUT_RULE, `No object with id ${String(move.hostId)}`);
  if (host.hostKey !== null || host.kind === 'layer')
    throw reject('NOT_A_HOST', d.game.cite.host, `Object ${host.publicId} cannot host objects`);
  if (objects.some((o) => o.key === host.key))
    throw reject('BAD_SELECTOR', INPUT_RULE, 'An object cannot be attached to itself');
  if (move.by !== 'rule' && move.by !== 'effect')
    throw reject('BAD_SELECTOR', INPUT_RULE, "Field by must be 'rule' or 'effect'");
  rejectHostAndHosted(objects);
  const layer = objects.find((o) => o.kind === 'layer');
  if (layer)
    throw reject(
      'NOT_ADMITTED',
      d.game.cite.host,
      `Object ${layer.publicId} is a layer and cannot be attached`,
    );
  const hostZone = d.zoneOf(host);
  const hostType = d.typeOf(hostZone);
  // Hosted objects live only in public zones, shared or their owner's (MTG 400.3, 401.3, 402.3;
  // NR rule_deck_size_open_information; FAB sub-cards are under permanents, in the arena).
  const homeless = objects.find((o) => !mayHostIn(hostZone, hostType, o));
  if (homeless)
    throw reject(
      'NOT_ADMITTED',
      d.game.cite.host,
      `Object ${homeless.publicId} cannot be hosted in zone ${hostZone.id}`,
    );
  d.begin('ATTACHED', [d.game.cite.host]);
  for (const obj of objects) {
    const current = d.get(obj.key);
    const fromType = d.typeOf(d.zoneOf(current));
    const newRule = current.hostKey === host.key ? null : d.game.newObjectOnAttach(fromType, hostType);
    const faceUp = hostType.allowsFaceUp && hostType.defaultFaceUp;
    d.markNew(obj.key, newRule);
    const history =
      newRule === null
        ? current.history
        : [
            ...current.history,
            { fromZoneType: fromType.type, toZoneType: hostType.type, by: move.by, reason: newRule },
          ];
    d.put({
      ...current,
      zoneId: hostZone.id,
      hostKey: host.key,
      faceUp,
      revealedTo: [],
      controllerId: newRule === null ? current.controllerId : current.ownerId,
      history,
    });
    // FAB rule:under_definition: its sub-cards become sub-cards of the new host.
    for (const sub of d.hosted(obj.key)) d.put({ ...sub, zoneId: hostZone.id, hostKey: host.key });
  }
  d.end();
}

function checkFaceUp(d: Draft, objects: readonly ObjectState[], faceUp: boolean): void {
  if (typeof faceUp !== 'boolean')
    throw reject('BAD_PLACEMENT', INPUT_RULE, 'Field faceUp must be a boolean');
  if (!faceUp) return;
  const bad = objects.find((o) => !d.typeOf(d.zoneOf(o)).allowsFaceUp);
  if (bad)
    throw reject(
      'FACE_UP_NOT_ALLOWED',
      d.typeOf(d.zoneOf(bad)).rules[0] ?? INPUT_RULE,
      `Objects in zone ${bad.zoneId} are face down`,
    );
}

/** turnFace: MTG 400.9 (command face down = new object), FAB rule:become_new_object (public → private). */
export function planTurnFace(d: Draft, move: TurnFaceMove): void {
  const objects = select(d, move.select);
  checkFaceUp(d, objects, move.faceUp);
  d.begin('TURNED_FACE', [d.game.cite.reveal]);
  for (const obj of objects) {
    if (obj.faceUp === move.faceUp) {
      d.unchanged(obj.publicId);
      continue;
    }
    const zoneType = d.typeOf(d.zoneOf(obj));
    const wasPublic = isPublicNow(d, obj);
    const next = { ...obj, faceUp: move.faceUp };
    const isPublic = isPublicNow(d, next);
    changeInPlace(d, next, d.game.newObjectOnTurnFace(zoneType, wasPublic, isPublic), 'effect');
  }
  d.end();
}

/** reveal: show objects to players or all (MTG 400.2, FAB rule:object_visibility, NR rule_reveal_from_hidden). */
export function planReveal(d: Draft, move: RevealMove): void {
  const objects = select(d, move.select);
  if (move.to !== 'all') validPlayers(d, move.to);
  d.begin('REVEALED', [d.game.cite.reveal]);
  for (const obj of objects) {
    const current = obj.revealedTo;
    const next: readonly string[] | 'all' =
      move.to === 'all' || current === 'all'
        ? 'all'
        : [...current, ...move.to.filter((p) => !current.includes(p))];
    if (next === current || (next !== 'all' && current !== 'all' && next.length === current.length)) {
      d.unchanged(obj.publicId);
      continue;
    }
    d.put({ ...obj, revealedTo: next });
  }
  d.end();
}

/** endReveal: MTG 401.7 (a revealed library top card stops being revealed: new object). */
export function planEndReveal(d: Draft, move: EndRevealMove): void {
  const objects = select(d, move.select);
  d.begin('REVEAL_ENDED', [d.game.cite.reveal]);
  for (const obj of objects) {
    if (obj.revealedTo !== 'all' && obj.revealedTo.length === 0) {
      d.unchanged(obj.publicId);
      continue;
    }
    const next = { ...obj, revealedTo: [] as string[] };
    const rule = d.game.newObjectOnEndReveal(
      d.typeOf(d.zoneOf(obj)),
      isPublicNow(d, obj),
      isPublicNow(d, next),
    );
    changeInPlace(d, next, rule, 'effect');
  }
  d.end();
}

/** shuffle: a uniform random order; every object not visible to all gets a new id (identity policy). */
export function planShuffle(d: Draft, move: ShuffleMove): void {
  const zone = d.zone(move.zoneId);
  if (!zone) throw reject('UNKNOWN_ZONE', INPUT_RULE, `No zone with id ${String(move.zoneId)}`);
  const objects = d.topLevel(zone.id);
  const keys = objects.map((o) => o.sortKey);
  const pool = [...objects];
  const shuffled: ObjectState[] = [];
  while (pool.length > 0) shuffled.push(pool.splice(d.ctx.randomInt(pool.length), 1)[0] as ObjectState);
  d.begin('ZONE_SHUFFLED', [d.game.cite.shuffle]);
  d.touchZone(zone.id);
  shuffled.forEach((o, i) => {
    const sortKey = keys[i] as number;
    if (o.sortKey !== sortKey || o.revealedTo === 'all' || o.revealedTo.length > 0)
      d.put({ ...o, sortKey, revealedTo: [] });
    else d.touch(o.key);
  });
  d.end();
}

/**
 * reorder: `order` lists distinct objects of a zone, top first; they are rearranged among the
 * positions they occupy, every other object keeping its place (a top segment is the common case).
 * `by: 'effect'`: allowed anywhere (MTG 400.5 "except when effects or rules allow it",
 * NR rule_deck_ordered). `by: 'rule'`: the owners' own arrangement (MTG 400.5 "arranged however
 * their owners wish", 402.3), only where `ownerMayReorder`, only of objects the actor owns (or in a
 * zone they own) whoever else has objects there, and never of a face-down pile (MTG 400.5).
 */
export function planReorder(d: Draft, move: ReorderMove): void {
  const zone = d.zone(move.zoneId);
  if (!zone) throw reject('UNKNOWN_ZONE', INPUT_RULE, `No zone with id ${String(move.zoneId)}`);
  const zoneType = d.typeOf(zone);
  const objects = d.topLevel(zone.id);
  const order = move.order;
  if (
    !Array.isArray(order) ||
    order.length === 0 ||
    order.length > objects.length ||
    new Set(order).size !== order.length
  ) {
    throw reject('BAD_ORDER', INPUT_RULE, 'Order must list distinct objects of the zone');
  }
  const listed = new Set(order);
  // The listed objects in their current order: their slots (sort keys) are dealt out in `order`.
  const slots = objects.filter((o) => listed.has(o.publicId));
  const byId = new Map(slots.map((o) => [o.publicId, o]));
  if (slots.length !== order.length)
    throw reject('BAD_ORDER', INPUT_RULE, `Order must list objects of zone ${zone.id}, each once`);
  if (move.by === 'rule') {
    const lock = orderLockRule(d, zoneType);
    if (!zoneType.ownerMayReorder)
      throw reject(
        'ORDER_LOCKED',
        lock,
        `The order of zone ${zone.id} cannot be changed except by an effect`,
      );
    const actor = d.ctx.actorId;
    if (actor !== null && !slots.every((o) => o.ownerId === actor || zone.ownerId === actor)) {
      throw reject('ORDER_LOCKED', lock, 'Players arrange only objects they own');
    }
    if (d.spec.id === 'mtg' && zoneType.visibility === 'public' && slots.some((o) => !isPublicNow(d, o))) {
      throw reject('ORDER_LOCKED', 'MTG 400.5', `Face-down piles in zone ${zone.id} keep their order`);
    }
  } else if (move.by !== 'effect') {
    throw reject('BAD_SELECTOR', INPUT_RULE, "Field by must be 'rule' or 'effect'");
  }
  const keys = slots.map((o) => o.sortKey);
  d.begin('ZONE_REORDERED', [move.by === 'rule' ? d.game.cite.ownerArrangement : orderLockRule(d, zoneType)]);
  d.touchZone(zone.id);
  order.forEach((id, i) => {
    const o = byId.get(id) as ObjectState;
    const sortKey = keys[i] as number;
    if (o.sortKey !== sortKey) d.put({ ...o, sortKey });
    else d.touch(o.key);
  });
  d.end();
}

function validCard(card: CardProps): boolean {
  return (
    typeof card === 'object' &&
    card !== null &&
    typeof card.name === 'string' &&
    Array.isArray(card.types) &&
    Array.isArray(card.subtypes) &&
    typeof card.text === 'string' &&
    typeof card.attributes === 'object' &&
    card.attributes !== null
  );
}

/** Creates objects at a destination (tokens, cards from outside the game). Creation is an effect: failures reject. */
function createAt(
  d: Draft,
  cards: readonly CardProps[],
  kind: ObjectKind,
  ownerId: string,
  controllerId: string,
  to: CreateTokenMove['to'],
  placement: Placement,
  faceUpRequested: boolean | undefined,
  event: 'TOKEN_CREATED' | 'BROUGHT_INTO_GAME',
  rule: string,
): void {
  if (!d.isPlayer(ownerId))
    throw reject('UNKNOWN_PLAYER', INPUT_RULE, `No player with id ${String(ownerId)}`);
  if (!d.isPlayer(controllerId))
    throw reject('UNKNOWN_PLAYER', INPUT_RULE, `No player with id ${String(controllerId)}`);
  if (cards.length === 0 || cards.length > MAX_COUNT)
    throw reject('BAD_SELECTOR', INPUT_RULE, `Between 1 and ${MAX_COUNT} objects`);
  if (!cards.every(validCard)) throw reject('BAD_SELECTOR', INPUT_RULE, 'Malformed card properties');
  if (placement.kind === 'index' && !(Number.isInteger(placement.index) && placement.index >= 0))
    throw reject('BAD_PLACEMENT', INPUT_RULE, 'Bad index');
  const fresh: ObjectState[] = cards.map((card) => ({
    key: d.ctx.newId(),
    publicId: d.ctx.newId(),
    kind,
    ownerId,
    controllerId,
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
    const res = resolveDestination(d, o, to, occ);
    const fail = res.kind === 'impossible' ? res.failure : admission(d, o, res.zone, res.zoneType, occ);
    if (fail !== null)
      throw reject(d.game.clearsOnImpossibleRuleMove ? 'MOVE_FAILED' : fail.code, fail.rule, fail.message);
    if (res.kind !== 'zone') throw new Error('unreachable: impossible resolution without failure');
    if (res.zoneType.isStack && placement.kind !== 'top')
      throw reject('BAD_PLACEMENT', d.game.cite.stack, 'Objects enter the stack on top');
    if (faceUpRequested === true && !res.zoneType.allowsFaceUp)
      throw reject(
        'FACE_UP_NOT_ALLOWED',
        res.zoneType.rules[0] ?? INPUT_RULE,
        `Objects in zone ${res.zone.id} are face down`,
      );
    occ.add(res.zone.id, o);
    const faceUp = res.zoneType.allowsFaceUp && (faceUpRequested ?? res.zoneType.defaultFaceUp);
    return { obj: { ...o, zoneId: res.zone.id, faceUp }, zone: res.zone, rules: res.rules };
  });
  d.begin(event, [rule]);
  const byZone = new Map<string, typeof placed>();
  for (const p of placed) byZone.set(p.zone.id, [...(byZone.get(p.zone.id) ?? []), p]);
  for (const group of byZone.values()) {
    const zone = (group[0] as (typeof placed)[number]).zone;
    for (const p of group) for (const r of p.rules) d.cite(r);
    const remaining = d.topLevel(zone.id).length;
    const at = placement.kind === 'top' ? 0 : placement.kind === 'bottom' ? remaining : placement.index;
    if (at > remaining) {
      if (!(d.spec.id === 'mtg' && zone.type === 'library'))
        throw reject('BAD_PLACEMENT', INPUT_RULE, `Index ${at} is out of range`);
      d.cite('MTG 401.8');
    }
    insertInto(
      d,
      zone,
      group.map((p) => p.obj),
      Math.min(at, remaining),
    );
  }
  d.end();
}

/** createToken: tokens created at a destination (FAB: an effect that cannot place them fails). */
export function planCreateToken(d: Draft, move: CreateTokenMove): void {
  const count = move.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    throw reject('BAD_SELECTOR', INPUT_RULE, `Count must be 1..${MAX_COUNT}`);
  const cards = Array.from({ length: count }, () => move.card);
  createAt(
    d,
    cards,
    'token',
    move.ownerId,
    move.controllerId ?? move.ownerId,
    move.to,
    move.placement,
    move.faceUp,
    'TOKEN_CREATED',
    d.game.cite.outside,
  );
}

/** bringIntoGame: MTG 400.11b, NR rule_outside_game: cards from outside the game enter a zone. */
export function planBringIntoGame(d: Draft, move: BringIntoGameMove): void {
  if (!Array.isArray(move.cards)) throw reject('BAD_SELECTOR', INPUT_RULE, 'Cards must be a list');
  createAt(
    d,
    move.cards,
    'card',
    move.ownerId,
    move.ownerId,
    move.to,
    move.placement,
    move.faceUp,
    'BROUGHT_INTO_GAME',
    d.game.cite.outside,
  );
}

/** removeFromGame: MTG 400.11b / NR rule_outside_game: objects leave the game (hosted ones with them). */
export function planRemoveFromGame(d: Draft, move: RemoveFromGameMove): void {
  const objects = select(d, move.select);
  d.begin('REMOVED_FROM_GAME', [d.game.cite.outside]);
  for (const o of objects) if (d.has(o.key)) removeWithHosted(d, o.key);
  d.end();
}

/** createZone: FAB sec:zones_general "an additional zone of that type"; MTG ante (407). */
export function planCreateZone(d: Draft, move: CreateZoneMove): void {
  const zoneType = zoneTypeOf(d.spec, move.type);
  if (!zoneType)
    throw reject('UNKNOWN_ZONE_TYPE', INPUT_RULE, `No zone type ${String(move.type)} in ${d.spec.id}`);
  let ownerId: string | null = null;
  if (zoneType.scope === 'player') {
    if (move.ownerId === null || !d.isPlayer(move.ownerId))
      throw reject('UNKNOWN_PLAYER', INPUT_RULE, `Zone type ${move.type} needs an owning player`);
    ownerId = move.ownerId;
  } else if (move.ownerId !== null) {
    throw reject('UNKNOWN_PLAYER', INPUT_RULE, `Zone type ${move.type} is shared and has no owner`);
  }
  const index = d.zonesOf(move.type, ownerId).reduce((m, z) => Math.max(m, z.index + 1), 0);
  d.begin('ZONE_CREATED', [d.game.cite.zoneCreated]);
  d.addZone({ id: d.ctx.newId(), type: move.type, ownerId, index });
  d.end();
}

/**
 * removeZone (FAB sec:zones_general): with one zone of the type, its cards are cleared and it
 * ceases to exist; with several, an empty one ceases to exist first; if none is empty, the named
 * zone (the player's choice) is cleared and removed. MTG/NR: only an empty zone may be removed.
 */
export function planRemoveZone(d: Draft, move: RemoveZoneMove): void {
  const named = d.zone(move.zoneId);
  if (!named) throw reject('UNKNOWN_ZONE', INPUT_RULE, `No zone with id ${String(move.zoneId)}`);
  const rule = d.game.cite.zoneRemoved;
  let zone = named;
  if (d.allInZone(named.id).length > 0) {
    if (d.spec.clearZone === null)
      throw reject('ZONE_NOT_EMPTY', INPUT_RULE, `Zone ${named.id} is not empty`);
    const empty = d
      .zonesOf(named.type, named.ownerId)
      .find((z) => z.id !== named.id && d.allInZone(z.id).length === 0);
    if (empty) zone = empty;
  }
  d.begin('ZONE_REMOVED', [rule]);
  for (const o of d.topLevel(zone.id))
    if (d.has(o.key)) clearObject(d, o.key, 'FAB rule:clear_definition', zone.id);
  for (const o of d.allInZone(zone.id))
    if (d.has(o.key)) clearObject(d, o.key, 'FAB rule:clear_definition', zone.id);
  d.removeZone(zone);
  d.end();
}

function stackZone(d: Draft) {
  const type = d.spec.zoneTypes.find((t) => t.isStack);
  const zone = type ? d.zonesOf(type.type, null)[0] : undefined;
  if (!zone) throw reject('UNKNOWN_ZONE_TYPE', d.game.cite.stack, `Ruleset ${d.spec.id} has no stack zone`);
  return zone;
}

/** addLayer: an ability / non-card layer goes on top of the stack (MTG 405.1, 405.2; FAB layer N+1). */
export function planAddLayer(d: Draft, move: AddLayerMove): void {
  const zone = stackZone(d);
  if (!d.isPlayer(move.controllerId))
    throw reject('UNKNOWN_PLAYER', INPUT_RULE, `No player with id ${String(move.controllerId)}`);
  if (!validCard(move.card)) throw reject('BAD_SELECTOR', INPUT_RULE, 'Malformed card properties');
  const layer: ObjectState = {
    key: d.ctx.newId(),
    publicId: d.ctx.newId(),
    kind: 'layer',
    ownerId: move.controllerId,
    controllerId: move.controllerId,
    zoneId: zone.id,
    sortKey: 0,
    faceUp: true,
    revealedTo: [],
    hostKey: null,
    card: move.card,
    history: [],
  };
  d.begin('LAYER_ADDED', d.game.cite.layerAdded);
  insertInto(d, zone, [layer], 0);
  d.end();
}

/**
 * removeLayer: layer N leaves the stack; layers above become M-1 (derived). A non-card layer or
 * token ceases to exist (MTG 405.1 abilities, FAB rule:clear_definition); a card goes to `to`,
 * by default its owner's graveyard (MTG 404.1, FAB rule:clear_definition).
 */
export function planRemoveLayer(d: Draft, move: RemoveLayerMove): void {
  const zone = stackZone(d);
  const obj = d.byId(move.layerId);
  if (!obj) throw reject('UNKNOWN_OBJECT', INPUT_RULE, `No object with id ${String(move.layerId)}`);
  if (obj.zoneId !== zone.id || obj.hostKey !== null)
    throw reject('NOT_A_LAYER', d.game.cite.stack, `Object ${obj.publicId} is not a layer on the stack`);
  if (move.by !== 'rule' && move.by !== 'effect')
    throw reject('BAD_SELECTOR', INPUT_RULE, "Field by must be 'rule' or 'effect'");
  if (obj.kind !== 'card') {
    d.begin('LAYER_REMOVED', [d.game.cite.layerCeases, d.game.cite.stack]);
    removeWithHosted(d, obj.key);
    d.end();
    return;
  }
  relocate(d, {
    objects: [obj],
    to: move.to ?? { kind: 'type', type: d.spec.clearZone ?? 'graveyard', ownerId: obj.ownerId },
    placement: { kind: 'top' },
    faceUp: undefined,
    by: move.by,
    replacedFrom: undefined,
    move: null,
    eventKind: 'LAYER_REMOVED',
    eventRules: [d.game.cite.stack],
  });
}
