/**
 * What a seat may act on: the permission policy the authority applies before a seat's move is
 * planned. Pure, and decided only from what the seat itself can observe (ids, owners, controllers,
 * zones, positions, faces, reveals, counts), never from a card it cannot see. So a refusal never
 * depends on a hidden property, and planning (which reads card properties) starts only once the
 * move is known to touch nothing hidden from the seat except, by position, the seat's own cards.
 *
 * The policy:
 * - A seat acts on objects it owns or controls, and on its own zones and shared zones.
 * - It acts on another player's objects only when it can see them, and only with the moves the
 *   ruleset lists in `seatPolicy.othersVisible`.
 * - It never acts on, selects (by id or by TOP / BOTTOM / RANDOM) or reveals another player's object
 *   that is hidden from it; a RANDOM pick is checked against every object it could pick.
 * - It never shuffles, reorders, creates or removes another player's zones, and puts objects into
 *   another player's hidden or secret zones only when they are that player's own cards going home
 *   (MTG 400.3: a card goes to its owner's hand, library or graveyard). It never creates objects there.
 * - Its own hidden cards (its library, its face-down exiled cards) it reaches by position only, so
 *   it cannot name one card and follow it; and it may not move one into a zone whose admission reads
 *   printed properties its origin does not guarantee (`seatPolicy.revealToEnter`, e.g. MTG 400.4a
 *   keeps instants out of the battlefield): accepted or refused would tell it what the card is. It
 *   reveals the card first (revealObjects), which declassifies it by the rules.
 * Referees and admins are not bound by this policy: they may make any move the rules allow.
 */
import { zoneObjects } from './positions.js';
import { zoneTypeOf } from './spec.js';
import type { Move } from './types/moves.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { ObjectMoveKind } from './types/seat-policy.js';
import type { Destination, Selector } from './types/selection.js';
import type { GameState, ObjectState, ZoneState } from './types/state.js';
import type { CounterHolder } from './types/table-moves.js';
import { canSee } from './visibility.js';

/** Why a seat may not make a move. The message speaks only of what the seat can observe. */
export interface PermissionRefusal {
  readonly message: string;
}

class Policy {
  readonly #zones: ReadonlyMap<string, ZoneState>;
  readonly #byId: ReadonlyMap<string, ObjectState>;

  constructor(
    readonly spec: RulesetSpec,
    readonly state: GameState,
    readonly seat: string,
  ) {
    this.#zones = new Map(state.zones.map((z) => [z.id, z]));
    this.#byId = new Map(state.objects.map((o) => [o.publicId, o]));
  }

  mine(o: ObjectState): boolean {
    return o.ownerId === this.seat || o.controllerId === this.seat;
  }

  seen(o: ObjectState): boolean {
    return canSee(this.spec, this.state, { kind: 'player', playerId: this.seat }, o);
  }

  /** May the seat make `kind` on this object? */
  object(o: ObjectState, kind: ObjectMoveKind): PermissionRefusal | null {
    if (this.mine(o)) return null;
    if (!this.seen(o))
      return refusal(`Object ${o.publicId} belongs to another player and is hidden from you.`);
    if (!this.spec.seatPolicy.othersVisible.includes(kind))
      return refusal(`You may not do this to object ${o.publicId} of another player.`);
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
            .map((id) => this.#byId.get(id))
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
            `Object ${o.publicId} is hidden from you: select it by position (TOP, BOTTOM or RANDOM) instead.`,
          ),
          objects,
        };
    }
    return { refusal: null, objects };
  }

  /** The zone a destination names, if it names one that exists (else the planner refuses it). */
  destinationZone(to: Destination): { readonly ownerId: string | null; readonly type: string } | null {
    if (to === null || typeof to !== 'object') return null;
    if (to.kind === 'zone') return this.#zones.get(to.zoneId) ?? null;
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
      if (created) return refusal(`You may not put new objects into another player's ${type.type}.`);
      // MTG 400.3: an object that would go to another player's hand, library or graveyard goes to its
      // owner's instead; where the ruleset redirects so, the object never enters that player's zone.
      const home = (o: ObjectState) =>
        o.ownerId === zone.ownerId || this.spec.hooks.redirectOwner(o, type.type, zone.ownerId) !== null;
      if (!objects.every(home))
        return refusal(`Only that player's own cards may go into another player's ${type.type}.`);
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
          `Object ${unseen.publicId} is hidden from you and a ${type} admits objects by what they are (${entry.rule}): reveal it first.`,
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
        const o = this.#byId.get(h.id);
        if (!o) return null;
        if (!this.seen(o))
          return refusal(
            this.mine(o)
              ? `Object ${o.publicId} is hidden from you: its counters are not yours to change unseen.`
              : `Object ${o.publicId} belongs to another player and is hidden from you.`,
          );
        return this.object(o, 'changeCounters');
      }
      case 'player':
        return h.id === this.seat || !this.state.players.some((p) => p.id === h.id)
          ? null
          : this.spec.seatPolicy.othersVisible.includes('changePlayerCounters')
            ? null
            : refusal("You may not change another player's counters.");
      case 'zone': {
        const zone = this.#zones.get(h.id);
        if (!zone || zone.ownerId === null || zone.ownerId === this.seat) return null;
        return this.spec.seatPolicy.othersVisible.includes('changeCounters')
          ? null
          : refusal("You may not change counters in another player's zone.");
      }
      default:
        // A malformed holder is left to the planner to reject; a new holder kind fails to compile.
        h satisfies never;
        return null;
    }
  }

  /** Turn actions: only the active player (MTG 500: a player's own turn). */
  active(): PermissionRefusal | null {
    return this.state.turn?.activePlayerId === this.seat ? null : refusal('It is not your turn.');
  }

  /** Shuffling, reordering or removing a zone: the seat's own or a shared zone, touching nothing hidden of others. */
  zone(zoneId: string, what: string): PermissionRefusal | null {
    const zone = this.#zones.get(zoneId);
    if (!zone) return null;
    if (zone.ownerId !== null && zone.ownerId !== this.seat)
      return refusal(`You may not ${what} a zone of another player.`);
    const hidden = this.state.objects.find((o) => o.zoneId === zoneId && !this.mine(o) && !this.seen(o));
    return hidden ? refusal(`Zone ${zoneId} holds objects of another player hidden from you.`) : null;
  }
}

