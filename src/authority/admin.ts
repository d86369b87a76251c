/**
 * Operator and judge operations through the one door: admins only (the door's standing step). List and filter games, a game
 * as any viewer after any seq (replayed from the nearest checkpoint), export, import, and the
 * lifecycle ACTIVE → ENDED → ARCHIVED. Each returns decided values; `src/render` shapes them.
 */
import { changeStatus, findGame, listGames, MAX_PAGE, seatsOf, type GameFilter } from '../db/admin.js';
import { stateAt } from './replay.js';
import { endsPlay, LIFECYCLE_STEPS, statusChangeEvent } from '../rules/index.js';
import type { Store } from '../db/store.js';
import { loadCurrentGame } from '../db/state.js';
import { exportGame, importGame } from '../transfer/index.js';
import { badInput, ErrorCode, notFound, ZonekeeperError } from '../errors.js';
import type { AuthorityDeps } from './pipeline.js';
import { publish } from './publish.js';
import { viewerAs, type ViewerChoice } from './standing.js';
import { MAX_PLAYER_NAME_LENGTH, type CreationConfig } from './creation.js';

export { MAX_PAGE as MAX_ADMIN_PAGE };

/** `adminGames`: one page of the games matching `filter`, newest first. */
export async function listGamesAsAdmin(store: Store, filter: GameFilter, offset: number, limit: number) {
  if (offset < 0) throw badInput('Offset must be 0 or more.', 'offset');
  if (limit < 0 || limit > MAX_PAGE) throw badInput(`Limit must be between 0 and ${MAX_PAGE}.`, 'limit');
  return listGames(store.db, filter, offset, limit);
}

/** `gameAt`: the game after event `seq` as the chosen viewer saw it, from the nearest checkpoint. */
export async function gameAtAsAdmin(
  store: Store,
  args: { readonly gameId: string; readonly seq: number; readonly as: ViewerChoice },
) {
  const loaded = await loadCurrentGame(store, args.gameId);
  if (!loaded) throw notFound('Game');
  if (args.seq < 0 || args.seq > loaded.game.lastSeq)
    throw badInput(`Seq must be between 0 and ${loaded.game.lastSeq}.`, 'seq');
  const viewer = viewerAs(
    args.as,
    loaded.players.map((p) => p.id),
  );
  const at = await stateAt(store.db, loaded, args.seq);
  const game = { ...loaded.game, status: at.status, version: at.version, lastSeq: args.seq };
  return { loaded: { ...loaded, game, state: at.state }, viewer };
}

/** `exportGame`: the whole game as an export document. */
export async function exportAsAdmin(store: Store, gameId: string) {
  const doc = await exportGame(store.db, gameId);
  if (!doc) throw notFound('Game');
  return doc;
}

/** The seats of a game an admin is looking at (`AdminGame.players`). */
export function seatsOfGame(store: Store, gameId: string) {
  return seatsOf(store.db, gameId);
}

/** Ends (ACTIVE → ENDED) or archives (ENDED → ARCHIVED) a game: admins only. */
export async function changeGameStatus(deps: AuthorityDeps, gameId: string, to: 'ENDED' | 'ARCHIVED') {
  const step = LIFECYCLE_STEPS[to];
  const result = await changeStatus(deps.store.db, gameId, step, async (from, revealSeed) =>
    statusChangeEvent(step.kind, endsPlay(from) ? await revealSeed() : null),
  );
  if (result.ok) {
    await publish(deps, { gameId, seq: result.seq });
    return result.game;
  }
  if (result.reason === 'NOT_FOUND') throw notFound('Game');
  const wrong = (action: string) =>
    new ZonekeeperError(ErrorCode.GAME_NOT_ACTIVE, `Cannot ${action} a game that is ${result.status}.`, {
      status: result.status,
    });
  if (to === 'ENDED') throw wrong('end');
  throw result.status === 'ACTIVE'
    ? badInput('Only an ENDED game can be archived: end it first.', 'gameId')
    : wrong('archive');
}

/** Imports an exported game as a new one with new credentials: admins only. */
export async function importAsAdmin(
  deps: AuthorityDeps & { readonly config: CreationConfig },
  data: unknown,
) {
  const result = await importGame(deps.store, data, {
    playerName: MAX_PLAYER_NAME_LENGTH,
    cardsPerPlayer: deps.config.CREATE_GAME_MAX_CARDS_PER_PLAYER,
    cards: deps.config.CREATE_GAME_MAX_CARDS,
  });
  if (!result.ok) {
    const field = result.path ? `data.${result.path}` : 'data';
    throw badInput(`Invalid game document at ${field}: ${result.problem}`, field);
  }
  await publish(deps, { gameId: result.gameId, seq: result.seq });
  const game = await findGame(deps.store.db, result.gameId);
  if (!game) throw notFound('Game');
  return { result, game };
}
