/**
 * An imported log held to what the rules would have recorded, by replaying it through the rules
 * layer: the first event is a game createGame could have made (its seats, the ruleset's starting
 * zones, plain starting cards admitted where they are, createGame's caps), and every event changes
 * the objects the state holds, into zones that exist, with contexts that are where the objects
 * really were, leaving a state that keeps every invariant the planner keeps (`stateFault`). Pure.
 */
import {
  contextOf,
  indexPositions,
  initialZones,
  Replayer,
  stateFault,
  emptyState,
  type DomainEvent,
  type GameState,
  type ObjectState,
  type RulesetSpec,
  type SnapshotContext,
} from '../rules/index.js';
import { canonicalJson } from '../json.js';
import type { ExportDocument } from './format.js';

/** Where a document is wrong (a path into it, dot-separated) and why. */
export interface DocumentProblem {
  readonly path: string;
  readonly message: string;
}

/** createGame's caps, which an imported game keeps to as well. */
export interface ImportCaps {
  /** Longest player name (after trimming). */
  readonly playerName: number;
  readonly cardsPerPlayer: number;
  readonly cards: number;
}

type Payload = ExportDocument['events'][number]['payload'];
const problem = (path: string, message: string): DocumentProblem => ({ path, message });
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const zoneKey = (z: { type: string; ownerId: string | null; index: number }) =>
  `${z.type}|${z.ownerId ?? ''}|${z.index}`;

/** The first event: the seats, the starting zones and plain starting cards, within createGame's caps. */
function creationProblem(spec: RulesetSpec, doc: ExportDocument, caps: ImportCaps): DocumentProblem | null {
  const first = doc.events[0];
  if (first?.payload.kind !== 'GAME_CREATED')
    return problem('events.0.kind', 'the log must start with GAME_CREATED');
  const created = first.payload;
  const at = 'events.0.payload';
  const { min, max } = spec.players;
  if (doc.players.length < min || doc.players.length > max)
    return problem('players', `this ruleset seats ${min} to ${max} players`);
  for (const [i, p] of doc.players.entries())
    if (p.name !== p.name.trim() || p.name.length > caps.playerName)
      return problem(`players.${i}.name`, `a player name is 1 to ${caps.playerName} characters, trimmed`);
  if (
    !same(
      // The seats (their starting counters, issue 28, are the ruleset's or createGame's).
      created.players.map((p) => ({ id: p.id, seat: p.seat })).sort((a, b) => a.seat - b.seat),
      doc.players.map((p) => ({ id: p.id, seat: p.seat })).sort((a, b) => a.seat - b.seat),
    )
  )
    return problem(`${at}.players`, 'the seats differ from the document players');
  const expected = initialZones(spec, created.players).map(zoneKey).sort();
  if (!same(created.zonesCreated.map(zoneKey).sort(), expected))
    return problem(`${at}.zonesCreated`, `the starting zones are not those ${spec.id} gives these players`);
  const zones = new Map(created.zonesCreated.map((z) => [z.id, z]));
  const perOwner = new Map<string, number>();
  for (const [j, t] of created.transitions.entries()) {
    const o = t.after;
    const path = `${at}.transitions.${j}`;
    if (t.before !== null || o === null || !t.newObject)
      return problem(path, 'a starting object arrives from nowhere as a new object');
    const plain =
      o.kind === 'card' &&
      o.controllerId === o.ownerId &&
      o.hostKey === null &&
      Array.isArray(o.revealedTo) &&
      o.revealedTo.length === 0 &&
      o.history.length === 0;
    if (!plain)
      return problem(
        `${path}.after`,
        'a starting object is an unrevealed card of its owner, hosted by nothing',
      );
    const type = spec.zoneTypes.find((z) => z.type === zones.get(o.zoneId)?.type);
    if (o.faceUp && type && !type.allowsFaceUp)
      return problem(`${path}.after.faceUp`, `zone ${type.type} holds face-down objects only`);
    const n = (perOwner.get(o.ownerId) ?? 0) + 1;
    perOwner.set(o.ownerId, n);
    if (n > caps.cardsPerPlayer) return problem(path, `a deck holds at most ${caps.cardsPerPlayer} cards`);
  }
  if (created.transitions.length > caps.cards)
    return problem(`${at}.transitions`, `a new game holds at most ${caps.cards} cards`);
  return null;
}

