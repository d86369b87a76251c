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
  ZoneTypeSpec,
} from '../../src/rules/index.js';
import { hasTag } from '../../src/rules/hooks.js';
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
  bringTo: (zoneType: string) => Move,
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
  // Mostly valid targets, so that accepted actions are checked too: an object in a zone type that
  // has the status, a player counter the ruleset declares, one of the active side's phases.
  const valid = x.f % 8 !== 7;
  const statusTarget = status
    ? pick(
        s.objects.filter((o) => {
          const z = s.zones.find((zz) => zz.id === o.zoneId);
          return z !== undefined && status.zoneTypes.includes(z.type);
        }),
        x.a,
      )
    : undefined;
  const from = player(x.b);
  const playerKind = pick(
    (table?.playerCounters ?? []).filter(
      (c) => c.min === null || (s.players.find((p) => p.id === from)?.counters?.[c.kind] ?? 0) - 1 >= c.min,
    ),
    x.c,
  )?.kind;
  const other = (n: number): string => {
    const a = player(n);
    return s.players.find((p) => p.id !== a)?.id ?? a;
  };
  const active = s.players.find((p) => p.id === s.turn?.activePlayerId);
  const sideName = active ? spec(s.ruleset).sides[active.seat] : undefined;
  const activePhases = table?.turn?.phases?.length
    ? table.turn.phases
    : sideName
      ? (table?.turn?.phasesBySide?.[sideName] ?? [])
      : [];
  // A ruleset without statuses refuses every setStatus (NR rule_object_turn_faceup_facedown): send
  // it only among the invalid share there, so that the kind's accepted share comes from the rulesets
  // that declare statuses.
  const which = valid && !status && x.a % 9 < 2 ? 2 : x.a % 9;
  switch (which) {
    case 0:
    case 1:
      // Nothing where the status exists yet: put a card there first (a setup step). Half the invalid
      // share does so too, so that refused sends do not outnumber the accepted ones while the zones
      // that hold the status are empty.
      if (status && !statusTarget && status.zoneTypes[0] && (valid || x.c % 2 === 0))
        return bringTo(status.zoneTypes[0]);
      return {
        kind: 'setStatus',
        select: valid && statusTarget ? { kind: 'ids', ids: [statusTarget.publicId] } : sel,
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
      return valid && playerKind
        ? {
            kind: 'moveCounters',
            from: { kind: 'player', id: from },
            to: { kind: 'player', id: other(x.b) },
            counter: playerKind,
            amount: 1,
          }
        : { kind: 'moveCounters', from: holder(x.b), to: holder(x.d), counter: kind, amount: 1 + (x.f % 3) };
    case 5:
      return x.f & 16 ? { kind: 'advanceTurn', activePlayerId: player(x.d) } : { kind: 'advanceTurn' };
    case 6:
      return {
        kind: 'setPhase',
        phase: pick(valid ? activePhases : phases, x.d) ?? pick(phases, x.d) ?? 'main',
      };
    case 7:
      return { kind: 'concede', playerId: player(x.d) };
    default:
      return x.f & 16
        ? { kind: 'endGame', winnerIds: [], draw: true, reason: 'A draw.' }
        : { kind: 'endGame', winnerIds: [player(x.d)], draw: false, reason: 'A win.' };
  }
}

/** Whether a zone type's enforced admission rules (types, subtypes) let a card in. */
function admitsCard(t: ZoneTypeSpec, c: CardProps, kind: 'card' | 'token'): boolean {
  return t.admits.every((rule) => {
    const tests: boolean[] = [];
    if (rule.types) tests.push(rule.types.some((ty) => hasTag(c.types, ty)));
    if (rule.subtypes) tests.push(rule.subtypes.some((st) => hasTag(c.subtypes, st)));
    if (rule.kinds) tests.push(rule.kinds.includes(kind));
    return tests.length === 0 || tests.some(Boolean);
  });
}

/**
 * Turns a numeric seed into a (mostly valid) move against the current state. Targets are chosen
 * to be valid most of the time (selections from zones that hold objects, destinations that admit
 * the cards and have room, reorders of the zone's own objects), so that the invariants are checked
 * on many accepted moves; the seed's low bits still pick invalid ones now and then.
 */
