/**
 * Creating a game: game, seats, spectator credential, zones, objects and event seq 1 GAME_CREATED
 * (every starting zone and object, as transitions from null, so the log alone rebuilds the state),
 * all in one transaction. Version is 1 afterwards.
 */
import { newId as randomId } from '../ids.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { badInput, refusedLayout } from '../errors.js';
import {
  admitStartingLayout,
  contextOf,
  indexPositions,
  initialZones,
  zoneTypeOf,
  type CardProps,
  type GameState,
  type ObjectState,
  type RulesetSpec,
  type ZoneState,
} from '../rules/index.js';
import { SORT_KEY_STEP, startTable, type CounterOverride } from '../rules/index.js';
import type { EventWithPlayers } from '../rules/index.js';
import type { Db } from './client.js';
import { findResponse, saveResponse, seal, unseal, type IdempotencyKey } from './idempotency.js';
import { isUniqueViolation } from './driver-errors.js';
import { withRetry } from './retry.js';
import { driverPool } from './client.js';
import { compactCreation } from './creation-payload.js';
import { newGameRng, type SecretSource } from './fairness.js';
import { zoneToSqlRow } from './rows.js';
import { storedTableOf } from './table-state.js';
import { storeRulesetVersion } from './ruleset-versions.js';
import { loadGame, type LoadedGame } from './state.js';
import { lightState, stateCacheFor } from './state-cache.js';

export interface NewCard extends CardProps {
  /** Starting zone type (defaults to the ruleset's deck zone). */
  readonly zone: string | null;
  readonly zoneIndex: number;
  readonly faceUp: boolean | null;
}

export interface NewSeat {
  readonly name: string;
  readonly deck: readonly NewCard[];
  /** Starting player counters overriding the ruleset's (MTG 903.7: Commander life 40). */
  readonly counters?: readonly CounterOverride[] | null;
  /** The platform user bound to the seat (issuer + subject), whose verified token plays it. */
  readonly externalUser?: { readonly issuer: string; readonly subject: string } | null;
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

/** The input path of seat `s`'s card `c`. */
const cardField = (s: number, c: number) => `players.${s}.deck.${c}`;

/** The input path of the `index`th starting object (objects are listed seat by seat, deck order). */
function objectField(seats: readonly NewSeat[], index: number): string {
  let i = index;
  for (const [s, seat] of seats.entries()) {
    if (i < seat.deck.length) return cardField(s, i);
    i -= seat.deck.length;
  }
  return 'players';
}

/** The starting state of a game, checked against the catalog. Throws BAD_USER_INPUT. */
export function initialState(
  spec: RulesetSpec,
  seats: readonly NewSeat[],
  playerIds: readonly string[],
  newId: () => string = randomId,
  firstSeat: number | null = null,
): GameState {
  const players = playerIds.map((id, seat) => ({ id, seat }));
  const zones: ZoneState[] = initialZones(spec, players).map((z) => ({ ...z, id: newId() }));
  const nextKey = new Map<string, number>();
  const objects: ObjectState[] = [];
  seats.forEach((seat, s) => {
    const ownerId = playerIds[s] as string;
    seat.deck.forEach((card, c) => {
      const type = zoneTypeOf(spec, card.zone ?? spec.deckZone);
      if (!type) throw badInput(`Unknown zone type for ruleset ${spec.id}.`, `${cardField(s, c)}.zone`);
      const zone = zones.find(
        (z) =>
          z.type === type.type &&
          z.index === card.zoneIndex &&
          z.ownerId === (type.scope === 'shared' ? null : ownerId),
      );
      if (!zone)
        throw badInput(
          `No such starting zone ${type.type} #${card.zoneIndex}.`,
          `${cardField(s, c)}.zoneIndex`,
        );
      const faceUp = card.faceUp ?? type.defaultFaceUp;
      if (faceUp && !type.allowsFaceUp)
        throw badInput(`Zone ${type.type} holds face-down objects only.`, `${cardField(s, c)}.faceUp`);
      const n = nextKey.get(zone.id) ?? 0;
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
      objects.push(obj);
    });
  });
  const started = startTable(
    { ruleset: spec.id, players, zones, objects },
    spec,
    seats.map((s) => s.counters),
    firstSeat,
  );
  if ('problem' in started) throw badInput(started.problem.message, started.problem.field);
  const { state } = started;
  // The admission checks moves make, with the same reasons (capacity, MTG 400.4a, FAB zones, 2H).
  // Among them FAB sec:deck_zone, on which the seat policy relies: a deck holds only its owner's
  // deck-cards, so a card drawn unseen is admitted to hand, arsenal or pitch whatever it is.
  const refusal = admitStartingLayout(spec, state);
  if (refusal) throw refusedLayout(refusal, `${objectField(seats, refusal.index)}.zone`);
  return state;
}

/** The GAME_CREATED event: every zone created, every object arriving from null, the seats. */
export function creationEvent(spec: RulesetSpec, state: GameState): EventWithPlayers {
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
    ...(state.turn ? { table: { turn: state.turn } } : {}),
  };
}

