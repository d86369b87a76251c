/**
 * Creating a game: game, seats, spectator credential, zones, objects and event seq 1 GAME_CREATED
 * (every starting zone and object, as transitions from null, so the log alone rebuilds the state),
 * all in one transaction. Version is 1 afterwards.
 */
import { randomUUID } from 'node:crypto';
import { hashToken, newToken } from '../auth/tokens.js';
import { badInput } from '../errors.js';
import {
  contextOf,
  indexPositions,
  initialZones,
  isDeckCard,
  zoneTypeOf,
  type CardProps,
  type GameState,
  type ObjectState,
  type RulesetSpec,
  type ZoneState,
} from '../rules/index.js';
import { SORT_KEY_STEP } from '../rules/positions.js';
import type { EventWithPlayers } from '../rules/replay.js';
import type { Db } from './client.js';
import { findResponse, saveResponse, seal, unseal, type IdempotencyKey } from './idempotency.js';
import { appendEvents, type EventRow } from './mutate.js';
import { isUniqueViolation } from './driver-errors.js';
import { withRetry } from './retry.js';
import { loadGame, objectToRow, zoneRows, type LoadedGame } from './state.js';

export interface NewCard extends CardProps {
  /** Starting zone type (defaults to the ruleset's deck zone). */
  readonly zone: string | null;
  readonly zoneIndex: number;
  readonly faceUp: boolean | null;
}

export interface NewSeat {
  readonly name: string;
  readonly deck: readonly NewCard[];
}

export interface CreatedGame {
  readonly game: LoadedGame;
  readonly seats: readonly { readonly playerId: string; readonly token: string }[];
  readonly spectatorToken: string;
  /** The game's referee credential (its own engine or host): any move the rules allow, sees all. */
  readonly refereeToken: string;
}

interface Credentials {
  readonly gameId: string;
  readonly seats: readonly { readonly playerId: string; readonly token: string }[];
  readonly spectatorToken: string;
  readonly refereeToken: string;
}

/** The starting state of a game, checked against the catalog. Throws BAD_USER_INPUT. */
export function initialState(
  spec: RulesetSpec,
  seats: readonly NewSeat[],
  playerIds: readonly string[],
  newId: () => string = randomUUID,
): GameState {
  const players = playerIds.map((id, seat) => ({ id, seat }));
  const zones: ZoneState[] = initialZones(spec, players).map((z) => ({ ...z, id: newId() }));
  const nextKey = new Map<string, number>();
  const objects: ObjectState[] = [];
  seats.forEach((seat, s) => {
    const ownerId = playerIds[s] as string;
    seat.deck.forEach((card, c) => {
      const field = `players.${s}.deck.${c}`;
      const type = zoneTypeOf(spec, card.zone ?? spec.deckZone);
      if (!type) throw badInput(`Unknown zone type for ruleset ${spec.id}.`, `${field}.zone`);
      const zone = zones.find(
        (z) =>
          z.type === type.type &&
          z.index === card.zoneIndex &&
          z.ownerId === (type.scope === 'shared' ? null : ownerId),
      );
      if (!zone)
        throw badInput(`No such starting zone ${type.type} #${card.zoneIndex}.`, `${field}.zoneIndex`);
      const faceUp = card.faceUp ?? type.defaultFaceUp;
      if (faceUp && !type.allowsFaceUp)
        throw badInput(`Zone ${type.type} holds face-down objects only.`, `${field}.faceUp`);
      const n = nextKey.get(zone.id) ?? 0;
      if (type.capacity !== null && n >= type.capacity)
        throw badInput(`Zone ${type.type} holds at most ${type.capacity} objects.`, `${field}.zone`);
      nextKey.set(zone.id, n + 1);
      const obj: ObjectState = {
        key: newId(),
        publicId: newId(),
        kind: 'card',
        ownerId,
        controllerId: ownerId,
        zoneId: zone.id,
        // Deck order: the first card listed is the top (position 0).
        sortKey: (n + 1) * SORT_KEY_STEP,
        faceUp,
        revealedTo: [],
        hostKey: null,
        card: {
          name: card.name,
          types: card.types,
          subtypes: card.subtypes,
          text: card.text,
          attributes: card.attributes,
        },
        history: [],
      };
      // FAB sec:deck_zone: a deck holds only its owner's deck-cards. The seat policy relies on it: a
      // card drawn unseen is then admitted to hand, arsenal or pitch whatever it is.
      if (type.type === spec.deckZone && spec.id === 'fab' && !isDeckCard(obj))
        throw badInput(
          'A deck holds deck-cards only (no hero, weapon, equipment or token).',
          `${field}.zone`,
        );
      objects.push(obj);
    });
  });
  return { ruleset: spec.id, players, zones, objects };
}

