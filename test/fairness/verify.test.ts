/**
 * zk-rng/2 (docs/fairness.md) through the API: every random act is the committed seed's (a server
 * with an injected seed, checked against the game's real order, not the stored record), the
 * commitment comes first and the seed only at the end, the transcript is refused before the end,
 * an imported game verifies, and each planted tampering is named by `verifyGame`.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawsFrom, perActKey2, shuffleTop, verifyGame, type Transcript } from '../../client/verify.js';
import type { SeatRecord } from '../../client/seat-replay.js';
import { seatRecord } from './seat-support.js';
import { newId } from '../../src/ids.js';
import { decksFor } from '../leak/moves.js';
import { EXPORT_GAME, IMPORT_GAME, ok, type ImportJson } from '../admin/support.js';
import { moveDocument } from '../support/documents.js';
import { docExample } from '../support/doc-example.js';
import { besideClient, DOCS_URL, runTs, writeTsExample } from '../support/doc-run.js';
import { addSeatEntropy, createGame, fetchGame, post, type CreatedGame } from '../support/game-api.js';
import { ROOT } from '../support/process.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import {
  endGame,
  entropyRollAndFlip,
  onDatabase,
  shuffleAndPick,
  transcriptOf,
  TRANSCRIPT,
} from './support.js';

const SEED = Uint8Array.from({ length: 32 }, (_, i) => 0xa0 ^ i);
const EVENTS = /* GraphQL */ `
  query E($gameId: ID!) {
    gameEvents(gameId: $gameId, first: 100) {
      seq
      kind
      randomness {
        scheme
        acts
      }
      commitment {
        scheme
        gameId
        hash
      }
      revealedSeed
    }
  }
`;
interface EventOut {
  seq: number;
  kind: string;
  randomness: { scheme: string | null; acts: number } | null;
  commitment: { scheme: string; gameId: string; hash: string } | null;
  revealedSeed: string | null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { random: { newId, newSeed: () => SEED } });
});

const keysOf = async (gameId: string, zoneId: string) =>
  (await fetchGame(server, gameId, TEST_ADMIN_TOKEN)).game.zones
    .find((z) => z.id === zoneId)!
    .objects.filter((o) => o.host === null)
    .map((o) => o.internalKey!);
const events = async (gameId: string, token: string) =>
  (await ok<{ gameEvents: EventOut[] }>(server, EVENTS, { gameId }, token)).gameEvents;
const LEAN = { selection: 'version events { seq }' };

async function mtgGame(): Promise<{ game: CreatedGame; library: string }> {
  const game = await createGame(server, 'mtg', decksFor('mtg', 2));
  const state = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
  const library = state.zones.find((z) => z.type === 'library' && z.owner?.id === game.players[0]!.id)!.id;
  return { game, library };
}

