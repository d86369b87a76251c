/**
 * Operator and judge queries: list and filter games, read a game's log up to a seq, and
 * the lifecycle changes ACTIVE → ENDED → ARCHIVED. Admin authorization is the resolver's job; this
 * file only talks to the database. Export and import: `src/transfer` (their I/O: `transfer-io.ts`).
 */
import type { Game, GameStatus, Prisma } from '../generated/prisma/client.js';
import type { DomainEvent, LifecycleStep, SeedReveal } from '../rules/index.js';
import type { Db } from './client.js';
import { isUuid } from '../uuid.js';
import { lockGame } from './state.js';
import { appendEvents } from './rows.js';
import { revealSeed } from './fairness.js';
import { withRetry } from './retry.js';

export interface GameFilter {
  readonly ruleset?: string | null;
  readonly status?: readonly GameStatus[] | null;
  /** Inclusive lower bound of `createdAt`. */
  readonly createdFrom?: Date | null;
  /** Exclusive upper bound of `createdAt`. */
  readonly createdTo?: Date | null;
}

export interface GamePage {
  readonly games: (Game & { readonly players: { id: string; seat: number; name: string }[] })[];
  /** How many games match the filter, over all pages. */
  readonly total: number;
}

/** Largest page {@link listGames} returns. */
export const MAX_PAGE = 200;

/** Games matching the filter, newest first (ties by id, so pages are stable), with the total count. */
export async function listGames(
  db: Db,
  filter: GameFilter,
  offset: number,
  limit: number,
): Promise<GamePage> {
  const where: Prisma.GameWhereInput = {
    ...(filter.ruleset ? { ruleset: filter.ruleset } : {}),
    ...(filter.status && filter.status.length > 0 ? { status: { in: [...filter.status] } } : {}),
    ...(filter.createdFrom || filter.createdTo
      ? {
          createdAt: {
            ...(filter.createdFrom ? { gte: filter.createdFrom } : {}),
            ...(filter.createdTo ? { lt: filter.createdTo } : {}),
          },
        }
      : {}),
  };
  const [games, total] = await Promise.all([
    db.game.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: Math.max(0, offset),
      take: Math.min(Math.max(0, limit), MAX_PAGE),
      include: { players: { select: { id: true, seat: true, name: true }, orderBy: { seat: 'asc' } } },
    }),
    db.game.count({ where }),
  ]);
  return { games, total };
}

/** The game row, or null for an unknown (or malformed) id. */
export async function findGame(db: Db, gameId: string): Promise<Game | null> {
  if (!isUuid(gameId)) return null;
  return db.game.findUnique({ where: { id: gameId } });
}

/** A game's seats, in seat order. */
export async function seatsOf(db: Db, gameId: string): Promise<{ id: string; seat: number; name: string }[]> {
  return db.player.findMany({
    where: { gameId },
    select: { id: true, seat: true, name: true },
    orderBy: { seat: 'asc' },
  });
}

export type StatusChange =
  | { readonly ok: true; readonly game: Game; readonly seq: number }
  | { readonly ok: false; readonly reason: 'NOT_FOUND' }
  | { readonly ok: false; readonly reason: 'WRONG_STATUS'; readonly status: GameStatus };

/**
 * The event a status change records, from the status it leaves; `revealSeed` reads the game's
 * zk-rng/1 seed in the change's transaction.
 */
export type StatusEvent = (
  from: GameStatus,
  revealSeed: () => Promise<SeedReveal | null>,
) => Promise<DomainEvent>;

/**
 * Takes a lifecycle step (`rules/lifecycle.ts`) and appends the event `eventOf` builds, like every
 * mutation (`index.ts`, `commitMove`): under the game row lock, version + 1, the next gapless seq, in one
 * transaction; the authority publishes it after commit. Recorded with the admin as the actor.
 */
export async function changeStatus(
  db: Db,
  gameId: string,
  step: LifecycleStep,
  eventOf: StatusEvent,
): Promise<StatusChange> {
  if (!isUuid(gameId)) return { ok: false, reason: 'NOT_FOUND' };
  const to = step.to;
  const result = await withRetry(() =>
    db.$transaction(async (tx): Promise<StatusChange> => {
      const locked = await lockGame(tx, gameId);
      if (!locked) return { ok: false, reason: 'NOT_FOUND' };
      if (locked.status !== step.from) return { ok: false, reason: 'WRONG_STATUS', status: locked.status };
      const now = new Date();
      const game = await tx.game.update({
        where: { id: gameId },
        data: {
          status: to,
          version: locked.version + 1,
          lastSeq: locked.lastSeq + 1,
          ...(to === 'ENDED' ? { endedAt: now } : {}),
        },
      });
      await appendEvents(tx, [
        {
          gameId,
          seq: game.lastSeq,
          version: game.version,
          kind: step.kind,
          actorKind: 'ADMIN',
          actorPlayerId: null,
          createdAt: now,
          payload: await eventOf(locked.status, async () => (await revealSeed(tx, gameId)) ?? null),
        },
      ]);
      return { ok: true, game, seq: game.lastSeq };
    }),
  );
  return result;
}
