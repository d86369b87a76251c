/**
 * What a transcript shows of the seats' input (docs/fairness.md, "Seat entropy" and "Transcript"):
 * per event that records acts, the seats whose entropy since the commitment the acts were made
 * without (`withoutSeats`, empty in a game that waited), and the events no seat made since the
 * latest seat entropy (or the commitment) before the acts (`interposed`): whoever made those could
 * have chosen what they changed knowing the seed, so a seat sees them next to the acts they preceded.
 */
import type { NonSeatEvent, TranscriptSource } from '../db/transcript-reads.js';

/** The seat-input fields of one transcript event. */
export interface SeatInputMarks {
  readonly withoutSeats?: readonly string[];
  readonly interposed?: readonly NonSeatEvent[];
}

/** A function giving each act event's marks, the source's events taken in seq order. */
export function seatInputMarks(source: Pick<TranscriptSource, 'events' | 'seats' | 'nonSeat'>) {
  let since = 0; // the latest commitment or seat entropy
  let given = new Set<string>();
  let nonSeat = 0; // index into source.nonSeat
  const out = new Map<number, SeatInputMarks>();
  for (const e of source.events) {
    if (e.payload.random) {
      while (nonSeat < source.nonSeat.length && source.nonSeat[nonSeat]!.seq <= since) nonSeat += 1;
      const interposed = [];
      for (let i = nonSeat; i < source.nonSeat.length && source.nonSeat[i]!.seq < e.seq; i++)
        interposed.push(source.nonSeat[i]!);
      const withoutSeats = source.seats.filter((s) => !given.has(s));
      out.set(e.seq, {
        ...(withoutSeats.length > 0 ? { withoutSeats } : {}),
        ...(interposed.length > 0 ? { interposed } : {}),
      });
    }
    if (e.payload.commitment) {
      since = e.seq;
      given = new Set();
    }
    const seat = e.payload.entropyAdded?.playerId;
    if (seat) {
      since = e.seq;
      given.add(seat);
    }
  }
  return (seq: number): SeatInputMarks => out.get(seq) ?? {};
}
