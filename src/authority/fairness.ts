/**
 * Who may read a game's zk-rng/1 verification transcript, and when (docs/fairness.md): anyone who
 * was in the game (every seat, spectator and the referee) and admins, and only after the end, when
 * the seed it is checked against has been revealed. Before the end the acts' orders would tell
 * hidden cards' positions, so the transcript is refused.
 */
import type { Principal } from '../auth/principal.js';
import type { GameStore, TranscriptSource } from '../db/index.js';
import { forbidden, notFound } from '../errors.js';
import { viewerIn } from './standing.js';

/** The transcript's contents for a caller with standing in an ended (or archived) game. */
export async function transcriptFor(
  store: GameStore,
  principal: Principal,
  gameId: string,
): Promise<TranscriptSource> {
  await viewerIn(store, principal, gameId);
  const source = await store.transcriptSource(gameId);
  if (!source) throw notFound('Game');
  if (source.status === 'ACTIVE')
    throw forbidden('The verification transcript is available after the game ends.');
  return source;
}
