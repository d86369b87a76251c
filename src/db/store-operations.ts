/**
 * The storage facade's operations other than a move's commit: {@link StoreOperations}, which the
 * `GameStore` of `index.ts` extends with `commitMove`. Each is one call into the module of
 * `src/db` that does it; nothing here decides.
 */
import type { Game } from '../generated/prisma/client.js';
import type { LifecycleStep, RulesetSpec } from '../rules/index.js';
import { isUuid } from '../uuid.js';
import {
  changeStatus,
  findGame,
  listGames,
  seatsOf,
  type GameFilter,
  type GamePage,
  type StatusChange,
  type StatusEvent,
} from './admin.js';
import { eventVersion, lifecycleKindsUpTo, replaySource, type ReplaySource } from './checkpoints.js';
import { isDatabaseReady } from './client.js';
import {
  recordTick,
  sweepTick,
  tickingGames,
  withDueGames,
  withGameIfFree,
  type ClaimedGame,
  type SweepCommit,
  type SweepResult,
} from './clock.js';
import { secretOf, type GameSecret } from './fairness.js';
import { storeHandoffCode, takeHandoffCode, type NewHandoffCode } from './handoff.js';
import { createGame, type CreatedGame } from './games.js';
import { findGameLog, hasZone, readEvents } from './log-reads.js';
import { findBoundSeat, findPrincipalByTokenHash } from './principals.js';
import type { StoredEvent } from './rows.js';
import { rulesetOfGame, storeRulesetVersion } from './ruleset-versions.js';
import { loadCurrentGame, type LoadedGame } from './state.js';
import type { Store } from './store.js';
import { readTranscriptSource, type TranscriptSource } from './transcript-reads.js';
import { poolNow } from './time.js';
import { readWholeGame, writeWholeGame, type GameToWrite, type StoredGame } from './transfer-io.js';

/**
 * Every operation of the `GameStore` but the commit of a move (`index.ts`): reads, a new
 * game's storage, lifecycle changes, exports and imports, clocks, credentials and hand-off codes,
 * each handed to the module of `src/db` that does it; and the service's database handles and caches
 * (the {@link Store} it is built from, kept for the transport, the event hub and metrics).
 */
export class StoreOperations implements Store {
  readonly db: Store['db'];
  readonly pool: Store['pool'];
  readonly states: Store['states'];
  readonly moves: Store['moves'];
  readonly rulesets: Store['rulesets'];
  readonly storedVersions: Store['storedVersions'];
  readonly boundSeats: Store['boundSeats'];
  readonly secrets: Store['secrets'];
  readonly eventPayloads: Store['eventPayloads'];

  constructor(store: Store) {
    this.db = store.db;
    this.pool = store.pool;
    this.states = store.states;
    this.moves = store.moves;
    this.rulesets = store.rulesets;
    this.storedVersions = store.storedVersions;
    this.boundSeats = store.boundSeats;
    this.secrets = store.secrets;
    this.eventPayloads = store.eventPayloads;
  }

  /** A game's zk-rng/1 secret (null: not covered, or no such game), cached: it never changes. */
  secretOf(gameId: string): Promise<GameSecret | null> {
    return isUuid(gameId) ? secretOf(this, gameId) : Promise.resolve(null);
  }

  /** The current state of a game, from the state cache when current; null for an unknown game. */
  loadCurrent(gameId: string): Promise<LoadedGame | null> {
    return loadCurrentGame(this, gameId);
  }

  /** The seat of `gameId` bound to a platform user, or null. */
  boundSeat(gameId: string, issuer: string, subject: string): Promise<string | null> {
    return findBoundSeat(this, gameId, issuer, subject);
  }

  /** Stores a new game the authority built, with the credentials and seed it chose (`games.ts`). */
  createGame(
    ...args: Parameters<typeof createGame> extends [unknown, ...infer R] ? R : never
  ): Promise<CreatedGame> {
    return createGame(this, ...args);
  }

  /** What an event reader needs of a game (ruleset, version, last seq); null if unknown. */
  gameLog(gameId: string) {
    return isUuid(gameId) ? findGameLog(this.db, gameId) : Promise.resolve(null);
  }

  /** The ruleset version a game plays, loaded or read back from the stored versions. */
  rulesetOf(ruleset: string, version: string | null): Promise<RulesetSpec> {
    return rulesetOfGame(this.db, this.rulesets, ruleset, version);
  }

  /** Stores a ruleset version's content (once while remembered). */
  storeRulesetVersion(spec: RulesetSpec): Promise<void> {
    return storeRulesetVersion(this, spec);
  }

