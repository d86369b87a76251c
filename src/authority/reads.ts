/**
 * Reads through the one door: a game as its caller may see it, and the event log's standing, pages
 * and timelines. Each answers with decided values (the loaded game or rows, and the viewer they are
 * seen as); `src/render` shapes them. Unknown games, malformed ids and games the caller has no
 * standing in all give the same NOT_FOUND, so existence does not leak.
 */
import type { Principal } from '../auth/principal.js';
import type { GameStore, LoadedGame, StoredEvent } from '../db/index.js';
import { gameAsOfEvents, type KnownState } from './event-time.js';
import { notFound } from '../errors.js';
import type { RulesetSpec, Viewer } from '../rules/index.js';
import { viewerIn, type Standing } from './standing.js';

export type { KnownState, LoadedGame, StoredEvent };

/** How a principal kind is shown as a game's caller: a referee sees as an admin does, and is shown as what it is. */
export type ReadCallerKind = 'REFEREE' | undefined;

/** `Query.game`: the current game and the viewer a caller of this standing sees it as. */
export async function readGame(
  store: GameStore,
  standing: Standing,
  gameId: string,
): Promise<{ loaded: LoadedGame; viewer: Viewer; callerKind: ReadCallerKind; now: number | null }> {
  const loaded = await store.loadCurrent(gameId);
  if (!loaded) throw notFound('Game');
  const callerKind = standing.principal.kind === 'referee' ? 'REFEREE' : undefined;
  // The server's current time, from the database's clock, for a game whose clocks a reader counts down.
  const now = loaded.state.clock ? await store.now() : null;
  return { loaded, viewer: standing.viewer, callerKind, now };
}

/** The game's log and who reads it, as whom. */
export interface LogStanding {
  readonly viewer: Viewer;
  readonly spec: RulesetSpec;
  readonly lastSeq: number;
}

/** Who reads the game's log, as whom, in which ruleset, up to which seq. */
async function logStanding(store: GameStore, principal: Principal, gameId: string): Promise<LogStanding> {
  return logOf(store, await viewerIn(store, principal, gameId), gameId);
}

/** The game's log as `viewer` (whose standing is decided) reads it: its ruleset and last seq. */
async function logOf(store: GameStore, viewer: Viewer, gameId: string): Promise<LogStanding> {
  const game = await store.gameLog(gameId);
  if (!game) throw notFound('Game');
  const spec = await store.rulesetOf(game.ruleset, game.rulesetVersion);
  return { viewer, spec, lastSeq: game.lastSeq };
}

/** Standing for a subscription to a game (and, for `zoneEvents`, one of its zones). */
export async function subscriptionStanding(
  store: GameStore,
  principal: Principal,
  gameId: string,
  zoneId: string | null,
): Promise<LogStanding> {
  const standing = await logStanding(store, principal, gameId);
  if (zoneId !== null && !(await store.hasZone(gameId, zoneId))) throw notFound('Zone');
  return standing;
}

/** One page of a game's log for a viewer with standing in it, with the game as of its events. */
export async function readEventPage(
  store: GameStore,
  viewer: Viewer,
  page: { readonly gameId: string; readonly afterSeq: number; readonly first: number },
): Promise<LogStanding & { rows: StoredEvent[]; asOf: ReturnType<typeof eventsAsOf> }> {
  const { gameId, afterSeq, first } = page;
  const standing = await logOf(store, viewer, gameId);
  const rows = await store.readEvents(gameId, afterSeq, first);
  return { ...standing, rows, asOf: eventsAsOf(store, gameId, rows) };
}

/**
 * Seats and states as of a batch of one game's events (in seq order), loaded on first use; `known`
 * is a state already at hand (the one a command just committed).
 */
export function eventsAsOf(
  store: GameStore,
  gameId: string,
  batch: readonly StoredEvent[],
  known?: KnownState,
) {
  return gameAsOfEvents(store, gameId, batch, known);
}