/** The context the rules give `obj` in `state` ({@link contextOf}, with the state's positions). */
type ContextOf = (obj: ObjectState) => SnapshotContext;
const contextsIn = (spec: RulesetSpec, state: GameState): ContextOf => {
  const positions = indexPositions(state);
  const byKey = new Map(state.objects.map((o) => [o.key, o]));
  return (obj) => contextOf(spec, state, obj, positions, byKey);
};

/** One event against the state before it: the zones and objects it claims to change are the state's. */
function eventProblem(before: GameState, e: Payload, at: string): DocumentProblem | null {
  const zones = new Map(before.zones.map((z) => [z.id, z]));
  for (const [k, z] of e.zonesCreated.entries())
    if (zones.has(z.id)) return problem(`${at}.zonesCreated.${k}`, 'the zone exists already');
  for (const [k, z] of e.zonesRemoved.entries())
    if (!same(zones.get(z.id), z)) return problem(`${at}.zonesRemoved.${k}`, 'the zone is not in the game');
  const objects = new Map(before.objects.map((o) => [o.key, o]));
  const seen = new Set<string>();
  for (const [j, t] of e.transitions.entries()) {
    const key = (t.before ?? t.after)?.key ?? '';
    if (seen.has(key)) return problem(`${at}.transitions.${j}`, 'an object changes twice in one event');
    seen.add(key);
    if (t.before === null ? objects.has(key) : !same(objects.get(key), t.before))
      return problem(
        `${at}.transitions.${j}.before`,
        t.before === null ? 'the new object exists already' : 'the object is not as the state holds it',
      );
  }
  return null;
}

/** Each transition's contexts against the states before and after its event. */
function contextProblem(
  spec: RulesetSpec,
  before: GameState,
  after: GameState,
  e: Payload,
  at: string,
): DocumentProblem | null {
  if (e.transitions.length === 0) return null;
  const beforeOf = contextsIn(spec, before);
  const afterOf = contextsIn(spec, after);
  for (const [j, t] of e.transitions.entries()) {
    if (t.before && !same(t.beforeContext, beforeOf(t.before)))
      return problem(`${at}.transitions.${j}.beforeContext`, 'is not where the object was');
    if (t.after && !same(t.afterContext, afterOf(t.after)))
      return problem(`${at}.transitions.${j}.afterContext`, 'is not where the object is');
  }
  return null;
}

/**
 * The path of a fault of the state after event `i`: for the first event, the starting zone or
 * object it lists (the state holds them in the event's order); afterwards, the event.
 */
function faultPath(i: number, list: 'players' | 'zones' | 'objects' | 'turn', index: number): string {
  // Only an event's table delta sets the turn.
  if (list === 'turn') return `events.${i}.payload.table.turn`;
  if (i > 0) return `events.${i}.payload`;
  if (list === 'zones') return `events.0.payload.zonesCreated.${index}`;
  return list === 'objects' ? `events.0.payload.transitions.${index}.after` : 'events.0.payload.players';
}

/**
 * Replays the document's log through the rules layer and returns the first problem, or the state it
 * rebuilds. The log's seqs, kinds and actors are checked before (`validate.ts`).
 */
export function replayProblem(
  spec: RulesetSpec,
  doc: ExportDocument,
  caps: ImportCaps,
): DocumentProblem | GameState {
  const creation = creationProblem(spec, doc, caps);
  if (creation) return creation;
  const replayer = new Replayer(emptyState(spec.id));
  let before = replayer.state();
  for (const [i, ev] of doc.events.entries()) {
    const e = ev.payload;
    const at = `events.${i}.payload`;
    if (i > 0 && e.kind === 'GAME_CREATED') return problem(`events.${i}.kind`, 'a game is created once');
    const wrong = eventProblem(before, e, at);
    if (wrong) return wrong;
    replayer.apply(e as DomainEvent);
    const after = replayer.state();
    const fault = stateFault(spec, after);
    if (fault)
      return problem(faultPath(i, fault.list, fault.index), `breaks a rule of ${spec.id}: ${fault.message}`);
    const context = contextProblem(spec, before, after, e, at);
    if (context) return context;
    before = after;
  }
  return before;
}
