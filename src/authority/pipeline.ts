/**
 * A move, the authority's `move` operation, whole: the door's steps, then the move's own.
 *
 * 1. Credential → standing → limits: the door's wrappers (`door.ts`), which {@link moveOperations}
 *    passes the move through like every operation; its standing is `actorIn` (`standing.ts`):
 *    UNAUTHENTICATED, NOT_FOUND, FORBIDDEN for spectators.
 * 2. The command becomes a rules Move (shape errors are found before the game is touched), and its
 *    idempotency key is made from the input.
 * 3. The storage facade's `commitMove` (`src/db/index.ts`) owns the commit protocol: the per-game
 *    queue, the cached or loaded state, the optimistic commit, the locked retry, and a used
 *    idempotency key answered with its stored response. It calls back one thing, pure:
 * 4. {@link decide}: game status ACTIVE, `expectedVersion` (STALE_STATE), the seat policy
 *    (`src/rules/permission.ts`, FORBIDDEN; before anything hidden is read), then the planner.
 * 5. Publish (`publish.ts`), the one place that announces commits.
 *
 * docs/architecture.md draws this route, "The route of a move".
 */
import { newId } from '../ids.js';
import {
  idempotencyKeyFor,
  type Decision,
  type GameSecret,
  type GameStore,
  type LoadedGame,
  type MoveResult,
} from '../db/index.js';
import { badInput, ErrorCode, forbidden, invalidMove, staleState, ZonekeeperError } from '../errors.js';
import type { Fanout } from '../events/fanout.js';
import type { Logger } from '../logger.js';
import type { GameMutation, Metrics } from '../metrics.js';
import {
  actingPlayer,
  assertNever,
  noMove,
  planWith,
  TimeNeeded,
  type Actor,
  type Move,
  type Viewer,
} from '../rules/index.js';
import { seatMayMake } from '../rules/index.js';
import { through, type Caller, type DoorDeps } from './door.js';
import { actDraws, type ActDraws } from './draws.js';
import type { EntropyLimiter } from './entropy-limit.js';
import { publish } from './publish.js';
import type { PastStates } from './rewind.js';
import { checkLogCurrent, pastInputsFor, type ReadTakebackLog } from './takeback.js';
import { actorIn, type Acting } from './standing.js';

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
  /** The storage facade (`src/db/index.ts`). */
  readonly store: GameStore;
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

/**
 * The authority's `move` (every move mutation's): the game command through the door's steps
 * (`door.ts`; standing: `actorIn`; no work slot, a move's limits are its game's queue and, for
 * entropy, the entropy limit), its outcome and time measured under its mutation's name, then
 * {@link execute}.
 */
export function moveOperations(parts: AuthorityDeps & DoorDeps) {
  return {
    move: (caller: Caller, command: GameCommand) =>
      through(parts, caller, {
        measure: command.operation,
        standing: (c) => actorIn(parts.store, c.principal, command.gameId, command.onBehalfOf),
        limit: 'none',
        body: (acting) => execute(parts, acting, command),
      }),
  };
}

/**
 * A game command of an actor whose standing the door decided (`actorIn`, its standing step; the
 * door also measures it): see the file comment.
 */
