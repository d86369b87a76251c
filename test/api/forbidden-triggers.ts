/**
 * One request per FORBIDDEN reason that is refused for that reason (`refusal-reasons.test.ts`).
 * The `Record` makes the compiler demand a trigger for every reason of src/errors.ts; the test
 * demands one for every value of the schema's `enum ForbiddenReason`.
 */
import type { ForbiddenReason } from '../../src/errors.js';
import { TEST_ADMIN_TOKEN } from '../support/server.js';
import type { Answer, Tables } from './refusal-tables.js';

export type Trigger = (t: Tables) => Promise<Answer>;
/** A trigger, or null for a reason no request can be refused for (`planner-only-refusals.ts`). */
export type MaybeTrigger = Trigger | null;

export const FORBIDDEN_TRIGGERS: Record<ForbiddenReason, Trigger> = {
  // Seat 1 advances a turn that is seat 0's.
  NOT_YOUR_TURN: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(1).token, 'advanceTurn', {});
  },
  // Of three seats, seat 0 concedes (the game goes on), then shuffles its own library.
  CONCEDED: async (t) => {
    const g = await t.fresh('mtg', { players: 3 });
    await g.must(g.seat(0).token, 'concede', {});
    return g.act(g.seat(0).token, 'shuffleZone', { zoneId: g.zone('library', 0) });
  },
  // Pokémon lists no removeFromGame among the moves on others' visible objects.
  NOT_YOUR_OBJECT: async (t) => {
    const g = await t.fresh('pokemon');
    const bobs = await g.token({ type: 'active_spot', ownerId: g.seat(1).id }, ['pokemon'], 1);
    return g.act(g.seat(0).token, 'removeFromGame', { objectIds: [bobs] });
  },
  // Seat 0 draws from seat 1's library, by position.
  HIDDEN_OBJECT: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(0).token, 'moveObjects', {
      select: { zoneId: g.zone('library', 1), from: 'TOP', count: 1 },
      to: { zoneId: g.zone('hand', 0) },
      by: 'EFFECT',
    });
  },
  // Seat 0 names a card of its own library by id.
  SELECT_BY_POSITION: async (t) => {
    const g = await t.shared('mtg');
    const top = await g.objectIn(g.zone('library', 0));
    return g.act(g.seat(0).token, 'moveObjects', {
      objectIds: [top],
      to: { zoneId: g.zone('hand', 0) },
      by: 'EFFECT',
    });
  },
  // Seat 0 puts its library's unseen top card onto the battlefield (MTG 400.4a admits by type).
  REVEAL_FIRST: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(0).token, 'moveObjects', {
      select: { zoneId: g.zone('library', 0), from: 'TOP', count: 1 },
      to: { type: 'battlefield' },
      by: 'EFFECT',
    });
  },
  NOT_YOUR_ZONE: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(0).token, 'shuffleZone', { zoneId: g.zone('library', 1) });
  },
  OTHER_PLAYER: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(0).token, 'concede', { playerId: g.seat(1).id });
  },
  REFEREE_ONLY: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(0).token, 'advanceTurn', { activePlayerId: g.seat(1).id });
  },
  SPECTATOR: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.spectator, 'shuffleZone', { zoneId: g.zone('library', 0) });
  },
  ON_BEHALF_ADMIN_ONLY: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.seat(0).token, 'shuffleZone', { zoneId: g.zone('library', 1), onBehalfOf: g.seat(1).id });
  },
  ADMIN_ONLY: async (t) => {
    const g = await t.shared('mtg');
    const res = await t.s.gql(`{ adminGames { total } }`, {}, g.seat(0).token);
    return res.errors?.[0];
  },
  // A seat's credential binding a seat of a new game to a platform user.
  HOST_ONLY: async (t) => {
    const g = await t.shared('mtg');
    const res = await t.s.gql(
      `mutation C($input: CreateGameInput!) { createGame(input: $input) { game { id } } }`,
      {
        input: {
          ruleset: 'mtg',
          players: [
            { name: 'A', deck: [], externalUser: { issuer: 'https://issuer.example', subject: 'a' } },
            { name: 'B', deck: [] },
          ],
        },
      },
      g.seat(0).token,
    );
    return res.errors?.[0];
  },
  SEAT_ENTROPY_ONLY: async (t) => {
    const g = await t.shared('mtg');
    return g.act(g.referee, 'addEntropy', { data: 'abcd' });
  },
  GAME_NOT_ENDED: async (t) => {
    const g = await t.shared('mtg');
    const res = await t.s.gql(
      `query T($id: ID!) { fairnessTranscript(gameId: $id) }`,
      { id: g.id },
      TEST_ADMIN_TOKEN,
    );
    return res.errors?.[0];
  },
};
