/**
 * The seat's side of zk-rng/1 (docs/fairness.md, "Your own cards"), on `@noble/hashes` only: what
 * a seat recorded live ({@link SeatRecord}) checked against an ended game's transcript. The
 * transcript's own `before` and `from` are not believed: the seat opens its commitment to its
 * starting cards, replays every change of order in the zones those cards passed through, and
 * checks that each shuffle and pick drew from the order the replay reached and that the cards it
 * saw arrive are the faces of the keys the transcript moved. It also checks the seq-1 commitment,
 * its own entropy, and the rolls and flips it saw, against what it recorded.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** One object's place after an event: in a followed zone at a sort key (smaller: nearer the top), or gone from them. */
export type OrderMove = readonly [key: string, zone: string | null, sortKey: number | null];

/** What the end releases to a seat of its own cards (the transcript's `seats`). */
export interface SeatSection {
  playerId: string;
  seat: number;
  opening: { zone: string; slot: number; key: string; face: string }[];
  zones: string[];
  orders: { seq: number; moves: OrderMove[] }[];
}

/** What a seat recorded while it played: built from its own events by {@link seatRecordOf}. */
export interface SeatRecord {
  playerId: string;
  /** The seq-1 commitment's hash, as it saw it live. */
  commitment: string;
  /**
   * Every commitment it saw live (seq 1's, an import's). Absent: not compared, and a reveal of a
   * later commitment is taken as the transcript records it.
   */
  commitments?: { seq: number; hash: string }[];
  /** Its own commitment to its starting cards, shown to it alone at seq 1. */
  deckCommitment: string | null;
  /** The ids of the zones seq 1 created, in order: a commitment's slots. */
  zones: string[];
  /** Its own entropy pieces. */
  entropy: { seq: number; data: string }[];
  /** The rolls and flips it was shown live. */
  rolls: { seq: number; dice: number[] | null; coins: ('heads' | 'tails')[] | null }[];
  /** Its own objects it saw arrive in a zone: the face it saw, or null if it saw none. */
  arrivals: { seq: number; zone: string; face: string | null }[];
  /** Its own deck, card names in any order (null: not given, not compared). */
  deck: string[] | null;
}

/** The parts of a `GameEvent` a seat records (the client's `SeatEventFields`). */
export interface SeatEvent {
  seq: number;
  commitment?: { hash: string } | null;
  deckCommitment?: string | null;
  zonesCreated?: { id: string }[];
  entropy?: { playerId: string | null; data: string } | null;
  roll?: { dice: number[] | null; coins: ('HEADS' | 'TAILS')[] | null } | null;
  changes?: {
    toZoneId: string | null;
    object: { kind: string; owner: { id: string }; card: { name: string } | null } | null;
  }[];
}

/** A seat's record from the events it received (live, or its history, which reads the same). */
export function seatRecordOf(
  playerId: string,
  events: readonly SeatEvent[],
  deck: string[] | null = null,
): SeatRecord {
  const first = events.find((e) => e.seq === 1);
  const record: SeatRecord = {
    playerId,
    commitment: first?.commitment?.hash ?? '',
    commitments: events.flatMap((e) => (e.commitment ? [{ seq: e.seq, hash: e.commitment.hash }] : [])),
    deckCommitment: first?.deckCommitment ?? null,
    zones: first?.zonesCreated?.map((z) => z.id) ?? [],
    entropy: [],
    rolls: [],
    arrivals: [],
    deck,
  };
  for (const e of events) {
    if (e.entropy && e.entropy.playerId === playerId)
      record.entropy.push({ seq: e.seq, data: e.entropy.data });
    if (e.roll && (e.roll.dice || e.roll.coins))
      record.rolls.push({
        seq: e.seq,
        dice: e.roll.dice,
        coins: e.roll.coins?.map((c) => (c === 'HEADS' ? 'heads' : 'tails')) ?? null,
      });
    if (e.seq === 1) continue;
    for (const c of e.changes ?? [])
      if (c.toZoneId && c.object && c.object.kind === 'CARD' && c.object.owner.id === playerId)
        record.arrivals.push({ seq: e.seq, zone: c.toZoneId, face: c.object.card?.name ?? null });
  }
  return record;
}

