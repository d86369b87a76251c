/**
 * Reads through the one door: a game as its caller may see it, and the event log's standing, pages
 * and timelines. Each answers with decided values (the loaded game or rows, and the viewer they are
 * seen as); `src/render` shapes them. Unknown games, malformed ids and games the caller has no
 * standing in all give the same NOT_FOUND, so existence does not leak.
 */
import { dbNow } from '../db/clock.js';
import type { Principal } from '../auth/principal.js';
import type { Store } from '../db/store.js';
import { gameAsOfEvents, type KnownState } from './event-time.js';
import { findGameLog, hasZone, readEvents, type StoredEvent } from '../db/log-reads.js';
import { rulesetOfGame } from '../db/ruleset-versions.js';
import { loadCurrentGame, type LoadedGame } from '../db/state.js';
import { notFound } from '../errors.js';
import type { RulesetSpec, Viewer } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import { standingIn, viewerIn } from './standing.js';

export type { KnownState, LoadedGame, StoredEvent };

/** How a principal kind is shown as a game's caller: a referee sees as an admin does, and is shown as what it is. */
export type ReadCallerKind = 'REFEREE' | undefined;

/** `Query.game`: the current game and the viewer the caller sees it as. */
export async function readGame(
  store: Store,
  principal: Principal,
  gameId: string,
): Promise<{ loaded: LoadedGame; viewer: Viewer; callerKind: ReadCallerKind; now: number | null }> {
  const standing = await standingIn(store, principal, gameId);
  const loaded = await loadCurrentGame(store, gameId);
  if (!loaded) throw notFound('Game');
  const callerKind = standing.principal.kind === 'referee' ? 'REFEREE' : undefined;
  // The server's current time, from the database's clock, for a game whose clocks a reader counts down.
  const now = loaded.state.clock ? await dbNow(store.db) : null;
  return { loaded, viewer: standing.viewer, callerKind, now };
}

/** The game's log and who reads it, as whom. */
export interface LogStanding {
  readonly viewer: Viewer;
  readonly spec: RulesetSpec;
  readonly lastSeq: number;
}

/** Who reads the game's log, as whom, in which ruleset, up to which seq. */
export async function logStanding(store: Store, principal: Principal, gameId: string): Promise<LogStanding> {
  const viewer = await viewerIn(store, principal, gameId);
  const game = isUuid(gameId) ? await findGameLog(store.db, gameId) : null;
  if (!game) throw notFound('Game');
  const spec = await rulesetOfGame(store.db, store.rulesets, game.ruleset, game.rulesetVersion);
  return { viewer, spec, lastSeq: game.lastSeq };
}

/** Standing for a subscription to a game (and, for `zoneEvents`, one of its zones). */
export async function subscriptionStanding(
  store: Store,
  principal: Principal,
  gameId: string,
  zoneId: string | null,
): Promise<LogStanding> {
  const standing = await logStanding(store, principal, gameId);
  if (zoneId !== null && !(await hasZone(store.db, gameId, zoneId))) throw notFound('Zone');
  return standing;
}

/** One page of a game's log for a caller with standing in it, with the game as of its events. */
export async function readEventPage(
  store: Store,
  principal: Principal,
  gameId: string,
  afterSeq: number,
  first: number,
): Promise<LogStanding & { rows: StoredEvent[]; asOf: ReturnType<typeof eventsAsOf> }> {
  const standing = await logStanding(store, principal, gameId);
  const rows = await readEvents(store.pool, gameId, afterSeq, first);
  return { ...standing, rows, asOf: eventsAsOf(store, gameId, rows) };
}

/**
 * Seats and states as of a batch of one game's events (in seq order), loaded on first use; `known`
 * is a state already at hand (the one a command just committed).
 */
export function eventsAsOf(store: Store, gameId: string, batch: readonly StoredEvent[], known?: KnownState) {
  return gameAsOfEvents(store, gameId, batch, known);
}