describe('zk-rng/2 through the API', () => {
  it('shuffles and random picks are the committed seed’s draws (no other source)', async () => {
    const { game, library } = await mtgGame();
    const seat = game.players[0]!;
    // The game's act number n (zk-rng/2), after the set-up's seat entropy.
    const key = (n: number) => drawsFrom(perActKey2(SEED, game.gameId, n, Buffer.from(game.entropy!, 'hex')));

    const before = await keysOf(game.gameId, library);
    const shuffled = await ok<{ shuffleZone: { events: { seq: number }[] } }>(
      server,
      moveDocument('shuffleZone', 'ShuffleZoneInput', LEAN),
      { input: { gameId: game.gameId, zoneId: library } },
      seat.token,
    );
    expect(shuffled.shuffleZone.events[0]!.seq).toBeGreaterThan(1);
    expect(await keysOf(game.gameId, library)).toEqual(shuffleTop(before, before.length, key(0)));

    const pool = await keysOf(game.gameId, library);
    const revealed = await ok<{ revealObjects: { events: { seq: number }[] } }>(
      server,
      moveDocument('revealObjects', 'RevealObjectsInput', LEAN),
      { input: { gameId: game.gameId, select: { zoneId: library, from: 'RANDOM', count: 3 }, toAll: true } },
      seat.token,
    );
    expect(revealed.revealObjects.events[0]!.seq).toBeGreaterThan(1);
    const picked = shuffleTop(pool, 3, key(1)).slice(0, 3);
    const state = (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game;
    const shown = state.zones
      .find((z) => z.id === library)!
      .objects.filter((o) => o.revealedToAll)
      .map((o) => o.internalKey);
    expect(new Set(shown)).toEqual(new Set(picked));
  });

  it('partial shuffles and a random bottom order are the seed’s draws too, and verify', async () => {
    const { game, library } = await mtgGame();
    const seat = game.players[0]!;
    // The game's act number n (zk-rng/2), after the set-up's seat entropy.
    const key = (n: number) => drawsFrom(perActKey2(SEED, game.gameId, n, Buffer.from(game.entropy!, 'hex')));
    const act = async (field: string, inputType: string, input: Record<string, unknown>) => {
      const data = await ok<Record<string, { events: { seq: number }[] }>>(
        server,
        moveDocument(field, inputType, LEAN),
        { input: { gameId: game.gameId, ...input } },
        seat.token,
      );
      return data[field]!.events[0]!.seq;
    };

    const start = await keysOf(game.gameId, library);
    await act('shuffleZone', 'ShuffleZoneInput', { zoneId: library, top: 4 });
    expect(await keysOf(game.gameId, library)).toEqual([
      ...shuffleTop(start.slice(0, 4), 4, key(0)),
      ...start.slice(4),
    ]);

    const middle = await keysOf(game.gameId, library);
    await act('shuffleZone', 'ShuffleZoneInput', { zoneId: library, bottom: 3 });
    const n = middle.length;
    expect(await keysOf(game.gameId, library)).toEqual([
      ...middle.slice(0, n - 3),
      ...shuffleTop(middle.slice(n - 3), 3, key(1)),
    ]);

    const before = await keysOf(game.gameId, library);
    await act('moveObjects', 'MoveObjectsInput', {
      select: { zoneId: library, from: 'TOP', count: 3 },
      to: { zoneId: library },
      position: 'BOTTOM',
      randomOrder: true,
    });
    expect(await keysOf(game.gameId, library)).toEqual([
      ...before.slice(3),
      ...shuffleTop(before.slice(0, 3), 3, key(2)),
    ]);

    const both = await post(
      server,
      moveDocument('shuffleZone', 'ShuffleZoneInput', LEAN),
      {
        input: { gameId: game.gameId, zoneId: library, top: 2, bottom: 2 },
      },
      seat.token,
    );
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    await endGame(server, game.gameId);
    expect(verifyGame(await transcriptOf(server, game.gameId))).toMatchObject({
      verdict: 'verified',
      counts: { shuffle: 3, pick: 0 },
    });
  });

  it('the commitment comes first, the seed only with GAME_ENDED, the transcript only after it', async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    const seat = game.players[1]!.token;
    const live = await events(game.gameId, seat);
    expect(live[0]).toMatchObject({
      seq: 1,
      kind: 'GAME_CREATED',
      commitment: { scheme: 'zk-rng/2', gameId: game.gameId },
    });
    const random = live.filter((e) => e.randomness);
    expect(random.length).toBeGreaterThanOrEqual(2);
    expect(random.every((e) => e.seq > 1 && e.randomness!.scheme === 'zk-rng/2')).toBe(true);
    expect(live.every((e) => e.revealedSeed === null)).toBe(true);
    const early = await post(server, TRANSCRIPT, { gameId: game.gameId }, seat);
    expect(early.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    await endGame(server, game.gameId);
    const ended = (await events(game.gameId, game.spectatorToken)).at(-1)!;
    expect(ended).toMatchObject({ kind: 'GAME_ENDED', revealedSeed: Buffer.from(SEED).toString('hex') });
    for (const token of [seat, game.spectatorToken]) {
      const report = verifyGame(await transcriptOf(server, game.gameId, token));
      expect(report.verdict).toBe('verified');
      expect(report.verified).toBe(random.reduce((n, e) => n + e.randomness!.acts, 0));
    }
  });

  it('a game the rules end (the last concession, endGameWithResult) reveals its seed, verifies and re-imports', async () => {
    const seed = Buffer.from(SEED).toString('hex');
    const conceded = await mtgGame();
    await shuffleAndPick(server, conceded.game);
    const bob = conceded.game.players[1]!;
    await ok(
      server,
      moveDocument('concede', 'ConcedeInput', LEAN),
      { input: { gameId: conceded.game.gameId } },
      bob.token,
    );
    const judged = await mtgGame();
    await shuffleAndPick(server, judged.game);
    await ok(server, moveDocument('endGameWithResult', 'EndGameInput', LEAN), {
      input: { gameId: judged.game.gameId, winnerIds: [], draw: true, reason: 'Time.' },
    });
    for (const { game } of [conceded, judged]) {
      const ended = (await events(game.gameId, game.spectatorToken)).at(-1)!;
      expect(ended).toMatchObject({ kind: 'GAME_ENDED', revealedSeed: seed });
      const report = verifyGame(await transcriptOf(server, game.gameId, game.players[0]!.token));
      expect(report).toMatchObject({ verdict: 'verified', verified: 3 });
      // The ended game's export (its acts, result and revealed seed) passes the strict import.
      const doc = (await ok<{ exportGame: unknown }>(server, EXPORT_GAME, { gameId: game.gameId }))
        .exportGame;
      await ok(server, IMPORT_GAME, { data: doc });
    }
  });

  it('an imported game is partial: acts before the import are not covered, later ones verify', async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    const doc = (await ok<{ exportGame: unknown }>(server, EXPORT_GAME, { gameId: game.gameId })).exportGame;
    expect(JSON.stringify(doc)).not.toContain(Buffer.from(SEED).toString('hex'));
    const imported = (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: doc })).importGame;
    const [first, ...rest] = imported.seats;
    const copy: CreatedGame = {
      gameId: imported.game.id,
      spectatorToken: imported.spectatorToken,
      players: [first!, ...rest].map(({ player, token }) => ({ ...player, token })),
    };
    // The import commits to a new seed: its acts wait for every seat's entropy again.
    await addSeatEntropy(server, copy);
    await shuffleAndPick(server, copy);
    await endGame(server, copy.gameId);
    const t = await transcriptOf(server, copy.gameId, copy.players[0]!.token);
    expect(t.commitments.map((c) => c.gameId)).toEqual([game.gameId, game.gameId]);
    // Some acts checked, some not covered: partial, never verified.
    expect(verifyGame(t)).toMatchObject({ verdict: 'partial', verified: 3, notCovered: 3 });
  });

  it('an honest ended game, exported and imported, verifies: its reveal opens the commitment before it', async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    await endGame(server, game.gameId);
    const original = verifyGame(await transcriptOf(server, game.gameId));
    expect(original).toMatchObject({ verdict: 'verified', verified: 3 });
    const doc = (await ok<{ exportGame: unknown }>(server, EXPORT_GAME, { gameId: game.gameId })).exportGame;
    const imported = (await ok<{ importGame: ImportJson }>(server, IMPORT_GAME, { data: doc })).importGame;
    const t = await transcriptOf(server, imported.game.id, imported.seats[0]!.token);
    // The import commits anew after the reveal; that commitment is never opened and covers no act.
    expect(t.commitments).toHaveLength(2);
    expect(t.reveal!.seq).toBeLessThan(t.commitments[1]!.seq);
    expect(verifyGame(t)).toEqual(original);
  });

  describe('planted tamperings are named', () => {
    let game: CreatedGame;
    beforeAll(async () => {
      ({ game } = await mtgGame());
      await shuffleAndPick(server, game);
      await shuffleAndPick(server, game);
      await endGame(server, game.gameId);
    });
    const tamper = async (seq: number, path: string, value: unknown) => {
      await onDatabase(
        server,
        `UPDATE game_event SET payload = jsonb_set(payload, $3::text[], $4::jsonb) WHERE game_id = $1::uuid AND seq = $2`,
        [game.gameId, seq, `{${path}}`, JSON.stringify(value)],
      );
    };

    it('one position changed in a stored shuffle', async () => {
      const t = await transcriptOf(server, game.gameId);
      expect(verifyGame(t).verdict).toBe('verified');
      const shuffle = t.events.filter((e) => e.kind === 'ZONE_SHUFFLED')[1]!;
      const act = shuffle.acts[0]!;
      if (act.kind !== 'shuffle') throw new Error('not a shuffle');
      // One position only: the third card's key becomes the first's (a stored order that is no
      // longer a permutation is still caught by replaying the seed, not by a duplicate check).
      const after = [...act.after];
      expect(after.length).toBeGreaterThanOrEqual(3);
      after[2] = after[0]!;
      expect(after.filter((k, i) => k !== act.after[i])).toHaveLength(1);
      await tamper(shuffle.seq, 'random,acts,0,after', after);
      expect(verifyGame(await transcriptOf(server, game.gameId)).firstMismatch?.seq).toBe(shuffle.seq);
      await tamper(shuffle.seq, 'random,acts,0,after', act.after);
    });

    it('one random pick changed', async () => {
      const t = await transcriptOf(server, game.gameId);
      const event = t.events.filter((e) => e.acts[0]?.kind === 'pick')[1]!;
      const act = event.acts[0]!;
      if (act.kind !== 'pick') throw new Error('not a pick');
      const other = act.from.find((k) => !act.picked.includes(k))!;
      await tamper(event.seq, 'random,acts,0,picked', [other, ...act.picked.slice(1)]);
      expect(verifyGame(await transcriptOf(server, game.gameId)).firstMismatch?.seq).toBe(event.seq);
      await tamper(event.seq, 'random,acts,0,picked', act.picked);
    });

    it('the revealed seed changed', async () => {
      const t = await transcriptOf(server, game.gameId);
      const reveal = t.reveal!;
      const seed = reveal.seed.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      await tamper(reveal.seq, 'seedReveal,seed', seed);
      expect(verifyGame(await transcriptOf(server, game.gameId)).firstMismatch?.seq).toBe(reveal.seq);
      await tamper(reveal.seq, 'seedReveal,seed', reveal.seed);
      expect(verifyGame(await transcriptOf(server, game.gameId)).verdict).toBe('verified');
    });
  });
});

