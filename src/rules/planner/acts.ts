/**
 * Random acts of one plan (docs/fairness.md, "Shuffle and pick"). Each act draws from its own
 * stream, numbered among the game's acts since the commitment (zk-rng/2; zk-rng/1 addresses it by
 * the event that records it and its index there), and is recorded over the objects' internal keys,
 * with the count asked for, so that a verifier can recompute it after the game. In a game that
 * waits for seat entropy, no act is drawn until every seat gave some (docs/fairness.md, "Seat entropy").
 */
import type { DomainEvent } from '../types/events.js';
import type { PlanContext } from '../types/plan.js';
import type { RandomAct } from '../types/randomness.js';
import type { GameState, ObjectState } from '../types/state.js';
import { playerLabel } from '../labels.js';
import { awaitedSeats } from '../seat-entropy.js';
import { reject } from './reject.js';

/** The rule a refusal for missing seat entropy cites (docs/fairness.md, "Seat entropy"). */
export const SEAT_ENTROPY_RULE = 'zk-rng/2 seat entropy';

/** What a random act does with the order it draws: reorder all of it, or pick its first `count`. */
export type ActKind = 'shuffle' | 'pick';

/**
 * The first `count` positions of a Fisher–Yates shuffle from the top: for i = 0, 1, … while
 * i < count and i < m − 1, j = i + draw(m − i), swap positions i and j (docs/fairness.md).
 */
export function fisherYates<T>(items: readonly T[], count: number, draw: (n: number) => number): T[] {
  const a = [...items];
  for (let i = 0; i < count && i < a.length - 1; i++) {
    const j = i + draw(a.length - i);
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}

/** The acts a plan made, by the index of the event that records them. */
export class ActLog {
  readonly #byEvent = new Map<number, RandomAct[]>();
  /** The number of the plan's first act among the game's acts since the commitment. */
  readonly #first: number;
  readonly #awaited: readonly string[];
  readonly #state: GameState;
  #drawn = 0;

  constructor(state: GameState) {
    this.#state = state;
    this.#first = state.randomActs ?? 0;
    this.#awaited = awaitedSeats(state);
  }

  /**
   * The draws of the next act, recorded on event `event` at `index`: refused before anything is
   * drawn while a seat's entropy is awaited (AWAITING_ENTROPY naming the seats), so that neither the
   * service nor any seat can choose an outcome before every seat's input is in.
   */
  #stream(ctx: PlanContext, event: number, index: number): (n: number) => number {
    if (this.#awaited.length > 0)
      throw reject(
        'AWAITING_ENTROPY',
        SEAT_ENTROPY_RULE,
        `This game's random acts wait for entropy from every seat (addEntropy); still awaited from ${this.#awaited.map((id) => playerLabel(this.#state, ctx.playerNames ?? {}, id)).join(', ')}.`,
        { awaitedSeats: this.#awaited },
      );
    return ctx.randomAct(event, index, this.#first + this.#drawn++);
  }

  /** `state` with the game's act count after this plan's acts (each act's number is used up). */
  counted(state: GameState): GameState {
    return this.#drawn === 0 ? state : { ...state, randomActs: this.#first + this.#drawn };
  }

  /**
   * A random act over `objects` (top first), recorded on the plan's event number `event` (the
   * next event to close): a shuffle returns them all in their new order, a pick the `count` picked.
   * `part`: a shuffle of only the zone's top or bottom part, recorded so a verifier can count them.
   */
  draw(
    ctx: PlanContext,
    event: number,
    kind: ActKind,
    objects: readonly ObjectState[],
    count: number,
    part?: 'top' | 'bottom',
  ) {
    const acts = this.#acts(event);
    const index = acts.length;
    const order = fisherYates(objects, count, this.#stream(ctx, event, index));
    const keys = (list: readonly ObjectState[]) => list.map((o) => o.key);
    if (kind === 'shuffle') {
      acts.push({ index, kind, before: keys(objects), after: keys(order), ...(part ? { part } : {}) });
      return order;
    }
    const picked = order.slice(0, count);
    acts.push({ index, kind, from: keys(objects), picked: keys(picked), count });
    return picked;
  }

  /** A roll of `count` dice of `sides` faces (MTG 706.1): each 1 + draw(sides), in one act. */
  roll(ctx: PlanContext, event: number, sides: number, count: number): readonly number[] {
    const acts = this.#acts(event);
    const draw = this.#stream(ctx, event, acts.length);
    const results = Array.from({ length: count }, () => 1 + draw(sides));
    acts.push({ index: acts.length, kind: 'roll', sides, results, count });
    return results;
  }

  /** A flip of `count` coins (MTG 705.1): heads when draw(2) is 0, in one act. */
  flip(ctx: PlanContext, event: number, count: number): readonly ('heads' | 'tails')[] {
    const acts = this.#acts(event);
    const draw = this.#stream(ctx, event, acts.length);
    const results = Array.from({ length: count }, () => (draw(2) === 0 ? 'heads' : 'tails'));
    acts.push({ index: acts.length, kind: 'coin', results, count });
    return results;
  }

  /** Whether the plan's event number `event` records an act. */
  recordsAt(event: number): boolean {
    return (this.#byEvent.get(event)?.length ?? 0) > 0;
  }

  /** The plan's events (by index) that record an act: empty when nothing was drawn. */
  get events(): readonly number[] {
    return [...this.#byEvent].filter(([, acts]) => acts.length > 0).map(([event]) => event);
  }

  #acts(event: number): RandomAct[] {
    const acts = this.#byEvent.get(event) ?? [];
    this.#byEvent.set(event, acts);
    return acts;
  }

  /** The plan's events, each with the acts it records and the scheme they were drawn from. */
  attach(events: readonly DomainEvent[], scheme: string | null): DomainEvent[] {
    return events.map((e, i) => {
      const acts = this.#byEvent.get(i);
      return acts && acts.length > 0 ? { ...e, random: { scheme, acts } } : e;
    });
  }
}
