/**
 * Who may read a game's zk-rng/1 verification transcript, and when (docs/fairness.md): anyone who
 * was in the game (every seat, spectator and the referee) and admins, and only after the end, when
 * the seed it is checked against has been revealed. Before the end the acts' orders would tell
 * hidden cards' positions, so the transcript is refused.
 */
import type { GameStore, TranscriptSource } from '../db/index.js';
import { forbidden, notFound } from '../errors.js';
import type { Viewer } from '../rules/index.js';

/**
 * Whose starting cards the transcript opens (docs/fairness.md, "What the end releases"): a seat its
 * own only; an admin or the referee, who saw every card during the game, every seat's; a spectator
 * none. A game created with `revealFacesAfterEnd` opens every seat's to everyone.
 */
export type OpenedSeats = 'all' | readonly string[];

function openedFor(viewer: Viewer, revealFaces: boolean): OpenedSeats {
  if (revealFaces) return 'all';
  switch (viewer.kind) {
    case 'player':
      return [viewer.playerId];
    case 'admin':
      return 'all';
    case 'spectator':
      return [];
  }
}

/**
 * The transcript's contents of an ended (or archived) game for `viewer`, whose standing in it the
 * door decided.
 */
export async function transcriptOf(
  store: GameStore,
  viewer: Viewer,
  gameId: string,
): Promise<TranscriptSource & { readonly opened: OpenedSeats }> {
  const source = await store.transcriptSource(gameId);
  if (!source) throw notFound('Game');
  if (source.status === 'ACTIVE')
    throw forbidden('GAME_NOT_ENDED', 'The verification transcript is available after the game ends.');
  return { ...source, opened: openedFor(viewer, source.revealFaces) };
}
