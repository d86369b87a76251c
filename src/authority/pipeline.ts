/**
 * The authority's pipeline for game commands: a principal and a command in, an outcome out.
 *
 * 1. Credential → standing (`standing.ts`): UNAUTHENTICATED, NOT_FOUND, FORBIDDEN for spectators.
 * 2. The command becomes a rules Move (shape errors are found before the game is touched).
 * 3. Moves of one game queue in this service (`store.moves`), so they never race each other.
 * 4. The state to plan against: the service's state cache's newest state of the game, else loaded.
 * 5. {@link decide}, pure: game status ACTIVE, `expectedVersion` (STALE_STATE), the seat policy
 *    (`src/rules/permission.ts`, FORBIDDEN; before anything hidden is read), then the planner.
 *    A refusal decided against a cached state is confirmed against a freshly loaded one first.
 * 6. Commit in one statement (`commitOptimistic`). If another process committed first, the move is
 *    made once more under the game row lock, where the version check cannot fail.
 * 7. Idempotency: a used key is found when the commit's record insert hits its primary key (nothing
 *    is applied twice), when the command is refused (the first request may be what moved the game
 *    on), or under the lock. Its stored response is replayed.
 * 8. Publish (`publish.ts`), the one place that announces commits.
 */
import { newId } from '../ids.js';
import type { Principal } from '../auth/principal.js';
import { idempotencyKeyFor, type IdempotencyKey } from '../db/idempotency.js';
import {
  commitOptimistic,
  loadOrThrow,
  queued,
  replayMove,
  storedResponse,
  withGameLocked,
  type CommitRequest,
  type Conflict,
  type MoveResult,
  type Outcome,
  type Planned,
} from '../db/mutate.js';
import { dbNow } from '../db/clock.js';
import { secretOf } from '../db/fairness.js';
import type { LoadedGame } from '../db/state.js';
import type { Store } from '../db/store.js';
import { badInput, ErrorCode, forbidden, invalidMove, staleState, ZonekeeperError } from '../errors.js';
import type { Fanout } from '../events/fanout.js';
import type { Logger } from '../logger.js';
import type { GameMutation, Metrics } from '../metrics.js';
import {
  actingPlayer,
  assertNever,
  noMove,
  planWith,
  type Actor,
  type Move,
  type Viewer,
} from '../rules/index.js';
import { seatMayMake } from '../rules/index.js';
import { actDraws, type ActDraws } from './draws.js';
import type { EntropyLimiter } from './entropy-limit.js';
import { publish } from './publish.js';
import { actorIn } from './standing.js';

/**
 * Fresh ids and new games' zk-rng/1 seeds (docs/fairness.md); every random act derives from its
 * game's seed. Tests inject a seeded source (and one derivation id for twin games) to compare games.
 */
export interface Randomness {
  newId(): string;
  /** A new game's secret seed: 32 bytes. */
  newSeed?(): Uint8Array;
  /** The game id a new game's derivation uses (default: its own id). */
  derivationId?(gameId: string): string;
}

const CRYPTO_RANDOMNESS: Randomness = { newId };

/** What the authority needs from the application: the service's objects, built by `app.ts`. */
export interface AuthorityDeps {
  /** The database and the data layer's caches and queues. */
  readonly store: Store;
  /** The rate limit on seat entropy. */
  readonly entropy: EntropyLimiter;
  readonly fanout: Fanout;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly random?: Randomness | undefined;
}

/** A game command as parsed from a mutation's input. */
export interface GameCommand {
  /** The mutation's name: metrics label and part of the idempotency key. */
  readonly operation: GameMutation;
  readonly gameId: string;
  readonly expectedVersion?: number | null | undefined;
  readonly onBehalfOf?: string | null | undefined;
  /** The whole input, for the idempotency key (its `idempotencyKey` field is the key). */
  readonly input: { readonly idempotencyKey?: string | null | undefined };
  /**
   * The rules Move, given the player the actor acts as (the caller's seat, the seat an admin acts
   * on behalf of, or null): defaults such as "the caller owns the new token" depend on it.
   */
  readonly toMove: (actingAs: string | null) => Move;
}

/** A committed (or replayed) command, with the viewer its result is to be rendered for. */
export interface CommandOutcome {
  readonly result: MoveResult;
  readonly viewer: Viewer;
}

