/**
 * takebacks between seats (issue 41; Magic Infraction Procedure Guide 1.4, "Backing Up", as the
 * peers apply it online: XMage asks the opponent's consent, boardgame.io and Terraforming Mars
 * allow an undo only until the player gains information). A seat asks to take back its own last
 * moves, back to the state after event `toSeq`; every other seat that has not conceded must accept,
 * and any of them may refuse. The last acceptance is a rewind in EXACT mode (`rewind.ts`), recorded
 * as one GAME_REWOUND event whose `rewind.takeback` names the request.
 *
 * Every refusal here reads only public things (the open request, the seats, the count of requests,
 * the seq of the barrier), so it reads the same whichever hidden cards are involved.
 */
import type { Draft } from './draft.js';
import { reject, Rejected } from './reject.js';
import { rewindTo } from './rewind.js';
import { MAX_TAKEBACK_REQUESTS_PER_TURN, requestsThisTurn } from '../takeback-state.js';
import { TAKEBACK_RULE, takebackBarrier, takebackRefusal } from '../takeback.js';
import type {
  AcceptTakebackMove,
  PendingTakeback,
  RefuseTakebackMove,
  RequestTakebackMove,
} from '../types/takeback.js';

/** The seats other than `seat` still in the game: those a request by `seat` is put to. */
const othersInPlay = (d: Draft, seat: string): string[] =>
  d.players.filter((p) => p.id !== seat && !p.conceded).map((p) => p.id);

/** The acting seat; TAKEBACK_SEATS_ONLY for a judge or the referee acting in no seat's name. */
function actingSeat(d: Draft): string {
  const seat = d.ctx.actorId;
  if (seat === null || !d.isPlayer(seat))
    throw reject('TAKEBACK_SEATS_ONLY', TAKEBACK_RULE, 'Takebacks are asked and answered by seats.');
  return seat;
}

/**
 * A seat asks for a takeback back to `toSeq`. Refused when a request is already open
 * (TAKEBACK_PENDING), when the seat asked {@link MAX_TAKEBACK_REQUESTS_PER_TURN} times this turn
 * (TAKEBACK_LIMIT), when no other seat is in play to ask (TAKEBACK_SEATS_ONLY), and over the first
 * event after `toSeq` that is not its own move or from which it may have gained information
 * (`takebackBarrier`: TAKEBACK_NOT_OWN_MOVE, TAKEBACK_BARRIER).
 */
export function planRequestTakeback(d: Draft, move: RequestTakebackMove): void {
  const asker = actingSeat(d);
  if (othersInPlay(d, asker).length === 0)
    throw reject('TAKEBACK_SEATS_ONLY', TAKEBACK_RULE, 'No other seat is in the game to ask for a takeback.');
  const open = d.state.takeback?.pending;
  if (open)
    throw reject(
      'TAKEBACK_PENDING',
      TAKEBACK_RULE,
      `A takeback back to event ${open.toSeq} is already waiting for its answers: one request at a time.`,
    );
  if (requestsThisTurn(d.state, asker) >= MAX_TAKEBACK_REQUESTS_PER_TURN)
    throw reject(
      'TAKEBACK_LIMIT',
      TAKEBACK_RULE,
      `You asked for ${MAX_TAKEBACK_REQUESTS_PER_TURN} takebacks this turn: no more until the next turn.`,
    );
  const log = d.ctx.takebackLog;
  if (!log || log.toSeq !== move.toSeq || log.events.length === 0)
    throw reject(
      'REWIND_UNAVAILABLE',
      TAKEBACK_RULE,
      `The game has no events after event ${move.toSeq} to take back.`,
    );
  const barrier = takebackBarrier(d.spec, asker, log.events);
  if (barrier) throw new Rejected(takebackRefusal(barrier));
  d.begin('TAKEBACK_REQUESTED', [TAKEBACK_RULE]);
  d.record({ takeback: { askerId: asker, toSeq: move.toSeq, reason: move.reason, answeredBy: null } });
  d.end();
}

/**
 * The open request an answer by the acting seat is for: TAKEBACK_NOT_PENDING when none is open, or
 * it goes back to another event than the answer names (answered, refused or void since);
 * TAKEBACK_OWN_REQUEST for the asker; TAKEBACK_ALREADY_ACCEPTED for a seat that accepted it.
 */
function answered(d: Draft, toSeq: number): { seat: string; pending: PendingTakeback } {
  const seat = actingSeat(d);
  const pending = d.state.takeback?.pending;
  if (!pending || pending.toSeq !== toSeq)
    throw reject(
      'TAKEBACK_NOT_PENDING',
      TAKEBACK_RULE,
      `No takeback back to event ${toSeq} is waiting for an answer: it was answered, or a move since made it void.`,
    );
  if (pending.askerId === seat)
    throw reject(
      'TAKEBACK_OWN_REQUEST',
      TAKEBACK_RULE,
      'The other seats answer a takeback, not the seat that asked.',
    );
  if (pending.accepted.includes(seat))
    throw reject('TAKEBACK_ALREADY_ACCEPTED', TAKEBACK_RULE, 'You have accepted this takeback already.');
  return { seat, pending };
}

/**
 * Another seat accepts: TAKEBACK_ACCEPTED while other seats still have to, else the takeback itself,
 * one GAME_REWOUND back to the request's `toSeq` in EXACT mode (IPG 1.4: nothing was learned, so
 * every card returns to its exact place).
 */
export function planAcceptTakeback(d: Draft, move: AcceptTakebackMove): void {
  const { seat, pending } = answered(d, move.toSeq);
  const record = { askerId: pending.askerId, toSeq: pending.toSeq, reason: pending.reason, answeredBy: seat };
  const awaited = othersInPlay(d, pending.askerId).filter((p) => p !== seat && !pending.accepted.includes(p));
  if (awaited.length > 0) {
    d.begin('TAKEBACK_ACCEPTED', [TAKEBACK_RULE]);
    d.record({ takeback: record });
    d.end();
    return;
  }
  rewindTo(d, { toSeq: pending.toSeq, mode: 'EXACT', reason: pending.reason, takeback: record });
}

/** Another seat refuses: one TAKEBACK_REFUSED, which closes the request. */
export function planRefuseTakeback(d: Draft, move: RefuseTakebackMove): void {
  const { seat, pending } = answered(d, move.toSeq);
  d.begin('TAKEBACK_REFUSED', [TAKEBACK_RULE]);
  d.record({
    takeback: { askerId: pending.askerId, toSeq: pending.toSeq, reason: pending.reason, answeredBy: seat },
  });
  d.end();
}
