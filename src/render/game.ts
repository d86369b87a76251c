/**
 * `Game` as a viewer sees it: one lookup (one `viewGame`) per game per request; zones, objects and
 * players all resolve from it. Also the admin's `GameSnapshot` (a game as a viewer saw it at a seq).
 */
import type { CreatedGame } from '../db/games.js';
import type { LoadedGame } from '../db/state.js';
import type { Viewer } from '../rules/index.js';
import { buildLookup, type GameLookup } from './lookup.js';
import type { ZoneOut } from './objects.js';
import { clockOut } from './clock.js';
import { pendingTakebackOut, resultOut, turnOut } from './table.js';

export type PrincipalKind = 'ANONYMOUS' | 'PLAYER' | 'SPECTATOR' | 'REFEREE' | 'ADMIN' | 'HOST';

export interface GameOut {
  readonly loaded: LoadedGame;
  readonly viewer: Viewer;
  readonly lookup: GameLookup;
  /** The caller's kind when it differs from the viewer's (an anonymous creator sees a spectator's view). */
  readonly callerKind: PrincipalKind;
  /** The server's current time (the database's, epoch ms) for a game with clocks; null: as of the state. */
  readonly now: number | null;
}

/** The GraphQL parent of a `Game`, for `viewer`. */
export function gameOut(
  loaded: LoadedGame,
  viewer: Viewer,
  callerKind?: PrincipalKind,
  now: number | null = null,
): GameOut {
  return {
    now,
    loaded,
    viewer,
    lookup: buildLookup(loaded.spec, loaded.state, viewer, loaded.players),
    callerKind: callerKind ?? (viewer.kind.toUpperCase() as PrincipalKind),
  };
}

/** `GameSnapshot`: the game as `viewer` saw it right after event `seq` (`loaded` holds that state). */
export function snapshotOut(loaded: LoadedGame, viewer: Viewer, seq: number) {
  return { seq, version: loaded.game.version, game: gameOut(loaded, viewer) };
}

/** `CreateGamePayload`: the new game as its creator may see it, and the credentials, shown once. */
export function createdGameOut(created: CreatedGame, viewer: Viewer, callerKind: PrincipalKind) {
  const game = gameOut(created.game, viewer, callerKind);
  return {
    game,
    seats: created.seats.map((s) => ({ player: game.lookup.seat(s.playerId), token: s.token })),
    spectatorToken: created.spectatorToken,
    refereeToken: created.refereeToken,
  };
}

export const gameViewResolvers = {
  Game: {
    id: (g: GameOut) => g.loaded.game.id,
    ruleset: (g: GameOut) => g.loaded.game.ruleset,
    rulesetVersion: (g: GameOut) => g.loaded.spec.version,
    status: (g: GameOut) => g.loaded.game.status,
    version: (g: GameOut) => g.loaded.game.version,
    lastSeq: (g: GameOut) => g.loaded.game.lastSeq,
    createdAt: (g: GameOut) => g.loaded.game.createdAt,
    players: (g: GameOut) => g.lookup.players,
    turn: (g: GameOut) => turnOut(g.loaded.state.turn, g.lookup),
    result: (g: GameOut) => resultOut(g.loaded.state.result, g.lookup),
    clock: (g: GameOut) => {
      const clock = g.loaded.state.clock;
      return clock ? clockOut(clock, g.now ?? clock.asOf) : null;
    },
    takeback: (g: GameOut) => pendingTakebackOut(g.loaded.state, g.lookup),
    zones: (g: GameOut): ZoneOut[] =>
      g.loaded.state.zones.map((z) => {
        const view = g.lookup.zone(z.id)!;
        return { zone: view, view, lookup: g.lookup };
      }),
    viewer: (g: GameOut) => ({
      kind: g.callerKind,
      player: g.viewer.kind === 'player' ? g.lookup.player(g.viewer.playerId) : null,
    }),
  },
};
