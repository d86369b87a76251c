/**
 * Storing a new game: game, seats, spectator credential, zones, objects and event seq 1 GAME_CREATED
 * (every starting zone and object, as transitions from null, so the log alone rebuilds the state),
 * all in one transaction. Version is 1 afterwards. The starting state and its event are built and
 * checked by the authority (`src/authority/starting-layout.ts`); this file only writes them.
 */
import { hashToken } from '../auth/tokens.js';
import type { EventWithPlayers, GameState, RulesetSpec } from '../rules/index.js';
import { findResponse, saveResponse, seal, unseal, type IdempotencyKey } from './idempotency.js';
import { isUniqueViolation } from './driver-errors.js';
import { withRetry } from './retry.js';
import { compactCreation } from './creation-payload.js';
import type { NewSecret } from './fairness.js';
import type { DeckCommitment } from '../fairness/seat-deck.js';
import { zoneToSqlRow } from './rows.js';
import { storedTableOf } from './table-state.js';
import { storeRulesetVersion } from './ruleset-versions.js';
import { loadGame, type LoadedGame } from './state.js';
import { lightState } from './state-cache.js';
import type { Store } from './store.js';

/** A new game as the authority built it: ids, seat names, the starting state and its event. */
export interface NewGame {
  readonly gameId: string;
  readonly playerIds: readonly string[];
  readonly seats: readonly {
    readonly name: string;
    /** The platform user bound to the seat (issuer + subject), whose verified token plays it. */
    readonly externalUser?: { readonly issuer: string; readonly subject: string } | null;
  }[];
  readonly state: GameState;
  /** The GAME_CREATED event of {@link NewGame.state}. */
  readonly event: EventWithPlayers;
}

export interface CreatedGame {
  readonly game: LoadedGame;
  readonly seats: readonly { readonly playerId: string; readonly token: string }[];
  readonly spectatorToken: string;
  /** The game's referee credential (its own engine or host): any move the rules allow, sees all. */
  readonly refereeToken: string;
}

/** A new game's credentials as the authority made them (`src/authority/new-game.ts`); stored as hashes. */
export interface GameCredentials {
  readonly gameId: string;
  readonly seats: readonly { readonly playerId: string; readonly token: string }[];
  readonly spectatorToken: string;
  readonly refereeToken: string;
}

/**
 * Every row of a new game in one call, one round trip whatever the deck sizes: `zk_create_game`
 * (in the migrations) inserts the game, its seats, zones and objects and the GAME_CREATED event
 * from one JSON parameter. It sends no notice: the authority announces `(gameId, 1)` after the
 * commit (src/authority/publish.ts), as it does for a move. Seats and zones arrive as rows
 * (the tables' column names); the objects are read from the event's stored form, so the largest
 * part of a new game crosses the wire and is parsed once.
 */
const ZK_CREATE_GAME = 'SELECT zk_create_game($1::uuid, $2::jsonb)';

/** The JSON parameter of {@link ZK_CREATE_GAME}. */
function creationRows(
  spec: RulesetSpec,
  { gameId, state, seats, event }: NewGame,
  credentials: GameCredentials,
  createdAt: Date,
  rng: NewSecret,
  deckCommitments: readonly DeckCommitment[],
): string {
  return JSON.stringify({
    rng: rng.row,
    game: {
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
    // Each seat's salted commitment to its own starting cards (docs/fairness.md, "Your own cards").
    event: {
      ...compactCreation(event),
      commitment: rng.commitment,
      deckCommitments,
    },
  });
}

/** What {@link createGame} stores besides the game: its credentials and seed, the key. */
export interface NewGameSecrets {
  readonly credentials: GameCredentials;
  readonly secret: NewSecret;
  /** Each seat's salted commitment to its own starting cards, stored in GAME_CREATED. */
  readonly deckCommitments: readonly DeckCommitment[];
  readonly idempotency: IdempotencyKey | null;
}

/**
 * Writes the game's rows in one statement; with an idempotency key, in a transaction with the key's
 * record, answering the first request's credentials (sealed under the key) when the key was used.
 * Concurrent repeats collide on the record's primary key and the loser, retried, finds the winner's.
 */
function writeGame(store: Store, gameId: string, rows: string, s: NewGameSecrets): Promise<GameCredentials> {
  const idem = s.idempotency;
  if (!idem)
    return withRetry(() => store.pool.query(ZK_CREATE_GAME, [gameId, rows])).then(() => s.credentials);
  return withRetry(
    () =>
      store.db.$transaction(
        async (tx) => {
          const stored = await findResponse(tx, idem);
          if (stored !== null) return unseal<GameCredentials>(idem, stored);
          await tx.$executeRawUnsafe(ZK_CREATE_GAME, gameId, rows);
          await saveResponse(tx, idem, seal(idem, s.credentials));
          return s.credentials;
        },
        { maxWait: 15_000, timeout: 60_000 },
      ),
    (err) => isUniqueViolation(err),
  );
}

/**
 * Stores a new game the authority built, with the credentials and seed it made. With an
 * idempotency key, a repeat returns the first game and its credentials. Without one, the game is
 * written in a single statement (one round trip).
 */
export async function createGame(
  store: Store,
  spec: RulesetSpec,
  newGame: NewGame,
  secrets: NewGameSecrets,
): Promise<CreatedGame> {
  const { gameId, playerIds, seats, state } = newGame;
  const { credentials } = secrets;
  const createdAt = new Date();
  // The version's content is stored before the first game that uses it (once per process).
  await storeRulesetVersion(store, spec);
  const rows = creationRows(spec, newGame, credentials, createdAt, secrets.secret, secrets.deckCommitments);
  const chosen = await writeGame(store, gameId, rows, secrets);
  if (chosen !== credentials) {
    // A repeat of an earlier request: the game as it is now.
    const game = await loadGame(store.db, store.rulesets, chosen.gameId);
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
  store.states.set(game);
  return {
    game,
    seats: chosen.seats,
    spectatorToken: chosen.spectatorToken,
    refereeToken: chosen.refereeToken,
  };
}