/** The GAME_CREATED event: every zone created, every object arriving from null, the seats. */
function creationEvent(spec: RulesetSpec, state: GameState): EventWithPlayers {
  const positions = indexPositions(state);
  return {
    kind: 'GAME_CREATED',
    zoneIds: state.zones.map((z) => z.id),
    transitions: state.objects.map((o) => ({
      before: null,
      after: o,
      newObject: true,
      beforeContext: null,
      afterContext: contextOf(spec, state, o, positions),
    })),
    zonesCreated: state.zones,
    zonesRemoved: [],
    rules: [],
    players: state.players,
  };
}

/**
 * Creates a game. With an idempotency key, a repeat returns the first game and its credentials
 * (sealed under the key); concurrent repeats collide on the record's primary key and the loser,
 * retried, finds the winner's record.
 */
export async function createGame(
  db: Db,
  spec: RulesetSpec,
  seats: readonly NewSeat[],
  idem: IdempotencyKey | null,
  newId: () => string = randomUUID,
): Promise<CreatedGame> {
  const gameId = newId();
  const playerIds = seats.map(() => newId());
  const state = initialState(spec, seats, playerIds, newId);
  const credentials: Credentials = {
    gameId,
    seats: playerIds.map((playerId) => ({ playerId, token: newToken('player') })),
    spectatorToken: newToken('spectator'),
    refereeToken: newToken('referee'),
  };
  const event = creationEvent(spec, state);

  const chosen = await withRetry(
    () =>
      db.$transaction(
        async (tx) => {
          if (idem) {
            const stored = await findResponse(tx, idem);
            if (stored !== null) return unseal<Credentials>(idem, stored);
          }
          const createdAt = new Date();
          await tx.game.create({
            data: {
              id: gameId,
              ruleset: spec.id,
              version: 1,
              lastSeq: 1,
              spectatorTokenHash: hashToken(credentials.spectatorToken),
              refereeTokenHash: hashToken(credentials.refereeToken),
              createdAt,
              updatedAt: createdAt,
            },
          });
          await tx.player.createMany({
            data: seats.map((s, i) => ({
              id: playerIds[i] as string,
              gameId,
              seat: i,
              name: s.name,
              tokenHash: hashToken(credentials.seats[i]!.token),
            })),
          });
          await tx.zone.createMany({ data: zoneRows(gameId, state.zones, createdAt) });
          if (state.objects.length)
            await tx.gameObject.createMany({ data: state.objects.map((o) => objectToRow(gameId, o)) });
          const row: EventRow = {
            gameId,
            seq: 1,
            version: 1,
            kind: 'GAME_CREATED',
            actorKind: 'SYSTEM',
            actorPlayerId: null,
            createdAt,
            payload: event,
          };
          await appendEvents(tx, [row]);
          if (idem) await saveResponse(tx, idem, seal(idem, credentials), gameId);
          return credentials;
        },
        { maxWait: 15_000, timeout: 60_000 },
      ),
    (err) => idem !== null && isUniqueViolation(err),
  );
  const game = await loadGame(db, chosen.gameId);
  if (!game) throw new Error('created game vanished');
  return {
    game,
    seats: chosen.seats,
    spectatorToken: chosen.spectatorToken,
    refereeToken: chosen.refereeToken,
  };
}
