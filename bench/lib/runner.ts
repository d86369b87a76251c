/**
 * Load generators. Both stop by themselves: a closed loop at its deadline, an open loop at its
 * deadline or as soon as its backlog shows the target rate cannot be met.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Latencies, type LatencySummary } from './stats.js';

/** One operation. `slot` is the worker (closed loop) or the free resource (open loop) it runs on. */
export type Operation = (slot: number) => Promise<void>;

export interface RunResult {
  /** Operations completed inside the measured window. */
  readonly ops: number;
  /** Every operation completed, warm-up included (for costs measured over the whole run). */
  readonly completed: number;
  readonly errors: number;
  readonly firstError: string | null;
  /** Length of the measured window, seconds. */
  readonly seconds: number;
  /** ops / seconds. */
  readonly throughput: number;
  readonly latency: LatencySummary;
  /** Open loop only: arrivals never issued because the backlog grew past its bound. */
  readonly dropped: number;
  /** The load generator's own event-loop delay over the run, ms (a stalled generator skews latency). */
  readonly generatorLoopDelay: { readonly p99: number; readonly max: number };
}

/** Starts measuring this process's event-loop delay; the returned function stops and reads it. */
function loopDelay(): () => { p99: number; max: number } {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  return () => {
    h.disable();
    return { p99: h.percentile(99) / 1e6, max: h.max / 1e6 };
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Stop early when more than this share of operations fail: the numbers would mean nothing. */
const MAX_ERROR_SHARE = 0.05;

/**
 * Closed loop: `concurrency` workers each run `op(worker)` back to back for `seconds`, after
 * `warmupSeconds` that are run but not counted. Throughput is the saturation throughput at that
 * concurrency; latency includes no queueing outside the system under test.
 */
export async function closedLoop(opts: {
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  op: Operation;
}): Promise<RunResult> {
  const latencies = new Latencies();
  const delay = loopDelay();
  let ops = 0;
  let completed = 0;
  let errors = 0;
  let firstError: string | null = null;
  const start = performance.now();
  const measureFrom = start + opts.warmupSeconds * 1000;
  const deadline = measureFrom + opts.seconds * 1000;
  let aborted = false;

  const worker = async (slot: number) => {
    while (!aborted) {
      const t0 = performance.now();
      if (t0 >= deadline) return;
      try {
        await opts.op(slot);
        completed++;
        const t1 = performance.now();
        if (t0 >= measureFrom && t1 <= deadline) {
          ops++;
          latencies.add(t1 - t0);
        }
      } catch (err) {
        errors++;
        firstError ??= describe(err);
        if (errors > 20 && errors > MAX_ERROR_SHARE * (ops + errors)) aborted = true;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => worker(i)));
  const seconds = Math.max(0.001, (Math.min(performance.now(), deadline) - measureFrom) / 1000);
  return {
    ops,
    completed,
    errors,
    firstError,
    seconds,
    throughput: ops / seconds,
    latency: latencies.summary(),
    dropped: 0,
    generatorLoopDelay: delay(),
  };
}

/**
 * Open loop at a fixed arrival rate: arrivals are scheduled every `1/rate` seconds whatever the
 * system does, wait for one of `slots` free resources (a game, a connection), and their latency is
 * measured from the scheduled arrival time to completion. A slow system therefore shows its queueing
 * in the latency instead of silently lowering the offered load (no coordinated omission).
 *
 * If more than `maxBacklog` arrivals wait for a slot, the rate is beyond what the system sustains:
 * further arrivals are dropped (counted) and the run ends at its deadline.
 */
export async function openLoop(opts: {
  rate: number;
  seconds: number;
  warmupSeconds: number;
  slots: number;
  op: Operation;
  maxBacklog?: number;
}): Promise<RunResult> {
  const latencies = new Latencies();
  const delay = loopDelay();
  const maxBacklog = opts.maxBacklog ?? Math.max(100, Math.ceil(opts.rate));
  const free: number[] = Array.from({ length: opts.slots }, (_, i) => i);
  const waiting: number[] = [];
  let ops = 0;
  let completed = 0;
  let errors = 0;
  let dropped = 0;
  let firstError: string | null = null;
  let inFlight = 0;
  const interval = 1000 / opts.rate;
  const start = performance.now();
  const measureFrom = start + opts.warmupSeconds * 1000;
  const deadline = measureFrom + opts.seconds * 1000;

  const run = (slot: number, scheduled: number) => {
    inFlight++;
    opts
      .op(slot)
      .then(
        () => {
          completed++;
          const done = performance.now();
          if (scheduled >= measureFrom) {
            ops++;
            latencies.add(done - scheduled);
          }
        },
        (err: unknown) => {
          errors++;
          firstError ??= describe(err);
        },
      )
      .finally(() => {
        inFlight--;
        const next = waiting.shift();
        if (next !== undefined) run(slot, next);
        else free.push(slot);
      });
  };

  let next = start;
  while (next < deadline) {
    const now = performance.now();
    while (next <= now && next < deadline) {
      // FIFO: arrivals rotate over the slots (games) instead of piling onto the last freed one.
      const slot = free.shift();
      if (slot !== undefined) run(slot, next);
      else if (waiting.length < maxBacklog) waiting.push(next);
      else dropped++;
      next += interval;
    }
    await sleep(Math.max(0, Math.min(next - performance.now(), 5)));
  }
  // Let the backlog drain, but not forever.
  const drainUntil = performance.now() + 30_000;
  while ((inFlight > 0 || waiting.length > 0) && performance.now() < drainUntil) await sleep(5);
  return {
    ops,
    completed,
    errors,
    firstError,
    seconds: opts.seconds,
    throughput: ops / opts.seconds,
    latency: latencies.summary(),
    dropped: dropped + waiting.length,
    generatorLoopDelay: delay(),
  };
}
