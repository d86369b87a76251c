/**
 * The one mapping from a stored event (decoded `StoredEvent`, unredacted payload) to the GraphQL
 * `GameEvent`, redacted for a viewer by the rules layer's `redactEvent`. History pages, mutation
 * payloads and subscriptions all go through {@link toGameEvent}.
 *
 * An event renders as of the event, never as of now: its objects are the transitions' `after`
 * snapshots; their zone's id, type, owner and index come from the event itself; every other nested
 * field (zone name, count and objects, owner, controller, host, attached, revealedTo) resolves in
 * the game as it was right after the event, which the caller's {@link EventTimeSource} supplies
 * (loaded on first use, once per batch).
 */
import { clockChangeOut, clockOut } from './clock.js';
import type { StoredEvent } from '../db/rows.js';
import {
  redactEvent,
  type GameState,
  type RulesetSpec,
  type Viewer,
  type ZoneState,
} from '../rules/index.js';
import { buildLookup, memoLookup, type LookupSource, type PlayerOut } from './lookup.js';
import type { ObjectOut } from './objects.js';
import { resultOut, turnOut } from './table.js';

/** The game as of events: what their nested fields resolve in. Implementations load lazily. */
export interface EventTimeSource {
  /** The game's seats (they do not change during a game: as of every event). */
  players(): Promise<readonly PlayerOut[]>;
  /** The state right after the event with this seq. */
  stateAfter(seq: number): Promise<GameState>;
}

const keyOf = (seq: number, viewer: Viewer) =>
  `${seq}|${viewer.kind === 'player' ? viewer.playerId : viewer.kind}`;

/**
 * Lookups of the game right after each event, one per event and viewer, each built on first use.
 * One per batch of events (a page, a payload, a live delivery), shared by its viewers.
 */
export class EventTimeline {
  readonly #lookups = new Map<string, LookupSource>();

  constructor(
    private readonly spec: RulesetSpec,
    private readonly source: EventTimeSource,
  ) {}

  /** The lookup to use after event `seq` for `viewer`, when the caller already has one (a payload's). */
  share(seq: number, viewer: Viewer, lookup: LookupSource): void {
    this.#lookups.set(keyOf(seq, viewer), lookup);
  }

  lookupAfter(seq: number, viewer: Viewer): LookupSource {
    const key = keyOf(seq, viewer);
    let lookup = this.#lookups.get(key);
    if (!lookup) {
      lookup = memoLookup(async () => {
        const [players, state] = await Promise.all([this.source.players(), this.source.stateAfter(seq)]);
        return buildLookup(this.spec, state, viewer, players);
      });
      this.#lookups.set(key, lookup);
    }
    return lookup;
  }
}

/**
 * GAME_CREATED: the viewer's own commitment to its starting cards (docs/fairness.md, "Your own
 * cards"); a seat is never shown another seat's, nor is any other viewer.
 */
const ownDeckCommitment = (event: StoredEvent['payload'], viewer: Viewer): string | null =>
  viewer.kind === 'player'
    ? (event.deckCommitments?.find((d) => d.playerId === viewer.playerId)?.hash ?? null)
    : null;

const zoneRef = (z: ZoneState) => ({ id: z.id, type: z.type, ownerId: z.ownerId, index: z.index });