async function execute(deps: AuthorityDeps, acting: Acting, command: GameCommand): Promise<CommandOutcome> {
  const { actor, viewer, scope } = acting;
  const expected = command.expectedVersion;
  if (expected !== null && expected !== undefined && (!Number.isInteger(expected) || expected < 0))
    throw badInput('Field expectedVersion must be 0 or more.', 'expectedVersion');
  const idempotency = idempotencyKeyFor(scope, command.operation, command.input, command.gameId);
  const actorPlayerId = actingPlayer(actor);
  const move = command.toMove(actorPlayerId);
  // Before the budget is taken: an admin's or referee's attempt spends no seat's budget.
  if (move.kind === 'addEntropy') deps.entropy.take(command.gameId, entropySeat(actor));
  const req: MoveRequest = {
    gameId: command.gameId,
    actor,
    actorPlayerId,
    expectedVersion: expected,
    move,
    viewer,
    ...(await pastInputsFor(deps.store, command.gameId, actor, move)),
  };
  const random = deps.random ?? CRYPTO_RANDOMNESS;
  const result = await deps.store.commitMove(
    command.gameId,
    idempotency,
    (loaded, secret, now) => decision(loaded, req, random, secret, now),
    {
      actor,
      actorPlayerId,
      onRetry: () => deps.metrics.transactionRetry(),
    },
  );
  // The answer does not wait for the notice: it goes out after the commit, on its own (publish.ts).
  if (!result.replayed) void publish(deps, { gameId: command.gameId, seq: result.lastSeq });
  return { result, viewer };
}

/** A move request before it is decided: who asks, the version it expects, the rules Move. */
interface MoveRequest {
  readonly gameId: string;
  readonly actor: Actor;
  readonly actorPlayerId: string | null;
  readonly expectedVersion: number | null | undefined;
  readonly move: Move;
  /** Who asked: refusals name objects as this viewer sees them (`src/rules/labels.ts`). */
  readonly viewer: Viewer;
  /** A judge's rewind, a takeback's last acceptance: the state it returns to (`rewind.ts`, `takeback.ts`). */
  readonly stateAt?: PastStates | undefined;
  /** A takeback request: the events after its toSeq (`takeback.ts`). */
  readonly takebackLog?: ReadTakebackLog | undefined;
}

/** The seats' names by player id, for messages (`seat 1 (Bob)`). */
function playerNames(loaded: LoadedGame): Record<string, string> {
  return Object.fromEntries(loaded.players.map((p) => [p.id, p.name]));
}

/**
 * {@link decide} as `commitMove` calls it back: a typed refusal is a decision, and so is "the
 * clocks change, plan me with the time" (`TimeNeeded`); anything else a failure.
 */
function decision(
  loaded: LoadedGame,
  req: MoveRequest,
  random: Randomness,
  secret: GameSecret | null,
  now: number | undefined,
): Decision {
  try {
    const draws = actDraws(secret, loaded.game.lastSeq, loaded.state.entropy);
    return { kind: 'plan', planned: decide(loaded, req, random, draws, now) };
  } catch (refusal) {
    if (refusal instanceof ZonekeeperError) return { kind: 'refused', refusal };
    // The move changes the game's clocks and was planned without the time: the store reads it.
    if (refusal instanceof TimeNeeded) return { kind: 'needsTime' };
    throw refusal;
  }
}

/**
 * Status, expected version, who the actor acts as, permission, then the rules. Pure; throws typed
 * errors. Permission is decided before the planner runs, from what the seat can observe only, so a
 * refusal never depends on a card hidden from it (`src/rules/permission.ts`).
 */
function decide(
  loaded: LoadedGame,
  req: MoveRequest,
  random: Randomness,
  draws: ActDraws,
  now: number | undefined,
) {
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
  checkLogCurrent(req.takebackLog, game.lastSeq, game.version);
  // The game's own ruleset version (docs/rulesets.md, stable games), whatever is loaded now.
  const planned = planWith(loaded.spec, loaded.state, req.move, {
    newId: () => random.newId(),
    randomAct: draws.randomAct,
    randomScheme: draws.scheme,
    foldEntropy: draws.foldEntropy,
    actorId: req.actorPlayerId,
    viewer: req.viewer,
    playerNames: playerNames(loaded),
    ...(req.stateAt ? { stateAt: req.stateAt } : {}),
    ...(req.takebackLog ? { takebackLog: req.takebackLog } : {}),
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
        'SEAT_ENTROPY_ONLY',
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
      const refused = seatMayMake(loaded.spec, loaded.state, actor.playerId, move, playerNames(loaded));
      if (refused) throw forbidden(refused.reason, refused.message, refused.rule);
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
