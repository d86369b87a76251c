/**
 * How refusal messages name things: as the caller sees them, never by an id the caller would have
 * to look up, and never by anything the caller cannot see.
 *
 * - A player is its seat, and its name where the service knows it: `seat 1 (Bob)`.
 * - A zone is its owner's and its name in the game's own words (NR rule_deck_name: the Corp's deck
 *   is R&D): `your Hand`, `seat 1 (Bob)'s Library`, `the Battlefield`; a player's zones of a type it
 *   has several of are numbered (FAB sec:weapon_zone: `your Weapon 1`, `your Weapon 2`), by
 *   `zone-number.ts`, the rule the table page names zones by too.
 * - An object the caller may see (`canSeeSnapshot`: public, revealed to it, or its own where the
 *   zone lets it see) is its card's name, and where it is. An object hidden from it is "a hidden
 *   card" and where it is, and nothing else: its zone, its position (every viewer's view lists
 *   every object's position, `redact.ts`) or its host. So two games that differ only in what the
 *   caller cannot see name every object alike (the twin-world suite, test/twin/twin.ts).
 *
 * Positions are read from the game as the move found it: the game the caller saw when it asked.
 */
import { indexPositions, type PositionIndex } from './positions.js';
import { zoneDisplayName, zoneSpecOf } from './spec.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState, ObjectState, ZoneState } from './types/state.js';
import type { PlayerNames, Viewer } from './types/viewer.js';
import { canSeeSnapshot, contextOf } from './visibility.js';
import { numberedZoneName } from './zone-number.js';

/** Names a caller may read in a message: each as that caller sees it. */
export interface Labels {
  /** A player: `seat 1 (Bob)`. */
  player(playerId: string): string;
  /** A zone: `your Hand`, `seat 1 (Bob)'s Library`, `the Stack`. */
  zone(zone: ZoneState): string;
  /** An object: `"Lightning Bolt" (3rd in your Hand)`, or `a hidden card (1st from the top of seat 1 (Bob)'s Library)`. */
  object(obj: ObjectState): string;
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A player as every caller names it: `seat 1 (Bob)`, or `seat 1` where the names are not given. */
export function playerLabel(state: Pick<GameState, 'players'>, names: PlayerNames, id: string): string {
  const p = state.players.find((x) => x.id === id);
  if (!p) return 'a player not in this game';
  const name = names[id];
  return name === undefined ? `seat ${p.seat}` : `seat ${p.seat} (${name})`;
}

/** The caller a move's messages are written for: its viewer, or the acting seat, or the referee (who sees all). */
export function callerOf(viewer: Viewer | undefined, actorId: string | null): Viewer {
  if (viewer) return viewer;
  return actorId === null ? { kind: 'admin' } : { kind: 'player', playerId: actorId };
}

/** The labels of one game as it stands, for one caller. Pure; positions are indexed on first use. */
export function labelsFor(
  spec: RulesetSpec,
  state: GameState,
  viewer: Viewer,
  names: PlayerNames = {},
): Labels {
  let positions: PositionIndex | undefined;
  const byKey = new Map(state.objects.map((o) => [o.key, o]));
  const me = viewer.kind === 'player' ? viewer.playerId : null;

  const player = (id: string): string => playerLabel(state, names, id);

  const zone = (z: ZoneState): string => {
    const name = zoneDisplayName(spec, state, z);
    const ofItsType = state.zones.filter((x) => x.type === z.type && x.ownerId === z.ownerId).length;
    const named = numberedZoneName(name, z.index, ofItsType);
    if (z.ownerId === null) return `the ${named}`;
    return z.ownerId === me ? `your ${named}` : `${player(z.ownerId)}'s ${named}`;
  };

  const object = (obj: ObjectState): string => {
    // An object this move made is not yet in the game the caller saw: it has no place to name.
    const known = byKey.get(obj.key);
    if (!known) return `a new ${obj.kind}`;
    positions ??= indexPositions(state);
    const context = contextOf(spec, state, known, positions, byKey);
    const seen = canSeeSnapshot(spec, viewer, { obj: known, context });
    const what = seen ? JSON.stringify(known.card.name) : `a hidden ${known.kind}`;
    const host = known.hostKey === null ? undefined : byKey.get(known.hostKey);
    if (host) return `${what} (on ${object(host)})`;
    const zoneName = zone(context.zone);
    if (context.layer !== null) return `${what} (layer ${context.layer} of ${zoneName})`;
    if (context.position === null) return `${what} (in ${zoneName})`;
    const nth = ordinal(context.position + 1);
    return zoneSpecOf(spec, context.zone).ordered
      ? `${what} (${nth} from the top of ${zoneName})`
      : `${what} (${nth} in ${zoneName})`;
  };

  return { player, zone, object };
}
