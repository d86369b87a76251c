/**
 * The stored form of a GAME_CREATED event. Its transitions are all alike: every starting object
 * arrives from nowhere as a new object, and its context is its starting zone (one of the event's
 * `zonesCreated`) and its position. So the stored payload lists the objects once, flat, under
 * `created`, leaving out what every starting object has (kind `card`, controller = owner, no
 * reveal, no host, no history) and keeping only the position (and the layer, on a stack) of its
 * context. A 2 × 60-card game's event is then 60% of the size, and the statement that creates the
 * game inserts the object rows straight from that list (`jsonb_to_recordset`, db/games.ts).
 *
 * {@link expandCreation} rebuilds exactly the event the planner's form would have stored, so every
 * reader above `db/` (replay, history, export) sees one shape. The stored form has no
 * `transitions` list: a reader that does not know `created` refuses the payload as malformed
 * rather than replaying a game without its objects.
 *
 * Also {@link INSERT_GAME}, the one statement that writes a new game from that form.
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

/** The stored form of a GAME_CREATED event, or null when a transition is not a plain arrival. */
export function compactCreation<E extends DomainEvent>(
  event: E,
): (Omit<E, 'transitions'> & { created: CreatedObject[] }) | null {
  const zones = new Set(event.zonesCreated);
  const created: CreatedObject[] = [];
  for (const t of event.transitions) {
    const o = t.after;
    const ctx = t.afterContext;
    if (t.before !== null || !o || !t.newObject || t.beforeContext || !ctx || !zones.has(ctx.zone))
      return null;
    if (ctx.zone.id !== o.zoneId || (ctx.host === null) !== (o.hostKey === null)) return null;
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

/**
 * Every row of a new game in one statement: the game, its seats, zones and objects and the
 * GAME_CREATED event, inserted by data-modifying CTEs from one JSON parameter (bulk inserts, one
 * round trip whatever the deck sizes). Foreign keys are checked at the end of the statement, when
 * every row is in. Seats and zones arrive as rows (the tables' column names); the objects are read
 * from the event itself, whose stored form lists every starting object once, flat (above), so the largest part of a new game crosses the wire and is parsed once,
 * and `jsonb_to_recordset` turns each into a row in one pass. With a notify channel (the PostgreSQL
 * fanout's), the statement also announces `(gameId, 1)` as it commits, as `zk_commit_move` does for
 * a move: no second statement to publish it.
 */
export const INSERT_GAME = `
WITH p AS (SELECT $1::jsonb AS j),
g AS (
  INSERT INTO game (id, ruleset, ruleset_version, version, last_seq, spectator_token_hash, referee_token_hash,
    created_at, updated_at)
  SELECT (j->'game'->>'id')::uuid, j->'game'->>'ruleset', j->'game'->>'ruleset_version', 1, 1, j->'game'->>'spectator_token_hash',
         j->'game'->>'referee_token_hash',
         (j->'game'->>'created_at')::timestamptz, (j->'game'->>'created_at')::timestamptz
  FROM p),
pl AS (
  INSERT INTO player (id, game_id, seat, name, token_hash)
  SELECT r.id, r.game_id, r.seat, r.name, r.token_hash
  FROM p, jsonb_populate_recordset(NULL::player, p.j->'players') AS r),
z AS (
  INSERT INTO zone (id, game_id, type, owner_id, index, created_at)
  SELECT r.id, r.game_id, r.type, r.owner_id, r.index, r.created_at
  FROM p, jsonb_populate_recordset(NULL::zone, p.j->'zones') AS r),
o AS (
  INSERT INTO game_object (key, game_id, public_id, kind, owner_id, controller_id, zone_id, sort_key,
    face_up, revealed_to_all, revealed_to, host_key, name, types, subtypes, text, attributes, history)
  SELECT r.key, (j->'game'->>'id')::uuid, r."publicId", upper(coalesce(r.kind, 'card'))::"ObjectKind",
    r."ownerId", coalesce(r."controllerId", r."ownerId"), r."zoneId", r."sortKey", r."faceUp",
    coalesce(r."revealedTo" = '"all"', false),
    CASE WHEN jsonb_typeof(r."revealedTo") = 'array'
      THEN ARRAY(SELECT jsonb_array_elements_text(r."revealedTo"))::uuid[] ELSE '{}' END,
    r."hostKey", r.name, r.types, r.subtypes, r.text, r.attributes, coalesce(r.history, '[]')
  FROM p, jsonb_to_recordset(p.j->'event'->'created') AS r(key uuid, "publicId" uuid, kind text,
    "ownerId" uuid, "controllerId" uuid, "zoneId" uuid, "sortKey" float8, "faceUp" boolean,
    "revealedTo" jsonb, "hostKey" uuid, name text, types text[], subtypes text[], text text,
    attributes jsonb, history jsonb)),
n AS (
  SELECT pg_notify(j->'game'->>'notify_channel', json_build_object('gameId', j->'game'->>'id', 'seq', 1)::text)
  FROM p WHERE j->'game'->>'notify_channel' IS NOT NULL)
INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload, created_at)
SELECT (j->'game'->>'id')::uuid, 1, 'GAME_CREATED', 1, 'SYSTEM', NULL, j->'event', (j->'game'->>'created_at')::timestamptz
FROM p LEFT JOIN n ON true`;
