/**
 * Takebacks and a judge's rewind on the table page (issue 41; Magic Infraction Procedure Guide 1.4,
 * "Backing Up").
 *
 * - A seat asks to take back its last move: the page reads the log's recent events, finds where the
 *   seat's last move began and asks to return to the event before it (`requestTakeback`). The
 *   server decides: a request over another seat's move, or over an event that may have shown the
 *   seat something (a draw, a shuffle), is refused with its typed reason, shown like every refusal.
 * - Every view shows the open request (`Game.takeback`); each seat still to answer gets Accept and
 *   Refuse. The page refetches the game on every event, so the prompt appears and goes live, and an
 *   accepted takeback (one GAME_REWOUND event) shows the earlier table on every page.
 * - A judge (the admin, or the game's referee) rewinds the game to a chosen event (`rewindGame`).
 *
 * The components only draw and report what the viewer asked for; `main.ts` sends it.
 */
import { useState } from 'preact/hooks';
import { html } from 'htm/preact';
import type { GameEventInfo, GameView, LoggedEventInfo, PendingTakebackView, RewindMode } from './api.js';

/**
 * The most events a takeback may go back over (the server's bound, MAX_TAKEBACK_EVENTS): the page
 * reads no more than these to find the seat's last move.
 */
export const TAKEBACK_WINDOW = 64;

/**
 * A seat's events that are not a move of the table, which "my last move" never means: the takeback
 * events themselves (a request, an answer, a refusal change nothing, IPG 1.4 as
 * `src/rules/takeback.ts` reads it), a move the rules kept from happening (NO_MOVE: nothing changed),
 * and what a rewind leaves as it is (the page's seat entropy, docs/fairness.md; the clocks, which
 * keep running through a takeback). They may still lie after the move taken back: the server
 * decides whether they bar it.
 */
const NOT_A_MOVE: ReadonlySet<string> = new Set([
  'TAKEBACK_REQUESTED',
  'TAKEBACK_ACCEPTED',
  'TAKEBACK_REFUSED',
  'NO_MOVE',
  'ENTROPY_ADDED',
  'CLOCK_CHANGED',
]);

/**
 * The `toSeq` that takes back seat `playerId`'s last move: the event before the first event of the
 * last mutation the seat made (one mutation's events share its version), or null when none of
 * `events` (the log's recent events, oldest first) is the seat's move. Whether the events after it
 * may be taken back (only the seat's own, none that showed it anything) is the server's decision.
 */
export function takebackToSeq(events: readonly LoggedEventInfo[], playerId: string): number | null {
  const own = (e: LoggedEventInfo) =>
    e.actor.kind === 'PLAYER' && e.actor.playerId === playerId && !NOT_A_MOVE.has(e.kind);
  const last = events.findLastIndex(own);
  if (last < 0) return null;
  const { version } = events[last]!;
  let first = last;
  while (first > 0 && events[first - 1]!.version === version) first -= 1;
  const toSeq = events[first]!.seq - 1;
  // Event 1 is the game's creation: there is nothing before it to return to.
  return toSeq >= 1 ? toSeq : null;
}

/** What became of a takeback, for the page to say once the event arrives. */
export type TakebackOutcome =
  | { readonly kind: 'refused'; readonly by: string }
  | { readonly kind: 'accepted'; readonly toSeq: number | null }
  | { readonly kind: 'rewound' };

/**
 * The outcome an event announces, given the request that was open before it: TAKEBACK_REFUSED
 * (one seat refused), a GAME_REWOUND by a seat (the last acceptance) or by a judge; null otherwise.
 */
export function outcomeOf(
  event: GameEventInfo,
  open: PendingTakebackView | null | undefined,
  game: GameView,
): TakebackOutcome | null {
  const name = (id: string | null | undefined) =>
    id === game.viewer.player?.id ? 'You' : (game.players.find((p) => p.id === id)?.name ?? 'A seat');
  switch (event.kind) {
    case 'TAKEBACK_REFUSED':
      return { kind: 'refused', by: name(event.actor.playerId) };
    case 'GAME_REWOUND':
      // A seat never rewinds a game itself (rewindGame is a judge's): a seat's GAME_REWOUND is the
      // last acceptance of a takeback.
      return event.actor.kind === 'PLAYER'
        ? { kind: 'accepted', toSeq: open?.toSeq ?? null }
        : { kind: 'rewound' };
    default:
      return null;
  }
}

function outcomeText(outcome: TakebackOutcome): string {
  switch (outcome.kind) {
    case 'refused':
      return `${outcome.by} refused the takeback: the game goes on as it was.`;
    case 'accepted':
      return outcome.toSeq === null
        ? 'Takeback accepted: the table is back as it was before the moves taken back.'
        : `Takeback accepted: the table is back as it was after event ${outcome.toSeq}.`;
    case 'rewound':
      return 'A judge backed the game up: the table is as it was at an earlier event.';
  }
}

export interface TakebackActions {
  /** The viewer's seat asks to take back its last move, with its reason (public). */
  ask(reason: string): void;
  /** The viewer's seat answers the open request. */
  answer(accept: boolean): void;
}