describe('forged transcripts get the verdict they deserve', () => {
  // An ended game with a shuffle, a pick, a partial shuffle, then seat entropy, a roll and a flip.
  let honest: Transcript;
  beforeAll(async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    await entropyRollAndFlip(server, game, 'mtg', 7);
    await endGame(server, game.gameId);
    honest = await transcriptOf(server, game.gameId);
  });
  const forged = (change: (t: Transcript) => void): Transcript => {
    const t = structuredClone(honest);
    change(t);
    return t;
  };
  const actsOf = (t: Transcript, kind: string) => t.events.filter((e) => e.acts.some((a) => a.kind === kind));

  it('the honest transcript is verified, every act checked', () => {
    const report = verifyGame(honest);
    expect(report).toMatchObject({
      verdict: 'verified',
      notCovered: 0,
      counts: { shuffle: 2, pick: 1, roll: 1, coin: 1 },
    });
  });

  it('emptied roll results: mismatch at the roll', () => {
    const roll = actsOf(honest, 'roll')[0]!;
    const t = forged((f) => {
      for (const a of f.events.find((e) => e.seq === roll.seq)!.acts) if (a.kind === 'roll') a.results = [];
    });
    expect(verifyGame(t)).toMatchObject({ verdict: 'mismatch', firstMismatch: { seq: roll.seq } });
  });

  it('emptied flip results and an empty pick: mismatch at each', () => {
    for (const kind of ['coin', 'pick'] as const) {
      const event = actsOf(honest, kind)[0]!;
      const t = forged((f) => {
        for (const a of f.events.find((e) => e.seq === event.seq)!.acts) {
          if (a.kind === 'coin') a.results = [];
          if (a.kind === 'pick') a.picked = [];
        }
      });
      expect(verifyGame(t), kind).toMatchObject({ verdict: 'mismatch', firstMismatch: { seq: event.seq } });
    }
  });

  it('dropped seat entropy: mismatch at the first act after it', () => {
    // Each seat's piece from the set-up, then the last seat's before the roll.
    expect(honest.entropy).toHaveLength(3);
    const last = honest.entropy!.at(-1)!;
    const firstAfter = honest.events.find((e) => e.seq > last.seq && e.acts.length > 0)!;
    const t = forged((f) => {
      f.entropy = f.entropy!.slice(0, -1);
    });
    expect(verifyGame(t)).toMatchObject({ verdict: 'mismatch', firstMismatch: { seq: firstAfter.seq } });
    // All of it dropped: the first act already differs.
    const none = forged((f) => {
      f.entropy = [];
    });
    expect(verifyGame(none).firstMismatch?.seq).toBe(honest.events[0]!.seq);
  });

  it('a roll, a flip or a pick cut to a prefix of what was asked for: mismatch at it (each act records its count)', () => {
    for (const kind of ['roll', 'coin', 'pick'] as const) {
      const event = actsOf(honest, kind)[0]!;
      const t = forged((f) => {
        for (const a of f.events.find((e) => e.seq === event.seq)!.acts) {
          if (a.kind === 'roll' || a.kind === 'coin') expect(a.count).toBe(a.results.length);
          if (a.kind === 'roll') a.results = a.results.slice(0, -1);
          if (a.kind === 'coin') a.results = a.results.slice(0, -1);
          if (a.kind === 'pick') a.picked = a.picked.slice(0, -1);
        }
      });
      expect(verifyGame(t), kind).toMatchObject({
        verdict: 'mismatch',
        firstMismatch: { seq: event.seq, reason: expect.stringContaining('asked for') },
      });
    }
  });

  it('an act dropped from the transcript: every later act is numbered differently, a mismatch follows', () => {
    // The next act may be a pick over so few cards that another key picks alike: a later one differs.
    const [first] = honest.events;
    const t = forged((f) => {
      f.events = f.events.filter((e) => e.seq !== first!.seq);
    });
    const report = verifyGame(t);
    expect(report.verdict).toBe('mismatch');
    expect(report.firstMismatch!.seq).toBeGreaterThan(first!.seq);
  });

  it('a scheme set to null after the commitment: mismatch at that event, never verified', () => {
    const roll = actsOf(honest, 'roll')[0]!;
    const t = forged((f) => {
      f.events.find((e) => e.seq === roll.seq)!.scheme = null;
    });
    expect(verifyGame(t)).toMatchObject({ verdict: 'mismatch', firstMismatch: { seq: roll.seq } });
  });

  it('a transcript with no events: nothing to verify, never verified', () => {
    const t = forged((f) => {
      f.events = [];
    });
    expect(verifyGame(t)).toMatchObject({ verdict: 'nothing to verify', verified: 0, notCovered: 0 });
  });

  it('a forged pick: mismatch at the pick', () => {
    const pick = actsOf(honest, 'pick')[0]!;
    const t = forged((f) => {
      for (const a of f.events.find((e) => e.seq === pick.seq)!.acts)
        if (a.kind === 'pick') a.picked = [a.from.find((k) => !a.picked.includes(k))!, ...a.picked.slice(1)];
    });
    expect(verifyGame(t)).toMatchObject({ verdict: 'mismatch', firstMismatch: { seq: pick.seq } });
  });
});

