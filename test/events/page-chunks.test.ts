/**
 * A history page is handed to graphql-js {@link PAGE_CHUNK} events per turn of the event loop
 * (`eventPageOut`, src/render/event.ts), so that another seat's move never waits behind the walk of
 * a whole page. What the caller gets must not change: a page longer than a chunk is, byte for byte,
 * the pages of at most a chunk (which are handed over as a plain list) laid end to end, for every
 * viewer class (each seat, a spectator, the admin) and every built-in ruleset, on games whose
 * events hide cards from some of those viewers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/db/rows.js';
import { eventPageOut, PAGE_CHUNK, toGameEvent, EventTimeline } from '../../src/render/event.js';
import type { DomainEvent, Viewer } from '../../src/rules/index.js';
import { HISTORY_QUERY } from '../support/documents.js';
import { createGame, fetchGame, post, type CreatedGame } from '../support/game-api.js';
import { builtinRulesets } from '../support/rulesets.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';
import { choiceArb, decksFor, drawStep, secretName, toMutation } from '../leak/moves.js';
import type { RulesetName } from '../leak/model.js';

const RULESETS: readonly RulesetName[] = ['mtg', 'fab', 'netrunner', 'pokemon', 'yugioh'];
/** Steps tried per game: enough accepted ones for a page of several chunks. */
const STEPS = 70;
/** Steps that end the game. */
const ENDS = new Set(['concede', 'endGameWithResult']);

describe('a history page handed over a chunk per turn', () => {
  const noMove = (seq: number): StoredEvent => ({
    gameId: 'g',
    seq,
    version: seq,
    kind: 'NO_MOVE',
    actorKind: 'SYSTEM',
    actorPlayerId: null,
    createdAt: new Date(1_800_000_000_000 + seq),
    payload: {
      kind: 'NO_MOVE',
      zoneIds: [],
      transitions: [],
      zonesCreated: [],
      zonesRemoved: [],
      rules: ['MTG 100.1'],
    } satisfies DomainEvent,
  });
  const source = {
    players: () => Promise.reject(new Error('not asked')),
    stateAfter: () => Promise.reject(new Error('not asked')),
  };

  it('hands the first chunk at once and each later chunk one turn of the loop after the last', async () => {
    const spec = builtinRulesets().get('mtg')!;
    const viewer: Viewer = { kind: 'admin' };
    const rows = Array.from({ length: 4 * PAGE_CHUNK + 3 }, (_, i) => noMove(i + 1));
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      setImmediate(() => {
        turns++;
        if (ticking) tick();
      });
    };
    tick();
    const out = eventPageOut(rows, spec, viewer, source);
    const settledAt = await Promise.all(out.map((v) => Promise.resolve(v).then(() => turns)));
    ticking = false;
    const chunks = Array.from({ length: 5 }, (_, k) => settledAt.slice(k * PAGE_CHUNK, (k + 1) * PAGE_CHUNK));
    expect(out.slice(0, PAGE_CHUNK).some((v) => v instanceof Promise)).toBe(false);
    expect(out.slice(PAGE_CHUNK).every((v) => v instanceof Promise)).toBe(true);
    // One turn per chunk: each chunk settles together, a later turn than the chunk before it.
    for (const chunk of chunks) expect(new Set(chunk).size).toBe(1);
    const turnOf = chunks.map((c) => c[0]!);
    for (let k = 1; k < turnOf.length; k++) expect(turnOf[k]).toBeGreaterThan(turnOf[k - 1]!);
    // The values are the plain list's, in order.
    const timeline = new EventTimeline(spec, source);
    expect(await Promise.all(out)).toEqual(rows.map((r) => toGameEvent(r, spec, viewer, timeline)));
  });

  it('hands a page of at most a chunk over as a plain list', () => {
    const spec = builtinRulesets().get('mtg')!;
    const rows = Array.from({ length: PAGE_CHUNK }, (_, i) => noMove(i + 1));
    expect(eventPageOut(rows, spec, { kind: 'spectator' }, source).some((v) => v instanceof Promise)).toBe(
      false,
    );
  });
});

describe('a long page is the short pages laid end to end, byte for byte', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.app.stop();
  });

  /** Plays up to STEPS steps, none ending the game (every third a legal draw, which hides the card from the other viewers). */
  async function play(ruleset: RulesetName, game: CreatedGame, seed: number): Promise<number> {
    const choices = fc.sample(fc.array(choiceArb, { minLength: STEPS, maxLength: STEPS }), {
      seed,
      numRuns: 1,
    })[0]!;
    let n = 0;
    const nextName = (kind: 'Token' | 'Layer') => secretName(kind, ++n);
    let lastSeq = 0;
    for (const [i, choice] of choices.entries()) {
      const { game: state } = await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN);
      lastSeq = state.lastSeq;
      if (state.status !== 'ACTIVE') break;
      const ctx = { ruleset, state, nextName };
      const actor = choice.actor % game.players.length;
      const m = (i % 3 === 2 ? drawStep(ctx, actor) : null) ?? toMutation(ctx, choice);
      // The game must go on: a page of several chunks needs the events.
      if (ENDS.has(m.field)) continue;
      await post(server, m.document, { input: m.input }, game.players[m.actor]!.token);
    }
    return (await fetchGame(server, game.gameId, TEST_ADMIN_TOKEN)).game.lastSeq || lastSeq;
  }

  const PREFIX = '{"data":{"gameEvents":[';
  const SUFFIX = ']}}';
  const inner = (text: string) => {
    expect(text.startsWith(PREFIX) && text.endsWith(SUFFIX), text.slice(0, 200)).toBe(true);
    return text.slice(PREFIX.length, -SUFFIX.length);
  };

  it.each(RULESETS)(
    '%s: every viewer class',
    async (ruleset) => {
      const game = await createGame(server, ruleset, decksFor(ruleset, 2));
      const lastSeq = await play(ruleset, game, RULESETS.indexOf(ruleset) + 1);
      // Several chunks, the last one short, from an offset that is not a chunk boundary.
      expect(lastSeq).toBeGreaterThan(2 * PAGE_CHUNK + 1);
      const afterSeq = 1;
      const first = lastSeq - afterSeq;
      const viewers = [
        ...game.players.map((p) => ['seat ' + p.seat, p.token] as const),
        ['spectator', game.spectatorToken] as const,
        ['admin', TEST_ADMIN_TOKEN] as const,
      ];
      for (const [who, token] of viewers) {
        const whole = await post(server, HISTORY_QUERY, { gameId: game.gameId, afterSeq, first }, token);
        expect(whole.errors, who).toBeUndefined();
        const parts: string[] = [];
        for (let after = afterSeq; after < lastSeq; after += PAGE_CHUNK) {
          const part = await post(
            server,
            HISTORY_QUERY,
            { gameId: game.gameId, afterSeq: after, first: PAGE_CHUNK },
            token,
          );
          expect(part.errors, who).toBeUndefined();
          parts.push(inner(part.text));
        }
        expect(inner(whole.text), `${ruleset}, ${who}`).toBe(parts.join(','));
      }
    },
    120_000,
  );
});
