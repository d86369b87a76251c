import type { Db } from './client.js';
import type { Principal } from '../auth/principal.js';

/** Finds the seat, spectator or referee credential with this hash. */
export async function findPrincipalByTokenHash(db: Db, tokenHash: string): Promise<Principal | null> {
  const player = await db.player.findUnique({ where: { tokenHash }, select: { id: true, gameId: true } });
  if (player) return { kind: 'player', playerId: player.id, gameId: player.gameId };
  const game = await db.game.findUnique({ where: { spectatorTokenHash: tokenHash }, select: { id: true } });
  if (game) return { kind: 'spectator', gameId: game.id };
  const refereed = await db.game.findUnique({ where: { refereeTokenHash: tokenHash }, select: { id: true } });
  if (refereed) return { kind: 'referee', gameId: refereed.id };
  return null;
}
