/**
 * The one place a game's credentials and zk-rng/1 seed are made, for a created game and an imported
 * one alike: the data layer only stores what it is handed (`src/db/games.ts`, `db/transfer-io.ts`).
 * Credentials are never exported, so an imported game gets new ones, its referee's included
 * (docs/admin.md); its seed is new too, committed to under the original derivation id
 * (docs/fairness.md).
 */
import { newToken } from '../auth/tokens.js';
import type { GameCredentials, NewSecret } from '../db/index.js';
import { deckCommitments, type DeckCommitment } from '../fairness/seat-deck.js';
import { commitmentOf, newSeed, ZK_RNG_1 } from '../fairness/zk-rng.js';
import type { DomainEvent } from '../rules/index.js';

/** New seat, spectator and referee credentials for a game and its seats. */
export function newCredentials(gameId: string, playerIds: readonly string[]): GameCredentials {
  return {
    gameId,
    seats: playerIds.map((playerId) => ({ playerId, token: newToken('player', gameId) })),
    spectatorToken: newToken('spectator', gameId),
    refereeToken: newToken('referee', gameId),
  };
}

/** The injected parts of a new secret (tests share them between twin games). */
export interface SecretSource {
  readonly newSeed?: (() => Uint8Array) | undefined;
  /** The derivation's game id for a new game (default: the game's own id). */
  readonly derivationId?: ((gameId: string) => string) | undefined;
}

/**
 * A new game's zk-rng/1 secret (the row the data layer stores) and the commitment its first event
 * (GAME_CREATED, or GAME_IMPORTED) carries.
 */
export function newGameSecret(gameId: string, source: SecretSource, revealFaces: boolean): NewSecret {
  const seed = (source.newSeed ?? newSeed)();
  const derivationId = source.derivationId?.(gameId) ?? gameId;
  return {
    row: {
      scheme: ZK_RNG_1,
      seed: Buffer.from(seed).toString('hex'),
      derivation_id: derivationId,
      reveal_faces: revealFaces,
    },
    commitment: { scheme: ZK_RNG_1, gameId: derivationId, hash: commitmentOf(seed), revealFaces },
  };
}

/**
 * Each seat's salted commitment to its own starting cards in GAME_CREATED (docs/fairness.md, "Your
 * own cards"), salted from the new secret's seed so it needs no storage of its own.
 */
export function seatDeckCommitments(
  secret: NewSecret,
  created: DomainEvent,
  playerIds: readonly string[],
): DeckCommitment[] {
  return deckCommitments(
    Buffer.from(secret.row.seed, 'hex'),
    created,
    playerIds.map((id, seat) => ({ id, seat })),
  );
}
