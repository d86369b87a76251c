/**
 * A move mutation's payload: the new version, the objects it moved or created as the caller now sees
 * them, and its events (rendered as of each event).
 */
import type { MoveResult } from '../db/commit.js';
import { viewObject, viewSnapshot, type ObjectView, type Viewer } from '../rules/index.js';
import { EventTimeline, toGameEvent, type EventTimeSource } from './event.js';
import { buildLookup, memoLookup } from './lookup.js';
import type { ObjectOut } from './objects.js';

/**
 * The objects the mutation moved or created, as the caller now sees them. Ordered by zone and
 * position (then id), never by the order of the change, so a hidden reordering cannot be traced.
 */
export function changedObjects(result: MoveResult, viewer: Viewer): ObjectView[] {
  const { spec, state } = result.game;
  const byKey = new Map<string, ObjectView>();
  let current: Map<string, (typeof state.objects)[number]> | null = null;
  for (const row of result.events) {
    for (const t of row.payload.transitions) {
      const after = t.after;
      if (!after) continue;
      if (t.afterContext) {
        byKey.set(after.key, viewSnapshot(spec, viewer, { obj: after, context: t.afterContext }));
        continue;
      }
      // An event stored without contexts (older logs): the object as it is now, if it still is.
      current ??= new Map(state.objects.map((o) => [o.key, o]));
      const now = current.get(after.key);
      if (now) byKey.set(after.key, viewObject(spec, state, viewer, now));
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      (a.zoneId < b.zoneId ? -1 : a.zoneId > b.zoneId ? 1 : 0) ||
      (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) ||
      (a.id < b.id ? -1 : 1),
  );
}

/** The payload of a move, for `viewer`. `asOfEvents` supplies the game as of each of its events. */
export function movePayload(result: MoveResult, viewer: Viewer, asOfEvents: EventTimeSource) {
  const { spec, state, players } = result.game;
  // Built only if the caller asks for a nested field (zone, owner, host…): a full view per move is not free.
  const lookup = memoLookup(async () => buildLookup(spec, state, viewer, players));
  const timeline = new EventTimeline(spec, asOfEvents);
  // A committed move's state is the state right after its last event: one view serves both.
  if (!result.replayed) timeline.share(result.lastSeq, viewer, lookup);
  return {
    version: result.version,
    objects: changedObjects(result, viewer).map((view): ObjectOut => ({ view, lookup })),
    events: result.events.map((row) => toGameEvent(row, spec, viewer, timeline)),
  };
}
