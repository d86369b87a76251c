/**
 * Export and import of whole games (issue 7): state and log as one JSON document.
 *
 * Import gives the game new ids everywhere: game, players, zones, object keys and public ids are
 * remapped consistently, inside event payloads too, so that replaying the imported log rebuilds the
 * imported state (and nothing of the original can be addressed through the copy). The log is kept
 * verbatim apart from ids, then GAME_IMPORTED is appended. New seat and spectator credentials are
 * issued; the original ones never travel in a document.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { hashToken, newToken } from '../auth/tokens.js';
import type { Prisma } from '../generated/prisma/client.js';
import {
  getRuleset,
  type DomainEvent,
  type GameState,
  type ObjectState,
  type PlayerState,
  type RulesetId,
} from '../rules/index.js';
import { emptyState, replay, type EventWithPlayers } from '../rules/replay.js';
import { checkpointsOf } from './checkpoints.js';
import { lifecycleEvent } from './admin.js';
import type { Db } from './client.js';
import { isUuid } from './events.js';

/** Identifies the document format; bump the number on any incompatible change. */
export const EXPORT_FORMAT = 'zonekeeper.game/1';

const uuid = z.string().refine(isUuid, 'must be a UUID');
const int = z.number().int();
const GAME_STATUSES = ['ACTIVE', 'ENDED', 'ARCHIVED'] as const;
const ACTOR_KINDS = ['PLAYER', 'ADMIN', 'REFEREE', 'SYSTEM'] as const;
const EVENT_KINDS = [
  'OBJECTS_MOVED',
  'TURNED_FACE',
  'REVEALED',
  'REVEAL_ENDED',
  'ZONE_SHUFFLED',
  'ZONE_REORDERED',
  'TOKEN_CREATED',
  'ATTACHED',
  'DETACHED',
  'ZONE_CREATED',
  'ZONE_REMOVED',
  'LAYER_ADDED',
  'LAYER_REMOVED',
  'OBJECTS_CLEARED',
  'BROUGHT_INTO_GAME',
  'REMOVED_FROM_GAME',
  'NO_MOVE',
  'GAME_CREATED',
  'GAME_ENDED',
  'GAME_ARCHIVED',
  'GAME_IMPORTED',
] as const satisfies readonly DomainEvent['kind'][];

const historySchema = z.object({
  fromZoneType: z.string().nullable(),
  toZoneType: z.string(),
  by: z.enum(['rule', 'effect']),
  reason: z.string(),
});
const cardSchema = z.object({
  name: z.string(),
  types: z.array(z.string()),
  subtypes: z.array(z.string()),
  text: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});
const zoneStateSchema = z.looseObject({
  id: uuid,
  type: z.string(),
  ownerId: uuid.nullable(),
  index: int.min(0),
});
/** An {@link ObjectState} inside an event payload. */
const objectStateSchema = z.looseObject({
  key: uuid,
  publicId: uuid,
  kind: z.enum(['card', 'token', 'layer']),
  ownerId: uuid,
  controllerId: uuid,
  zoneId: uuid,
  sortKey: z.number().finite(),
  faceUp: z.boolean(),
  revealedTo: z.union([z.literal('all'), z.array(uuid)]),
  hostKey: uuid.nullable(),
  card: cardSchema,
  history: z.array(historySchema),
});
const payloadSchema = z.looseObject({
  kind: z.enum(EVENT_KINDS),
  zoneIds: z.array(uuid),
  transitions: z.array(
    z.looseObject({
      before: objectStateSchema.nullable(),
      after: objectStateSchema.nullable(),
      newObject: z.boolean(),
    }),
  ),
  zonesCreated: z.array(zoneStateSchema),
  zonesRemoved: z.array(zoneStateSchema),
  rules: z.array(z.string()),
  players: z.array(z.looseObject({ id: uuid, seat: int.min(0) })).optional(),
});

