/**
 * Takebacks between seats: when a seat may ask the others to undo its own last moves. The rule is
 * Magic Infraction Procedure Guide 1.4's ("Backing Up": a backup must not let a player profit from
 * information gained), as the peers learned it (boardgame.io marks moves `undoable: false` "to
 * prevent peeking at a card"; Terraforming Mars allows undo "up until a player gains
 * information"): a seat takes back only moves after which it knew nothing it did not know before.
 *
 * {@link takebackBarrier} is the test. It reads where objects were and who could see them there
 * (each transition's contexts), never what a card is, so its answer, and the refusal built from it,
 * is the same whichever hidden cards are involved: a refusal teaches nobody anything.
 */
import { canSeeSnapshot } from './visibility.js';
import type { DomainEvent, SnapshotContext, Transition } from './types/events.js';
import type { LoggedEvent } from './types/plan.js';
import type { Rejection } from './types/rejection.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { ObjectState } from './types/state.js';
import type { Viewer } from './types/viewer.js';

/** The rule a takeback's refusal cites. */
export const TAKEBACK_RULE = 'IPG 1.4';

export type { LoggedEvent } from './types/plan.js';

/**
 * Why a takeback cannot cross event `seq`:
 * - `NOT_OWN_MOVE`: the event is not the asking seat's own move (another seat's, a judge's, the
 *   game's lifecycle): a seat takes back only its own last moves.
 * - `INFORMATION_GAINED`: the asking seat could have learned something from it.
 */
export interface TakebackBarrier {
  readonly kind: 'NOT_OWN_MOVE' | 'INFORMATION_GAINED';
  readonly seq: number;
}

/**
 * The takeback events themselves: a request, an answer, a refusal change nothing on the table and
 * tell nobody anything, so a request refused (or voided) is no barrier to the next one.
 */
const TAKEBACK_KINDS: ReadonlySet<string> = new Set([
  'TAKEBACK_REQUESTED',
  'TAKEBACK_ACCEPTED',
  'TAKEBACK_REFUSED',
]);

/** Event kinds that record a random act: their outcome was unknown to everyone until drawn. */
const RANDOM_KINDS: ReadonlySet<string> = new Set(['ZONE_SHUFFLED', 'DICE_ROLLED', 'COINS_FLIPPED']);

/**
 * The first event, in log order, that a takeback by seat `asker` back over `events` (every event
 * after the point it asks to return to, oldest first) cannot cross; null when there is none, so
 * the others may be asked. An event is a barrier when it is not the asker's own move, or when the
 * asker may have gained information from it:
 * - it records a random act (a shuffle, a random pick, a roll, a flip), or
 * - an object the asker could not see before it moved or changed: a card became visible to the
 *   asker (a draw, a reveal to it), or a card of a zone hidden from it moved.
 *
 * Not a barrier: the takeback events themselves (a request, an answer, a refusal), a card the asker could see before the event, wherever it went (a card played from
 * its own hand, the commonest misclick, or put back into its library), an object the event created,
 * and a hidden object that only kept its place while others were inserted around it (same zone,
 * same id: a renumbered sort key).
 */
export function takebackBarrier(
  spec: RulesetSpec,
  asker: string,
  events: readonly LoggedEvent[],
): TakebackBarrier | null {
  const viewer: Viewer = { kind: 'player', playerId: asker };
  for (const e of events) {
    if (TAKEBACK_KINDS.has(e.event.kind)) continue;
    if (e.actorKind !== 'PLAYER' || e.actorPlayerId !== asker) return { kind: 'NOT_OWN_MOVE', seq: e.seq };
    if (recordsChance(e.event) || e.event.transitions.some((t) => revealsTo(spec, viewer, t)))
      return { kind: 'INFORMATION_GAINED', seq: e.seq };
  }
  return null;
}

const recordsChance = (event: DomainEvent): boolean =>
  RANDOM_KINDS.has(event.kind) || (event.random?.acts.length ?? 0) > 0;

/** Whether the change of an object the viewer could not see before may have told it something. */
function revealsTo(spec: RulesetSpec, viewer: Viewer, t: Transition): boolean {
  if (t.before === null) return false;
  if (sees(spec, viewer, t.before, t.beforeContext)) return false;
  // A hidden object renumbered where it is: nothing moved as far as anyone can tell.
  const kept =
    t.after !== null && t.after.zoneId === t.before.zoneId && t.after.publicId === t.before.publicId;
  return !kept || sees(spec, viewer, t.after as ObjectState, t.afterContext);
}

const sees = (
  spec: RulesetSpec,
  viewer: Viewer,
  obj: ObjectState,
  context: SnapshotContext | null | undefined,
): boolean => (context ? canSeeSnapshot(spec, viewer, { obj, context }) : false);

/**
 * The refusal of a takeback over `barrier`: one code and message per kind, naming the event's seq
 * only (public), never an object or a card.
 */
export function takebackRefusal(barrier: TakebackBarrier): Rejection {
  return barrier.kind === 'NOT_OWN_MOVE'
    ? {
        code: 'TAKEBACK_NOT_OWN_MOVE',
        rule: TAKEBACK_RULE,
        message: `Event ${barrier.seq} is not your own move: a seat takes back only its own last moves.`,
      }
    : {
        code: 'TAKEBACK_BARRIER',
        rule: TAKEBACK_RULE,
        message: `You may have gained information at event ${barrier.seq} (a card seen, a hidden card moved, or a random act): it cannot be taken back.`,
      };
}
