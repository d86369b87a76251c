/**
 * What the schema cannot say about an export document: references between its parts, a gapless
 * log, and a log that rebuilds the state it claims. Pure.
 */
import { decodeEvent, objectFromRow } from '../db/rows.js';
import {
  getRuleset,
  type GameState,
  type ObjectState,
  type PlayerState,
  type RulesetId,
} from '../rules/index.js';
import { replay } from '../rules/index.js';
import { canonicalJson } from '../json.js';
import type { ExportDocument } from './format.js';

/** The document's current state, as the rules layer sees it. */
export function documentState(doc: ExportDocument): GameState {
  return {
    ruleset: doc.game.ruleset as RulesetId,
    players: doc.players.map((p): PlayerState => ({ id: p.id, seat: p.seat })),
    zones: doc.zones.map((z) => ({ id: z.id, type: z.type, ownerId: z.ownerId, index: z.index })),
    objects: doc.objects.map(objectFromRow),
  };
}

/** A zone's place (its counters are the log's, not the document's zone rows). */
const zonePlace = (z: GameState['zones'][number]) => ({
  id: z.id,
  type: z.type,
  ownerId: z.ownerId,
  index: z.index,
});

const byKey = (a: ObjectState, b: ObjectState) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What is wrong with the document's players, zones and objects, or null. */
function stateProblem(doc: ExportDocument): string | null {
  const version = doc.game.rulesetVersion ?? null;
  const spec = getRuleset(doc.game.ruleset, version);
  if (!spec)
    return version === null
      ? `unknown ruleset ${doc.game.ruleset}`
      : `ruleset ${doc.game.ruleset} version ${version} is neither loaded nor stored`;
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
  return null;
}

/** What is wrong with the document's log, or null. */
function logProblem(doc: ExportDocument): string | null {
  const players = new Set(doc.players.map((p) => p.id));
  for (const [i, e] of doc.events.entries()) {
    if (e.seq !== i + 1)
      return `event seq ${e.seq} where ${i + 1} was expected (the log must be gapless from 1)`;
    if (e.payload.kind !== e.kind) return `event ${e.seq} kind differs from its payload`;
    if (e.actorPlayerId !== null && !players.has(e.actorPlayerId))
      return `event ${e.seq} has an unknown actor`;
  }
  if (doc.game.lastSeq !== doc.events.length)
    return `game.lastSeq ${doc.game.lastSeq} but ${doc.events.length} events`;
  return null;
}

/**
 * What is wrong with a parsed document beyond its shape (references, seq gaps, a log that does not
 * rebuild the state), or null when it is sound.
 */
export function documentProblem(doc: ExportDocument): string | null {
  const problem = stateProblem(doc) ?? logProblem(doc);
  if (problem) return problem;
  const state = documentState(doc);
  const rebuilt = replay(
    state.ruleset,
    doc.events.map((e) => decodeEvent(e.payload)),
    state.players,
  );
  const same =
    canonicalJson([...rebuilt.objects].sort(byKey)) === canonicalJson([...state.objects].sort(byKey)) &&
    canonicalJson([...rebuilt.zones].map(zonePlace).sort(byId)) ===
      canonicalJson([...state.zones].sort(byId));
  return same ? null : 'the event log does not rebuild the game state';
}
