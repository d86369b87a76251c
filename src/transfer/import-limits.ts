/**
 * What an import cannot promise (docs/fairness.md, "Export and import"). An export never carries an
 * unrevealed seed, so a game exported while still in play is imported under a new seed, and two of
 * the checks a seat of the original could make are lost for good: the acts before the import are
 * never opened, and neither are the seats' commitments to their starting cards (salted with the
 * original seed at creation), so no seat can replay its own cards from the start. The import names
 * each such guarantee with a typed code, and the client's `verifyGame` reports the second as
 * `seat.notChecked` (verdict `partial`) instead of a mismatch or a pass. Pure.
 */
import type { DomainEvent } from '../rules/index.js';
import type { ExportDocument } from './format.js';

/**
 * - `ACTS_BEFORE_IMPORT`: random acts recorded before the import follow from a seed the document
 *   does not reveal; they stay `notCovered` in every transcript.
 * - `SEAT_CARDS_UNOPENED`: the seats' commitments to their starting cards (seq 1) are salted with
 *   that seed; no seat of the imported game can open its commitment and replay its own cards.
 */
export type ImportLimitCode = 'ACTS_BEFORE_IMPORT' | 'SEAT_CARDS_UNOPENED';

/** A guarantee the imported game cannot give, and why. */
export interface ImportLimit {
  readonly code: ImportLimitCode;
  readonly reason: string;
}

/** The seqs of the log's commitments and reveals, and whether each event recorded random acts. */
function marks(events: readonly { readonly seq: number; readonly payload: DomainEvent }[]) {
  const seqs = (pick: (p: DomainEvent) => unknown) => events.filter((e) => pick(e.payload)).map((e) => e.seq);
  return {
    commitments: seqs((p) => p.commitment),
    reveals: seqs((p) => p.seedReveal),
    acts: seqs((p) => (p.random?.acts.length ?? 0) > 0),
  };
}

/**
 * The guarantees an import of `doc` cannot give: none for an ended game (its export carries the
 * reveal that opens its commitments); for a game in play, the seats' starting cards always, and
 * the acts before the import when it recorded any that no reveal in the document opens.
 */
export function importLimits(doc: ExportDocument): ImportLimit[] {
  const log = marks(doc.events.map((e) => ({ seq: e.seq, payload: e.payload as unknown as DomainEvent })));
  const revealedAfter = (seq: number) => log.reveals.some((r) => r > seq);
  const limits: ImportLimit[] = [];
  const opened = (act: number) => {
    const commitment = log.commitments.filter((c) => c < act).at(-1);
    return commitment !== undefined && revealedAfter(commitment);
  };
  if (log.acts.some((seq) => !opened(seq)))
    limits.push({
      code: 'ACTS_BEFORE_IMPORT',
      reason:
        'The random acts before the import follow from a seed this document does not reveal: they are never verified.',
    });
  const first = log.commitments[0];
  if (first === undefined || !revealedAfter(first))
    limits.push({
      code: 'SEAT_CARDS_UNOPENED',
      reason:
        'The seats’ commitments to their starting cards are salted with a seed this document does not reveal: no seat can replay its own cards.',
    });
  return limits;
}