/** A stored event as `viewer` may see it, its nested fields as of the event (see the file's comment). */
export function toGameEvent(row: StoredEvent, spec: RulesetSpec, viewer: Viewer, timeline: EventTimeline) {
  const event = row.payload;
  const view = redactEvent(spec, event, viewer);
  const lookup = timeline.lookupAfter(row.seq, viewer);
  return {
    gameId: row.gameId,
    seq: row.seq,
    version: row.version,
    kind: view.kind,
    actor: {
      kind: row.actorKind,
      playerId: row.actorKind === 'PLAYER' ? row.actorPlayerId : null,
      onBehalfOf: row.actorKind === 'ADMIN' ? row.actorPlayerId : null,
    },
    at: row.createdAt,
    zoneIds: view.zoneIds,
    rules: view.rules,
    changes: view.changes.map((c) => ({
      previousId: c.previousId,
      objectId: c.objectId,
      fromZoneId: c.fromZoneId,
      toZoneId: c.toZoneId,
      object: c.object === null ? null : ({ view: c.object, lookup, event } satisfies ObjectOut),
    })),
    zonesCreated: view.zonesCreated.map(zoneRef),
    zonesRemoved: view.zonesRemoved.map(zoneRef),
    // zk-rng/1 (docs/fairness.md): public parts only; the acts' keys are in the transcript after the end.
    randomness: event.random ? { scheme: event.random.scheme, acts: event.random.acts.length } : null,
    commitment: event.commitment
      ? { ...event.commitment, waitsForSeats: event.commitment.waitsForSeats ?? false }
      : null,
    deckCommitment: ownDeckCommitment(event, viewer),
    revealedSeed: event.seedReveal?.seed ?? null,
    counterChanges: view.counterChanges,
    turn: turnOut(view.turn, lookup),
    result: resultOut(view.result, lookup),
    concededPlayerId: view.concededPlayerId,
    roll: view.roll
      ? { ...view.roll, coins: view.roll.coins?.map((c) => (c === 'heads' ? 'HEADS' : 'TAILS')) ?? null }
      : null,
    entropy: view.entropy,
    // A judge's rewind: the event it went back to, the mode and the reason are public (IPG 1.4).
    rewind: event.rewind ?? null,
    // A takeback's request and answers: who asked, back to which event, why, who answered (public).
    takeback: event.takeback ?? null,
    // The clocks are public: every viewer reads them as of the event's own instant.
    clock: event.table?.clock ? clockOut(event.table.clock, event.table.clock.asOf) : null,
    clockChange: clockChangeOut(event.clockChange),
  };
}

export type GameEventOut = ReturnType<typeof toGameEvent>;

/**
 * Events of a history page that graphql-js walks in one turn of the event loop. The rest are handed
 * over {@link PAGE_CHUNK} at a time, one turn of the loop apart: a page's walk of its selection over
 * every event is synchronous, and another seat's move, which shares the loop, would otherwise wait
 * behind all of it (docs/architecture.md, "Why this shape").
 */
export const PAGE_CHUNK = 20;

/** Resolves on the event loop's next turn, after the I/O that is ready (a move's answer). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One history page for `viewer`: every event mapped by {@link toGameEvent} at once (so a failure is
 * the page's, as before), then handed to graphql-js {@link PAGE_CHUNK} at a time, each chunk a turn
 * of the event loop after the last. The values, their order and so the response are those of the
 * plain list: only when graphql-js walks each chunk changes.
 */
export function eventPageOut(
  rows: readonly StoredEvent[],
  spec: RulesetSpec,
  viewer: Viewer,
  asOf: EventTimeSource,
): (GameEventOut | Promise<GameEventOut>)[] {
  const timeline = new EventTimeline(spec, asOf);
  const events = rows.map((row) => toGameEvent(row, spec, viewer, timeline));
  if (events.length <= PAGE_CHUNK) return events;
  const out: (GameEventOut | Promise<GameEventOut>)[] = events.slice(0, PAGE_CHUNK);
  let turn: Promise<void> = Promise.resolve();
  for (let i = PAGE_CHUNK; i < events.length; i += PAGE_CHUNK) {
    // Each chunk's turn is taken once the previous chunk is handed over: one chunk per turn.
    turn = turn.then(nextTurn);
    for (const event of events.slice(i, i + PAGE_CHUNK)) out.push(turn.then(() => event));
  }
  return out;
}

/**
 * The event hub's mapper: {@link toGameEvent}, with one timeline per batch of events, so a batch
 * delivered to many subscribers loads the game as of its events at most once. `asOf` gives the game
 * as of a batch of one game's events (the authority's `eventsAsOf`).
 */
export function liveEventMapper(asOf: (gameId: string, batch: readonly StoredEvent[]) => EventTimeSource) {
  return (rows: readonly StoredEvent[]) => {
    let timeline: EventTimeline | null = null;
    return (row: StoredEvent, spec: RulesetSpec, viewer: Viewer): GameEventOut =>
      toGameEvent(
        row,
        spec,
        viewer,
        (timeline ??= new EventTimeline(spec, asOf(rows[0]?.gameId ?? '', rows))),
      );
  };
}