/** The authority's one entry point for game commands (see the file comment). */
export function execute(
  deps: AuthorityDeps,
  principal: Principal,
  command: GameCommand,
): Promise<CommandOutcome> {
  return deps.metrics.timeMove(command.operation, async () => {
    const { actor, viewer, scope } = await actorIn(deps.store, principal, command.gameId, command.onBehalfOf);
    const expected = command.expectedVersion;
    if (expected !== null && expected !== undefined && (!Number.isInteger(expected) || expected < 0))
      throw badInput('Field expectedVersion must be 0 or more.', 'expectedVersion');
    const idempotency = idempotencyKeyFor(scope, command.operation, command.input, command.gameId);
    const actorPlayerId = actingPlayer(actor);
    const move = command.toMove(actorPlayerId);
    // Before the budget is taken: an admin's or referee's attempt spends no seat's budget.
    if (move.kind === 'addEntropy') deps.entropy.take(command.gameId, entropySeat(actor));
    const req: Decided = {
      gameId: command.gameId,
      actor,
      actorPlayerId,
      idempotency,
      notifyChannel: deps.fanout.commitChannel,
      expectedVersion: expected,
      move,
    };
    const outcome = await queued(deps.store, command.gameId, () => planAndCommit(deps, req));
    const result =
      outcome.kind === 'committed'
        ? outcome.result
        : await replayMove(deps.store, command.gameId, outcome.stored);
    if (!result.replayed)
      await publish(deps, { gameId: command.gameId, seq: result.lastSeq }, { notifiedByCommit: true });
    return { result, viewer };
  });
}

interface Decided extends CommitRequest {
  readonly expectedVersion: number | null | undefined;
  readonly move: Move;
}

async function planAndCommit(deps: AuthorityDeps, req: Decided): Promise<Outcome> {
  const { store } = deps;
  const cache = store.states;
  const random = deps.random ?? CRYPTO_RANDOMNESS;
  const secret = await secretOf(store, req.gameId);
  const draws = (loaded: LoadedGame) => actDraws(secret, loaded.game.lastSeq, loaded.state.entropy);
  let outcome = await tryCommit(store, req, random, draws, cache.latest(req.gameId));
  if (outcome.kind === 'conflict') {
    // Another process committed first. Queue on the game row lock instead of racing again: under
    // the lock the version check cannot fail, so a busy game never starves this move.
    deps.metrics.transactionRetry();
    outcome = await withGameLocked(
      store.db,
      store.rulesets,
      req.gameId,
      async (locked) => {
        // Under the lock nobody else can record this key (its scope names the game): look it up first.
        const stored = req.idempotency ? await locked.stored(req.idempotency) : null;
        if (stored !== null) return { kind: 'replay', stored } as const;
        const loaded = await locked.load();
        const now = await timeFor(store, loaded);
        return locked.commit(req, loaded, decide(loaded, req, random, draws(loaded), now));
      },
      () => deps.metrics.transactionRetry(),
    );
  }
  if (outcome.kind === 'committed') cache.set(outcome.result.game);
  return outcome;
}

/** Decides against `cached` (else the state loaded now) and commits, unless another writer was first. */
async function tryCommit(
  store: Store,
  req: Decided,
  random: Randomness,
  draws: (loaded: LoadedGame) => ActDraws,
  cached: LoadedGame | undefined,
): Promise<Outcome | Conflict> {
  let loaded = cached ?? (await loadOrThrow(store.db, store.rulesets, req.gameId));
  let decided = tryDecide(loaded, req, random, draws(loaded), await timeFor(store, loaded));
  if (!decided.ok && cached && decided.error instanceof ZonekeeperError) {
    // The cached state may be behind another process's commits: refuse only what the current state refuses.
    loaded = await loadOrThrow(store.db, store.rulesets, req.gameId);
    decided = tryDecide(loaded, req, random, draws(loaded), await timeFor(store, loaded));
  }
  if (!decided.ok) return refuse(store, req.idempotency, decided.error);
  return commitOptimistic(store, req, loaded, decided.plan);
}

/**
 * A refused request whose key was already used answers with the first response: the first request
 * may be what moved the game to where this one is refused (a retry after a lost response).
 */
