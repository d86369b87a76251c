/**
 * An independent verifier of zk-rng/2 and zk-rng/1 (docs/fairness.md), on `@noble/hashes` only, so
 * it runs in browsers and in Node. {@link verifyGame} takes an ended game's verification transcript
 * (`Query.fairnessTranscript`) and recomputes every shuffle, pick, die roll and coin flip from the
 * revealed seed and the seats' entropy; it names the first event that does not match, and counts the
 * acts made before every seat's entropy was in (not covered by seat input).
 *
 *   const { fairnessTranscript } = await zk.request(FairnessTranscriptDocument, { gameId });
 *   const report = verifyGame(fairnessTranscript);   // report.verdict: see VerifyReport
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { checkSeat, type SeatCheck, type SeatRecord, type SeatSection } from './seat-replay.js';

/**
 * One random act as the transcript records it, over internal keys, top first. `count`: how many
 * were asked for (zk-rng/2 records it; a list cut to a prefix then no longer verifies).
 */
export type TranscriptAct =
  | { index: number; kind: 'shuffle'; before: string[]; after: string[]; part?: 'top' | 'bottom' }
  | { index: number; kind: 'pick'; from: string[]; picked: string[]; count?: number }
  | { index: number; kind: 'roll'; sides: number; results: number[]; count?: number }
  | { index: number; kind: 'coin'; results: ('heads' | 'tails')[]; count?: number };

/** An event no seat made (an admin's, the referee's, the service's). */
export interface NonSeatEvent {
  seq: number;
  kind: string;
  actor: string;
}

/** The `zk-rng/1.transcript` document. */
export interface Transcript {
  format: string;
  gameId: string;
  /** The game's seats (player ids): an act is covered by seat input once each of them added entropy. */
  seatIds?: string[];
  commitments: {
    seq: number;
    scheme: string;
    gameId: string;
    hash: string;
    revealFaces: boolean;
    waitsForSeats?: boolean;
  }[];
  reveal: { seq: number; scheme: string; seed: string } | null;
  /** Seat entropy, in seq order: each piece is folded into every later act's key. */
  entropy?: { seq: number; playerId: string | null; data: string }[];
  /**
   * `withoutSeats`: the seats whose entropy since the commitment the acts were made without (a game
   * created not to wait); `interposed`: events no seat made since the latest seat entropy before them.
   */
  events: {
    seq: number;
    kind: string;
    scheme: string | null;
    acts: TranscriptAct[];
    withoutSeats?: string[];
    interposed?: NonSeatEvent[];
  }[];
  faces?: Record<string, string>;
  /** What the end releases to each seat of its own cards: a seat's transcript holds its own only. */
  seats?: SeatSection[];
}

/** What {@link verifyGame} found. */
export interface VerifyReport {
  /**
   * - `verified`: the seed matches its commitment, at least one act was recomputed, every act
   *   matches and none is outside the scheme;
   * - `partial`: as `verified`, but some acts are not covered (made before an import), or were made
   *   before every seat had added entropy since the commitment (`withoutSeatInput`), or the seat's
   *   own cards could not be replayed (`seat.notChecked`: a game imported in play);
   * - `nothing to verify`: the seed matches, and the transcript records no act at all;
   * - `not covered`: no act could be checked: no commitment, no reveal, or only acts outside the scheme;
   * - `mismatch`: something does not follow from the seed (`firstMismatch` names the event).
   */
  verdict: 'verified' | 'partial' | 'nothing to verify' | 'not covered' | 'mismatch';
  /** Acts recomputed and found equal. */
  verified: number;
  /** Acts outside the scheme: a game from before it, or made before the game was imported. */
  notCovered: number;
  /**
   * Verified acts not covered by seat input: made before each of the transcript's seats added
   * entropy after the commitment (a game created not to wait), so the seed alone decided them.
   */
  withoutSeatInput: number;
  /** Verified acts made after an event no seat made, with no seat entropy in between (`interposed`). */
  afterNonSeatEvents: number;
  /** Verified acts by kind (`partial`: the shuffles of a zone's top or bottom part, also in `shuffle`). */
  counts: { shuffle: number; partial: number; pick: number; roll: number; coin: number };
  /** The first event that does not match, and why. */
  firstMismatch?: { seq: number; reason: string };
  /** With a seat's live record: what its own replay and record checked (client/seat-replay.ts). */
  seat?: SeatCheck;
}

/** The schemes this verifier checks; zk-rng/2 differs from zk-rng/1 only in the per-act key. */
const SCHEMES: readonly string[] = ['zk-rng/1', 'zk-rng/2'];
const TWO32 = 4294967296;
const tag = (name: string, scheme = 'zk-rng/1') => utf8ToBytes(`${scheme}:${name}\u0000`);

/** SHA-256("zk-rng/1:commit\0" ‖ seed), hex (zk-rng/2 keeps zk-rng/1's commitment). */
export function commitmentHash(seed: Uint8Array): string {
  return bytesToHex(sha256(concatBytes(tag('commit'), seed)));
}

/**
 * zk-rng/2's per-act key (docs/fairness.md, "Per-act key"): `number` is the act's number among the
 * game's random acts since the commitment, from 0.
 */
