/**
 * The zk-rng/1 verification transcript (docs/fairness.md, "Transcript"), shaped from what
 * `db/transcript-reads.ts` read after a game's end. Objects appear by internal key only; card
 * faces only for a game created with `revealFacesAfterEnd`.
 */
import type { TranscriptSource } from '../db/transcript-reads.js';
import { seatSections } from '../fairness/seat-orders.js';

/** The transcript format's name and version. */
export const TRANSCRIPT_FORMAT = 'zk-rng/1.transcript';

/** The JSON document `Query.fairnessTranscript` returns. */
export function toTranscript(
  gameId: string,
  source: TranscriptSource & { readonly opened: 'all' | readonly string[] },
) {
  const commitments = [];
  const events = [];
  const entropy = [];
  let reveal = null;
  for (const e of source.events) {
    const { commitment, seedReveal, random, entropyAdded } = e.payload;
    if (commitment) commitments.push({ seq: e.seq, ...commitment });
    if (entropyAdded) entropy.push({ seq: e.seq, ...entropyAdded });
    if (seedReveal) reveal = { seq: e.seq, ...seedReveal };
    if (random) events.push({ seq: e.seq, kind: e.kind, scheme: random.scheme, acts: random.acts });
  }
  return {
    format: TRANSCRIPT_FORMAT,
    gameId,
    commitments,
    reveal,
    entropy,
    events,
    // What the end releases to each seat of its own cards (docs/fairness.md, "Your own cards").
    seats: seatSections(source.log, source.opened),
    ...(source.faces ? { faces: source.faces } : {}),
  };
}