  /** Whether the game has a zone with this id. */
  hasZone(gameId: string, zoneId: string): Promise<boolean> {
    return hasZone(this.db, gameId, zoneId);
  }

  /** Up to `limit` events with seq > `afterSeq`, in seq order. */
  readEvents(gameId: string, afterSeq: number, limit: number): Promise<StoredEvent[]> {
    return readEvents(this, gameId, afterSeq, limit);
  }

  /** The version of event `seq` of a game (0 at seq 0). */
  eventVersion(gameId: string, seq: number): Promise<number> {
    return eventVersion(this.db, gameId, seq);
  }

  /** The lifecycle events of a game's log up to `seq`, by kind. */
  lifecycleKindsUpTo(gameId: string, seq: number): Promise<string[]> {
    return lifecycleKindsUpTo(this.db, gameId, seq);
  }

  /** The nearest checkpoint of `loaded` at or before `seq` and the events after it. */
  replaySource(loaded: LoadedGame, seq: number): Promise<ReplaySource> {
    return replaySource(this.db, loaded, seq);
  }

  /** A verification transcript's contents (null for an unknown game). */
  transcriptSource(gameId: string): Promise<TranscriptSource | null> {
    return readTranscriptSource(this, gameId);
  }

  /** One page of the games matching `filter`, newest first, with the total. */
  listGames(filter: GameFilter, offset: number, limit: number): Promise<GamePage> {
    return listGames(this.db, filter, offset, limit);
  }

  /** The game row, or null. */
  findGame(gameId: string): Promise<Game | null> {
    return findGame(this.db, gameId);
  }

  /** A game's seats, in seat order. */
  seatsOf(gameId: string): Promise<{ id: string; seat: number; name: string }[]> {
    return seatsOf(this.db, gameId);
  }

  /** Takes a lifecycle step under the game row lock, appending the event `eventOf` builds. */
  changeStatus(gameId: string, step: LifecycleStep, eventOf: StatusEvent): Promise<StatusChange> {
    return changeStatus(this.db, gameId, step, eventOf);
  }

  /** The whole game as stored (for an export), or null. */
  readWholeGame(gameId: string): Promise<StoredGame | null> {
    return readWholeGame(this.db, gameId);
  }

  /** Writes a whole game (an import) in one transaction. */
  writeWholeGame(game: GameToWrite): Promise<void> {
    return writeWholeGame(this.db, game);
  }

  /** The database's time now, epoch ms (`zk_now()`: every clock's deadline is compared with it). */
  now(): Promise<number> {
    return poolNow(this.pool);
  }

  /** The database's time and the last clock sweep tick of any instance (`recordTick` writes it). */
  sweepTick(): Promise<{ now: number; previous: number | null; due: boolean }> {
    return sweepTick(this.pool);
  }

  /** Records a clock sweep's tick, once the gap before it was given back. */
  recordTick(now: number): Promise<void> {
    return recordTick(this.pool, now);
  }

  /** Active games whose clock ticks, at most `limit`, oldest deadline first. */
  tickingGames(limit: number): Promise<string[]> {
    return tickingGames(this.db, limit);
  }

  /**
   * Claims up to `limit` games whose clock is due, the earliest deadline first (`FOR UPDATE SKIP
   * LOCKED`), and commits what `plan` plans for each under their row locks, in one transaction;
   * empty when none is due.
   */
  withDueGames(
    limit: number,
    plan: (game: ClaimedGame) => Promise<SweepCommit | null>,
  ): Promise<SweepResult[]> {
    return withDueGames(this, limit, plan);
  }

  /** Commits what `plan` plans under one active game's row lock, unless another transaction holds it (null). */
  withGameIfFree(
    gameId: string,
    plan: (game: ClaimedGame) => Promise<SweepCommit | null>,
  ): Promise<SweepResult | null> {
    return isUuid(gameId) ? withGameIfFree(this, gameId, plan) : Promise.resolve(null);
  }

  /** Whether the database answers (`/readyz`). */
  databaseReady(): Promise<boolean> {
    return isDatabaseReady(this.db);
  }

  /** The seat, spectator or referee credential stored under a token hash, or null. */
  principalByTokenHash(token: string, hash: string) {
    return findPrincipalByTokenHash(this.db, token, hash);
  }

  /** Stores a hand-off code; null when its credential already has the most codes alive. */
  storeHandoffCode(code: NewHandoffCode): Promise<Date | null> {
    return storeHandoffCode(this.db, code);
  }

  /** Takes a live hand-off code once: its sealed credential, or null. */
  takeHandoffCode(codeHash: string): Promise<Uint8Array | null> {
    return takeHandoffCode(this.db, codeHash);
  }
}
