/** The random acts a seat asks for beyond shuffles and picks (dice, coins), and seat entropy (docs/fairness.md). */

/** Who sees a roll's or flip's results: every viewer, or only the seat that made it (and admins). */
export type RollAudience = 'all' | 'roller';

/** Roll `count` dice of `sides` faces (MTG 706.1; the ruleset's `dice` declares the sides and audiences). */
export interface RollDiceMove {
  readonly kind: 'rollDice';
  readonly sides: number;
  readonly count: number;
  readonly seenBy: RollAudience;
}

/** Flip `count` coins (MTG 705.1; the ruleset's `coins` declares the audiences). */
export interface FlipCoinMove {
  readonly kind: 'flipCoin';
  readonly count: number;
  readonly seenBy: RollAudience;
}

/** A seat's entropy, folded into zk-rng/1's running hash for every later random act (docs/fairness.md). */
export interface AddEntropyMove {
  readonly kind: 'addEntropy';
  /** 1 to 64 bytes, lower-case hex. */
  readonly data: string;
}

/** The random acts a seat asks for beyond shuffles and picks, and seat entropy (issue 31). */
export type ChanceMove = RollDiceMove | FlipCoinMove | AddEntropyMove;
