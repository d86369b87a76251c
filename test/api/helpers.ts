/**
 * Shared helpers for the Game API tests: decks, fragments, and thin wrappers over `gql`.
 */
import { expect } from 'vitest';
import type { GqlError, TestServer } from '../support/server.js';

export const OBJECT_FIELDS = `id kind position layer faceUp revealedToAll internalKey
  card { name types subtypes text attributes } zone { id type } owner { id seat } controller { id }`;

export const GAME_QUERY = `query Game($id: ID!) { game(id: $id) {
  id ruleset status version lastSeq players { id name seat } viewer { kind player { id } }
  zones { id type name index count owner { id seat } objects { ${OBJECT_FIELDS} } } } }`;

export const EVENT_FIELDS = `gameId seq version kind actor { kind playerId } zoneIds rules
  changes { previousId objectId fromZoneId toZoneId object { id card { name } zone { id type } } }
  zonesCreated { id type ownerId index } zonesRemoved { id }`;

export const PAYLOAD = `version objects { ${OBJECT_FIELDS} } events { ${EVENT_FIELDS} }`;

export const CREATE = `mutation Create($input: CreateGameInput!) { createGame(input: $input) {
  game { id version lastSeq ruleset players { id name seat } zones { id type index count owner { id } } }
  seats { player { id seat name } token } spectatorToken refereeToken } }`;

export interface ZoneT {
  id: string;
  type: string;
  name?: string;
  index: number;
  count: number;
  owner: { id: string; seat?: number } | null;
  objects?: ObjT[];
}
export interface ObjT {
  id: string;
  kind: string;
  position: number | null;
  layer: number | null;
  faceUp: boolean;
  revealedToAll: boolean;
  internalKey: string | null;
  card: { name: string; types: string[] } | null;
  zone: { id: string; type: string };
  owner: { id: string; seat: number };
}
export interface GameT {
  id: string;
  version: number;
  lastSeq: number;
  players: { id: string; name: string; seat: number }[];
  zones: ZoneT[];
}
export interface Created {
  game: GameT;
  seats: { player: { id: string; seat: number }; token: string }[];
  spectatorToken: string;
  refereeToken: string;
}

export interface CardIn {
  name: string;
  types?: string[];
  subtypes?: string[];
  attributes?: Record<string, unknown>;
  zone?: string;
  zoneIndex?: number;
  faceUp?: boolean;
}

export function deck(prefix: string, n: number, types: string[] = ['Creature']): CardIn[] {
  return Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, types }));
}

export async function createGame(
  s: TestServer,
  ruleset: string,
  players: { name: string; deck: CardIn[] }[],
  extra: Record<string, unknown> = {},
): Promise<Created> {
  // These games test moves, not fairness: their random acts do not wait for seat entropy
  // (docs/fairness.md, "Seat entropy"; test/fairness covers waiting games).
  const input = { ruleset, players, waitForSeatEntropy: false, ...extra };
  const res = await s.gql<{ createGame: Created }>(CREATE, { input });
  expect(res.errors).toBeUndefined();
  return res.data!.createGame;
}

export async function loadGame(s: TestServer, id: string, token: string): Promise<GameT> {
  const res = await s.gql<{ game: GameT }>(GAME_QUERY, { id }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.game;
}

export function zoneOf(game: GameT, type: string, ownerId: string | null, index = 0): ZoneT {
  const z = game.zones.find((x) => x.type === type && (x.owner?.id ?? null) === ownerId && x.index === index);
  if (!z) throw new Error(`no zone ${type} of ${ownerId}`);
  return z;
}

export interface PayloadT {
  version: number;
  objects: ObjT[];
  events: { seq: number; kind: string; rules: string[]; changes: unknown[] }[];
}

/** Runs a move mutation; returns data or errors. */
export async function mutate(
  s: TestServer,
  name: string,
  inputType: string,
  input: Record<string, unknown>,
  token: string,
): Promise<{ data: PayloadT | null; errors?: GqlError[] }> {
  const res = await s.gql<Record<string, PayloadT>>(
    `mutation M($input: ${inputType}!) { ${name}(input: $input) { ${PAYLOAD} } }`,
    { input },
    token,
  );
  return { data: res.data?.[name] ?? null, ...(res.errors ? { errors: res.errors } : {}) };
}

/** A move that must succeed. */
export async function ok(
  s: TestServer,
  name: string,
  inputType: string,
  input: Record<string, unknown>,
  token: string,
): Promise<PayloadT> {
  const res = await mutate(s, name, inputType, input, token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!;
}

/** A move that must be refused with this code (and, for INVALID_MOVE, this rule). */
export async function refused(
  s: TestServer,
  name: string,
  inputType: string,
  input: Record<string, unknown>,
  token: string,
  code: string,
  rule?: string,
): Promise<GqlError> {
  const res = await mutate(s, name, inputType, input, token);
  expect(res.data).toBeNull();
  const err = res.errors?.[0];
  expect(err?.extensions?.code, JSON.stringify(res.errors)).toBe(code);
  if (rule) expect(err?.extensions?.['rule']).toBe(rule);
  expect(err?.extensions).not.toHaveProperty('stacktrace');
  return err!;
}

export const draw = (s: TestServer, gameId: string, from: ZoneT, to: ZoneT, count: number, token: string) =>
  ok(
    s,
    'moveObjects',
    'MoveObjectsInput',
    { gameId, select: { zoneId: from.id, from: 'TOP', count }, to: { zoneId: to.id } },
    token,
  );
