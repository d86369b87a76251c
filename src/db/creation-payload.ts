/**
 * The stored form of a GAME_CREATED event. Its transitions are all alike: every starting object
 * arrives from nowhere as a new object, and its context is its starting zone (one of the event's
 * `zonesCreated`) and its position. So the stored payload lists the objects once, flat, under
 * `created`, leaving out what every starting object has (kind `card`, controller = owner, no
 * reveal, no host, no history) and keeping only the position (and the layer, on a stack) of its
 * context. A 2 × 60-card game's event is then 60% of the size, and the statement that creates the
 * game inserts the object rows straight from that list (`zk_create_game`, in the migrations).
 *
 * {@link expandCreation} rebuilds exactly the event the planner's form would have stored, so every
 * reader above `db/` (replay, history, export) sees one shape. The stored form has no
 * `transitions` list: a reader that does not know `created` refuses the payload as malformed
 * rather than replaying a game without its objects.
 */
import type { DomainEvent, ObjectKind, ObjectState, SnapshotContext, ZoneState } from '../rules/index.js';

/** One starting object as stored: the state's fields, the card's at the top, defaults left out. */
export interface CreatedObject {
  readonly key: string;
  readonly publicId: string;
  readonly ownerId: string;
  readonly zoneId: string;
  readonly sortKey: number;
  readonly faceUp: boolean;
  /** The context's position (null for a hosted object). */
  readonly position: number | null;
  readonly layer?: number;
  readonly kind?: ObjectKind;
  readonly controllerId?: string;
  readonly revealedTo?: ObjectState['revealedTo'];
  readonly hostKey?: string;
  readonly history?: ObjectState['history'];
  readonly name: string;
  readonly types: readonly string[];
  readonly subtypes: readonly string[];
  readonly text: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** A GAME_CREATED payload in its stored form. */
export type StoredCreation = Omit<DomainEvent, 'transitions'> & {
  readonly created: readonly CreatedObject[];
};

/**
 * The stored form of a GAME_CREATED event. Every transition must be a plain arrival (from nowhere,
 * as a new object, into one of the event's created zones), as every starting object is.
 */
export function compactCreation<E extends DomainEvent>(
  event: E,
): Omit<E, 'transitions'> & { created: CreatedObject[] } {
  const zones = new Set(event.zonesCreated);
  const created: CreatedObject[] = [];
  for (const t of event.transitions) {
    const o = t.after;
    const ctx = t.afterContext;
    if (
      t.before !== null ||
      !o ||
      !t.newObject ||
      t.beforeContext ||
      !ctx ||
      !zones.has(ctx.zone) ||
      ctx.zone.id !== o.zoneId ||
      (ctx.host === null) !== (o.hostKey === null)
    )
      throw new Error('a GAME_CREATED transition is not a plain arrival');
    created.push({
      key: o.key,
      publicId: o.publicId,
      ownerId: o.ownerId,
      zoneId: o.zoneId,
      sortKey: o.sortKey,
      faceUp: o.faceUp,
      position: ctx.position,
      ...(ctx.layer === null ? {} : { layer: ctx.layer }),
      ...(o.kind === 'card' ? {} : { kind: o.kind }),
      ...(o.controllerId === o.ownerId ? {} : { controllerId: o.controllerId }),
      ...(Array.isArray(o.revealedTo) && o.revealedTo.length === 0 ? {} : { revealedTo: o.revealedTo }),
      ...(o.hostKey === null ? {} : { hostKey: o.hostKey }),
      ...(o.history.length === 0 ? {} : { history: o.history }),
      name: o.card.name,
      types: o.card.types,
      subtypes: o.card.subtypes,
      text: o.card.text,
      attributes: o.card.attributes,
    });
  }
  const { transitions: _, ...rest } = event;
  return { ...rest, created };
}

/** One empty list shared by every rebuilt object's reveals and history (cached states hold them). */
const NONE: readonly never[] = [];

/** The event a stored GAME_CREATED payload records, transitions and contexts rebuilt. */
export function expandCreation(stored: StoredCreation): DomainEvent {
  const zones = new Map<string, ZoneState>(stored.zonesCreated.map((z) => [z.id, z]));
  const objects: ObjectState[] = stored.created.map((c) => ({
    key: c.key,
    publicId: c.publicId,
    kind: c.kind ?? 'card',
    ownerId: c.ownerId,
    controllerId: c.controllerId ?? c.ownerId,
    zoneId: c.zoneId,
    sortKey: c.sortKey,
    faceUp: c.faceUp,
    revealedTo: c.revealedTo ?? NONE,
    hostKey: c.hostKey ?? null,
    card: { name: c.name, types: c.types, subtypes: c.subtypes, text: c.text, attributes: c.attributes },
    history: c.history ?? NONE,
  }));
  const byKey = new Map(objects.map((o) => [o.key, o]));
  const { created, ...rest } = stored;
  return {
    ...rest,
    transitions: objects.map((after, i) => {
      const host = after.hostKey === null ? undefined : byKey.get(after.hostKey);
      const zone = zones.get(after.zoneId);
      if (!zone) throw new Error(`Stored event payload is malformed: object ${after.key} in no created zone`);
      const afterContext: SnapshotContext = {
        zone,
        host: host ? { publicId: host.publicId, faceUp: host.faceUp } : null,
        position: created[i]!.position,
        layer: created[i]!.layer ?? null,
      };
      return { before: null, after, newObject: true, beforeContext: null, afterContext };
    }),
  };
}
