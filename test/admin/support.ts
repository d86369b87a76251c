/**
 * Documents and helpers for the admin tests: the admin operations, viewers of a game, and an id
 * normaliser for comparing games "apart from ids".
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { choiceArb, decksFor, secretName, toMutation } from '../leak/moves.js';
import {
  createGame,
  fetchGame,
  OBJECT_FRAGMENT,
  post,
  type CreatedGame,
  type GameJson,
} from '../support/game-api.js';
import { TEST_ADMIN_TOKEN, type GqlError, type TestServer } from '../support/server.js';

/** Same selection as `GAME_QUERY`, so a replayed view compares field for field with a live one. */
export const GAME_FIELDS = /* GraphQL */ `
  id
  ruleset
  status
  version
  lastSeq
  players { id name seat conceded counters { kind amount } }
  turn { number phase activePlayer { id } }
  result { winners { id } draw reason }
  zones { id type name owner { id } index count counters { kind amount } objects { ...Obj } }
  viewer { kind player { id } }
  takeback { asker { id } toSeq reason accepted { id } awaiting { id } }
`;

export const GAME_AT = /* GraphQL */ `
  query GameAt($gameId: ID!, $seq: Int!, $as: ViewerInput!) {
    gameAt(gameId: $gameId, seq: $seq, as: $as) { seq version game { ${GAME_FIELDS} } }
  }
  ${OBJECT_FRAGMENT}
`;

export const ADMIN_GAME_FIELDS =
  'id ruleset status version lastSeq createdAt updatedAt endedAt importedFrom players { id name seat }';

export const ADMIN_GAMES = /* GraphQL */ `
  query AdminGames($filter: AdminGameFilter, $offset: Int, $limit: Int) {
    adminGames(filter: $filter, offset: $offset, limit: $limit) {
      total offset hasNextPage games { ${ADMIN_GAME_FIELDS} }
    }
  }
`;

export const EXPORT_GAME = 'query Export($gameId: ID!) { exportGame(gameId: $gameId) }';
export const END_GAME = `mutation End($gameId: ID!) { endGame(gameId: $gameId) { ${ADMIN_GAME_FIELDS} } }`;
export const ARCHIVE_GAME = `mutation Archive($gameId: ID!) { archiveGame(gameId: $gameId) { ${ADMIN_GAME_FIELDS} } }`;
export const IMPORT_GAME = /* GraphQL */ `
  mutation Import($data: JSON!) {
    importGame(data: $data) {
      importedFrom
      game { ${ADMIN_GAME_FIELDS} }
      seats { player { id name seat } token }
      spectatorToken
      refereeToken
      fairnessLimits { code reason }
    }
  }
`;

export interface AdminGameJson {
  id: string;
  ruleset: string;
  status: 'ACTIVE' | 'ENDED' | 'ARCHIVED';
  version: number;
  lastSeq: number;
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
  importedFrom: string | null;
  players: { id: string; name: string; seat: number }[];
}

export interface ImportJson {
  importedFrom: string;
  game: AdminGameJson;
  seats: { player: { id: string; name: string; seat: number }; token: string }[];
  spectatorToken: string;
  refereeToken: string;
  fairnessLimits: { code: 'ACTS_BEFORE_IMPORT' | 'SEAT_CARDS_UNOPENED'; reason: string }[];
}

/** Whose view, and the credential that shows it live. */
export interface GameViewer {
  readonly name: string;
  readonly as: { kind: 'ADMIN' | 'SPECTATOR' | 'PLAYER'; playerId?: string };
  readonly token: string;
}

export function viewersOf(game: CreatedGame): GameViewer[] {
  return [
    { name: 'admin', as: { kind: 'ADMIN' }, token: TEST_ADMIN_TOKEN },
    { name: 'spectator', as: { kind: 'SPECTATOR' }, token: game.spectatorToken },
    ...game.players.map((p) => ({
      name: `seat ${p.seat}`,
      as: { kind: 'PLAYER' as const, playerId: p.id },
      token: p.token,
    })),
  ];
}

/** Sends an operation and expects data (no errors). */
export async function ok<T>(
  server: Pick<TestServer, 'url'>,
  query: string,
  variables: Record<string, unknown>,
  token: string | undefined = TEST_ADMIN_TOKEN,
): Promise<T> {
  const res = await post<T>(server, query, variables, token);
  expect(res.errors, res.text).toBeUndefined();
  return res.data as T;
}

