/**
 * The clocks on the table page (issue 40): each seat's clock (or the table's round clock) counting
 * down locally between server updates, the running one highlighted, and a control for the seat
 * whose clock runs to pass it (`passClock`), on that seat's own page only.
 *
 * How a reader counts down without drift (schema `GameClock`): a view carries every clock as of
 * `asOfMs`, the server's current time when it answered; only the clock of `runningPlayerId` counts
 * down (when `ticking`), every other value stays until the next event, after which the page
 * refetches the view. The page measures the time since the view arrived on its own monotonic clock
 * (`performance.now()`), so a computer clock set wrong does not matter; the error is the request's
 * transit time, corrected by the next view.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import type { ClockView, PlayerView } from './api.js';

/** How often a ticking clock redraws: often enough that a displayed second is never late by much. */
const REDRAW_MS = 200;

/**
 * Milliseconds since `clock` (a view's clocks) arrived; the page redraws while one ticks. Called on
 * every render of the table (a hook), with null while nothing is loaded.
 */
export function useClockElapsed(clock: ClockView | null): number {
  const arrived = useMemo(() => performance.now(), [clock]);
  const [now, setNow] = useState(arrived);
  const ticking = clock?.ticking ?? false;
  useEffect(() => {
    setNow(performance.now());
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(performance.now()), REDRAW_MS);
    return () => clearInterval(timer);
  }, [clock, ticking]);
  return Math.max(0, now - arrived);
}

type SeatClockView = ClockView['seats'][number];

/**
 * A seat's remaining time `elapsed` ms after the view: the running clock loses it (down to zero);
 * an hourglass gives it, shared equally, to the other seats whose clocks are not stopped.
 */
function remainingOf(clock: ClockView, seat: SeatClockView, elapsed: number): number {
  if (!clock.ticking) return seat.remainingMs;
  const running = clock.seats.find((s) => s.playerId === clock.runningPlayerId);
  if (seat === running || (clock.kind === 'ROUND' && seat.playerId === null))
    return Math.max(0, seat.remainingMs - elapsed);
  if (clock.kind !== 'HOURGLASS' || !running || seat.stopped) return seat.remainingMs;
  const takers = clock.seats.filter((s) => s !== running && !s.stopped).length;
  return seat.remainingMs + Math.min(elapsed, running.remainingMs) / Math.max(1, takers);
}

/** Whole seconds left, rounded up as a chess clock shows them: `m:ss`, or `h:mm:ss`. */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** What a clock is doing, in words: the same for the eye and for a screen reader. */
function stateOf(clock: ClockView, seat: SeatClockView): string {
  if (seat.flagged) return 'flag fell';
  if (seat.stopped || clock.stopped) return 'stopped';
  if (!clock.started) return 'not started';
  const runs = clock.kind === 'ROUND' || seat.playerId === clock.runningPlayerId;
  if (!runs) return 'waiting';
  if (clock.paused) return 'paused';
  return clock.ticking ? 'running' : 'waiting';
}

/**
 * One clock: a `timer` (WAI-ARIA; not announced on every tick) whose label says whose clock it is,
 * the time left and what it is doing; the running one is highlighted (`data-running`).
 */
export function Clock(props: { clock: ClockView; seat: SeatClockView; owner: string; elapsed: number }) {
  const { clock, seat } = props;
  const time = formatClock(remainingOf(clock, seat, props.elapsed));
  const state = stateOf(clock, seat);
  const periods = clock.kind === 'BYO_YOMI' ? `, ${seat.periodsLeft} periods` : '';
  return html`<span
    class=${`clock ${state.replace(' ', '-')}`}
    role="timer"
    aria-label=${`${props.owner} clock: ${time} left${periods}, ${state}`}
    data-player-id=${seat.playerId ?? 'round'}
    data-running=${String(state === 'running')}
    data-state=${state}
    ><span class="clock-time">${time}</span>${
      periods ? html`<span class="clock-periods">${seat.periodsLeft}×</span>` : null
    }<span class="clock-state">${state}</span></span
  >`;
}

/**
 * Whether seat `playerId`, on its own page, may pass its clock: its clock runs and ticks, and the
 * seat may act (the server refuses anyone else: NOT_RUNNING_SEAT). The pass button and the page's
 * pass key (./keyboard.ts) both ask this.
 */
export function mayPassClock(
  clock: ClockView | null | undefined,
  playerId: string,
  canAct: boolean,
): boolean {
  const seat = clock?.seats.find((s) => s.playerId === playerId);
  return canAct && !!clock && !!seat && clock.ticking && clock.runningPlayerId === playerId && !seat.stopped;
}

/**
 * The seat's clock in its header, with the pass control on the page of the seat whose clock runs
 * (the server refuses anyone else: NOT_RUNNING_SEAT).
 */
export function SeatClockControl(props: {
  clock: ClockView | null;
  player: PlayerView;
  isViewer: boolean;
  canAct: boolean;
  elapsed: number;
  onPass(): void;
}) {
  const { clock, player } = props;
  const seat = clock?.seats.find((s) => s.playerId === player.id);
  if (!clock || !seat) return null;
  const owner = props.isViewer ? 'Your' : `${player.name}’s`;
  const mayPass = props.isViewer && mayPassClock(clock, player.id, props.canAct);
  return html`<span class="seat-clock">
    <${Clock} clock=${clock} seat=${seat} owner=${owner} elapsed=${props.elapsed} />
    ${
      mayPass
        ? html`<button
            type="button"
            class="pass-clock"
            onClick=${props.onPass}
            title="Pass your clock (key P)"
            aria-keyshortcuts="P"
          >
            Pass clock
          </button>`
        : null
    }
  </span>`;
}

/**
 * What the table's clocks say as a whole, above the seats: the round clock (MTR 2.5) for that kind,
 * and the reason every reader is shown while a judge has the clocks paused.
 */
export function TableClock(props: { clock: ClockView | null; elapsed: number }) {
  const { clock } = props;
  const round = clock?.kind === 'ROUND' ? clock.seats[0] : undefined;
  if (!clock || (!round && !clock.paused)) return null;
  return html`<div class="table-clock">
    ${round ? html`<span>Round: <${Clock} clock=${clock} seat=${round} owner="Round" elapsed=${props.elapsed} /></span>` : null}
    ${
      clock.paused
        ? html`<span class="clock-paused" role="status"
            >Clocks paused${clock.pauseReason ? `: ${clock.pauseReason}` : ''}</span
          >`
        : null
    }
  </div>`;
}
