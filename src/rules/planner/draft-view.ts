/**
 * What a move's planning reads of its working copy: the game as the plan has made it so far, by
 * object key and public id, zone, zone type and host. {@link Draft} writes it and records events.
 */
import type { ClockState } from '../clock/types.js';
import type { ZoneTypeSpec } from '../types/catalog.js';
import type { GameHooks } from '../types/game-hooks.js';
import type { PlanContext } from '../types/plan.js';
import type { RulesetSpec } from '../types/ruleset.js';
import type {
  GameResult,
  GameState,
  ObjectState,
  PlayerState,
  SeatEntropy,
  TurnState,
  ZoneState,
} from '../types/state.js';
import { callerOf, labelsFor, type Labels } from '../labels.js';
import { compareBySortKey } from '../positions.js';
import { zoneSpecOf } from '../spec.js';

/** The reads of one move's working copy; {@link Draft} adds the writes and the events. */
export class DraftView {
  zones: ZoneState[];
  players: readonly PlayerState[];
  turn: TurnState | null;
  result: GameResult | null;
  /** zk-rng's running entropy hash (hex), null until a seat adds entropy. */
  entropy: string | null;
  /** Whether random acts wait for seat entropy, and who gave some (docs/fairness.md, "Seat entropy"). */
  seatEntropy: SeatEntropy | null;
  /** The game's clocks (issue 40), null for a game that keeps no time. */
  clock: ClockState | null;
  protected readonly objects: Map<string, ObjectState>;
  protected readonly byPublicId = new Map<string, string>();
  /** The ruleset's hooks (`spec.hooks`), asked wherever a rule is more than catalog data. */
  readonly hooks: GameHooks;

  constructor(
    readonly spec: RulesetSpec,
    readonly state: GameState,
    readonly ctx: PlanContext,
  ) {
    this.hooks = spec.hooks;
    this.zones = [...state.zones];
    this.players = state.players;
    this.turn = state.turn ?? null;
    this.result = state.result ?? null;
    this.entropy = state.entropy ?? null;
    this.seatEntropy = state.seatEntropy ?? null;
    this.clock = state.clock ?? null;
    // One pass and no pair arrays: this runs for every move, over every object of the game.
    this.objects = new Map();
    for (const o of state.objects) {
      this.objects.set(o.key, o);
      this.byPublicId.set(o.publicId, o.key);
    }
  }

  #labels: Labels | undefined;

  /** Names for messages, as the caller sees the game the move found (`src/rules/labels.ts`). */
  get labels(): Labels {
    this.#labels ??= labelsFor(
      this.spec,
      this.state,
      callerOf(this.ctx.viewer, this.ctx.actorId),
      this.ctx.playerNames,
    );
    return this.#labels;
  }

  get(key: string): ObjectState {
    const o = this.objects.get(key);
    if (!o) throw new Error(`no object with key ${key}`);
    return o;
  }

  has(key: string): boolean {
    return this.objects.has(key);
  }

  byId(publicId: string): ObjectState | undefined {
    const key = this.byPublicId.get(publicId);
    return key === undefined ? undefined : this.objects.get(key);
  }

  zone(zoneId: string): ZoneState | undefined {
    return this.zones.find((z) => z.id === zoneId);
  }

  zoneOf(obj: ObjectState): ZoneState {
    const z = this.zone(obj.zoneId);
    if (!z) throw new Error(`object ${obj.key} is in unknown zone ${obj.zoneId}`);
    return z;
  }

  typeOf(zone: ZoneState): ZoneTypeSpec {
    return zoneSpecOf(this.spec, zone);
  }

  zonesOf(type: string, ownerId: string | null): ZoneState[] {
    return this.zones
      .filter((z) => z.type === type && z.ownerId === ownerId)
      .sort((a, b) => a.index - b.index);
  }

  /** Top-level objects of a zone, top first. */
  /** How many of the zone's top-level objects are not in `except` (no order needed: no sort). */
  topLevelCount(zoneId: string, except: ReadonlySet<string>): number {
    let n = 0;
    for (const o of this.objects.values())
      if (o.zoneId === zoneId && o.hostKey === null && !except.has(o.key)) n++;
    return n;
  }

  topLevel(zoneId: string): ObjectState[] {
    const list: ObjectState[] = [];
    for (const o of this.objects.values()) if (o.zoneId === zoneId && o.hostKey === null) list.push(o);
    return list.sort(compareBySortKey);
  }

  /** Objects hosted directly on the object with this key. */
  hosted(key: string): ObjectState[] {
    const list: ObjectState[] = [];
    for (const o of this.objects.values()) if (o.hostKey === key) list.push(o);
    return list.sort(compareBySortKey);
  }

  /** Every object in a zone, top-level and hosted. */
  allInZone(zoneId: string): ObjectState[] {
    return [...this.objects.values()].filter((o) => o.zoneId === zoneId);
  }

  isPlayer(id: string): boolean {
    return this.state.players.some((p) => p.id === id);
  }

  snapshot(): GameState {
    return {
      ruleset: this.state.ruleset,
      players: this.players,
      zones: this.zones,
      objects: [...this.objects.values()],
      ...(this.turn ? { turn: this.turn } : {}),
      ...(this.result ? { result: this.result } : {}),
      ...(this.entropy ? { entropy: this.entropy } : {}),
      ...(this.seatEntropy ? { seatEntropy: this.seatEntropy } : {}),
      ...(this.state.randomActs ? { randomActs: this.state.randomActs } : {}),
      ...(this.clock ? { clock: this.clock } : {}),
    };
  }
}
