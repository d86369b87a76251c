/** Small helpers for the visibility tests: a game with its viewers, views, zones and mutations. */
import { expect } from 'vitest';
import { moveDocument } from '../support/documents.js';
import {
  createGame,
  fetchGame,
  fetchHistory,
  post,
  type CreatedGame,
  type DeckCard,
  type EventJson,
  type GameJson,
  type ObjectJson,
  type PayloadJson,
  type RawResponse,
  type ZoneJson,
} from '../support/game-api.js';
import { TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

export { TEST_ADMIN_TOKEN };

/** `Secret-Card-XYZ-<n>`: distinctive, so a substring search over a whole response is meaningful. */
export const secret = (n: number | string) => `Secret-Card-XYZ-${n}`;

export function c(name: string, types: string[], extra: Partial<DeckCard> = {}): DeckCard {
  return { name, types, ...extra };
}

export interface Table {
  readonly game: CreatedGame;
  readonly gameId: string;
  /** Seat tokens by seat index. */
  readonly seat: readonly string[];
  readonly playerId: readonly string[];
  readonly spectator: string;
  readonly admin: string;
  view(token: string): Promise<GameJson>;
  /** The raw text of a game(id) response, for substring searches. */
  viewText(token: string): Promise<string>;
  mutate(
    field: string,
    input: Record<string, unknown>,
    token: string,
  ): Promise<RawResponse<Record<string, PayloadJson>>>;
  /** Mutates and fails the test on an error; returns the payload. */
  ok(field: string, input: Record<string, unknown>, token: string): Promise<PayloadJson>;
  history(token: string, afterSeq?: number): Promise<{ events: EventJson[]; text: string }>;
}

const INPUT_TYPES: Record<string, string> = {
  moveObjects: 'MoveObjectsInput',
  shuffleZone: 'ShuffleZoneInput',
  reorderZone: 'ReorderZoneInput',
  turnFace: 'TurnFaceInput',
  revealObjects: 'RevealObjectsInput',
  endReveal: 'EndRevealInput',
  createToken: 'CreateTokenInput',
  attachObjects: 'AttachObjectsInput',
  detachObjects: 'DetachObjectsInput',
  createZone: 'CreateZoneInput',
  removeZone: 'RemoveZoneInput',
  addStackLayer: 'AddStackLayerInput',
  removeStackLayer: 'RemoveStackLayerInput',
  bringIntoGame: 'BringIntoGameInput',
  removeFromGame: 'RemoveFromGameInput',
};

export function mutationDocument(field: string): string {
  const inputType = INPUT_TYPES[field];
  if (!inputType) throw new Error(`unknown mutation ${field}`);
  return moveDocument(field, inputType, { name: 'M' });
}

export const GAME_MUTATIONS = Object.keys(INPUT_TYPES);

export async function openTable(server: TestServer, ruleset: string, decks: DeckCard[][]): Promise<Table> {
  const game = await createGame(server, ruleset, decks);
  const mutate: Table['mutate'] = (field, input, token) =>
    post(server, mutationDocument(field), { input: { gameId: game.gameId, ...input } }, token);
  return {
    game,
    gameId: game.gameId,
    seat: game.players.map((p) => p.token),
    playerId: game.players.map((p) => p.id),
    spectator: game.spectatorToken,
    admin: TEST_ADMIN_TOKEN,
    view: async (token) => (await fetchGame(server, game.gameId, token)).game,
    viewText: async (token) => (await fetchGame(server, game.gameId, token)).text,
    mutate,
    ok: async (field, input, token) => {
      const res = await mutate(field, input, token);
      expect(res.errors, `${field} ${JSON.stringify(input)}`).toBeUndefined();
      return res.data![field]!;
    },
    history: async (token, afterSeq = 0) => {
      const h = await fetchHistory(server, game.gameId, afterSeq, token);
      return { events: h.events, text: h.texts.join('\n') };
    },
  };
}

/** A player's zone of a type (the first one), or the shared zone of a type. */
export function zoneOf(view: GameJson, type: string, ownerId?: string): ZoneJson {
  const z = view.zones.find((x) => x.type === type && (ownerId === undefined || x.owner?.id === ownerId));
  if (!z) throw new Error(`no ${type} zone${ownerId ? ` of ${ownerId}` : ''}`);
  return z;
}

/** The admin's object with a card name. */
export function byName(adminView: GameJson, name: string): ObjectJson {
  const o = adminView.zones.flatMap((z) => z.objects).find((x) => x.card?.name === name);
  if (!o) throw new Error(`no object named ${name}`);
  return o;
}

export function objectById(view: GameJson, id: string): ObjectJson | undefined {
  return view.zones.flatMap((z) => z.objects).find((x) => x.id === id);
}

export function allIds(view: GameJson): string[] {
  return view.zones.flatMap((z) => z.objects.map((o) => o.id));
}

/** Card names shown anywhere in a view. */
export function shownNames(view: GameJson): string[] {
  return view.zones.flatMap((z) => z.objects.flatMap((o) => (o.card ? [o.card.name] : [])));
}
