/**
 * Who may read a game's zk-rng/1 verification transcript, and when (docs/fairness.md): anyone who
 * was in the game (every seat, spectator and the referee) and admins, and only after the end, when
 * the seed it is checked against has been revealed. Before the end the acts' orders would tell
 * hidden cards' positions, so the transcript is refused.
 */
import type { Store } from '../db/store.js';
import { readTranscriptSource, type TranscriptSource } from '../db/transcript-reads.js';
import { forbidden, notFound } from '../errors.js';

/** The transcript's contents of an ended (or archived) game, for a caller with standing in it. */
export async function transcriptOf(store: Store, gameId: string): Promise<TranscriptSource> {
  const source = await readTranscriptSource(store, gameId);
  if (!source) throw notFound('Game');
  if (source.status === 'ACTIVE')
    throw forbidden('The verification transcript is available after the game ends.');
  return source;
}
