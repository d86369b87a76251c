import type { Db } from './client.js';
import type { Principal } from '../auth/principal.js';

/** Finds the seat or spectator credential with this hash. */
export async function findPrincipalByTokenHash(db: Db, tokenHash: string): Promise<Principal | null> {
  const player = await db.player.findUnique({ where: { tokenHash }, select: { id: true, gameId: true } });
  if (player) return { kind: 'player', playerId: player.id, gameId: player.gameId };
  const game = await db.game.findUnique({ where: { spectatorTokenHash: tokenHash }, select: { id: true } });
  if (game) return { kind: 'spectator', gameId: game.id };
  return null;
}
