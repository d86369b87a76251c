/**
 * A seat's own starting cards, committed at creation and opened after the end (docs/fairness.md,
 * "Your own cards"). Seats do not submit their decks (the host does) and never see their own
 * library, so each seat receives, privately, a salted commitment to its starting cards in order;
 * after the end its transcript opens it, so the seat can replay every change of order from the
 * real starting order and check that what it drew is what the shuffles put there.
 *
 * The salt is derived from the game's seed, so it is as secret as the seed until the end and
 * needs no storage: `salt = HMAC(seed, "zk-rng/1:deck" ‖ 0x00 ‖ u8(seat))`. The commitment is
 * `SHA256("zk-rng/1:deck" ‖ 0x00 ‖ salt ‖ JSON([[slot, face], …]))`, where `slot` is the starting
 * zone's index in GAME_CREATED's `zonesCreated` and the cards are in zone order then top first.
 * It names no id, so it holds across export and import (ids are remapped, the order kept).
 */
import { createHash, createHmac } from 'node:crypto';
import type { DomainEvent, ObjectState } from '../rules/index.js';

const TAG_DECK = Buffer.from('zk-rng/1:deck\0');

/** One seat's commitment, as GAME_CREATED carries it (each seat is shown only its own). */
export interface DeckCommitment {
  readonly playerId: string;
  /** Lower-case hex SHA-256 over the tag, the seat's salt and its starting cards. */
  readonly hash: string;
}

/** A starting card of a seat: its zone, the zone's slot, its internal key and its face. */
export interface StartingCard {
  readonly zone: string;
  readonly slot: number;
  readonly key: string;
  readonly face: string;
}

/** The seat's salt: HMAC(seed, tag ‖ u8(seat)). Secret until the seed is revealed. */
export function deckSalt(seed: Uint8Array, seat: number): Buffer {
  return createHmac('sha256', seed)
    .update(Buffer.concat([TAG_DECK, Buffer.of(seat)]))
    .digest();
}

/** SHA256(tag ‖ salt ‖ JSON of the [slot, face] pairs), lower-case hex. */
export function deckCommitmentOf(salt: Uint8Array, cards: readonly StartingCard[]): string {
  const body = JSON.stringify(cards.map((c) => [c.slot, c.face]));
  return createHash('sha256').update(TAG_DECK).update(salt).update(body, 'utf8').digest('hex');
}

/**
 * The starting cards a seat owns in a GAME_CREATED event: cards (not tokens or layers) that no
 * other object hosts, in the order of their zones in `zonesCreated`, each zone top first.
 */
export function startingCardsOf(created: DomainEvent, playerId: string): StartingCard[] {
  const slots = new Map(created.zonesCreated.map((z, i) => [z.id, i]));
  const own = created.transitions
    .map((t) => t.after)
    .filter(
      (o): o is ObjectState =>
        o !== null && o.ownerId === playerId && o.kind === 'card' && o.hostKey === null,
    );
  return own
    .map((o) => ({
      zone: o.zoneId,
      slot: slots.get(o.zoneId) ?? -1,
      key: o.key,
      face: o.card.name,
      at: o.sortKey,
    }))
    .sort((a, b) => a.slot - b.slot || a.at - b.at)
    .map(({ zone, slot, key, face }) => ({ zone, slot, key, face }));
}

/** Every seat's commitment to its starting cards (`players` in seat order). */
export function deckCommitments(
  seed: Uint8Array,
  created: DomainEvent,
  players: readonly { readonly id: string; readonly seat: number }[],
): DeckCommitment[] {
  return players.map((p) => ({
    playerId: p.id,
    hash: deckCommitmentOf(deckSalt(seed, p.seat), startingCardsOf(created, p.id)),
  }));
}
