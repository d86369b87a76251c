/**
 * Who makes a move, and the event a move that changed nothing records.
 */
import { assertNever } from './assert.js';
import type { DomainEvent } from './types/events.js';

/**
 * Who makes a move. A judge (admin) may act on behalf of a seat: the log records both. A referee is
 * a game's own engine or host (one game's judge), recorded as such.
 */
export type Actor =
  | { readonly kind: 'PLAYER'; readonly playerId: string }
  | { readonly kind: 'ADMIN'; readonly onBehalfOf?: string }
  | { readonly kind: 'REFEREE' };

/** The player a move is made as, for the rules (owner's choices) and for the log. */
export function actingPlayer(actor: Actor): string | null {
  switch (actor.kind) {
    case 'PLAYER':
      return actor.playerId;
    case 'ADMIN':
      return actor.onBehalfOf ?? null;
    case 'REFEREE':
      return null;
    default:
      return assertNever(actor);
  }
}

/**
 * The event of a plan that changed nothing (shuffling an empty zone). Every committed mutation bumps
 * the version and appends at least one event, so that each version can be recovered from the log.
 */
export const noMove = (): DomainEvent => ({
  kind: 'NO_MOVE',
  zoneIds: [],
  transitions: [],
  zonesCreated: [],
  zonesRemoved: [],
  rules: [],
});