export function perActKey2(seed: Uint8Array, gameId: string, number: number, entropy: Uint8Array) {
  const id = utf8ToBytes(gameId);
  const n = new Uint8Array(8);
  new DataView(n.buffer).setBigUint64(0, BigInt(number));
  return hmac(sha256, seed, concatBytes(tag('act', 'zk-rng/2'), Uint8Array.of(id.length), id, n, entropy));
}

/** zk-rng/1's per-act key (docs/fairness.md, "Per-act key"): the act's event seq and index there. */
export function perActKey(seed: Uint8Array, gameId: string, seq: number, index: number, entropy: Uint8Array) {
  const id = utf8ToBytes(gameId);
  const position = new Uint8Array(12);
  const view = new DataView(position.buffer);
  view.setBigUint64(0, BigInt(seq));
  view.setUint32(8, index);
  return hmac(sha256, seed, concatBytes(tag('act'), Uint8Array.of(id.length), id, position, entropy));
}

/** The entropy hash before any seat added entropy. */
export const startEntropy = (): Uint8Array => sha256(tag('entropy'));

/** The entropy hash after a seat adds `data`: SHA-256("zk-rng/1:entropy\0" ‖ E ‖ data). */
export const foldEntropy = (current: Uint8Array, data: Uint8Array): Uint8Array =>
  sha256(concatBytes(tag('entropy'), current, data));

/** A draw function over one act's key: words of HMAC(key, u64 counter), rejection to [0, n). */
export function drawsFrom(key: Uint8Array): (n: number) => number {
  let counter = 0;
  let words: number[] = [];
  const next = () => {
    if (words.length === 0) {
      const block = new Uint8Array(8);
      new DataView(block.buffer).setBigUint64(0, BigInt(counter++));
      const out = hmac(sha256, key, block);
      const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
      words = Array.from({ length: 8 }, (_, i) => v.getUint32(i * 4));
    }
    return words.shift() as number;
  };
  return (n) => {
    const bound = TWO32 - (TWO32 % n);
    let w = next();
    while (w >= bound) w = next();
    return w % n;
  };
}