describe('forged transcripts, checked with the seat’s live record', () => {
  // The seat's own inputs: the commitment it saw, its entropy, the rolls and flips shown, its deck.
  let honest: Transcript;
  let record: SeatRecord;
  beforeAll(async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    await entropyRollAndFlip(server, game, 'mtg', 11);
    await endGame(server, game.gameId);
    const seat = game.players.at(-1)!;
    honest = await transcriptOf(server, game.gameId, seat.token);
    record = await seatRecord(server, game.gameId, seat, decksFor('mtg', 2)[1]!);
  });
  const forged = (change: (t: Transcript) => void): Transcript => {
    const t = structuredClone(honest);
    change(t);
    return t;
  };
  const seqOf = (kind: string) => honest.events.find((e) => e.acts.some((a) => a.kind === kind))!.seq;

  it('the honest transcript and record: verified, the seat’s rolls and flips compared', () => {
    // The seat's piece from the set-up (a waiting game's acts need it), then its piece before the roll.
    expect(record.entropy).toHaveLength(2);
    expect(record.rolls).toHaveLength(2);
    const report = verifyGame(honest, record);
    expect(report).toMatchObject({ verdict: 'verified', seat: { live: 2 } });
  });

  it('emptied roll results: mismatch at the roll', () => {
    const t = forged((f) => {
      for (const a of f.events.find((e) => e.seq === seqOf('roll'))!.acts)
        if (a.kind === 'roll') a.results = [];
    });
    expect(verifyGame(t, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: seqOf('roll') },
    });
  });

  it('dropped seat entropy: mismatch at the seat’s own piece', () => {
    const t = forged((f) => {
      f.entropy = [];
    });
    expect(verifyGame(t, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: record.entropy[0]!.seq },
    });
  });

  it('a scheme set to null: mismatch at that event', () => {
    const t = forged((f) => {
      f.events.find((e) => e.seq === seqOf('coin'))!.scheme = null;
    });
    expect(verifyGame(t, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: seqOf('coin') },
    });
  });

  it('a transcript with no events: mismatch at the first roll the seat was shown, not nothing to verify', () => {
    const t = forged((f) => {
      f.events = [];
    });
    expect(verifyGame(t, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: record.rolls[0]!.seq },
    });
  });

  it('a forged pick: mismatch at the pick', () => {
    const t = forged((f) => {
      for (const a of f.events.find((e) => e.seq === seqOf('pick'))!.acts)
        if (a.kind === 'pick') a.picked = [a.from.find((k) => !a.picked.includes(k))!, ...a.picked.slice(1)];
    });
    expect(verifyGame(t, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: seqOf('pick') },
    });
  });

  it('another commitment than the one seen at seq 1, or no opening of the seat’s cards: mismatch at seq 1', () => {
    const other = forged((f) => {
      f.commitments[0]!.hash = f.commitments[0]!.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    });
    expect(verifyGame(other, record).firstMismatch?.seq).toBe(1);
    const unopened = forged((f) => {
      f.seats = [];
    });
    expect(verifyGame(unopened, record)).toMatchObject({ verdict: 'mismatch', firstMismatch: { seq: 1 } });
  });
});