/**
 * Every row of a new game in one call, one round trip whatever the deck sizes: `zk_create_game`
 * (in the migrations) inserts the game, its seats, zones and objects and the GAME_CREATED event
 * from one JSON parameter, and with a notify channel (the PostgreSQL fanout's) announces
 * `(gameId, 1)` as it commits, as `zk_commit_move` does for a move. Seats and zones arrive as rows
 * (the tables' column names); the objects are read from the event's stored form, so the largest
 * part of a new game crosses the wire and is parsed once.
 */
const ZK_CREATE_GAME = 'SELECT zk_create_game($1::uuid, $2::jsonb)';

/** The JSON parameter of {@link ZK_CREATE_GAME}. */
function creationRows(
  gameId: string,
  spec: RulesetSpec,
  state: GameState,
  seats: readonly NewSeat[],
  credentials: Credentials,
  createdAt: Date,
  notifyChannel: string | null,
  rng: ReturnType<typeof newGameRng>,
): string {
  return JSON.stringify({
    rng: rng.row,
    game: {
      notify_channel: notifyChannel,
      ruleset: spec.id,
      ruleset_version: spec.version,
      spectator_token_hash: hashToken(credentials.spectatorToken),
      referee_token_hash: hashToken(credentials.refereeToken),
      created_at: createdAt.toISOString(),
      table_state: storedTableOf(state),
    },
    players: seats.map((s, i) => ({
      id: credentials.seats[i]!.playerId,
      seat: i,
      name: s.name,
      token_hash: hashToken(credentials.seats[i]!.token),
      ext_issuer: s.externalUser?.issuer ?? null,
      ext_subject: s.externalUser?.subject ?? null,
    })),
    zones: state.zones.map((z) => zoneToSqlRow(gameId, z, createdAt.toISOString())),
    // In its stored form (db/creation-payload.ts), the one `zk_create_game` reads.
    event: { ...compactCreation(creationEvent(spec, state)), commitment: rng.commitment },
  });
}

/**
 * Creates a game. With an idempotency key, a repeat returns the first game and its credentials
 * (sealed under the key); concurrent repeats collide on the record's primary key and the loser,
 * retried, finds the winner's record. Without one, the game is written in a single statement (one
 * round trip); with one, that statement runs in a transaction with the key's record. With
 * `notifyChannel`, the commit itself announces the new game's seq 1 on that channel.
 */
export async function createGame(
  db: Db,
  spec: RulesetSpec,
  seats: readonly NewSeat[],
  idem: IdempotencyKey | null,
  opts: {
    readonly newId?: (() => string) | undefined;
    readonly notifyChannel?: string | undefined;
    /** The zk-rng/1 seed's sources (docs/fairness.md) and the transcript's face option. */
    readonly rng?: SecretSource & { readonly revealFaces?: boolean | undefined };
    /** The seat active at turn 1 (default: the ruleset's). */
    readonly firstSeat?: number | null | undefined;
  } = {},
): Promise<CreatedGame> {
  const newId = opts.newId ?? randomId;
  // With a key, the key names the game: a repeat finds its record under the same game id.
  const gameId = idem ? idem.gameId : newId();
  const playerIds = seats.map(() => newId());
  const state = initialState(spec, seats, playerIds, newId, opts.firstSeat ?? null);
  const credentials: Credentials = {
    gameId,
    seats: playerIds.map((playerId) => ({ playerId, token: newToken('player', gameId) })),
    spectatorToken: newToken('spectator', gameId),
    refereeToken: newToken('referee', gameId),
  };
  const createdAt = new Date();
  // The version's content is stored before the first game that uses it (once per process).
  await storeRulesetVersion(db, spec);
  const rng = newGameRng(gameId, opts.rng ?? {}, opts.rng?.revealFaces ?? false);
  const notify = opts.notifyChannel ?? null;
  const rows = creationRows(gameId, spec, state, seats, credentials, createdAt, notify, rng);

  const chosen = idem
    ? await withRetry(
        () =>
          db.$transaction(
            async (tx) => {
              const stored = await findResponse(tx, idem);
              if (stored !== null) return unseal<Credentials>(idem, stored);
              await tx.$executeRawUnsafe(ZK_CREATE_GAME, gameId, rows);
              await saveResponse(tx, idem, seal(idem, credentials));
              return credentials;
            },
            { maxWait: 15_000, timeout: 60_000 },
          ),
        (err) => isUniqueViolation(err),
      )
    : (await withRetry(() => driverPool(db).query(ZK_CREATE_GAME, [gameId, rows])), credentials);
  if (chosen !== credentials) {
    // A repeat of an earlier request: the game as it is now.
    const game = await loadGame(db, chosen.gameId);
    if (!game) throw new Error('created game vanished');
    return {
      game,
      seats: chosen.seats,
      spectatorToken: chosen.spectatorToken,
      refereeToken: chosen.refereeToken,
    };
  }
  // Just written: the state is known, no need to read it back.
  const game: LoadedGame = {
    game: { id: gameId, ruleset: spec.id, status: 'ACTIVE', version: 1, lastSeq: 1, createdAt },
    spec,
    players: seats.map((s, i) => ({ id: playerIds[i]!, seat: i, name: s.name })),
    state: lightState(state),
  };
  stateCacheFor(db).set(game);
  return {
    game,
    seats: chosen.seats,
    spectatorToken: chosen.spectatorToken,
    refereeToken: chosen.refereeToken,
  };
}