/** The first `count` steps of the Fisher–Yates shuffle from the top. */
export function shuffleTop<T>(list: readonly T[], count: number, draw: (n: number) => number): T[] {
  const out = list.slice();
  for (let i = 0; i < Math.min(count, out.length - 1); i++) {
    const j = i + draw(out.length - i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * What every act of its kind records: a pick picks, a roll rolls and a flip flips at least one;
 * under zk-rng/2 (`counted`), as many as were asked for (a pick: at most its pool).
 */
function emptyAct(act: TranscriptAct, counted: boolean): string | null {
  switch (act.kind) {
    case 'shuffle':
      return act.before.length === act.after.length
        ? null
        : `shuffle ${act.index}: before and after differ in length`;
    case 'pick':
      if (act.picked.length === 0) return `pick ${act.index}: no object picked`;
      return !counted || act.picked.length === Math.min(countOf(act), act.from.length)
        ? null
        : `pick ${act.index}: ${act.picked.length} picked, ${String(act.count)} asked for`;
    case 'roll':
    case 'coin':
      if (act.results.length === 0) return `${act.kind} ${act.index}: no results`;
      return !counted || act.results.length === countOf(act)
        ? null
        : `${act.kind} ${act.index}: ${act.results.length} results, ${String(act.count)} asked for`;
  }
}

/** The count an act records, or NaN when it records none (a zk-rng/2 act without one is a mismatch). */
const countOf = (act: { count?: number }) =>
  typeof act.count === 'number' && Number.isInteger(act.count) && act.count >= 1 ? act.count : NaN;

/** Recomputes one act; a reason when it does not match. */
function checkAct(act: TranscriptAct, draw: (n: number) => number, counted: boolean): string | null {
  const empty = emptyAct(act, counted);
  if (empty !== null) return empty;
  switch (act.kind) {
    case 'shuffle':
      return same(shuffleTop(act.before, act.before.length, draw), act.after)
        ? null
        : `shuffle ${act.index}: the order after does not follow from the seed`;
    case 'pick': {
      const picked = shuffleTop(act.from, act.picked.length, draw).slice(0, act.picked.length);
      return same(picked, act.picked)
        ? null
        : `pick ${act.index}: the objects picked do not follow from the seed`;
    }
    case 'roll':
      return act.results.every((r) => r === 1 + draw(act.sides))
        ? null
        : `roll ${act.index}: the dice do not follow from the seed`;
    case 'coin':
      return act.results.every((r) => r === (draw(2) === 0 ? 'heads' : 'tails'))
        ? null
        : `coin ${act.index}: the flips do not follow from the seed`;
  }
}

type TranscriptEvent = Transcript['events'][number];

/** The seats `t` names that added no entropy after `from` and before `to` (no seats named: unknown). */
function seatsWithout(t: Transcript, from: number, to: number): string[] | null {
  if (!t.seatIds || t.seatIds.length === 0) return null;
  const given = new Set((t.entropy ?? []).filter((x) => x.seq > from && x.seq < to).map((x) => x.playerId));
  return t.seatIds.filter((s) => !given.has(s));
}

/** The verdict of a report whose acts all matched. */
function verdictOf(r: VerifyReport): VerifyReport['verdict'] {
  if (r.verified === 0) return r.notCovered === 0 ? 'nothing to verify' : 'not covered';
  return r.notCovered === 0 && r.withoutSeatInput === 0 ? 'verified' : 'partial';
}

/** `report` as a mismatch at `seq`. */
function mismatch(report: VerifyReport, seq: number, reason: string): VerifyReport {
  return { ...report, verdict: 'mismatch', firstMismatch: { seq, reason } };
}

/**
 * Recomputes the acts of `covered` (in seq order) from `seed`, numbering zk-rng/2's acts from 0 after
 * the commitment; the report so far, or a mismatch.
 */
function checkEvents(
  t: Transcript,
  commitment: Transcript['commitments'][number],
  seed: Uint8Array,
  covered: readonly TranscriptEvent[],
  report: VerifyReport,
): VerifyReport {
  const zk2 = commitment.scheme === 'zk-rng/2';
  const added = [...(t.entropy ?? [])].sort((a, b) => a.seq - b.seq);
  let entropy = startEntropy();
  let number = 0;
  for (const e of covered) {
    while (added.length > 0 && added[0]!.seq < e.seq)
      entropy = foldEntropy(entropy, hexToBytes(added.shift()!.data));
    const without = seatsWithout(t, commitment.seq, e.seq);
    for (const act of e.acts) {
      const key = zk2
        ? perActKey2(seed, commitment.gameId, number++, entropy)
        : perActKey(seed, commitment.gameId, e.seq, act.index, entropy);
      const reason = checkAct(act, drawsFrom(key), zk2);
      if (reason !== null) return mismatch(report, e.seq, reason);
      report.verified += 1;
      report.counts[act.kind] += 1;
      if (act.kind === 'shuffle' && act.part) report.counts.partial += 1;
      if (without === null || without.length > 0) report.withoutSeatInput += 1;
      if ((e.interposed ?? []).length > 0) report.afterNonSeatEvents += 1;
    }
  }
  return { ...report, verdict: verdictOf(report) };
}

/**
 * Verifies every random act of an ended game's transcript (see the file comment). Given what a seat
 * recorded live (`seat`, from {@link seatRecordOf}), it also checks the transcript against that
 * record and replays the seat's own cards from its opened starting order (docs/fairness.md, "Your
 * own cards"): a transcript whose `before` was chosen to suit someone is then a mismatch.
 */
export function verifyGame(t: Transcript, seat?: SeatRecord): VerifyReport {
  const report = verifyActs(t);
  if (!seat) return report;
  // The seed opens the seat's commitment only once it was checked against the game's commitment.
  const checked = ['verified', 'partial', 'nothing to verify'].includes(report.verdict);
  report.seat = checkSeat(t, seat, checked && t.reveal ? hexToBytes(t.reveal.seed) : null);
  const found = report.seat.mismatch;
  if (found && (!report.firstMismatch || found.seq < report.firstMismatch.seq)) {
    report.verdict = 'mismatch';
    report.firstMismatch = found;
  }
  // A check the seat could not make is never passed over as verified.
  if (report.seat.notChecked && report.verdict === 'verified') report.verdict = 'partial';
  return report;
}

function verifyActs(t: Transcript): VerifyReport {
  const report: VerifyReport = {
    verdict: 'not covered',
    verified: 0,
    notCovered: 0,
    withoutSeatInput: 0,
    afterNonSeatEvents: 0,
    counts: { shuffle: 0, partial: 0, pick: 0, roll: 0, coin: 0 },
  };
  const reveal = t.reveal;
  // A reveal opens the last commitment before it (docs/fairness.md, "Transcript"): an ended game
  // imported again commits anew after its reveal, a commitment never opened that covers no act.
  const commitment = reveal ? t.commitments.filter((c) => c.seq < reveal.seq).at(-1) : t.commitments.at(-1);
  const scheme = commitment && SCHEMES.includes(commitment.scheme) ? commitment.scheme : null;
  const after = t.events.filter(
    (e) => commitment && e.seq > commitment.seq && (!reveal || e.seq < reveal.seq),
  );
  const covered = after.filter((e) => scheme !== null && e.scheme === scheme);
  report.notCovered = t.events.filter((e) => !covered.includes(e)).reduce((n, e) => n + e.acts.length, 0);
  if (!commitment || scheme === null || !reveal) return report;
  // Every act after a commitment is drawn under its scheme: one marked otherwise was rewritten.
  const outside = after.find((e) => e.scheme !== scheme && e.acts.length > 0);
  if (outside)
    return mismatch(report, outside.seq, `an act after the commitment is marked ${String(outside.scheme)}`);
  const seed = hexToBytes(reveal.seed);
  if (commitmentHash(seed) !== commitment.hash)
    return mismatch(report, reveal.seq, 'the revealed seed does not match the commitment');
  return checkEvents(t, commitment, seed, covered, report);
}