describe("the guide's check", () => {
  it('type-checks and runs as written, with a seat token, on an ended game: the verdict it shows', async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    await ok(
      server,
      moveDocument('concede', 'ConcedeInput', LEAN),
      { input: { gameId: game.gameId } },
      game.players[1]!.token,
    );
    const example = docExample('verify-game');
    // Its values: Alice's token and the game, from the environment; its URL stands for this server.
    const file = path.join(besideClient(), 'verify-game.ts');
    writeTsExample(
      file,
      example.replaceAll(DOCS_URL, server.url),
      "const aliceToken = process.env['ZK_TOKEN']!;\nconst gameId = process.env['ZK_GAME']!;",
    );
    const run = runTs(file, { ZK_TOKEN: game.players[0]!.token, ZK_GAME: game.gameId });
    expect(await run.exited, run.output()).toBe(0);
    // What it prints is the report of the verifier run here, in the form the guide's comment shows.
    const report = verifyGame(await transcriptOf(server, game.gameId, game.players[0]!.token));
    expect(report.verdict).toBe('verified');
    expect(run.output().trim()).toBe(`${report.verdict} ${report.verified} ${report.firstMismatch}`);
    const [, verdict, verified, mismatch] = /\/\/ '(\S+)' (\d+) (\S+)$/m.exec(example) ?? [];
    expect([verdict, mismatch], "the guide's comment").toEqual([
      report.verdict,
      String(report.firstMismatch),
    ]);
    expect(Number(verified)).toBeGreaterThan(0);
  }, 120_000);
});