const refusal = (message: string): PermissionRefusal => ({ message });

/**
 * Whether the seat `seatId` may make `move` on `state`, or why not. Runs before planning and reads
 * only what the seat can observe (see the file comment); malformed input is left to the planner.
 */
export function seatMayMake(
  spec: RulesetSpec,
  state: GameState,
  seatId: string,
  move: Move,
): PermissionRefusal | null {
  const p = new Policy(spec, state, seatId);
  if (state.players.some((x) => x.id === seatId && x.conceded))
    return refusal('You have conceded: you may make no further action (MTG 104.3a).');
  switch (move.kind) {
    case 'moveObjects': {
      const { refusal: refused, objects } = p.selection(move.select, 'moveObjects');
      return (
        refused ??
        p.destination(move.to, objects, false) ??
        (move.replacedFrom ? p.destination(move.replacedFrom, objects, false) : null)
      );
    }
    case 'detach': {
      const { refusal: refused, objects } = p.selection(move.select, 'detach');
      return refused ?? p.destination(move.to, objects, false);
    }
    case 'turnFace':
    case 'reveal':
    case 'endReveal':
    case 'removeFromGame':
      return p.selection(move.select, move.kind).refusal;
    case 'attach': {
      const { refusal: refused } = p.selection(move.select, 'attach');
      if (refused) return refused;
      const host = state.objects.find((o) => o.publicId === move.hostId);
      return host ? p.object(host, 'attach') : null;
    }
    case 'removeLayer': {
      const layer = state.objects.find((o) => o.publicId === move.layerId);
      if (!layer) return null;
      return p.object(layer, 'removeLayer') ?? (move.to ? p.destination(move.to, [layer], false) : null);
    }
    case 'shuffle':
      return p.zone(move.zoneId, 'shuffle');
    case 'reorder':
      return p.zone(move.zoneId, 'reorder');
    case 'removeZone':
      return p.zone(move.zoneId, 'remove');
    case 'createZone':
      return move.ownerId !== null && move.ownerId !== seatId
        ? refusal('You may not create a zone for another player.')
        : null;
    case 'createToken':
    case 'bringIntoGame':
      return p.destination(move.to, [], true);
    case 'addLayer':
      // The stack is public: putting an ability on it (for any controller) hides and reads nothing.
      return null;
    case 'setStatus':
      return p.selection(move.select, 'setStatus').refusal;
    case 'changeCounters':
      return p.holder(move.holder);
    case 'moveCounters':
      return p.holder(move.from) ?? p.holder(move.to);
    case 'advanceTurn':
      return move.activePlayerId !== undefined
        ? refusal('Only the referee or a judge chooses the next active player.')
        : p.active();
    case 'setPhase':
      return p.active();
    case 'concede':
      return move.playerId === seatId ? null : refusal('A seat concedes only for itself.');
    case 'endGame':
      return refusal('Only the referee or an admin ends a game with a result.');
    case 'rollDice':
    case 'flipCoin':
    case 'addEntropy':
      // A roll, a flip or entropy reads nothing hidden and changes no object: any seat, any time.
      return null;
    case 'passClock':
      // Whose clock runs is public; the planner refuses a seat whose clock does not run.
      return null;
    case 'startClock':
    case 'pauseClock':
    case 'resumeClock':
    case 'addClockTime':
      return refusal('Only the referee or a judge starts, pauses, resumes or adds time to the clocks.');
  }
}