async function refuse(store: Store, key: IdempotencyKey | null, err: unknown): Promise<Outcome> {
  if (err instanceof ZonekeeperError && key) {
    const stored = await storedResponse(store.db, key);
    if (stored !== null) return { kind: 'replay', stored };
  }
  throw err;
}

/**
 * The database's time (`zk_now()`) for a game with clocks, whose values every change states as of
 * it (issue 40); a game without clocks needs none and costs no round trip.
 */
async function timeFor(store: Store, loaded: LoadedGame): Promise<number | undefined> {
  return loaded.state.clock ? dbNow(store.db) : undefined;
}

function tryDecide(
  loaded: LoadedGame,
  req: Decided,
  random: Randomness,
  draws: ActDraws,
  now: number | undefined,
): { readonly ok: true; readonly plan: Planned } | { readonly ok: false; readonly error: unknown } {
  try {
    return { ok: true, plan: decide(loaded, req, random, draws, now) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Status, expected version, who the actor acts as, permission, then the rules. Pure; throws typed
 * errors. Permission is decided before the planner runs, from what the seat can observe only, so a
 * refusal never depends on a card hidden from it (`src/rules/permission.ts`).
 */
function decide(
  loaded: LoadedGame,
  req: Decided,
  random: Randomness,
  draws: ActDraws,
  now: number | undefined,
): Planned {
  const { game } = loaded;
  if (game.status !== 'ACTIVE')
    throw new ZonekeeperError(ErrorCode.GAME_NOT_ACTIVE, 'The game is not active.');
  if (
    req.expectedVersion !== undefined &&
    req.expectedVersion !== null &&
    req.expectedVersion !== game.version
  )
    throw staleState(req.expectedVersion, game.version);
  checkPermission(loaded, req.actor, req.move);
  // The game's own ruleset version (docs/rulesets.md, stable games), whatever is loaded now.
  const planned = planWith(loaded.spec, loaded.state, req.move, {
    newId: () => random.newId(),
    randomAct: draws.randomAct,
    randomScheme: draws.scheme,
    foldEntropy: draws.foldEntropy,
    actorId: req.actorPlayerId,
    ...(now !== undefined ? { now } : {}),
  });
  if (!planned.ok) throw invalidMove(planned.rejection);
  // Every committed mutation bumps the version and appends at least one event, so that each version
  // can be recovered from the log: a plan that changed nothing (shuffling an empty zone) records NO_MOVE.
  const events = planned.plan.events.length > 0 ? draws.reveal(planned.plan.events) : [noMove()];
  return { state: planned.plan.state, events };
}

/**
 * Entropy is a seat's own act (docs/fairness.md, "Entropy"): it is folded into every later random
 * act so that the seed, committed before it, cannot have been chosen knowing it. Entropy from the
 * operator's side (an admin, on a seat's behalf or not, or the referee) would let whoever holds the
 * seed pick a value that deals the cards it wants, shown as that seat's own. So only a seat adds it,
 * in its own name and from its own budget. Returns the seat; FORBIDDEN for every other actor.
 */
function entropySeat(actor: Actor): string {
  switch (actor.kind) {
    case 'PLAYER':
      return actor.playerId;
    case 'ADMIN':
    case 'REFEREE':
      throw forbidden(
        "Entropy is a seat's own act: admins and referees may not add it, on their own or on a seat's behalf.",
      );
    default:
      return assertNever(actor);
  }
}

/**
 * PERMISSION. A seat is bound by its ruleset's seat policy. A referee (the game's own engine or
 * host) and an admin (a judge, possibly on behalf of a seat) may make any move the rules allow,
 * except adding entropy ({@link entropySeat}).
 */
function checkPermission(loaded: LoadedGame, actor: Actor, move: Move): void {
  switch (actor.kind) {
    case 'PLAYER': {
      const refused = seatMayMake(loaded.spec, loaded.state, actor.playerId, move);
      if (refused) throw forbidden(refused.message);
      return;
    }
    case 'ADMIN':
      if (actor.onBehalfOf && !loaded.players.some((p) => p.id === actor.onBehalfOf))
        throw badInput('Field onBehalfOf must be a player of this game.', 'onBehalfOf');
      if (move.kind === 'addEntropy') entropySeat(actor);
      return;
    case 'REFEREE':
      if (move.kind === 'addEntropy') entropySeat(actor);
      return;
    default:
      return assertNever(actor);
  }
}
