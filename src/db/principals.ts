import type { Db } from './client.js';
import type { Store } from './store.js';
import type { Principal } from '../auth/principal.js';
import { gameIdOfToken } from '../auth/tokens.js';
import { isUuid } from '../uuid.js';

/**
 * Finds the seat, spectator or referee credential with this hash, in the game the token names: one
 * query on that game's rows (its primary key and `player (game_id, token_hash)`). A token from
 * before credentials carried their game finds its game in `legacy_credential` first.
 */
export async function findPrincipalByTokenHash(
  db: Db,
  token: string,
  tokenHash: string,
): Promise<Principal | null> {
  let gameId = gameIdOfToken(token);
  if (gameId === null) {
    const legacy = await db.legacyCredential.findUnique({ where: { tokenHash }, select: { gameId: true } });
    if (!legacy) return null;
    gameId = legacy.gameId;
  }
  if (!isUuid(gameId)) return null;
  const [row] = await db.$queryRaw<{ playerId: string | null; spectator: boolean; referee: boolean }[]>`
    SELECT (SELECT p.id FROM player p WHERE p.game_id = g.id AND p.token_hash = ${tokenHash}) AS "playerId",
           g.spectator_token_hash = ${tokenHash} AS spectator,
           coalesce(g.referee_token_hash = ${tokenHash}, false) AS referee
    FROM game g WHERE g.id = ${gameId}::uuid`;
  if (!row) return null;
  if (row.playerId) return { kind: 'player', playerId: row.playerId, gameId };
  if (row.spectator) return { kind: 'spectator', gameId };
  if (row.referee) return { kind: 'referee', gameId };
  return null;
}

/**
 * The seat of `gameId` bound to the platform user `issuer` + `subject`, or null: one lookup on
 * that game's rows (`player (game_id, ext_issuer, ext_subject)`). Found seats are cached in the
 * service's `store.boundSeats` (bounded);
 * a miss is not, so it costs what a game that does not exist costs.
 */
export async function findBoundSeat(
  store: Pick<Store, 'db' | 'boundSeats'>,
  gameId: string,
  issuer: string,
  subject: string,
): Promise<string | null> {
  if (!isUuid(gameId)) return null;
  const cache = store.boundSeats;
  const key = JSON.stringify([gameId, issuer, subject]);
  const cached = cache.get(key);
  if (cached) return cached;
  const [row] = await store.db.$queryRaw<{ id: string }[]>`
    SELECT p.id FROM player p
    WHERE p.game_id = ${gameId}::uuid AND p.ext_issuer = ${issuer} AND p.ext_subject = ${subject}`;
  if (!row) return null;
  cache.set(key, row.id);
  return row.id;
}
