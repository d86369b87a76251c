/** Lookups into a ruleset's catalog. */
import type { ZoneTypeSpec } from './types/catalog.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState, ZoneState } from './types/state.js';

/** The zone type spec of a type name, or undefined for an unknown type. */
export function zoneTypeOf(spec: RulesetSpec, type: string): ZoneTypeSpec | undefined {
  return spec.zoneTypes.find((t) => t.type === type);
}

/** The zone type spec of a zone. A zone of a type missing from its catalog is a programmer bug. */
export function zoneSpecOf(spec: RulesetSpec, zone: ZoneState): ZoneTypeSpec {
  const t = zoneTypeOf(spec, zone.type);
  if (!t) throw new Error(`zone ${zone.id} has type ${zone.type} unknown to ruleset ${spec.id}`);
  return t;
}

/**
 * Display name of a zone in the game's own words, per owner's seat (NR rule_deck_name,
 * rule_rnd_name, rule_stack_name: the Corp's deck is R&D, the Runner's is the Stack).
 */
export function zoneDisplayName(
  spec: RulesetSpec,
  state: Pick<GameState, 'players'>,
  zone: ZoneState,
): string {
  const t = zoneTypeOf(spec, zone.type);
  if (!t) return zone.type;
  const seat = state.players.find((p) => p.id === zone.ownerId)?.seat;
  return (seat !== undefined ? t.displayNames?.[seat] : undefined) ?? t.name;
}

/** A zone about to exist, before the data layer gives it an id. */
export interface ZoneSeed {
  readonly type: string;
  readonly ownerId: string | null;
  readonly index: number;
}

/**
 * Zones a new game starts with: each per-player type × `perPlayer` for every player, plus one of
 * each shared type (MTG 400.1, FAB sec:zones_general, NR rule_player_zones). Types with
 * `startsInGame: false` (MTG ante) are created on demand with a `createZone` move.
 */
export function initialZones(spec: RulesetSpec, players: readonly { readonly id: string }[]): ZoneSeed[] {
  const seeds: ZoneSeed[] = [];
  for (const t of spec.zoneTypes) {
    if (t.startsInGame === false) continue;
    if (t.scope === 'shared') {
      seeds.push({ type: t.type, ownerId: null, index: 0 });
      continue;
    }
    for (const p of players) {
      for (let i = 0; i < t.perPlayer; i++) seeds.push({ type: t.type, ownerId: p.id, index: i });
    }
  }
  return seeds;
}