const tag = utf8ToBytes('zk-rng/1:deck\u0000');

/** The seat's salt: HMAC(seed, "zk-rng/1:deck" ‖ 0x00 ‖ u8(seat)). */
export const deckSalt = (seed: Uint8Array, seat: number): Uint8Array =>
  hmac(sha256, seed, concatBytes(tag, Uint8Array.of(seat)));

/** SHA256("zk-rng/1:deck" ‖ 0x00 ‖ salt ‖ JSON([[slot, face], …])), hex. */
export const deckCommitmentOf = (
  salt: Uint8Array,
  cards: readonly { slot: number; face: string }[],
): string =>
  bytesToHex(sha256(concatBytes(tag, salt, utf8ToBytes(JSON.stringify(cards.map((c) => [c.slot, c.face]))))));

/** One random act, as the transcript records it (client/verify.ts `TranscriptAct`). */
type Act =
  | { index: number; kind: 'shuffle'; before: string[]; after: string[]; part?: 'top' | 'bottom' }
  | { index: number; kind: 'pick'; from: string[]; picked: string[] }
  | { index: number; kind: 'roll'; sides: number; results: number[] }
  | { index: number; kind: 'coin'; results: ('heads' | 'tails')[] };

/** What the seat's check reads of a transcript. */
export interface SeatTranscript {
  commitments: { seq: number; hash: string }[];
  reveal: { seq: number } | null;
  entropy?: { seq: number; playerId: string | null; data: string }[];
  events: { seq: number; kind: string; acts: Act[] }[];
  seats?: SeatSection[];
}

/** What the seat's check found. */
export interface SeatCheck {
  /** Shuffles, picks and random orders the replay checked against the replayed order. */
  replayed: { shuffle: number; pick: number; order: number };
  /** Where each act the replay checked is, as `seq:index`. */
  replayedAt: string[];
  /** Own cards whose face, as the seat saw it arrive, was compared with the opened key's. */
  arrivals: number;
  /** Rolls and flips compared with what the seat was shown live. */
  live: number;
  mismatch?: { seq: number; reason: string };
  /**
   * A check the transcript cannot support, and why (`seq`: the commitment the reveal opens).
   * `SEAT_CARDS_UNOPENED`: the reveal opens a later commitment than seq 1's (a game imported in
   * play), so the seat's commitment to its starting cards, salted with the seq-1 seed, cannot be
   * opened and its cards are not replayed (the transfer's import limit of the same code).
   */
  notChecked?: { code: 'SEAT_CARDS_UNOPENED'; seq: number; reason: string };
}

class Mismatch extends Error {
  constructor(
    readonly seq: number,
    reason: string,
  ) {
    super(reason);
  }
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The followed zones' orders, replayed from the opened start. */
class Replay {
  readonly #zones = new Map<string, Map<string, number>>();
  readonly #where = new Map<string, string>();

  apply(moves: readonly OrderMove[]): string[] {
    const arrived: string[] = [];
    for (const [key] of moves) {
      const from = this.#where.get(key);
      if (from !== undefined) this.#zones.get(from)!.delete(key);
      this.#where.delete(key);
    }
    for (const [key, zone, sortKey] of moves) {
      if (zone === null || sortKey === null) continue;
      let z = this.#zones.get(zone);
      if (!z) this.#zones.set(zone, (z = new Map()));
      z.set(key, sortKey);
      this.#where.set(key, zone);
      arrived.push(key);
    }
    return arrived;
  }

  zoneOf(key: string | undefined): string | undefined {
    return key === undefined ? undefined : this.#where.get(key);
  }

