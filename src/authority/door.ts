/**
 * The door's steps: every operation of the authority (`authority.ts`) passes the same ordered list,
 * over HTTP and graphql-ws alike, so a cross-cutting check has one home and runs once.
 *
 * {@link STEPS} is the order, as data: credential → standing → limits → status → version →
 * permission → plan → commit → publish (docs/architecture.md, "The door"). The first three are the
 * door's wrappers ({@link DOOR}), applied around every operation in that order as envelop's
 * orchestrator applies its plugins; the rest are a move's own body (`pipeline.ts`: the pure
 * `decide` checks status, version and permission and plans; `commit`, then `publish.ts`). Around
 * them all, two frames: `mask` (a data-layer refusal leaves as its public code, `db-errors.ts`) and
 * `measure` (a move's outcome and time, `moves_total`).
 */
import type { Principal } from '../auth/principal.js';
import { unauthenticated } from '../errors.js';
import type { GameMutation, Metrics } from '../metrics.js';
import { publicError } from './db-errors.js';
import { principalKey, type WorkLimiter } from './work-limit.js';

/** Every operation's steps, in order (Keystone's named write stages are the model for the names). */
export const STEPS = [
  'credential',
  'standing',
  'limits',
  'status',
  'version',
  'permission',
  'plan',
  'commit',
  'publish',
] as const;
export type Step = (typeof STEPS)[number];

/** Who calls, as the transport resolved it (the credential step's input). */
export interface Caller {
  readonly principal: Principal;
  /** A credential was presented but is not valid: refused by the credential step. */
  readonly badCredential: boolean;
  /** The client's address as the socket sees it (work slots and rates are per client). */
  readonly clientIp: string;
  /**
   * Keeps a work slot until the transport's answer is sent (HTTP: field resolvers and serialization
   * included) and returns true; false (the answer is gone already) or absent: the slot is released
   * when the operation settles.
   */
  readonly holdSlot?: ((release: () => void) => boolean) | undefined;
}

/** One operation as the door runs it: its standing and its limit, then its own steps. */
export interface Operation<S, T> {
  /** `standing`: who the caller is for this operation; throws its refusal. Decided once, here. */
  readonly standing: (caller: Caller) => S | Promise<S>;
  /** `limits`: a work slot held while the operation works (`work-limit.ts`), or none. */
  readonly limit: 'work' | 'none';
  /** A move: its mutation's name, under which its outcome and time are measured. */
  readonly measure?: GameMutation | undefined;
  /** The operation's own steps, given its decided standing. */
  readonly body: (standing: S) => T | Promise<T>;
}

/** What the door's wrappers use. */
export interface DoorDeps {
  readonly work: WorkLimiter;
  readonly metrics: Pick<Metrics, 'timeMove'>;
}

/** One operation on its way through the door. */
interface Passage {
  readonly caller: Caller;
  readonly op: Operation<unknown, unknown>;
  standing: unknown;
}

type Next = () => Promise<unknown>;
type Wrapper = (deps: DoorDeps, passage: Passage, next: Next) => Promise<unknown>;

async function holdingSlot(work: WorkLimiter, caller: Caller, next: Next): Promise<unknown> {
  const release = await work.acquire(principalKey(caller.principal), caller.clientIp);
  if (caller.holdSlot?.(release)) return next();
  try {
    return await next();
  } finally {
    release();
  }
}

/** The door's wrappers, outermost first: the one list every operation passes. */
export const DOOR: readonly { readonly step: Step | 'mask' | 'measure'; readonly wrap: Wrapper }[] = [
  {
    step: 'mask',
    wrap: (_deps, _passage, next) =>
      next().catch((err: unknown) => {
        throw publicError(err);
      }),
  },
  {
    step: 'measure',
    wrap: (deps, { op }, next) => (op.measure ? deps.metrics.timeMove(op.measure, next) : next()),
  },
  {
    step: 'credential',
    wrap: async (_deps, { caller }, next) => {
      if (caller.badCredential) throw unauthenticated();
      return next();
    },
  },
  {
    step: 'standing',
    wrap: async (_deps, passage, next) => {
      passage.standing = await passage.op.standing(passage.caller);
      return next();
    },
  },
  {
    step: 'limits',
    wrap: (deps, { op, caller }, next) =>
      op.limit === 'work' ? holdingSlot(deps.work, caller, next) : next(),
  },
];

/** Runs `op` for `caller` through every wrapper of {@link DOOR}, in order, then its body. */
export function through<S, T>(deps: DoorDeps, caller: Caller, op: Operation<S, T>): Promise<T> {
  const passage: Passage = { caller, op: op as Operation<unknown, unknown>, standing: undefined };
  const body: Next = async () => op.body(passage.standing as S);
  const run = DOOR.reduceRight<Next>(
    (next, { wrap }) =>
      () =>
        wrap(deps, passage, next),
    body,
  );
  return run() as Promise<T>;
}