describe('examples/verify-game.ts', () => {
  const runExample = (gameId: string, token: string) =>
    runTs(path.join(ROOT, 'examples/verify-game.ts'), { ZK_URL: server.url, ZK_TOKEN: token }, ROOT, [
      gameId,
    ]);

  it('on an active game: one line naming the refusal and its code, exit 2, no stack trace; once ended: the verdict, exit 0', async () => {
    const { game } = await mtgGame();
    await shuffleAndPick(server, game);
    const active = runExample(game.gameId, game.players[0]!.token);
    expect(await active.exited, active.output()).toBe(2);
    expect(active.output().trim()).toBe(
      'verify-game: the service refused the transcript: FORBIDDEN: The verification transcript is available after the game ends. ' +
        '(the transcript is refused until the game has ended: its seed is revealed only then; run this again after the game ends)',
    );

    await ok(
      server,
      moveDocument('concede', 'ConcedeInput', LEAN),
      { input: { gameId: game.gameId } },
      game.players[1]!.token,
    );
    const ended = runExample(game.gameId, game.players[0]!.token);
    expect(await ended.exited, ended.output()).toBe(0);
    expect(ended.output()).toMatch(/^verified: [1-9]\d* acts \(/);
    // A seat's token: its own cards replayed from its opened starting order too.
    expect(ended.output()).toMatch(/^your own cards: [1-9]\d* shuffles, [1-9]\d* picks /m);
  }, 120_000);
});