/** Sends an operation and returns the first error's code (and expects one). */
export async function errorCode(
  server: Pick<TestServer, 'url'>,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<string | undefined> {
  const res = await post<unknown>(server, query, variables, token);
  const errors: GqlError[] = res.errors ?? [];
  expect(errors.length, res.text).toBeGreaterThan(0);
  return errors[0]?.extensions?.code;
}

export async function gameAt(
  server: Pick<TestServer, 'url'>,
  gameId: string,
  seq: number,
  as: GameViewer['as'],
): Promise<{ seq: number; version: number; game: GameJson }> {
  return (
    await ok<{ gameAt: { seq: number; version: number; game: GameJson } }>(server, GAME_AT, {
      gameId,
      seq,
      as,
    })
  ).gameAt;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Replaces every UUID by `#n`, n its order of first appearance: two values equal after this differ
 * at most in their ids, and consistently so (the same id maps to the same number throughout).
 */
export function normaliseIds<T>(value: T): T {
  const seen = new Map<string, string>();
  const text = JSON.stringify(value).replace(UUID, (id) => {
    let n = seen.get(id.toLowerCase());
    if (n === undefined) {
      n = `#${seen.size}`;
      seen.set(id.toLowerCase(), n);
    }
    return n;
  });
  return JSON.parse(text) as T;
}

const IS_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id correspondence between two structurally equal values (an original's export and its
 * copy's): walks both in parallel and pairs every UUID of `a` with the one at the same place in
 * `b`. Fails if a pairing is inconsistent, which would mean the copy's ids are not a renaming.
 */
export function idCorrespondence(
  a: unknown,
  b: unknown,
  map = new Map<string, string>(),
  path = '$',
): Map<string, string> {
  if (typeof a === 'string' && IS_UUID.test(a)) {
    expect(typeof b, path).toBe('string');
    const known = map.get(a);
    if (known !== undefined) expect(b, `${path}: ${a} renamed inconsistently`).toBe(known);
    else map.set(a, b as string);
    return map;
  }
  if (Array.isArray(a)) {
    expect(Array.isArray(b) && b.length === a.length, path).toBe(true);
    a.forEach((x, i) => idCorrespondence(x, (b as unknown[])[i], map, `${path}[${i}]`));
    return map;
  }
  if (a !== null && typeof a === 'object') {
    expect(b !== null && typeof b === 'object', path).toBe(true);
    for (const [k, v] of Object.entries(a)) {
      const other = (b as Record<string, unknown>)[k];
      // zk-rng/1's commitment keeps the derivation's game id across import (docs/fairness.md).
      if (k === 'commitment') expect(other, `${path}.${k}`).toEqual(v);
      else idCorrespondence(v, other, map, `${path}.${k}`);
    }
    return map;
  }
  expect(b, path).toEqual(a);
  return map;
}

/** Renames every UUID of a value through `map`; an id missing from it fails the test. */
export function renameIds<T>(value: T, map: ReadonlyMap<string, string>): T {
  return JSON.parse(
    JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
      const to = map.get(id);
      expect(to, `id ${id} has no counterpart`).toBeDefined();
      return to!;
    }),
  ) as T;
}

/** An event with its changes in a canonical order (the server orders unlinked changes by id). */
export function canonicalChanges<T extends { changes: unknown[] }>(event: T): T {
  return {
    ...event,
    changes: [...event.changes].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1)),
  };
}

/** Creates a game and plays `steps` random mutations on it (the leak suite's generator). */
export async function playRandom(
  server: Pick<TestServer, 'url'>,
  ruleset: 'mtg' | 'fab' | 'netrunner',
  players: number,
  steps: number,
  seed: number,
): Promise<CreatedGame> {
  const game = await createGame(server, ruleset, decksFor(ruleset, players));
  let state = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
  let n = 0;
  const nextName = (kind: 'Token' | 'Layer') => secretName(kind, ++n);
  for (const choice of fc.sample(choiceArb, { numRuns: steps, seed })) {
    const m = toMutation({ ruleset, state, nextName }, choice);
    const res = await post(server, m.document, { input: m.input }, game.players[m.actor]!.token);
    if (!res.errors) state = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
  }
  return game;
}
