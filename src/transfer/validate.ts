/**
 * What the schema cannot say about an export document: references between its parts, a gapless
 * log, a log the rules would have recorded (`replay-check.ts`), and a log that rebuilds the state it
 * claims. Pure. Every problem names the path in the document where it is.
 */
import { objectFromRow } from '../stored/object-rows.js';
import type {
  GameState,
  ObjectState,
  PlayerState,
  RulesetId,
  RulesetRegistry,
  RulesetSpec,
} from '../rules/index.js';
import { canonicalJson } from '../json.js';
import type { ExportDocument } from './format.js';
import { replayProblem, type DocumentProblem, type ImportCaps } from './replay-check.js';

export type { DocumentProblem, ImportCaps } from './replay-check.js';

/** The document's current state, as the rules layer sees it. */
export function documentState(doc: ExportDocument): GameState {
  return {
    ruleset: doc.game.ruleset as RulesetId,
    players: doc.players.map((p): PlayerState => ({ id: p.id, seat: p.seat })),
    zones: doc.zones.map((z) => ({ id: z.id, type: z.type, ownerId: z.ownerId, index: z.index })),
    objects: doc.objects.map(objectFromRow),
  };
}

const byKey = (a: ObjectState, b: ObjectState) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const problem = (path: string, message: string): DocumentProblem => ({ path, message });

/** The index of the first element whose `key` was seen before, or -1. */
function firstRepeat<T>(items: readonly T[], key: (t: T) => unknown): number {
  const seen = new Set<unknown>();
  return items.findIndex((t) => seen.size === seen.add(key(t)).size);
}

/** What is wrong with the document's players, zones and objects, or null. */
function stateProblem(doc: ExportDocument, spec: RulesetSpec): DocumentProblem | null {
  const players = new Set(doc.players.map((p) => p.id));
  let at = firstRepeat(doc.players, (p) => p.id);
  if (at >= 0) return problem(`players.${at}.id`, 'duplicate player id');
  at = firstRepeat(doc.players, (p) => p.seat);
  if (at >= 0) return problem(`players.${at}.seat`, 'duplicate seat');
  at = doc.players.findIndex((p) => p.seat >= doc.players.length);
  if (at >= 0)
    return problem(
      `players.${at}.seat`,
      `seats are numbered 0 to ${doc.players.length - 1}, as createGame numbers them`,
    );
  at = firstRepeat(doc.zones, (z) => z.id);
  if (at >= 0) return problem(`zones.${at}.id`, 'duplicate zone id');
  const zones = new Set(doc.zones.map((z) => z.id));
  for (const [i, z] of doc.zones.entries()) {
    if (!spec.zoneTypes.some((t) => t.type === z.type))
      return problem(`zones.${i}.type`, `unknown zone type for ${spec.id}`);
    if (z.ownerId !== null && !players.has(z.ownerId)) return problem(`zones.${i}.ownerId`, 'unknown owner');
  }
  at = firstRepeat(doc.objects, (o) => o.key);
  if (at >= 0) return problem(`objects.${at}.key`, 'duplicate object key');
  at = firstRepeat(doc.objects, (o) => o.publicId);
  if (at >= 0) return problem(`objects.${at}.publicId`, 'duplicate public id');
  const keys = new Set(doc.objects.map((o) => o.key));
  for (const [i, o] of doc.objects.entries()) {
    if (!zones.has(o.zoneId)) return problem(`objects.${i}.zoneId`, 'unknown zone');
    if (!players.has(o.ownerId)) return problem(`objects.${i}.ownerId`, 'unknown player');
    if (!players.has(o.controllerId)) return problem(`objects.${i}.controllerId`, 'unknown player');
    if (o.hostKey !== null && !keys.has(o.hostKey)) return problem(`objects.${i}.hostKey`, 'unknown host');
    if (o.revealedTo.some((p) => !players.has(p)))
      return problem(`objects.${i}.revealedTo`, 'revealed to an unknown player');
  }
  return null;
}

/** What is wrong with the document's log as a list, or null. */
function logProblem(doc: ExportDocument): DocumentProblem | null {
  const players = new Set(doc.players.map((p) => p.id));
  let version = 0;
  for (const [i, e] of doc.events.entries()) {
    if (e.seq !== i + 1)
      return problem(
        `events.${i}.seq`,
        `${e.seq} where ${i + 1} was expected (the log must be gapless from 1)`,
      );
    if (e.payload.kind !== e.kind) return problem(`events.${i}.kind`, 'differs from its payload');
    if (e.actorPlayerId !== null && !players.has(e.actorPlayerId))
      return problem(`events.${i}.actorPlayerId`, 'unknown actor');
    if (e.version < version || e.version > doc.game.version)
      return problem(`events.${i}.version`, 'versions grow along the log, up to the game version');
    version = e.version;
  }
  if (doc.game.lastSeq !== doc.events.length)
    return problem('game.lastSeq', `${doc.game.lastSeq} but ${doc.events.length} events`);
  return null;
}

/**
 * What is wrong with a parsed document beyond its shape (references, seq gaps, a log the rules
 * would not have recorded, a log that does not rebuild the state), or null when it is sound. The
 * ruleset version is looked up in `rulesets`, the importing service's registry.
 */
export function documentProblem(
  rulesets: RulesetRegistry,
  doc: ExportDocument,
  caps: ImportCaps,
): DocumentProblem | null {
  const version = doc.game.rulesetVersion ?? null;
  const spec = rulesets.get(doc.game.ruleset, version);
  if (!spec)
    return version === null
      ? problem('game.ruleset', `unknown ruleset ${doc.game.ruleset}`)
      : problem(
          'game.rulesetVersion',
          `ruleset ${doc.game.ruleset} version ${version} is neither loaded nor stored`,
        );
  const early = stateProblem(doc, spec) ?? logProblem(doc);
  if (early) return early;
  const rebuilt = replayProblem(spec, doc, caps);
  if ('path' in rebuilt) return rebuilt;
  const state = documentState(doc);
  if (canonicalJson([...rebuilt.objects].sort(byKey)) !== canonicalJson([...state.objects].sort(byKey)))
    return problem('objects', 'the event log does not rebuild these objects');
  // A zone's counters are the log's (the document's zone rows hold its place only).
  const place = (z: GameState['zones'][number]) => ({
    id: z.id,
    type: z.type,
    ownerId: z.ownerId,
    index: z.index,
  });
  if (canonicalJson([...rebuilt.zones].map(place).sort(byId)) !== canonicalJson([...state.zones].sort(byId)))
    return problem('zones', 'the event log does not rebuild these zones');
  return null;
}
