/**
 * The clock sweep (issue 40): every instance runs one, on one timer for all games (never a timer per
 * game). Each tick records itself in the database (`clock_sweep`); a gap since the last tick of any
 * instance longer than the outage threshold is a time no move could be taken, and every ticking
 * clock gets that time back, in a CLOCK_CHANGED event (op `outage`). Then it claims the due clocks,
 * the earliest deadline first, several games per transaction (`FOR UPDATE SKIP LOCKED`, so
 * instances share the work and a game is claimed by one), and records each expiry through
 * `zk_commit_move`, the commit of every move: one CLOCK_EXPIRED and the game's consequence. A pass
 * holding the game's row lock is skipped; a later claim sees the clock it left. A tick that finds
 * more due than its cap is followed by the next at once: a backlog drains without waiting. */
import { newId } from '../ids.js';
import type { ClaimedGame, SweepCommit, SweepResult } from '../db/index.js';
import { clockRule, giveBackOutage, planExpiry, type DomainEvent, type PlanContext } from '../rules/index.js';
import { actDraws } from './draws.js';
import type { AuthorityDeps } from './pipeline.js';
import { publish } from './publish.js';

/** How the sweep runs. */
export interface ClockSweepOptions {
  /** Between ticks (ms): an expiry is recorded at most this late, plus the work of the tick. */
  readonly intervalMs: number;
  /** A gap between ticks longer than this (ms) is an outage whose time the clocks get back. */
  readonly outageMs: number;
  /** The most expiries one tick records (the next tick goes on at once when more are due). */
  readonly batch: number;
}

/** The running sweep: `stop` ends it after the tick in progress. */
export interface ClockSweep {
  stop(): Promise<void>;
  /** Runs one tick now (tests; the timer keeps its own pace). */
  tick(): Promise<void>;
}

/**
 * Due games one claim takes: one transaction of a fixed few statements (claim, load, the secrets
 * not yet cached, commit), whatever its size, so expiries that fall due together are recorded at
 * the cost of a few.
 */
export const SWEEP_CLAIM = 16;
/** Claims in flight at once while a backlog drains (each holds one pooled connection). */
const SWEEP_WORKERS = 2;

const noDraw = (): never => {
  throw new Error('a clock expiry draws nothing');
};

function context(now: number): PlanContext {
  return { newId, randomAct: noDraw, randomScheme: null, foldEntropy: noDraw, actorId: null, now };
}

/** The referee commits the sweep's changes: no player, no idempotency key. */
const refereeCommit = (gameId: string, planned: SweepCommit['planned']): SweepCommit => ({
  req: { gameId, actor: { kind: 'REFEREE' }, actorPlayerId: null, idempotency: null },
  planned,
});

/**
 * The expiry of a claimed game's due clock, and its consequence; null (logged) when its clock has
 * nothing due: the game's deadline disagrees with its clock, and committing nothing leaves it.
 */
async function expiry(deps: AuthorityDeps, game: ClaimedGame): Promise<SweepCommit | null> {
  const { loaded } = game;
  const planned = planExpiry(loaded.spec, loaded.state, context(game.now));
  if (!planned.ok) {
    deps.logger.error(
      { gameId: loaded.game.id, rejection: planned.rejection.code },
      'clock sweep: a game claimed as due has no clock that ran out',
    );
    return null;
  }
  const secret = await deps.store.secretOf(loaded.game.id);
  const draws = actDraws(secret, loaded.game.lastSeq, loaded.state.entropy);
  return refereeCommit(loaded.game.id, {
    state: planned.plan.state,
    events: draws.reveal(planned.plan.events),
  });
}

