/**
 * The clock sweep (issue 40): every instance runs one, on one timer for all games (never a timer per
 * game). Each tick records itself in the database (`clock_sweep`); a gap since the last tick of any
 * instance longer than the outage threshold is a time no move could be taken, and every ticking
 * clock gets that time back, in a CLOCK_CHANGED event (op `outage`). Then it claims due clocks one
 * game at a time (`FOR UPDATE SKIP LOCKED`, so instances share the work and a game is claimed by
 * one) and records each expiry through `zk_commit_move`, the commit of every move: one
 * CLOCK_EXPIRED and the game's consequence. A pass holding the game's row lock is skipped; the next
 * tick sees the clock it left.
 */
import { newId } from '../ids.js';
import type { ClaimedGame } from '../db/index.js';
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
  /** The most expiries one tick records (the next tick goes on). */
  readonly batch: number;
}

/** The running sweep: `stop` ends it after the tick in progress. */
export interface ClockSweep {
  stop(): Promise<void>;
  /** Runs one tick now (tests; the timer keeps its own pace). */
  tick(): Promise<void>;
}

/** Claims a tick runs at once (each holds one game's row lock and one pooled connection). */
const SWEEP_WORKERS = 4;

const noDraw = (): never => {
  throw new Error('a clock expiry draws nothing');
};

function context(now: number): PlanContext {
  return { newId, randomAct: noDraw, randomScheme: null, foldEntropy: noDraw, actorId: null, now };
}

async function record(
  deps: AuthorityDeps,
  game: ClaimedGame,
  events: readonly DomainEvent[],
  state: ClaimedGame['loaded']['state'],
) {
  const outcome = await game.commit(
    {
      gameId: game.loaded.game.id,
      actor: { kind: 'REFEREE' },
      actorPlayerId: null,
      idempotency: null,
    },
    { state, events },
  );
  if (outcome.kind !== 'committed') return null;
  deps.store.states.set(outcome.result.game);
  return outcome.result;
}

/** Records the expiry of a claimed game's due clock, and its consequence. */
async function expire(deps: AuthorityDeps, game: ClaimedGame): Promise<number | null> {
  const { loaded } = game;
  const planned = planExpiry(loaded.spec, loaded.state, context(game.now));
  if (!planned.ok) return null;
  const secret = await deps.store.secretOf(loaded.game.id);
  const draws = actDraws(secret, loaded.game.lastSeq, loaded.state.entropy);
  const result = await record(deps, game, draws.reveal(planned.plan.events), planned.plan.state);
  return result?.lastSeq ?? null;
}

/** Gives a claimed game's ticking clock the time from `since` to now back (an outage). */
async function giveBack(deps: AuthorityDeps, game: ClaimedGame, since: number): Promise<number | null> {
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
  const result = await record(deps, game, [event], { ...game.loaded.state, clock: next });
  return result?.lastSeq ?? null;
}

async function announce(deps: AuthorityDeps, gameId: string, seq: number | null): Promise<void> {
  if (seq !== null) await publish(deps, { gameId, seq });
}

/** One tick: the heartbeat (and an outage's time given back), then the due clocks. */
export async function sweepOnce(deps: AuthorityDeps, opts: ClockSweepOptions): Promise<void> {
  const { store } = deps;
  const { now, previous, due } = await store.sweepTick();
  if (previous !== null && now - previous > opts.outageMs) {
    deps.logger.warn(
      { gapMs: now - previous },
      'clock sweep: no tick for longer than the outage threshold; giving the time back',
    );
    for (const gameId of await store.tickingGames(opts.batch)) {
      let seq: number | null = null;
      await store.withGameIfFree(gameId, async (game) => {
        seq = await giveBack(deps, game, previous);
      });
      await announce(deps, gameId, seq);
    }
  }
  // Only now: a tick cut short above leaves the gap for the next tick to give back.
  await store.recordTick(now);
  // Nothing due as of `now` (a give-back above only moves deadlines later): no claim is opened,
  // so a tick at rest costs two statements, however many clocks run.
  if (!due) return;
  // A few claims at once: SKIP LOCKED gives each its own game, so expiries due together are not
  // recorded one commit after another.
  let left = opts.batch;
  const worker = async (): Promise<void> => {
    while (left > 0) {
      left -= 1;
      let done: { gameId: string; seq: number | null } | null = null;
      const found = await store.withDueGame(async (game) => {
        done = { gameId: game.loaded.game.id, seq: await expire(deps, game) };
      });
      if (!found) return;
      const d = done as { gameId: string; seq: number | null } | null;
      if (d) await announce(deps, d.gameId, d.seq);
    }
  };
  await Promise.all(Array.from({ length: SWEEP_WORKERS }, worker));
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
  const tick = (): Promise<void> => {
    running = running.then(() =>
      sweepOnce(deps, opts).catch((err: unknown) => {
        deps.logger.warn({ err }, 'clock sweep tick failed');
      }),
    );
    return running;
  };
  const loop = () => {
    if (stopped) return;
    void tick().then(() => {
      if (!stopped) timer = setTimeout(loop, opts.intervalMs);
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
