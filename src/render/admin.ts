/**
 * Admin views, mapped field by field: a stored game row carries credential hashes
 * (`spectatorTokenHash`, `refereeTokenHash`, each seat's `tokenHash`) that must never reach the
 * GraphQL layer, so nothing here passes a row on; every output object lists its fields.
 */
import type { PlayerOut } from './lookup.js';

type GameStatus = 'ACTIVE' | 'ENDED' | 'ARCHIVED';

/** The columns of a game row an admin view shows (a row has more: see the file's comment). */
export interface AdminGameRow {
  readonly id: string;
  readonly ruleset: string;
  readonly status: GameStatus;
  readonly version: number;
  readonly lastSeq: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly endedAt: Date | null;
  readonly importedFrom: string | null;
}

/** `AdminGame`: `players` is absent when the caller loads the seats on demand. */
export interface AdminGameOut {
  readonly id: string;
  readonly ruleset: string;
  readonly status: GameStatus;
  readonly version: number;
  readonly lastSeq: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly endedAt: Date | null;
  readonly importedFrom: string | null;
  readonly players?: readonly PlayerOut[];
}

/** A seat as an admin view shows it (never its credential hash). */
export const playerOut = (p: PlayerOut): PlayerOut => ({ id: p.id, seat: p.seat, name: p.name });

/** An `AdminGame` from a game row (and its seats, when they were read with it). */
export function adminGameOut(row: AdminGameRow & { readonly players?: readonly PlayerOut[] }): AdminGameOut {
  return {
    id: row.id,
    ruleset: row.ruleset,
    status: row.status,
    version: row.version,
    lastSeq: row.lastSeq,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    endedAt: row.endedAt,
    importedFrom: row.importedFrom,
    ...(row.players ? { players: row.players.map(playerOut) } : {}),
  };
}

/** `AdminGamePage`. */
export function adminPageOut(
  page: {
    readonly games: readonly (AdminGameRow & { readonly players: readonly PlayerOut[] })[];
    readonly total: number;
  },
  offset: number,
) {
  return {
    games: page.games.map(adminGameOut),
    total: page.total,
    offset,
    hasNextPage: offset + page.games.length < page.total,
  };
}

/** `ImportGamePayload`: the new game and its credentials, shown once. */
export function importPayloadOut(
  game: AdminGameRow,
  imported: {
    readonly seats: readonly { playerId: string; seat: number; name: string; token: string }[];
    readonly spectatorToken: string;
    readonly refereeToken: string;
  },
) {
  return {
    game: adminGameOut(game),
    importedFrom: game.importedFrom,
    seats: imported.seats.map((s) => ({
      player: { id: s.playerId, seat: s.seat, name: s.name },
      token: s.token,
    })),
    spectatorToken: imported.spectatorToken,
    refereeToken: imported.refereeToken,
  };
}
