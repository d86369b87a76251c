/**
 * What an event records beyond objects, as one viewer may see it: its table change (player counters
 * by their declared visibility), and who sees a roll's or flip's results (docs/fairness.md; MTG 706.1, 705.1 make them public): every
 * viewer for a public roll; for a private one the seats it names and admins. Everyone else sees
 * that it happened, its dice and count, never its results. The seat entropy an event records is
 * public (anyone can fold it).
 */
import { visiblePlayerCounters } from './table.js';
import type { DomainEvent } from './types/events.js';
import type { EntropyRecord } from './types/randomness.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { Viewer } from './types/viewer.js';

export interface CounterChangeView {
  readonly playerId: string | null;
  readonly zoneId: string | null;
  readonly kind: string;
  readonly amount: number;
}

/** A roll or flip as one viewer may see it. */
export interface RollView {
  readonly sides: number;
  readonly count: number;
  /** Dice results, null for coins and where hidden. */
  readonly dice: readonly number[] | null;
  /** Coin results, null for dice and where hidden. */
  readonly coins: readonly ('heads' | 'tails')[] | null;
  /** The players who see the results; null: everyone. */
  readonly seenBy: readonly string[] | null;
}

const sees = (viewer: Viewer, seenBy: 'all' | readonly string[]) =>
  seenBy === 'all' ||
  viewer.kind === 'admin' ||
  (viewer.kind === 'player' && seenBy.includes(viewer.playerId));

/** The event's roll or flip as `viewer` may see it, or null for an event that records none. */
export function rollView(event: DomainEvent, viewer: Viewer): RollView | null {
  const act = event.random?.acts[0];
  if (!event.roll || !act || (act.kind !== 'roll' && act.kind !== 'coin')) return null;
  const shown = sees(viewer, event.roll.seenBy);
  const seenBy = event.roll.seenBy === 'all' ? null : event.roll.seenBy;
  return act.kind === 'roll'
    ? { sides: act.sides, count: act.results.length, dice: shown ? act.results : null, coins: null, seenBy }
    : { sides: 2, count: act.results.length, dice: null, coins: shown ? act.results : null, seenBy };
}

/** The seat entropy an event records, with the running hash after it (public), or null. */
export function entropyView(event: DomainEvent): (EntropyRecord & { readonly hash: string }) | null {
  const hash = event.table?.entropy;
  return event.entropyAdded && hash ? { ...event.entropyAdded, hash } : null;
}

/**
 * Counter kinds in the order the ruleset's file declares them, undeclared kinds after by name: a
 * stored event's JSON object comes back with its keys reordered, and the payload, the history and
 * the subscription must list an event's changes alike.
 */
function inDeclaredOrder(
  counters: Readonly<Record<string, number>>,
  declared: readonly { readonly kind: string }[] | undefined,
): [string, number][] {
  const rank = (kind: string) => {
    const i = (declared ?? []).findIndex((d) => d.kind === kind);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return Object.entries(counters).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** An event's table change as a viewer may see it (player counters by their declared visibility). */
function tableView(spec: RulesetSpec, event: DomainEvent, viewer: Viewer) {
  const t = event.table;
  const counterChanges: CounterChangeView[] = [];
  for (const p of t?.players ?? []) {
    const seen = visiblePlayerCounters(spec, viewer, p.id, p.counters);
    // Kinds that dropped to zero are listed as 0 only where the viewer may see the kind at all.
    for (const [kind, amount] of inDeclaredOrder(seen, spec.table?.playerCounters))
      counterChanges.push({ playerId: p.id, zoneId: null, kind, amount });
  }
  for (const z of t?.zones ?? [])
    for (const [kind, amount] of inDeclaredOrder(z.counters, spec.table?.zoneCounters))
      counterChanges.push({ playerId: null, zoneId: z.id, kind, amount });
  const conceded = event.kind === 'PLAYER_CONCEDED' ? t?.players?.find((p) => p.conceded) : undefined;
  return {
    counterChanges,
    turn: t?.turn ?? null,
    result: t?.result ?? null,
    concededPlayerId: conceded?.id ?? null,
  };
}

/** Everything {@link eventExtras} adds to an event's view. */
export type EventExtras = ReturnType<typeof eventExtras>;

/** The event's table change, roll and entropy as `viewer` may see them. */
export function eventExtras(spec: RulesetSpec, event: DomainEvent, viewer: Viewer) {
  return { ...tableView(spec, event, viewer), roll: rollView(event, viewer), entropy: entropyView(event) };
}
