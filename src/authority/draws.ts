/**
 * The draws of a move's random acts (docs/fairness.md, zk-rng/1): each act's stream is keyed by the
 * game's secret seed, the derivation's game id, the seq of the event that records the act, the
 * act's index within it and the entropy so far (the state's running hash, which seat entropy
 * updates). The keys live only while the move is planned.
 */
import { revealOf, type GameSecret } from '../db/index.js';
import { actKey, ActStream, foldEntropy, INITIAL_ENTROPY, newSeed } from '../fairness/zk-rng.js';
import type { DomainEvent, PlanContext } from '../rules/index.js';

/** What the planner's context needs to draw: the act streams and the scheme they come from. */
export interface ActDraws {
  readonly randomAct: PlanContext['randomAct'];
  readonly foldEntropy: PlanContext['foldEntropy'];
  readonly scheme: string | null;
  /**
   * The plan's events as committed: a GAME_ENDED the rules wrote (a last concession, endGame) reveals
   * the seed, like every path that ends a game (docs/fairness.md, "Reveal").
   */
  readonly reveal: (events: readonly DomainEvent[]) => readonly DomainEvent[];
}

const entropyBytes = (hex: string | undefined) => (hex ? Buffer.from(hex, 'hex') : INITIAL_ENTROPY);

/**
 * The draws of a move planned on a game whose last event is `lastSeq` (the plan's event i gets seq
 * lastSeq + 1 + i) and whose running entropy hash is `entropy` (absent: no seat added any). A game
 * zk-rng/1 does not cover (created before it) draws from a seed of the CSPRNG that is used for this
 * one move and never stored: its acts are "not covered".
 */
export function actDraws(secret: GameSecret | null, lastSeq: number, entropy: string | undefined): ActDraws {
  const seed = secret?.seed ?? newSeed();
  const gameId = secret?.derivationId ?? '';
  const e = entropyBytes(entropy);
  return {
    scheme: secret?.scheme ?? null,
    reveal: (events) =>
      secret
        ? events.map((ev) => (ev.kind === 'GAME_ENDED' ? { ...ev, seedReveal: revealOf(secret) } : ev))
        : events,
    randomAct: (event, index) => {
      const stream = new ActStream(actKey(seed, { gameId, seq: lastSeq + 1 + event, index, entropy: e }));
      return (n) => stream.int(n);
    },
    foldEntropy: (current, data) =>
      Buffer.from(foldEntropy(entropyBytes(current), Buffer.from(data, 'hex'))).toString('hex'),
  };
}