  order(zone: string): string[] {
    return [...(this.#zones.get(zone) ?? new Map<string, number>())]
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
      .map(([k]) => k);
  }
}

const partOf = (order: string[], act: { part?: 'top' | 'bottom'; before: string[] }) =>
  act.part === 'top'
    ? order.slice(0, act.before.length)
    : act.part === 'bottom'
      ? order.slice(order.length - act.before.length)
      : order;

/** The live record's own parts: the seq-1 commitment, its entropy, the rolls and flips it saw. */
function checkLive(t: SeatTranscript, r: SeatRecord, check: SeatCheck): void {
  const first = t.commitments.find((c) => c.seq === 1);
  if (!first || first.hash !== r.commitment)
    throw new Mismatch(1, 'the commitment is not the one the seat saw at seq 1');
  for (const mine of r.entropy)
    if (!t.entropy?.some((e) => e.seq === mine.seq && e.data === mine.data && e.playerId === r.playerId))
      throw new Mismatch(mine.seq, 'the seat’s own entropy is missing or changed');
  for (const e of t.entropy ?? [])
    if (e.playerId === r.playerId && !r.entropy.some((m) => m.seq === e.seq && m.data === e.data))
      throw new Mismatch(e.seq, 'entropy the seat never added is recorded as its own');
  for (const roll of r.rolls) {
    const acts = t.events.find((e) => e.seq === roll.seq)?.acts ?? [];
    const shown = roll.dice ?? roll.coins ?? [];
    const act = acts.find((a) => a.kind === (roll.dice ? 'roll' : 'coin'));
    if (!act || !('results' in act) || JSON.stringify(act.results) !== JSON.stringify(shown))
      throw new Mismatch(roll.seq, 'the results are not those the seat was shown live');
    check.live += 1;
  }
}

/**
 * Whether the reveal opens seq 1's commitment, which salted the seat's starting cards; if it opens
 * a later one (an import's), the seat must have seen that commitment live, and its cards cannot be
 * replayed: what the check cannot support, or null.
 */
function unopened(t: SeatTranscript, r: SeatRecord): SeatCheck['notChecked'] | null {
  const reveal = t.reveal;
  const opened = reveal ? t.commitments.filter((c) => c.seq < reveal.seq).at(-1) : undefined;
  if (!opened || opened.seq === 1) return null;
  if (r.commitments && !r.commitments.some((c) => c.seq === opened.seq && c.hash === opened.hash))
    throw new Mismatch(opened.seq, 'the seed opens a commitment the seat never saw');
  return {
    code: 'SEAT_CARDS_UNOPENED',
    seq: opened.seq,
    reason:
      'the seed opens the import’s commitment, not the one that salted the seat’s starting cards: its cards are not replayed',
  };
}

/** Opens the seat's commitment; the replay's start. */
function open(
  section: SeatSection | undefined,
  r: SeatRecord,
  seed: Uint8Array,
  replay: Replay,
): Set<string> {
  if (!section) throw new Mismatch(1, 'the transcript does not open the seat’s starting cards');
  const { opening } = section;
  if (
    r.deckCommitment === null ||
    deckCommitmentOf(deckSalt(seed, section.seat), opening) !== r.deckCommitment
  )
    throw new Mismatch(1, 'the opened starting cards do not match the seat’s commitment');
  if (opening.some((c) => r.zones[c.slot] !== c.zone))
    throw new Mismatch(1, 'an opened card is placed in another zone than its slot');
  if (r.deck && !same([...r.deck].sort(), opening.map((c) => c.face).sort()))
    throw new Mismatch(1, 'the opened starting cards are not the seat’s deck');
  const start = section.orders.find((o) => o.seq === 1);
  replay.apply(start?.moves ?? []);
  for (const zone of new Set(opening.map((c) => c.zone))) {
    const keys = new Set(opening.filter((c) => c.zone === zone).map((c) => c.key));
    const replayed = replay.order(zone).filter((k) => keys.has(k));
    if (!same(replayed, [...keys])) throw new Mismatch(1, 'the starting order is not the opened one');
  }
  return new Set(opening.map((c) => c.key));
}

/** The faces the seat saw arrive at `seq` cover the opened keys the replay moved there. */
function checkArrivals(
  seq: number,
  arrived: readonly string[],
  replay: Replay,
  faces: ReadonlyMap<string, string>,
  r: SeatRecord,
  check: SeatCheck,
): void {
  for (const zone of new Set(arrived.map((k) => replay.zoneOf(k)!))) {
    const seen = r.arrivals.filter((a) => a.seq === seq && a.zone === zone).map((a) => a.face);
    if (seen.length === 0) continue;
    for (const key of arrived.filter((k) => replay.zoneOf(k) === zone && faces.has(k))) {
      const face = faces.get(key)!;
      const at = seen.includes(face) ? seen.indexOf(face) : seen.indexOf(null);
      if (at < 0)
        throw new Mismatch(
          seq,
          `the seat saw other cards arrive than the opened ${face} the transcript moved`,
        );
      seen.splice(at, 1);
      check.arrivals += 1;
    }
  }
}

/** A random act checked against the replayed order, before its event's changes apply. */
function checkBefore(
  kind: string,
  act: Act,
  replay: Replay,
  seq: number,
  check: SeatCheck,
): (() => void) | null {
  if (act.kind === 'shuffle') {
    const zone = replay.zoneOf(act.before[0]);
    if (zone === undefined) return null;
    if (kind !== 'ZONE_SHUFFLED')
      return () => {
        const to = replay.zoneOf(act.after[0]);
        if (to === undefined) return;
        const set = new Set(act.after);
        if (
          !same(
            replay.order(to).filter((k) => set.has(k)),
            act.after,
          )
        )
          throw new Mismatch(seq, `order ${act.index}: the objects did not arrive in the order drawn`);
        check.replayed.order += 1;
        check.replayedAt.push(`${seq}:${act.index}`);
      };
    if (!same(partOf(replay.order(zone), act), act.before))
      throw new Mismatch(
        seq,
        `shuffle ${act.index}: before is not the zone's order replayed from the opened start`,
      );
    check.replayed.shuffle += 1;
    check.replayedAt.push(`${seq}:${act.index}`);
    return () => {
      if (!same(partOf(replay.order(zone), act), act.after))
        throw new Mismatch(seq, `shuffle ${act.index}: the zone's order is not the one drawn`);
    };
  }
  if (act.kind === 'pick') {
    const zone = replay.zoneOf(act.from[0]);
    if (zone === undefined) return null;
    if (!same(replay.order(zone), act.from))
      throw new Mismatch(
        seq,
        `pick ${act.index}: the pool is not the zone's order replayed from the opened start`,
      );
    check.replayed.pick += 1;
    check.replayedAt.push(`${seq}:${act.index}`);
  }
  return null;
}

/** Replays the seat's own cards: see the file comment. */
function replayAll(t: SeatTranscript, r: SeatRecord, seed: Uint8Array, check: SeatCheck): void {
  const section = t.seats?.find((s) => s.playerId === r.playerId);
  const replay = new Replay();
  open(section, r, seed, replay);
  const faces = new Map(section!.opening.map((c) => [c.key, c.face]));
  const orders = new Map(section!.orders.map((o) => [o.seq, o.moves]));
  const acts = new Map(t.events.map((e) => [e.seq, e]));
  const seqs = [...new Set([...orders.keys(), ...acts.keys()])].filter((s) => s > 1).sort((a, b) => a - b);
  for (const seq of seqs) {
    const event = acts.get(seq);
    const after = (event?.acts ?? [])
      .map((a) => checkBefore(event!.kind, a, replay, seq, check))
      .filter((f): f is () => void => f !== null);
    const arrived = replay.apply(orders.get(seq) ?? []);
    for (const f of after) f();
    checkArrivals(seq, arrived, replay, faces, r, check);
  }
}

/**
 * Checks a transcript against what the seat recorded live, given the revealed seed (already
 * checked against its commitment) or null when there is none.
 */
export function checkSeat(t: SeatTranscript, r: SeatRecord, seed: Uint8Array | null): SeatCheck {
  const check: SeatCheck = {
    replayed: { shuffle: 0, pick: 0, order: 0 },
    replayedAt: [],
    arrivals: 0,
    live: 0,
  };
  try {
    checkLive(t, r, check);
    const notChecked = seed ? unopened(t, r) : null;
    if (notChecked) check.notChecked = notChecked;
    else if (seed) replayAll(t, r, seed, check);
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error;
    check.mismatch = { seq: error.seq, reason: error.message };
  }
  return check;
}
