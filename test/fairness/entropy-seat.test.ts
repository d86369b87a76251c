/**
 * Entropy is a seat's own act (docs/fairness.md, "Entropy"; issue 38 done-when 4, first part), in
 * every ruleset: an admin, on its own or on a seat's behalf, and the game's referee are refused with
 * FORBIDDEN and change nothing; their attempts spend no seat's budget (the seat still adds its 8
 * pieces a minute); a seat's own piece is recorded in its name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTROPY_BURST } from '../../src/authority/entropy-limit.js';
import { decksFor } from '../leak/moves.js';
import { BENCH_CREATE_GAME } from '../support/documents.js';
import { fetchHistory, post } from '../support/game-api.js';
import { builtinRulesets } from '../support/rulesets.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

const ADD_ENTROPY = `mutation ($input: AddEntropyInput!) {
  addEntropy(input: $input) { version events { kind entropy { playerId data } } }
}`;

interface Created {
  createGame: {
    game: { id: string };
    seats: { player: { id: string }; token: string }[];
    refereeToken: string;
  };
}
interface Added {
  addEntropy: {
    version: number;
    events: { kind: string; entropy: { playerId: string; data: string } | null }[];
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const codeOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  res.errors?.[0]?.extensions?.['code'];

describe('entropy from anyone but a seat', () => {
  for (const ruleset of builtinRulesets()
    .list()
    .map((r) => r.id)) {
    it(`${ruleset}: is refused for an admin (on a seat's behalf too) and the referee, and spends no seat's budget`, async () => {
      const created = await post<Created>(server, BENCH_CREATE_GAME, {
        input: {
          ruleset,
          players: decksFor(ruleset, 2).map((deck, i) => ({ name: `Seat ${i}`, deck })),
        },
      });
      expect(created.errors, created.text).toBeUndefined();
      const { game, seats, refereeToken } = created.data!.createGame;
      const seat = seats[0]!;
      const add = (token: string, data: string, onBehalfOf?: string) =>
        post<Added>(
          server,
          ADD_ENTROPY,
          { input: { gameId: game.id, data, ...(onBehalfOf ? { onBehalfOf } : {}) } },
          token,
        );
      const before = await fetchHistory(server, game.id, 0, TEST_ADMIN_TOKEN);
      // More attempts than a seat's budget, from each side of the operator.
      for (let i = 0; i < ENTROPY_BURST; i++) {
        for (const [who, res] of [
          ['admin on the seat’s behalf', await add(TEST_ADMIN_TOKEN, 'ab', seat.player.id)],
          ['admin', await add(TEST_ADMIN_TOKEN, 'cd')],
          ['referee', await add(refereeToken, 'ef')],
        ] as const) {
          expect(codeOf(res), `${who}: ${res.text}`).toBe('FORBIDDEN');
          expect(res.data, who).toBeNull();
        }
      }
      const after = await fetchHistory(server, game.id, 0, TEST_ADMIN_TOKEN);
      expect(after.events, 'nothing was recorded').toEqual(before.events);
      // The seat's own budget is whole: all of its pieces are accepted, in its name, then one more is limited.
      for (let i = 0; i < ENTROPY_BURST; i++) {
        const res = await add(seat.token, `0${i}`);
        expect(res.errors, res.text).toBeUndefined();
        expect(res.data!.addEntropy.events).toEqual([
          { kind: 'ENTROPY_ADDED', entropy: { playerId: seat.player.id, data: `0${i}` } },
        ]);
      }
      expect(codeOf(await add(seat.token, 'ff'))).toBe('RATE_LIMITED');
    });
  }
});
