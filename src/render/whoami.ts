/** `Query.whoami`: what a credential is, and the game and seat it belongs to. */
import type { Principal } from '../auth/principal.js';

/** The caller's principal as `Whoami`: its kind, and its game and seat where it has them. */
export function whoamiOut(p: Principal) {
  return {
    kind: p.kind.toUpperCase() as Uppercase<Principal['kind']>,
    gameId: p.kind === 'player' || p.kind === 'spectator' || p.kind === 'referee' ? p.gameId : null,
    playerId: p.kind === 'player' ? p.playerId : null,
  };
}
