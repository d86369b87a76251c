/**
 * The zk-rng/1 secret of each game (docs/fairness.md): written with the game, read only here, and
 * revealed only by {@link revealSeed}, which every path that ends a game calls. No other module
 * reads `game_rng`, so no read path (views, events, history, exports, admin views) can carry the
 * seed before the end.
 */
import type { Prisma } from '../generated/prisma/client.js';
import type { SeedReveal } from '../rules/index.js';
import type { LRUCache } from 'lru-cache';
import type { Db } from './client.js';

/** A game's secret as the authority needs it while planning a move. Never rendered, logged or stored elsewhere. */
export interface GameSecret {
  readonly scheme: string;
  readonly seed: Uint8Array;
  /** The game id in the commitment: the derivation's input. */
  readonly derivationId: string;
  /** Acts in events before this seq are not covered (made before an import). */
  readonly coveredFromSeq: number;
}

export type { NewSecret } from '../stored/new-secret.js';

/** Games' secrets by game id, kept by one service (`Store.secrets`). */
export type SecretCache = LRUCache<string, { readonly secret: GameSecret | null }>;

/**
 * The secret of a game (null: created before zk-rng/1, not covered). Secrets never change once
 * written: kept in the service's `store.secrets` (bounded).
 */
export async function secretOf(
  store: { readonly db: Db; readonly secrets: SecretCache },
  gameId: string,
): Promise<GameSecret | null> {
  const hit = store.secrets.get(gameId);
  if (hit !== undefined) return hit.secret;
  const row = await store.db.gameRng.findUnique({ where: { gameId } });
  const secret = row ? secretOfRow(row) : null;
  store.secrets.set(gameId, { secret });
  return secret;
}

type SecretRow = Pick<
  Prisma.GameRngGetPayload<object>,
  'gameId' | 'scheme' | 'seed' | 'derivationId' | 'coveredFromSeq'
>;

function secretOfRow(row: SecretRow): GameSecret {
  return {
    scheme: row.scheme,
    seed: new Uint8Array(row.seed),
    derivationId: row.derivationId,
    coveredFromSeq: row.coveredFromSeq,
  };
}

/**
 * Puts the secrets of `gameIds` the cache lacks into it, read in one statement on `db` (the clock
 * sweep's transaction: its plans then read no secret on another pooled connection while it holds
 * one, however many games it claimed).
 */
export async function cacheSecrets(
  store: { readonly secrets: SecretCache },
  db: Db | Prisma.TransactionClient,
  gameIds: readonly string[],
): Promise<void> {
  const missing = gameIds.filter((id) => store.secrets.get(id) === undefined);
  if (missing.length === 0) return;
  const rows = await db.gameRng.findMany({ where: { gameId: { in: missing } } });
  const byGame = new Map(rows.map((r) => [r.gameId, secretOfRow(r)]));
  for (const id of missing) store.secrets.set(id, { secret: byGame.get(id) ?? null });
}

/**
 * The reveal a game's ending event carries (GAME_ENDED, or GAME_ARCHIVED of a game archived while
 * active): its scheme and seed. Every path that ends a game calls this in its transaction and puts
 * the result in the event's `seedReveal`; undefined for a game zk-rng/1 does not cover.
 */
export async function revealSeed(
  tx: Prisma.TransactionClient,
  gameId: string,
): Promise<SeedReveal | undefined> {
  const row = await tx.gameRng.findUnique({ where: { gameId } });
  if (!row) return undefined;
  return revealOf({ scheme: row.scheme, seed: row.seed });
}

/**
 * The reveal of a secret already read: what a move that ends the game (concede, endGame) puts in
 * its GAME_ENDED, committed in the same transaction as the end.
 */
export function revealOf(secret: Pick<GameSecret, 'scheme' | 'seed'>): SeedReveal {
  return { scheme: secret.scheme, seed: Buffer.from(secret.seed).toString('hex') };
}
