/**
 * The random move generator shared by the property tests and the replay tests: a numeric seed
 * turns into a (mostly valid) move of every kind against the current state.
 */
import fc from 'fast-check';
import type {
  CardProps,
  CounterHolder,
  Destination,
  GameState,
  Move,
  Placement,
  RulesetId,
  Selector,
} from '../../src/rules/index.js';
import { poolOf, spec } from './helpers.js';

export type Seed = { kind: number; a: number; b: number; c: number; d: number; f: number };

/** Seeds whose `kind` ranges over 0..maxKind. */
export function seedArb(maxKind: number): fc.Arbitrary<Seed> {
  return fc.record({
    kind: fc.nat(maxKind),
    a: fc.nat(1000),
    b: fc.nat(1000),
    c: fc.nat(1000),
    d: fc.nat(1000),
    f: fc.nat(255),
  });
}

export function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

export type MoveGenOptions = {
  /** The cards tokens, layers and new objects are made of, per ruleset. */
  pool: Readonly<Record<string, CardProps[]>>;
  /**
   * The wide variant: FAB's arena as a destination, empty counts, orders and replacements on moves,
   * two cards brought at once, hosts attached to and moved (kinds 17, 18) and invalid input (19+).
   * The narrow variant keeps to the plain form of each move, with kind 16+ removing from the game.
   */
  wide: boolean;
};

/**
 * One of the table's actions (issue 28): statuses and counters from the ruleset's declarations (and
 * a few it does not declare), turns, phases, and now and then a concession or a result.
 */
function tableMove(
  s: GameState,
  x: Seed,
  sel: Selector,
  player: (n: number) => string,
  oid: (n: number) => string,
  zone: (n: number) => string,
): Move {
  const table = spec(s.ruleset).table;
  const status = pick(table?.statuses ?? [], x.b);
  const kinds = [
    ...(table?.objectCounters ?? []),
    ...(table?.playerCounters ?? []),
    ...(table?.zoneCounters ?? []),
  ].map((c) => c.kind);
  const kind = pick([...kinds, 'charge'], x.c)!;
  const holder = (n: number): CounterHolder =>
    n % 3 === 0
      ? { kind: 'object', id: oid(n) }
      : n % 3 === 1
        ? { kind: 'player', id: player(n) }
        : { kind: 'zone', id: zone(n) };
  const phases = [...(table?.turn?.phases ?? []), ...Object.values(table?.turn?.phasesBySide ?? {}).flat()];
  switch (x.a % 9) {
    case 0:
    case 1:
      return {
        kind: 'setStatus',
        select: sel,
        name: status?.name ?? 'tapped',
        value: pick(status?.values ?? ['tapped'], x.d)!,
      };
    case 2:
    case 3:
      return {
        kind: 'changeCounters',
        holder: holder(x.b),
        counter: kind,
        op: (['add', 'remove', 'set'] as const)[x.d % 3]!,
        amount: x.d % 4,
      };
    case 4:
      return {
        kind: 'moveCounters',
        from: holder(x.b),
        to: holder(x.d),
        counter: kind,
        amount: 1 + (x.f % 3),
      };
    case 5:
      return x.f & 16 ? { kind: 'advanceTurn', activePlayerId: player(x.d) } : { kind: 'advanceTurn' };
    case 6:
      return { kind: 'setPhase', phase: pick(phases, x.d) ?? 'main' };
    case 7:
      return { kind: 'concede', playerId: player(x.d) };
    default:
      return x.f & 16
        ? { kind: 'endGame', winnerIds: [], draw: true, reason: 'A draw.' }
        : { kind: 'endGame', winnerIds: [player(x.d)], draw: false, reason: 'A win.' };
  }
}

