/**
 * What every state the planner reaches holds, as one check: the property suites assert these after
 * every accepted move, and an imported document's states are held to them before anything is
 * written. Pure; messages name ids, zone types and rules, never a card.
 */
import { admitStartingLayout } from './layout.js';
import { phasesFor, tableOf } from './table.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState } from './types/state.js';

/** The first broken invariant of a state: where (a list of the state and an index) and what. */
export interface StateFault {
  readonly list: 'players' | 'zones' | 'objects' | 'turn';
  readonly index: number;
  readonly message: string;
}

const fault = (list: StateFault['list'], index: number, message: string): StateFault => ({
  list,
  index,
  message,
});

/** Players, and zones by the catalog: known types, owned by a player exactly when per player. */
function zoneFault(spec: RulesetSpec, state: GameState): StateFault | null {
  const players = new Set<string>();
  const seats = new Set<number>();
  for (const [i, p] of state.players.entries()) {
    if (players.has(p.id) || seats.has(p.seat)) return fault('players', i, 'a player id or seat is repeated');
    // createGame numbers the seats 0 to n - 1; the turn order and a ruleset's sides are by seat.
    if (!Number.isInteger(p.seat) || p.seat < 0 || p.seat >= state.players.length)
      return fault('players', i, `seat ${p.seat} is not one of 0 to ${state.players.length - 1}`);
    players.add(p.id);
    seats.add(p.seat);
  }
  const ids = new Set<string>();
  for (const [i, z] of state.zones.entries()) {
    if (ids.has(z.id)) return fault('zones', i, `zone ${z.id} is listed twice`);
    ids.add(z.id);
    const type = spec.zoneTypes.find((t) => t.type === z.type);
    if (!type) return fault('zones', i, `zone ${z.id} has a type ${spec.id} does not have`);
    if (type.scope === 'shared' ? z.ownerId !== null : z.ownerId === null || !players.has(z.ownerId))
      return fault(
        'zones',
        i,
        `zone ${z.id} (${z.type}) must be ${type.scope === 'shared' ? 'shared' : "a player's"}`,
      );
  }
  return null;
}

/**
 * The turn (MTG 500.1; NR rule_turns): only where the ruleset declares a turn structure; its active
 * player one of the game's players (or none), its phase one of that seat's phases (or none).
 */
function turnFault(spec: RulesetSpec, state: GameState): StateFault | null {
  const turn = state.turn;
  if (!turn) return null;
  if (!tableOf(spec).turn) return fault('turn', 0, `${spec.id} declares no turn structure`);
  if (!Number.isInteger(turn.number) || turn.number < 1)
    return fault('turn', 0, `turn number ${turn.number} is not 1 or more`);
  const active =
    turn.activePlayerId === null ? null : state.players.find((p) => p.id === turn.activePlayerId);
  if (active === undefined)
    return fault('turn', 0, `the active player ${turn.activePlayerId} is not a player`);
  if (turn.phase === null) return null;
  const phases = active ? phasesFor(spec, active.seat) : [];
  return phases.includes(turn.phase)
    ? null
    : fault(
        'turn',
        0,
        `phase ${turn.phase} is not one of the active player's (${phases.join(', ') || 'none'})`,
      );
}

/**
 * The first broken invariant of `state` under `spec`, or null: unique ids and seats 0 to n - 1; a
 * turn only where the ruleset has one, with a player of the game active in one of its phases; every zone of a known type,
 * owned as its scope says; every object in a zone of the game, owned, controlled and revealed to
 * players of the game; a hosted object hosted by a top-level object of its own zone (so no cycle and
 * no object hosting itself); layers only on a stack; distinct safe-integer sort keys per zone; and
 * every object admitted where it is ({@link admitStartingLayout}: capacity, each game's admission,
 * MTG 400.3 owners' zones).
 */
export function stateFault(spec: RulesetSpec, state: GameState): StateFault | null {
  const zoneProblem = zoneFault(spec, state) ?? turnFault(spec, state);
  if (zoneProblem) return zoneProblem;
  const players = new Set(state.players.map((p) => p.id));
  const zones = new Map(state.zones.map((z) => [z.id, z]));
  const byKey = new Map(state.objects.map((o) => [o.key, o]));
  if (byKey.size !== state.objects.length)
    return fault('objects', state.objects.length - 1, 'an object key is repeated');
  const publicIds = new Set<string>();
  const sortKeys = new Map<string, Set<number>>();
  for (const [i, o] of state.objects.entries()) {
    if (publicIds.has(o.publicId)) return fault('objects', i, `public id ${o.publicId} is repeated`);
    publicIds.add(o.publicId);
    const zone = zones.get(o.zoneId);
    if (!zone) return fault('objects', i, `object ${o.publicId} is in no zone of the game`);
    if (!players.has(o.ownerId) || !players.has(o.controllerId))
      return fault('objects', i, `object ${o.publicId} has an owner or controller who is not a player`);
    if (o.revealedTo !== 'all' && o.revealedTo.some((p) => !players.has(p)))
      return fault('objects', i, `object ${o.publicId} is revealed to someone who is not a player`);
    if (o.kind === 'layer' && !spec.zoneTypes.find((t) => t.type === zone.type)?.isStack)
      return fault('objects', i, `layer ${o.publicId} is not on a stack`);
    if (o.hostKey !== null) {
      const host = byKey.get(o.hostKey);
      if (!host || host.key === o.key || host.zoneId !== o.zoneId || host.hostKey !== null)
        return fault('objects', i, `object ${o.publicId} is hosted by no top-level object of its zone`);
      continue;
    }
    if (!Number.isSafeInteger(o.sortKey))
      return fault('objects', i, `object ${o.publicId} has a bad sort key`);
    let keys = sortKeys.get(o.zoneId);
    if (!keys) sortKeys.set(o.zoneId, (keys = new Set()));
    if (keys.has(o.sortKey)) return fault('objects', i, `object ${o.publicId} shares its sort key`);
    keys.add(o.sortKey);
  }
  const refusal = admitStartingLayout(spec, state);
  return refusal ? fault('objects', refusal.index, `${refusal.message} (${refusal.rule})`) : null;
}