/** Gives a claimed game's ticking clock the time from `since` to now back (an outage). */
function giveBack(game: ClaimedGame, since: number): SweepCommit | null {
  const clock = game.loaded.state.clock;
  if (!clock) return null;
  const next = giveBackOutage(clock, since, game.now);
  const ms = next.givenBack - clock.givenBack;
  if (ms <= 0) return null;
  const event: DomainEvent = {
    kind: 'CLOCK_CHANGED',
    zoneIds: [],
    transitions: [],
    zonesCreated: [],
    zonesRemoved: [],
    rules: [clockRule(clock.settings.config)],
    table: { clock: next },
    clockChange: { op: 'outage', playerId: null, ms },
  };
  return refereeCommit(game.loaded.game.id, {
    state: { ...game.loaded.state, clock: next },
    events: [event],
  });
}

/** A committed change of the sweep: the game cached as it is now, and the log's growth announced. */
async function settled(deps: AuthorityDeps, done: SweepResult | null): Promise<void> {
  if (!done?.result) return;
  deps.store.states.set(done.result.game);
  await publish(deps, { gameId: done.gameId, seq: done.result.lastSeq });
}

/** How a tick ended: `more` when it stopped at its cap with expiries left due (the next one follows at once). */
export interface TickOutcome {
  readonly more: boolean;
}

/**
 * One tick: the heartbeat (and an outage's time given back), then the due clocks, the earliest
 * deadline first, claimed {@link SWEEP_CLAIM} at a time until a claim comes back short (nothing more
 * is due, or what is left is locked by a move or another instance) or the tick's cap is reached.
 */
export async function sweepOnce(deps: AuthorityDeps, opts: ClockSweepOptions): Promise<TickOutcome> {
  const { store } = deps;
  const { now, previous, due } = await store.sweepTick();
  if (previous !== null && now - previous > opts.outageMs) {
    deps.logger.warn(
      { gapMs: now - previous },
      'clock sweep: no tick for longer than the outage threshold; giving the time back',
    );
    for (const gameId of await store.tickingGames(opts.batch))
      await settled(deps, await store.withGameIfFree(gameId, async (game) => giveBack(game, previous)));
  }
  // Only now: a tick cut short above leaves the gap for the next tick to give back.
  await store.recordTick(now);
  // Nothing due as of `now` (a give-back above only moves deadlines later): no claim is opened,
  // so a tick at rest costs two statements, however many clocks run.
  if (!due) return { more: false };
  let left = opts.batch;
  let short = false;
  const claim = async (): Promise<boolean> => {
    const size = Math.min(SWEEP_CLAIM, left);
    if (size <= 0 || short) return false;
    left -= size;
    const results = await store.withDueGames(size, (game) => expiry(deps, game));
    await Promise.all(results.map((r) => settled(deps, r)));
    if (results.length < size) short = true;
    return !short;
  };
  // One claim first: most ticks find a few expiries, which need no second connection.
  if (await claim()) {
    // A backlog (many clocks due together, or a tick that fell behind): drain it with a few claims
    // at once, SKIP LOCKED giving each its own games.
    const worker = async (): Promise<void> => {
      while (await claim());
    };
    await Promise.all(Array.from({ length: SWEEP_WORKERS }, worker));
  }
  return { more: !short && left <= 0 };
}

/**
 * Starts the sweep: a tick every `intervalMs` (the next one scheduled when the last ends, so ticks
 * never overlap in one instance). A failing tick (the database unreachable) is logged and the
 * sweep goes on: its clocks get the time back when the database returns.
 */
export function startClockSweep(deps: AuthorityDeps, opts: ClockSweepOptions): ClockSweep {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let more = false;
  const tick = (): Promise<void> => {
    running = running.then(() =>
      sweepOnce(deps, opts).then(
        (outcome) => {
          more = outcome.more;
        },
        (err: unknown) => {
          more = false;
          deps.logger.warn({ err }, 'clock sweep tick failed');
        },
      ),
    );
    return running;
  };
  const loop = () => {
    if (stopped) return;
    void tick().then(() => {
      // A tick that stopped at its cap with clocks still due is followed at once, not after the interval.
      if (!stopped) timer = setTimeout(loop, more ? 0 : opts.intervalMs);
    });
  };
  loop();
  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
