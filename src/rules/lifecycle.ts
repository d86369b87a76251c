/**
 * A game's lifecycle, ACTIVE → ENDED → ARCHIVED, and the events that record it. Lifecycle events
 * change no object; the one that ends a game's play reveals its zk-rng/1 seed (docs/fairness.md).
 */
import type { DomainEvent } from './types/events.js';
import type { SeedReveal } from './types/randomness.js';

export type GameStatus = 'ACTIVE' | 'ENDED' | 'ARCHIVED';
export type LifecycleKind = 'GAME_ENDED' | 'GAME_ARCHIVED' | 'GAME_IMPORTED';

/** A lifecycle event, which carries no object changes. */
export function lifecycleEvent(kind: LifecycleKind): DomainEvent {
  return { kind, zoneIds: [], transitions: [], zonesCreated: [], zonesRemoved: [], rules: [] };
}

/** One step of the lifecycle: the status it starts from and the event that records it. */
export interface LifecycleStep {
  readonly to: 'ENDED' | 'ARCHIVED';
  readonly from: GameStatus;
  readonly kind: 'GAME_ENDED' | 'GAME_ARCHIVED';
}

/** The steps an operator may take: end an active game, archive an ended one. */
export const LIFECYCLE_STEPS: Record<LifecycleStep['to'], LifecycleStep> = {
  ENDED: { to: 'ENDED', from: 'ACTIVE', kind: 'GAME_ENDED' },
  ARCHIVED: { to: 'ARCHIVED', from: 'ENDED', kind: 'GAME_ARCHIVED' },
};

/** Whether leaving `from` ends the game's play (and so reveals its seed). */
export const endsPlay = (from: GameStatus): boolean => from === 'ACTIVE';

/** The event of a status change, with the seed's reveal when it ends the game's play. */
export function statusChangeEvent(kind: LifecycleStep['kind'], seedReveal: SeedReveal | null): DomainEvent {
  const event = lifecycleEvent(kind);
  return seedReveal ? { ...event, seedReveal } : event;
}
