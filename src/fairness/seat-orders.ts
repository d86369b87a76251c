/**
 * What the end of a game releases to a seat so that it can check its own cards (docs/fairness.md,
 * "Your own cards"): the opening of its commitment to its starting cards (each internal key with
 * its face) and, at key level, every change of order in the zones those cards passed through,
 * random or not. A verifier starts from the opened order, replays the changes to each random
 * act's `before`, and checks that what the seat drew and saw is what `after` put there.
 *
 * Pure: built from the game's log after the end. Keys are opaque; faces are only the seat's own.
 */
import type { DomainEvent, ObjectState } from '../rules/index.js';
import { startingCardsOf, type StartingCard } from './seat-deck.js';

/**
 * One object's place after an event: `[key, zone, sortKey]` (smaller sort keys are nearer the
 * top), or `[key, null, null]` when it left the zones followed (another zone, a host, the game).
 */
export type OrderMove = readonly [key: string, zone: string | null, sortKey: number | null];

/** A seat's part of the transcript. */
export interface SeatSection {
  readonly playerId: string;
  /** The seat's index: its commitment's salt is derived from it. */
  readonly seat: number;
  /** Its starting cards in committed order (zone slot, then top first), each key with its face. */
  readonly opening: readonly StartingCard[];
  /** The zones followed: every zone one of its starting cards was ever in. */
  readonly zones: readonly string[];
  /** Each event that changed the order of a followed zone (seq 1: the starting objects there). */
  readonly orders: readonly { readonly seq: number; readonly moves: readonly OrderMove[] }[];
}

/** One event of the log, decoded. */
export interface LogEvent {
  readonly seq: number;
  readonly payload: DomainEvent;
}

/** The zone an object sits in for ordering: none while hosted (it moves with its host). */
const placed = (o: ObjectState | null): string | null => (o && o.hostKey === null ? o.zoneId : null);

/** Every zone one of `keys` was ever in. */
function followedZones(log: readonly LogEvent[], keys: ReadonlySet<string>): Set<string> {
  const zones = new Set<string>();
  for (const e of log)
    for (const t of e.payload.transitions) {
      const zone = placed(t.after);
      if (t.after && zone && keys.has(t.after.key)) zones.add(zone);
    }
  return zones;
}

/** The moves of one event within the followed zones (nothing when no order changed). */
function movesOf(event: DomainEvent, zones: ReadonlySet<string>): OrderMove[] {
  const moves: OrderMove[] = [];
  for (const t of event.transitions) {
    const from = placed(t.before);
    const to = placed(t.after);
    const inFrom = from !== null && zones.has(from);
    const inTo = to !== null && zones.has(to);
    if (!inFrom && !inTo) continue;
    if (inFrom && inTo && from === to && t.before!.sortKey === t.after!.sortKey) continue;
    const key = (t.after ?? t.before)!.key;
    moves.push(inTo ? [key, to, t.after!.sortKey] : [key, null, null]);
  }
  return moves;
}

/** The sections of the seats in `shown` ('all': every seat), from an ended game's log. */
export function seatSections(log: readonly LogEvent[], shown: 'all' | readonly string[]): SeatSection[] {
  const created = log.find((e) => e.payload.kind === 'GAME_CREATED');
  const players = (created?.payload as { players?: readonly { id: string; seat: number }[] } | undefined)
    ?.players;
  if (!created || !players) return [];
  return players
    .filter((p) => shown === 'all' || shown.includes(p.id))
    .map((p) => {
      const opening = startingCardsOf(created.payload, p.id);
      const zones = followedZones(log, new Set(opening.map((c) => c.key)));
      const orders = log
        .map((e) => ({ seq: e.seq, moves: movesOf(e.payload, zones) }))
        .filter((o) => o.moves.length > 0);
      return { playerId: p.id, seat: p.seat, opening, zones: [...zones], orders };
    });
}