/** The export document. Validated in full before an import writes anything. */
export const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: z.iso.datetime({ offset: true }).optional(),
  game: z.object({
    id: uuid,
    ruleset: z.string(),
    status: z.enum(GAME_STATUSES),
    version: int.min(0),
    lastSeq: int.min(0),
    createdAt: z.iso.datetime({ offset: true }),
    endedAt: z.iso.datetime({ offset: true }).nullable(),
    importedFrom: uuid.nullable(),
  }),
  players: z
    .array(z.object({ id: uuid, seat: int.min(0), name: z.string().min(1).max(200) }))
    .min(1)
    .max(16),
  zones: z.array(
    z.object({
      id: uuid,
      type: z.string(),
      ownerId: uuid.nullable(),
      index: int.min(0),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  objects: z.array(
    z.object({
      key: uuid,
      publicId: uuid,
      kind: z.enum(['CARD', 'TOKEN', 'LAYER']),
      ownerId: uuid,
      controllerId: uuid,
      zoneId: uuid,
      sortKey: z.number().finite(),
      faceUp: z.boolean(),
      revealedToAll: z.boolean(),
      revealedTo: z.array(uuid),
      hostKey: uuid.nullable(),
      name: z.string(),
      types: z.array(z.string()),
      subtypes: z.array(z.string()),
      text: z.string(),
      attributes: z.record(z.string(), z.unknown()),
      history: z.array(historySchema),
    }),
  ),
  events: z.array(
    z.object({
      seq: int.min(1),
      kind: z.enum(EVENT_KINDS),
      version: int.min(0),
      actorKind: z.enum(ACTOR_KINDS),
      actorPlayerId: uuid.nullable(),
      payload: payloadSchema,
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});

export type ExportDocument = z.infer<typeof exportSchema>;
type ObjectRow = ExportDocument['objects'][number];

/** The whole game as an export document, or null for an unknown game. */
export async function exportGame(db: Db, gameId: string): Promise<ExportDocument | null> {
  if (!isUuid(gameId)) return null;
  const game = await db.game.findUnique({
    where: { id: gameId },
    include: {
      players: { orderBy: { seat: 'asc' } },
      zones: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      objects: { orderBy: [{ zoneId: 'asc' }, { sortKey: 'asc' }, { key: 'asc' }] },
      events: { orderBy: { seq: 'asc' } },
    },
  });
  if (!game) return null;
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    game: {
      id: game.id,
      ruleset: game.ruleset,
      status: game.status,
      version: game.version,
      lastSeq: game.lastSeq,
      createdAt: game.createdAt.toISOString(),
      endedAt: game.endedAt?.toISOString() ?? null,
      importedFrom: game.importedFrom,
    },
    players: game.players.map((p) => ({ id: p.id, seat: p.seat, name: p.name })),
    zones: game.zones.map((z) => ({
      id: z.id,
      type: z.type,
      ownerId: z.ownerId,
      index: z.index,
      createdAt: z.createdAt.toISOString(),
    })),
    objects: game.objects.map((o) => ({
      key: o.key,
      publicId: o.publicId,
      kind: o.kind,
      ownerId: o.ownerId,
      controllerId: o.controllerId,
      zoneId: o.zoneId,
      sortKey: o.sortKey,
      faceUp: o.faceUp,
      revealedToAll: o.revealedToAll,
      revealedTo: o.revealedTo,
      hostKey: o.hostKey,
      name: o.name,
      types: o.types,
      subtypes: o.subtypes,
      text: o.text,
      attributes: o.attributes as Record<string, unknown>,
      history: o.history as unknown as ExportDocument['objects'][number]['history'],
    })),
    events: game.events.map((e) => ({
      seq: e.seq,
      kind: e.kind as ExportDocument['events'][number]['kind'],
      version: e.version,
      actorKind: e.actorKind,
      actorPlayerId: e.actorPlayerId,
      payload: e.payload as unknown as ExportDocument['events'][number]['payload'],
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/** A stored object row as the rules layer's {@link ObjectState}. */
export function objectStateOf(o: ObjectRow): ObjectState {
  return {
    key: o.key,
    publicId: o.publicId,
    kind: o.kind === 'CARD' ? 'card' : o.kind === 'TOKEN' ? 'token' : 'layer',
    ownerId: o.ownerId,
    controllerId: o.controllerId,
    zoneId: o.zoneId,
    sortKey: o.sortKey,
    faceUp: o.faceUp,
    revealedTo: o.revealedToAll ? 'all' : o.revealedTo,
    hostKey: o.hostKey,
    card: { name: o.name, types: o.types, subtypes: o.subtypes, text: o.text, attributes: o.attributes },
    history: o.history,
  };
}

/** The document's current state, as the rules layer sees it. */
export function documentState(doc: ExportDocument): GameState {
  return {
    ruleset: doc.game.ruleset as RulesetId,
    players: doc.players.map((p): PlayerState => ({ id: p.id, seat: p.seat })),
    zones: doc.zones.map((z) => ({ id: z.id, type: z.type, ownerId: z.ownerId, index: z.index })),
    objects: doc.objects.map(objectStateOf),
  };
}

/** JSON with object keys sorted: stored JSON (jsonb) does not keep key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const byKey = (a: ObjectState, b: ObjectState) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * What is wrong with a parsed document beyond its shape (references, seq gaps, a log that does not
 * rebuild the state), or null when it is sound.
 */
export function documentProblem(doc: ExportDocument): string | null {
  const spec = getRuleset(doc.game.ruleset);
  if (!spec) return `unknown ruleset ${doc.game.ruleset}`;
  const players = new Set(doc.players.map((p) => p.id));
  if (players.size !== doc.players.length) return 'duplicate player id';
  if (new Set(doc.players.map((p) => p.seat)).size !== doc.players.length) return 'duplicate seat';
  const zones = new Set(doc.zones.map((z) => z.id));
  if (zones.size !== doc.zones.length) return 'duplicate zone id';
  for (const z of doc.zones) {
    if (!spec.zoneTypes.some((t) => t.type === z.type)) return `zone ${z.id} has unknown type ${z.type}`;
    if (z.ownerId !== null && !players.has(z.ownerId)) return `zone ${z.id} has an unknown owner`;
  }
  const keys = new Set(doc.objects.map((o) => o.key));
  if (keys.size !== doc.objects.length) return 'duplicate object key';
  if (new Set(doc.objects.map((o) => o.publicId)).size !== doc.objects.length) return 'duplicate public id';
  for (const o of doc.objects) {
    if (!zones.has(o.zoneId)) return `object ${o.publicId} is in an unknown zone`;
    if (!players.has(o.ownerId) || !players.has(o.controllerId))
      return `object ${o.publicId} has an unknown player`;
    if (o.hostKey !== null && !keys.has(o.hostKey)) return `object ${o.publicId} has an unknown host`;
    if (o.revealedTo.some((p) => !players.has(p)))
      return `object ${o.publicId} is revealed to an unknown player`;
  }
  for (const [i, e] of doc.events.entries()) {
    if (e.seq !== i + 1)
      return `event seq ${e.seq} where ${i + 1} was expected (the log must be gapless from 1)`;
    if (e.payload.kind !== e.kind) return `event ${e.seq} kind differs from its payload`;
    if (e.actorPlayerId !== null && !players.has(e.actorPlayerId))
      return `event ${e.seq} has an unknown actor`;
  }
  if (doc.game.lastSeq !== doc.events.length)
    return `game.lastSeq ${doc.game.lastSeq} but ${doc.events.length} events`;
  const state = documentState(doc);
  const rebuilt = replay(
    state.ruleset,
    doc.events.map((e) => e.payload as unknown as EventWithPlayers),
    state.players,
  );
  const same =
    canonical([...rebuilt.objects].sort(byKey)) === canonical([...state.objects].sort(byKey)) &&
    canonical([...rebuilt.zones].sort(byId)) === canonical([...state.zones].sort(byId));
  return same ? null : 'the event log does not rebuild the game state';
}

/** Keys whose values are printed text or card data, never ids: remapping leaves them alone. */
const TEXT_KEYS = new Set([
  'importedFrom',
  'card',
  'name',
  'text',
  'attributes',
  'types',
  'subtypes',
  'history',
  'rules',
]);

/** Consistent old → new id mapping; every UUID it meets gets one fresh UUID. */
class IdMap {
  readonly #map = new Map<string, string>();
  id(old: string): string {
    let next = this.#map.get(old);
    if (next === undefined) {
      next = randomUUID();
      this.#map.set(old, next);
    }
    return next;
  }
  nullable(old: string | null): string | null {
    return old === null ? null : this.id(old);
  }
  /** Remaps every UUID string in a JSON value, except under {@link TEXT_KEYS}. */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return isUuid(value) ? this.id(value) : value;
    if (Array.isArray(value)) return value.map((v) => this.deep(v));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, TEXT_KEYS.has(k) ? v : this.deep(v)]),
      );
    return value;
  }
}

/** The document with every id replaced, consistently, by a fresh one. */
export function remapIds(doc: ExportDocument): ExportDocument {
  const ids = new IdMap();
  return {
    ...doc,
    game: { ...doc.game, id: ids.id(doc.game.id) },
    players: doc.players.map((p) => ({ ...p, id: ids.id(p.id) })),
    zones: doc.zones.map((z) => ({ ...z, id: ids.id(z.id), ownerId: ids.nullable(z.ownerId) })),
    objects: doc.objects.map((o) => ({
      ...o,
      key: ids.id(o.key),
      publicId: ids.id(o.publicId),
      ownerId: ids.id(o.ownerId),
      controllerId: ids.id(o.controllerId),
      zoneId: ids.id(o.zoneId),
      hostKey: ids.nullable(o.hostKey),
      revealedTo: o.revealedTo.map((p) => ids.id(p)),
    })),
    events: doc.events.map((e) => ({
      ...e,
      actorPlayerId: ids.nullable(e.actorPlayerId),
      payload: ids.deep(e.payload) as ExportDocument['events'][number]['payload'],
    })),
  };
}

export type ImportResult =
  | {
      readonly ok: true;
      readonly gameId: string;
      readonly seats: readonly { playerId: string; seat: number; name: string; token: string }[];
      readonly spectatorToken: string;
      readonly refereeToken: string;
      readonly seq: number;
    }
  | { readonly ok: false; readonly problem: string };

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * Imports a document (unknown input, validated here) as a new game: one transaction, nothing written
 * when anything is wrong. The new game keeps the original's status, log and state under new ids,
 * records `importedFrom`, and appends GAME_IMPORTED (actor: admin).
 */
export async function importGame(db: Db, input: unknown): Promise<ImportResult> {
  const parsed = exportSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || 'document'}: ${issue?.message ?? 'invalid'}` };
  }
  const problem = documentProblem(parsed.data);
  if (problem) return { ok: false, problem };
  const original = parsed.data;
  const doc = remapIds(original);
  const seats = doc.players.map((p) => ({
    playerId: p.id,
    seat: p.seat,
    name: p.name,
    token: newToken('player', doc.game.id),
  }));
  const spectatorToken = newToken('spectator', doc.game.id);
  // Credentials are never exported: an imported game gets new ones, its referee's included.
  const refereeToken = newToken('referee', doc.game.id);
  const seq = doc.game.lastSeq + 1;
  const version = doc.game.version + 1;
  const imported = { ...lifecycleEvent('GAME_IMPORTED'), importedFrom: original.game.id };
  await db.$transaction(
    async (tx) => {
      await tx.game.create({
        data: {
          id: doc.game.id,
          ruleset: doc.game.ruleset,
          status: doc.game.status,
          version,
          lastSeq: seq,
          spectatorTokenHash: hashToken(spectatorToken),
          refereeTokenHash: hashToken(refereeToken),
          importedFrom: original.game.id,
          endedAt: doc.game.endedAt ? new Date(doc.game.endedAt) : null,
        },
      });
      await tx.player.createMany({
        data: seats.map((s) => ({
          id: s.playerId,
          gameId: doc.game.id,
          seat: s.seat,
          name: s.name,
          tokenHash: hashToken(s.token),
        })),
      });
      await tx.zone.createMany({
        data: doc.zones.map((z) => ({ ...z, gameId: doc.game.id, createdAt: new Date(z.createdAt) })),
      });
      await tx.gameObject.createMany({
        data: doc.objects.map((o) => ({
          ...o,
          gameId: doc.game.id,
          attributes: json(o.attributes),
          history: json(o.history),
        })),
      });
      // The imported log's intermediate states exist nowhere as rows: checkpoint them from its replay.
      const checkpoints = checkpointsOf(
        doc.game.id,
        emptyState(doc.game.ruleset as RulesetId, documentState(doc).players),
        doc.events.map((e) => ({ seq: e.seq, payload: e.payload as unknown as EventWithPlayers })),
      );
      if (checkpoints.length > 0) await tx.gameCheckpoint.createMany({ data: checkpoints });
      await tx.gameEvent.createMany({
        data: [
          ...doc.events.map((e) => ({
            gameId: doc.game.id,
            seq: e.seq,
            kind: e.kind,
            version: e.version,
            actorKind: e.actorKind,
            actorPlayerId: e.actorPlayerId,
            payload: json(e.payload),
            createdAt: new Date(e.createdAt),
          })),
          {
            gameId: doc.game.id,
            seq,
            kind: 'GAME_IMPORTED',
            version,
            actorKind: 'ADMIN' as const,
            payload: json(imported),
          },
        ],
      });
    },
    // A long log is a large write: more than Prisma's default 5 s may pass on a busy machine.
    { maxWait: 15_000, timeout: 120_000 },
  );
  return { ok: true, gameId: doc.game.id, seats, spectatorToken, refereeToken, seq };
}
