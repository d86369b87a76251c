/**
 * The fixed part of the seat policy (`permission.ts` states it whole): the checks a move kind's
 * record combines. Each reads only what the seat can observe, never a card hidden from it.
 */
import { zoneObjects, type PositionIndex } from './positions.js';
import { zoneTypeOf } from './spec.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { ObjectMoveKind } from './types/seat-policy.js';
import type { Destination, Selector } from './types/selection.js';
import type { GameState, ObjectState, ZoneState } from './types/state.js';
import type { CounterHolder } from './types/table-moves.js';
import { labelsFor, type Labels } from './labels.js';
import type { PlayerNames } from './types/viewer.js';
import { canSeeSnapshot, contextIn } from './visibility.js';

/**
 * Why the seat policy refuses a move: the `extensions.reason` of its FORBIDDEN, each a value of the
 * GraphQL enum ForbiddenReason (src/schema/errors.graphql), which says when each is given.
 */
export type SeatRefusalReason =
  | 'NOT_YOUR_TURN'
  | 'CONCEDED'
  | 'NOT_YOUR_OBJECT'
  | 'HIDDEN_OBJECT'
  | 'SELECT_BY_POSITION'
  | 'REVEAL_FIRST'
  | 'NOT_YOUR_ZONE'
  | 'OTHER_PLAYER'
  | 'REFEREE_ONLY';

/**
 * Why a seat may not make a move. The reason and message speak only of what the seat can observe
 * (objects, zones and players as the seat sees them, `labels.ts`); `rule` is the rule the refusal
 * cites, where one applies.
 */
export interface PermissionRefusal {
  readonly reason: SeatRefusalReason;
  readonly message: string;
  readonly rule?: string;
}

/**
 * The seat policy's questions about one state, asked by each move kind's record (`policy`, in
 * `src/rules/moves/`). Each answers from what the seat itself can observe.
 */
export class Policy {
  // Indexes of the state, each built on first use: most moves ask about one or two objects.
  #zones: ReadonlyMap<string, ZoneState> | undefined;
  #byId: ReadonlyMap<string, ObjectState> | undefined;
  /** Lookups by public id answered by a scan so far ({@link INDEX_AFTER_SCANS}). */
  #scans = 0;
  readonly #names: PlayerNames | undefined;
  #labels: Labels | undefined;
  #byKey: ReadonlyMap<string, ObjectState> | undefined;
  /** Positions of each zone asked about so far (a zone's positions read only that zone's objects). */
  readonly #positions = new Map<string, PositionIndex>();

  constructor(
    readonly spec: RulesetSpec,
    readonly state: GameState,
    readonly seat: string,
    names?: PlayerNames,
  ) {
    this.#names = names;
  }

  /** Names for messages, as the seat sees them: built on first use, as only a refusal reads them. */
  get labels(): Labels {
    this.#labels ??= labelsFor(this.spec, this.state, { kind: 'player', playerId: this.seat }, this.#names);
    return this.#labels;
  }

  mine(o: ObjectState): boolean {
    return o.ownerId === this.seat || o.controllerId === this.seat;
  }

  /** Whether the seat sees `o`, as `canSee` (visibility.ts) answers, from indexes built once. */
  seen(o: ObjectState): boolean {
    const positions = o.hostKey === null ? this.#zonePositions(o.zoneId) : NO_POSITIONS;
    const context = contextIn(this.spec, this.state.zones, (key) => this.#objectByKey(key), positions, o);
    return canSeeSnapshot(this.spec, { kind: 'player', playerId: this.seat }, { obj: o, context });
  }

  #zonePositions(zoneId: string): PositionIndex {
    let index = this.#positions.get(zoneId);
    if (!index) {
      const all = zoneObjects(this.state, zoneId);
      index = new Map(all.map((x, position) => [x.key, { position, count: all.length }]));
      this.#positions.set(zoneId, index);
    }
    return index;
  }