/**
 * The takeback strip under the turn bar: a live region (`aria-live`) so a screen reader says a new
 * request and its outcome as they arrive. On the page of a seat that may act: "Take back my last
 * move" while no request is open; Accept and Refuse while the seat is still to answer one; who is
 * still to answer otherwise (spectators included).
 */
export function TakebackBar(props: {
  game: GameView;
  /** The viewer is a seat of an active game that has not conceded. */
  canAct: boolean;
  outcome: TakebackOutcome | null;
  actions: TakebackActions;
}) {
  const { game, canAct, outcome, actions } = props;
  const [reason, setReason] = useState('');
  const open = game.takeback ?? null;
  const me = game.viewer.player?.id;
  const names = (players: readonly { id: string; name: string }[]) =>
    players.map((p) => (p.id === me ? 'you' : p.name)).join(', ');
  let body = null;
  if (open) {
    const mine = open.asker.id === me;
    const toAnswer = canAct && open.awaiting.some((p) => p.id === me);
    body = html`<div class="takeback-request" data-to-seq=${open.toSeq} data-asker-id=${open.asker.id}>
      <span class="takeback-text"
        >${`${mine ? 'You ask' : `${open.asker.name} asks`} to take back ${mine ? 'your' : 'their'} moves after event ${open.toSeq}: `}<span
          class="takeback-reason"
          >“${open.reason}”</span
        >${open.awaiting.length > 0 ? ` Waiting for ${names(open.awaiting)}.` : ''}</span
      >
      ${
        toAnswer
          ? html`<button
                type="button"
                class="takeback-accept"
                aria-label=${`Accept ${open.asker.name}’s takeback`}
                onClick=${() => actions.answer(true)}
              >
                Accept
              </button>
              <button
                type="button"
                class="takeback-refuse"
                aria-label=${`Refuse ${open.asker.name}’s takeback`}
                onClick=${() => actions.answer(false)}
              >
                Refuse
              </button>`
          : null
      }
    </div>`;
  } else if (canAct) {
    body = html`<form
      class="takeback-ask"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        actions.ask(reason.trim() || 'Take back my last move.');
        setReason('');
      }}
    >
      <button type="submit" class="takeback-request-button">Take back my last move</button>
      <input
        name="takeback-reason"
        aria-label="why (shown to everyone; optional)"
        placeholder="why (optional)"
        maxlength="200"
        value=${reason}
        onInput=${(e: Event) => setReason((e.target as HTMLInputElement).value)}
      />
    </form>`;
  }
  return html`<div class="takeback" aria-live="polite" aria-label="takeback">
    ${body}
    ${
      outcome && !open
        ? html`<p class="takeback-outcome" data-outcome=${outcome.kind}>${outcomeText(outcome)}</p>`
        : null
    }
  </div>`;
}

const MODES: readonly { readonly mode: RewindMode; readonly label: string }[] = [
  { mode: 'EXACT', label: 'exact: every object back in its place' },
  { mode: 'RANDOMIZE_UNKNOWN', label: 'randomize unknown: what no seat saw is shuffled again' },
];

/**
 * The judge's panel, on the page of the admin or the game's referee: back the game up to the state
 * after an event (`rewindGame`, IPG 1.4), in a mode, with a reason every viewer reads.
 */
export function JudgePanel(props: {
  game: GameView;
  onRewind(toSeq: number, mode: RewindMode, reason: string): void;
}) {
  const { game } = props;
  const last = game.lastSeq - 1;
  const [toSeq, setToSeq] = useState(String(Math.max(1, last)));
  const [mode, setMode] = useState<RewindMode>('EXACT');
  const [reason, setReason] = useState('');
  const seq = Number(toSeq);
  const valid = Number.isInteger(seq) && seq >= 1 && seq <= last && reason.trim().length > 0;
  return html`<form
    class="judge-panel"
    aria-label="judge: back the game up"
    onSubmit=${(e: Event) => {
      e.preventDefault();
      if (valid) props.onRewind(seq, mode, reason.trim());
    }}
  >
    <strong>Judge</strong>
    <label>
      back to after event
      <input
        name="to-seq"
        type="number"
        min="1"
        max=${last}
        value=${toSeq}
        onInput=${(e: Event) => setToSeq((e.target as HTMLInputElement).value)}
      />
      <span class="judge-last">(last event ${game.lastSeq})</span>
    </label>
    <label>
      mode
      <select
        name="mode"
        value=${mode}
        onChange=${(e: Event) => setMode((e.target as HTMLSelectElement).value as RewindMode)}
      >
        ${MODES.map((m) => html`<option key=${m.mode} value=${m.mode}>${m.label}</option>`)}
      </select>
    </label>
    <label>
      reason
      <input
        name="rewind-reason"
        required
        maxlength="500"
        placeholder="shown to everyone"
        value=${reason}
        onInput=${(e: Event) => setReason((e.target as HTMLInputElement).value)}
      />
    </label>
    <button type="submit" class="rewind" disabled=${!valid}>Rewind</button>
  </form>`;
}
