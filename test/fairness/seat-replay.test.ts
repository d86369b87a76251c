/**
 * A seat checks its own cards (docs/fairness.md, "Your own cards"): from a real ended game of each
 * ruleset, the seat's `verifyGame`, given its own deck and live record, verifies the honest
 * transcript by replaying its cards from the opened starting order, and answers `mismatch` at the
 * event of a forgery whose `before` was chosen to put a chosen card on top.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  drawsFrom,
  perActKey,
  shuffleTop,
  startEntropy,
  foldEntropy,
  verifyGame,
  type Transcript,
} from '../../client/verify.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { decksFor } from '../leak/moves.js';
import type { RulesetName } from '../leak/model.js';
import { builtinRulesets } from '../support/rulesets.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createGame } from '../support/game-api.js';
import { endGame, entropyRollAndFlip, playSteps, shuffleAndPick, transcriptOf } from './support.js';
import { seatRecord } from './seat-support.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

/** The key of act `index` at `seq`, with every entropy piece before it folded in. */
function keyOf(t: Transcript, seq: number, index: number) {
  let e = startEntropy();
  for (const piece of t.entropy ?? []) if (piece.seq < seq) e = foldEntropy(e, hexToBytes(piece.data));
  const commitment = t.commitments.filter((c) => c.seq < t.reveal!.seq).at(-1)!;
  return drawsFrom(perActKey(hexToBytes(t.reveal!.seed), commitment.gameId, seq, index, e));
}

/**
 * The operator's forgery: it holds the seed, so it picks the order it wants after the shuffle (the
 * chosen card on top) and records `before` as the order that the seed's permutation maps onto it.
 */
function forgeBefore(t: Transcript, seq: number, chosen: string): Transcript {
  const f = structuredClone(t);
  const act = f.events.find((e) => e.seq === seq)!.acts[0]!;
  if (act.kind !== 'shuffle') throw new Error('not a shuffle');
  const n = act.before.length;
  // The seed's permutation of positions: where each position's card goes.
  const positions = shuffleTop([...Array(n).keys()].map(String), n, keyOf(t, seq, act.index)).map(Number);
  const wanted = [chosen, ...act.after.filter((k) => k !== chosen)];
  const before = Array<string>(n);
  positions.forEach((from, to) => (before[from] = wanted[to]!));
  act.before = before;
  act.after = wanted;
  return f;
}

const rulesets = builtinRulesets().list();

describe.each(rulesets.map((r) => [r.id, r] as const))('%s: a seat checks its own cards', (id, r) => {
  let transcript: Transcript;
  let record: Awaited<ReturnType<typeof seatRecord>>;
  beforeAll(async () => {
    const decks = decksFor(id as RulesetName, r.players.min);
    const game = await createGame(server, id, decks);
    await shuffleAndPick(server, game);
    await entropyRollAndFlip(server, game, id, 3);
    await playSteps(server, id, game, 6, 77);
    await endGame(server, game.gameId);
    const seat = game.players[0]!;
    transcript = await transcriptOf(server, game.gameId, seat.token);
    record = await seatRecord(server, game.gameId, seat, decks[0]!);
  }, 120_000);

  it('the honest game verifies through the seat’s replay', () => {
    const report = verifyGame(transcript, record);
    expect(report).toMatchObject({ verdict: 'verified' });
    expect(report.seat!.replayed.shuffle).toBeGreaterThanOrEqual(2);
    expect(report.seat!.replayed.pick).toBeGreaterThanOrEqual(1);
  });

  it('a forged before that puts a chosen card on top: mismatch at that event', () => {
    const shuffle = transcript.events.find(
      (e) => e.kind === 'ZONE_SHUFFLED' && e.acts[0]?.kind === 'shuffle' && !('part' in e.acts[0]),
    )!;
    const act = shuffle.acts[0]! as { before: string[]; after: string[] };
    const chosen = act.after.at(-1)!;
    const forged = forgeBefore(transcript, shuffle.seq, chosen);
    // The forgery passes every check that believes the transcript's own before.
    expect(verifyGame(forged).verdict).toBe('verified');
    expect(verifyGame(forged, record)).toMatchObject({
      verdict: 'mismatch',
      firstMismatch: { seq: shuffle.seq },
    });
  });
});
