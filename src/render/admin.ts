/**
 * Admin views, mapped field by field: a stored game row carries credential hashes
 * (`spectatorTokenHash`, `refereeTokenHash`, each seat's `tokenHash`) that must never reach the
 * GraphQL layer, so nothing here passes a row on; every output object lists its fields.
 */
import type { GameColumns } from '../db/rows.js';
import type { ImportLimit } from '../transfer/index.js';
import type { PlayerOut } from './lookup.js';

/** The columns of a game row an admin view shows (a row has more: see the file's comment). */
export interface AdminGameRow extends GameColumns {
  readonly updatedAt: Date;
}

/** The fields of `AdminGame` taken from the row, by name: nothing else of a row is copied. */
const ADMIN_GAME_FIELDS = [
  'id',
  'ruleset',
  'status',
  'version',
  'lastSeq',
  'createdAt',
  'updatedAt',
  'endedAt',
  'importedFrom',
] as const satisfies readonly (keyof AdminGameRow)[];

/** `AdminGame`: `players` is absent when the caller loads the seats on demand. */
export type AdminGameOut = Pick<AdminGameRow, (typeof ADMIN_GAME_FIELDS)[number]> & {
  readonly players?: readonly PlayerOut[];
};

/** A seat as an admin view shows it (never its credential hash). */
export const playerOut = (p: PlayerOut): PlayerOut => ({ id: p.id, seat: p.seat, name: p.name });

/** An `AdminGame` from a game row (and its seats, when they were read with it). */
export function adminGameOut(row: AdminGameRow & { readonly players?: readonly PlayerOut[] }): AdminGameOut {
  const out: Record<string, unknown> = {};
  for (const field of ADMIN_GAME_FIELDS) out[field] = row[field];
  if (row.players) out['players'] = row.players.map(playerOut);
  return out as AdminGameOut;
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
    readonly importedFrom: string;
    readonly seats: readonly { playerId: string; seat: number; name: string; token: string }[];
    readonly spectatorToken: string;
    readonly refereeToken: string;
    readonly fairnessLimits: readonly ImportLimit[];
  },
) {
  return {
    game: adminGameOut(game),
    importedFrom: imported.importedFrom,
    seats: imported.seats.map((s) => ({
      player: { id: s.playerId, seat: s.seat, name: s.name },
      token: s.token,
    })),
    spectatorToken: imported.spectatorToken,
    refereeToken: imported.refereeToken,
    fairnessLimits: imported.fairnessLimits.map(({ code, reason }) => ({ code, reason })),
  };
}
