/**
 * Operator and judge operations through the one door: admins only (the door's standing step). List and filter games, a game
 * as any viewer after any seq (replayed from the nearest checkpoint), export, import, and the
 * lifecycle ACTIVE → ENDED → ARCHIVED. Each returns decided values; `src/render` shapes them.
 */
import { MAX_ADMIN_PAGE, type GameFilter, type GameStore } from '../db/index.js';
import { stateAt } from './replay.js';
import { endsPlay, LIFECYCLE_STEPS, statusChangeEvent } from '../rules/index.js';
import { exportDocument } from '../transfer/index.js';
import { importDocument } from './import.js';
import { badInput, ErrorCode, notFound, ZonekeeperError } from '../errors.js';
import type { AuthorityDeps } from './pipeline.js';
import { publish } from './publish.js';
import { viewerAs, type ViewerChoice } from './standing.js';
import { MAX_PLAYER_NAME_LENGTH, type CreationConfig } from './create-game.js';

export { MAX_ADMIN_PAGE };

/** `adminGames`: one page of the games matching `filter`, newest first. */
export async function listGamesAsAdmin(store: GameStore, filter: GameFilter, offset: number, limit: number) {
  if (offset < 0) throw badInput('Offset must be 0 or more.', 'offset');
  if (limit < 0 || limit > MAX_ADMIN_PAGE)
    throw badInput(`Limit must be between 0 and ${MAX_ADMIN_PAGE}.`, 'limit');
  return store.listGames(filter, offset, limit);
}

/** `gameAt`: the game after event `seq` as the chosen viewer saw it, from the nearest checkpoint. */
export async function gameAtAsAdmin(
  store: GameStore,
  args: { readonly gameId: string; readonly seq: number; readonly as: ViewerChoice },
) {
  const loaded = await store.loadCurrent(args.gameId);
  if (!loaded) throw notFound('Game');
  if (args.seq < 0 || args.seq > loaded.game.lastSeq)
    throw badInput(`Seq must be between 0 and ${loaded.game.lastSeq}.`, 'seq');
  const viewer = viewerAs(
    args.as,
    loaded.players.map((p) => p.id),
  );
  const at = await stateAt(store, loaded, args.seq);
  const game = { ...loaded.game, status: at.status, version: at.version, lastSeq: args.seq };
  return { loaded: { ...loaded, game, state: at.state }, viewer };
}

/** `exportGame`: the whole game as an export document. */
export async function exportAsAdmin(store: GameStore, gameId: string) {
  const stored = await store.readWholeGame(gameId);
  if (!stored) throw notFound('Game');
  return exportDocument(stored, await store.now());
}

/** The seats of a game an admin is looking at (`AdminGame.players`). */
export function seatsOfGame(store: GameStore, gameId: string) {
  return store.seatsOf(gameId);
}

/** Ends (ACTIVE → ENDED) or archives (ENDED → ARCHIVED) a game: admins only. */
export async function changeGameStatus(deps: AuthorityDeps, gameId: string, to: 'ENDED' | 'ARCHIVED') {
  const step = LIFECYCLE_STEPS[to];
  const result = await deps.store.changeStatus(gameId, step, async (from, revealSeed) =>
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
  const result = await importDocument(deps.store, data, {
    playerName: MAX_PLAYER_NAME_LENGTH,
    cardsPerPlayer: deps.config.CREATE_GAME_MAX_CARDS_PER_PLAYER,
    cards: deps.config.CREATE_GAME_MAX_CARDS,
  });
  await publish(deps, { gameId: result.gameId, seq: result.seq });
  const game = await deps.store.findGame(result.gameId);
  if (!game) throw notFound('Game');
  return { result, game };
}