/** Turns a numeric seed into a (mostly valid) move against the current state. */
export function toMove(id: RulesetId, s: GameState, x: Seed, { pool, wide }: MoveGenOptions): Move {
  const sp = spec(id);
  const objs = s.objects;
  const oid = (n: number) => pick(objs, n)?.publicId ?? 'missing';
  const zone = (n: number) => pick(s.zones, n)?.id ?? 'missing';
  const player = (n: number) => pick(s.players, n)?.id ?? 'p0';
  const by = x.f & 1 ? 'rule' : 'effect';
  const placement: Placement = [
    { kind: 'top' } as const,
    { kind: 'bottom' } as const,
    { kind: 'index', index: x.d % 3 } as const,
  ][x.c % 3]!;
  const types = sp.zoneTypes.map((t) => t.type).concat(wide && sp.hooks.aliasType('arena') ? ['arena'] : []);
  const cards = poolOf(pool, id);
  const dest: Destination =
    x.f & 2
      ? { kind: 'zone', zoneId: zone(x.b) }
      : { kind: 'type', type: pick(types, x.b)!, ownerId: x.f & 4 ? null : player(x.d) };
  const count = 1 + (x.c % 3);
  const someIds = Array.from(new Set(Array.from({ length: count }, (_, i) => oid(x.a + i * 7))));
  const sel =
    x.f & 8
      ? ({ kind: 'ids', ids: someIds } as const)
      : ({
          kind: (['top', 'bottom', 'random'] as const)[x.c % 3]!,
          zoneId: zone(x.a),
          count: wide && x.d % 7 === 0 ? 0 : 1 + (x.d % 3),
        } as const);
  const cardProps = pick(cards, x.d)!;
  switch (x.kind) {
    case 0:
    case 1:
      return {
        kind: 'moveObjects',
        select: sel,
        to: dest,
        placement,
        by,
        ...(x.f & 16 ? { faceUp: (x.f & 32) !== 0 } : {}),
        ...(wide && x.f & 64 && sel.kind === 'ids' ? { order: [...sel.ids].reverse() } : {}),
        ...(wide && x.f & 128
          ? { replacedFrom: { kind: 'zone', zoneId: zone(x.c) }, requiresAttribute: true }
          : {}),
      };
    case 2:
      return { kind: 'turnFace', select: sel, faceUp: (x.f & 16) !== 0 };
    case 3:
      return { kind: 'reveal', select: sel, to: x.f & 16 ? 'all' : [player(x.d)] };
    case 4:
      return { kind: 'endReveal', select: sel };
    case 5:
      return { kind: 'shuffle', zoneId: zone(x.a) };
    case 6: {
      const zid = zone(x.a);
      const top = s.objects
        .filter((o) => o.zoneId === zid && o.hostKey === null)
        .sort((p, q) => p.sortKey - q.sortKey);
      return {
        kind: 'reorder',
        zoneId: zid,
        order: top
          .slice(0, 1 + (x.d % 3))
          .map((o) => o.publicId)
          .reverse(),
        by,
      };
    }
    case 7:
      return {
        kind: 'createToken',
        card: cardProps,
        to: dest,
        placement,
        ownerId: player(x.c),
        count: 1 + (x.d % 2),
      };
    case 8:
      return { kind: 'attach', select: sel, hostId: oid(x.b), by };
    case 9:
      return { kind: 'detach', select: sel, to: dest, placement, by };
    case 10: {
      const t = pick(sp.zoneTypes, x.a)!;
      return { kind: 'createZone', type: t.type, ownerId: t.scope === 'shared' ? null : player(x.b) };
    }
    case 11:
      return { kind: 'removeZone', zoneId: zone(x.a) };
    case 12:
      return { kind: 'addLayer', card: cardProps, controllerId: player(x.a) };
    case 13:
      return { kind: 'removeLayer', layerId: oid(x.a), by, ...(x.f & 16 ? { to: dest } : {}) };
    case 15:
      return tableMove(s, x, sel, player, oid, zone);
    case 14:
      return wide
        ? {
            kind: 'bringIntoGame',
            cards: [cardProps, pick(cards, x.a)!],
            ownerId: player(x.c),
            to: dest,
            placement,
            ...(x.f & 16 ? { faceUp: true } : {}),
          }
        : { kind: 'bringIntoGame', cards: [cardProps], ownerId: player(x.c), to: dest, placement };
  }
  if (!wide || x.kind === 16) return { kind: 'removeFromGame', select: sel };
  if (x.kind === 17) {
    // Attach a top-level object to a top-level object of a public zone, so hosts are common.
    const top = objs.filter((o) => o.hostKey === null && o.kind !== 'layer');
    const publicZones = new Set(
      s.zones
        .filter((z) => sp.zoneTypes.find((t) => t.type === z.type)?.visibility === 'public')
        .map((z) => z.id),
    );
    const host = pick(
      top.filter((o) => publicZones.has(o.zoneId)),
      x.b,
    );
    const guest = pick(
      top.filter((o) => o.key !== host?.key),
      x.a,
    );
    return {
      kind: 'attach',
      select: { kind: 'ids', ids: [guest?.publicId ?? 'missing'] },
      hostId: host?.publicId ?? 'missing',
      by,
    };
  }
  if (x.kind === 18) {
    // Move, turn or remove a host: what it carries must never follow it where it may not be.
    const hosts = objs.filter((o) => objs.some((h) => h.hostKey === o.key));
    const host = pick(hosts, x.a)?.publicId ?? oid(x.a);
    if (x.f & 16) return { kind: 'turnFace', select: { kind: 'ids', ids: [host] }, faceUp: (x.f & 32) !== 0 };
    if ((x.f & 96) === 96) return { kind: 'removeFromGame', select: { kind: 'ids', ids: [host] } };
    return { kind: 'moveObjects', select: { kind: 'ids', ids: [host] }, to: dest, placement, by };
  }
  // Deliberately invalid input.
  return [
    { kind: 'moveObjects', select: { kind: 'ids', ids: ['nope'] }, to: dest, placement, by },
    { kind: 'moveObjects', select: { kind: 'ids', ids: [oid(1), oid(1)] }, to: dest, placement, by },
    {
      kind: 'moveObjects',
      select: { kind: 'top', zoneId: zone(x.a), count: -1 },
      to: dest,
      placement: { kind: 'index', index: -2 },
      by,
    },
    { kind: 'reorder', zoneId: zone(x.a), order: ['nope'], by },
    { kind: 'reveal', select: sel, to: ['ghost'] },
  ][x.d % 5] as Move;
}