  #objectByKey(key: string): ObjectState | undefined {
    this.#byKey ??= new Map(this.state.objects.map((x) => [x.key, x]));
    return this.#byKey.get(key);
  }

  #zone(id: string): ZoneState | undefined {
    this.#zones ??= new Map(this.state.zones.map((z) => [z.id, z]));
    return this.#zones.get(id);
  }

  #object(publicId: string): ObjectState | undefined {
    if (this.#byId) return this.#byId.get(publicId);
    // A move names one or two objects: a scan of the state answers them without indexing every
    // object; past a few names the index pays. Last match wins, as in the index (ids are unique).
    if (this.#scans < INDEX_AFTER_SCANS) {
      this.#scans++;
      const { objects } = this.state;
      for (let i = objects.length - 1; i >= 0; i--) if (objects[i]?.publicId === publicId) return objects[i];
      return undefined;
    }
    this.#byId = new Map(this.state.objects.map((x) => [x.publicId, x]));
    return this.#byId.get(publicId);
  }

  /** May the seat make `kind` on this object? */
  object(o: ObjectState, kind: ObjectMoveKind): PermissionRefusal | null {
    if (this.mine(o)) return null;
    if (!this.seen(o))
      return refusal(
        'HIDDEN_OBJECT',
        `You may not act on ${this.labels.object(o)}: it belongs to another player and is hidden from you.`,
      );
    if (!this.spec.seatPolicy.othersVisible.includes(kind))
      return refusal(
        'NOT_YOUR_OBJECT',
        `You may not do this to ${this.labels.object(o)}, which belongs to another player.`,
      );
    return null;
  }

  /**
   * The objects a selector may pick, as the seat can work them out: ids as given (unknown ids are
   * left to the planner), the top or bottom `count` by position, and every candidate of a RANDOM pick.
   */
  selected(sel: Selector): { readonly objects: ObjectState[]; readonly byId: boolean } {
    switch (sel.kind) {
      case 'ids':
        return {
          objects: (Array.isArray(sel.ids) ? sel.ids : [])
            .map((id) => this.#object(id))
            .filter((o): o is ObjectState => o !== undefined),
          byId: true,
        };
      case 'top':
      case 'bottom':
      case 'random': {
        const all = zoneObjects(this.state, sel.zoneId);
        const n = Number.isInteger(sel.count) && sel.count > 0 ? Math.min(sel.count, all.length) : 0;
        const objects =
          sel.kind === 'top' ? all.slice(0, n) : sel.kind === 'bottom' ? all.slice(all.length - n) : all;
        return { objects, byId: false };
      }
    }
  }

  /** Acting on a selection: each object, and the seat's own hidden cards only by position. */
  selection(
    sel: Selector,
    kind: ObjectMoveKind,
  ): { refusal: PermissionRefusal | null; objects: ObjectState[] } {
    const { objects, byId } = this.selected(sel);
    for (const o of objects) {
      const refused = this.object(o, kind);
      if (refused) return { refusal: refused, objects };
      if (byId && !this.seen(o))
        return {
          refusal: refusal(
            'SELECT_BY_POSITION',
            `You may not name ${this.labels.object(o)} by id while it is hidden from you: select it by position (TOP, BOTTOM or RANDOM) instead.`,
          ),
          objects,
        };
    }
    return { refusal: null, objects };
  }

  /** The zone a destination names, if it names one that exists (else the planner refuses it). */
  destinationZone(to: Destination): { readonly ownerId: string | null; readonly type: string } | null {
    if (to === null || typeof to !== 'object') return null;
    if (to.kind === 'zone') return this.#zone(to.zoneId) ?? null;
    return { ownerId: to.ownerId, type: to.type };
  }

  /**
   * Sending `objects` (or, with `created`, new objects) to a destination: the seat's own zones,
   * shared zones and other players' public zones; another player's hidden or secret zone only for
   * that player's own cards. Then {@link revealToEnter}.
   */
  destination(to: Destination, objects: readonly ObjectState[], created: boolean): PermissionRefusal | null {
    const zone = this.destinationZone(to);
    if (!zone) return null;
    const type = zoneTypeOf(this.spec, zone.type);
    const other = zone.ownerId !== null && zone.ownerId !== this.seat;
    if (other && type && type.visibility !== 'public') {
      // A zone named by type is the owner's of that type (its first, where it has several).
      const where = this.labels.zone({ id: '', index: 0, ...zone });
      if (created)
        return refusal('NOT_YOUR_ZONE', `You may not put new objects into ${where}: it is another player's.`);
      // MTG 400.3: an object that would go to another player's hand, library or graveyard goes to its
      // owner's instead; where the ruleset redirects so, the object never enters that player's zone.
      const home = (o: ObjectState) =>
        o.ownerId === zone.ownerId || this.spec.hooks.redirectOwner(o, type.type, zone.ownerId) !== null;
      if (!objects.every(home))
        return refusal(
          'NOT_YOUR_ZONE',
          `Only ${this.labels.player(zone.ownerId)}'s own cards may go into ${where}.`,
          'MTG 400.3',
        );
    }
    return this.revealToEnter(zone.type, objects);
  }

  /** `seatPolicy.revealToEnter`: an object hidden from the seat may not enter a zone that admits by what it is. */
  revealToEnter(type: string, objects: readonly ObjectState[]): PermissionRefusal | null {
    const entry = this.spec.seatPolicy.revealToEnter.find((e) => e.type === type);
    if (!entry) return null;
    const unseen = objects.find((o) => !this.seen(o));
    return unseen
      ? refusal(
          'REVEAL_FIRST',
          `You may not move ${this.labels.object(unseen)} unseen: it is hidden from you, and a ${type} admits objects by what they are (${entry.rule}). Reveal it first.`,
          entry.rule,
        )
      : null;
  }

  /**
   * Changing counters on a holder: the seat's own objects, its own counters, its own and shared
   * zones; another player's visible object or zone with `changeCounters`, another player's counters
   * with `changePlayerCounters` in `seatPolicy.othersVisible`. An object it cannot see, never.
   */
  holder(h: CounterHolder): PermissionRefusal | null {
    if (h === null || typeof h !== 'object') return null;
    switch (h.kind) {
      case 'object': {
        const o = this.#object(h.id);
        if (!o) return null;
        if (!this.seen(o))
          return this.mine(o)
            ? refusal(
                'SELECT_BY_POSITION',
                `You may not change counters on ${this.labels.object(o)}: it is hidden from you, and its counters are not yours to change unseen.`,
              )
            : refusal(
                'HIDDEN_OBJECT',
                `You may not act on ${this.labels.object(o)}: it belongs to another player and is hidden from you.`,
              );
        return this.object(o, 'changeCounters');
      }
      case 'player':
        return h.id === this.seat || !this.state.players.some((p) => p.id === h.id)
          ? null
          : this.spec.seatPolicy.othersVisible.includes('changePlayerCounters')
            ? null
            : refusal('OTHER_PLAYER', `You may not change the counters of ${this.labels.player(h.id)}.`);
      case 'zone': {
        const zone = this.#zone(h.id);
        if (!zone || zone.ownerId === null || zone.ownerId === this.seat) return null;
        return this.spec.seatPolicy.othersVisible.includes('changeCounters')
          ? null
          : refusal(
              'NOT_YOUR_ZONE',
              `You may not change counters in ${this.labels.zone(zone)}: it is another player's.`,
            );
      }
      default:
        // A malformed holder is left to the planner to reject; a new holder kind fails to compile.
        h satisfies never;
        return null;
    }
  }

  /** Turn actions: only the active player (MTG 500: a player's own turn). */
  active(): PermissionRefusal | null {
    return this.state.turn?.activePlayerId === this.seat
      ? null
      : refusal('NOT_YOUR_TURN', 'It is not your turn.');
  }

  /** Shuffling, reordering or removing a zone: the seat's own or a shared zone, touching nothing hidden of others. */
  zone(zoneId: string, what: string): PermissionRefusal | null {
    const zone = this.#zone(zoneId);
    if (!zone) return null;
    if (zone.ownerId !== null && zone.ownerId !== this.seat)
      return refusal(
        'NOT_YOUR_ZONE',
        `You may not ${what} ${this.labels.zone(zone)}: it is another player's.`,
      );
    const hidden = this.state.objects.find((o) => o.zoneId === zoneId && !this.mine(o) && !this.seen(o));
    return hidden
      ? refusal(
          'HIDDEN_OBJECT',
          `You may not ${what} ${this.labels.zone(zone)}: it holds objects of another player hidden from you.`,
        )
      : null;
  }
}

/** Lookups by public id a {@link Policy} answers by scanning the state before it indexes it. */
const INDEX_AFTER_SCANS = 4;

/** A hosted object has no position of its own (its host's place is its place). */
const NO_POSITIONS: PositionIndex = new Map();

export const refusal = (reason: SeatRefusalReason, message: string, rule?: string): PermissionRefusal =>
  rule === undefined ? { reason, message } : { reason, message, rule };