export function toMove(id: RulesetId, s: GameState, x: Seed, { pool, wide }: MoveGenOptions): Move {
  const sp = spec(id);
  const objs = s.objects;
  const oid = (n: number) => pick(objs, n)?.publicId ?? 'missing';
  const held = s.zones.filter((z) => objs.some((o) => o.zoneId === z.id && o.hostKey === null));
  // One seed in eight aims anywhere, empty zones included.
  const zone = (n: number) =>
    (x.f % 8 === 7 ? pick(s.zones, n) : (pick(held, n) ?? pick(s.zones, n)))?.id ?? 'missing';
  const typeOf = (zoneType: string) => sp.zoneTypes.find((t) => t.type === zoneType);
  const hasArena = sp.zoneTypes.some((t) => t.arena);
  /** A zone that admits `cs` and has room for them (any zone when none does). */
  const fitting = (cs: readonly CardProps[], n: number, kind: 'card' | 'token' = 'card'): string => {
    const fits = s.zones.filter((z) => {
      const t = typeOf(z.type);
      if (!t || t.isStack || !cs.every((c) => admitsCard(t, c, kind))) return false;
      // A game with an arena keeps its tokens there (FAB rule:clear_definition).
      if (kind === 'token' && hasArena && !t.arena) return false;
      const count = objs.filter((o) => o.zoneId === z.id && o.hostKey === null).length;
      return t.capacity === null || count + cs.length <= t.capacity;
    });
    return pick(fits, n)?.id ?? pick(s.zones, n)?.id ?? 'missing';
  };
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
      ? { kind: 'zone', zoneId: pick(s.zones, x.b)?.id ?? 'missing' }
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
        to: x.f & 3 ? { kind: 'zone', zoneId: fitting([cardProps], x.b, 'token') } : dest,
        placement,
        ownerId: player(x.c),
        count: 1 + (x.d % 2),
      };
    case 8:
      return { kind: 'attach', select: sel, hostId: oid(x.b), by };
    case 9: {
      // Mostly what is attached: detaching an unattached object is refused.
      const hosted = objs.filter((o) => o.hostKey !== null);
      const select =
        hosted.length && x.f % 8 !== 7 ? { kind: 'ids' as const, ids: [pick(hosted, x.a)!.publicId] } : sel;
      return { kind: 'detach', select, to: dest, placement, by };
    }
    case 10: {
      const t = pick(sp.zoneTypes, x.a)!;
      return { kind: 'createZone', type: t.type, ownerId: t.scope === 'shared' ? null : player(x.b) };
    }
    case 11: {
      // Mostly empty zones: a zone that holds objects cannot be removed.
      const empty = s.zones.filter((z) => !held.includes(z));
      return { kind: 'removeZone', zoneId: (x.f % 8 !== 7 && pick(empty, x.a)?.id) || zone(x.a) };
    }
    case 12:
      return { kind: 'addLayer', card: cardProps, controllerId: player(x.a) };
    case 13: {
      const layers = objs.filter((o) => o.kind === 'layer');
      const layerId = pick(layers, x.a)?.publicId ?? oid(x.a);
      return { kind: 'removeLayer', layerId, by, ...(x.f & 16 ? { to: dest } : {}) };
    }
    // The table's actions (kinds 20-22 only where a suite asks for them: properties).
    case 15:
    case 20:
    case 21:
    case 22:
      return tableMove(s, x, sel, player, oid, zone, (type) => ({
        kind: 'bringIntoGame',
        cards: [cardProps],
        ownerId: player(x.c),
        to: {
          kind: 'type',
          type,
          ownerId: sp.zoneTypes.find((t) => t.type === type)?.scope === 'shared' ? null : player(x.c),
        },
        placement: { kind: 'top' },
        faceUp: true,
      }));
    case 14:
      return wide
        ? {
            kind: 'bringIntoGame',
            cards: [cardProps, pick(cards, x.a)!],
            ownerId: player(x.c),
            to: x.f & 2 ? { kind: 'zone', zoneId: fitting([cardProps, pick(cards, x.a)!], x.b) } : dest,
            placement,
            ...(x.f & 16 ? { faceUp: true } : {}),
          }
        : {
            kind: 'bringIntoGame',
            cards: [cardProps],
            ownerId: player(x.c),
            to: x.f & 2 ? { kind: 'zone', zoneId: fitting([cardProps], x.b) } : dest,
            placement,
          };
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
