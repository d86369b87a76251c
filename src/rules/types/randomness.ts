/** What the log records of randomness (docs/fairness.md): the seed's commitment, random acts, seat entropy and the revealed seed. */

/** A published commitment to a game's secret seed (docs/fairness.md, "Commitment"). */
export interface RandomCommitment {
  readonly scheme: string;
  /** The game id the derivation uses, kept across export and import. */
  readonly gameId: string;
  /** Lower-case hex SHA-256 over the scheme's commitment tag and the seed. */
  readonly hash: string;
  /** Whether the verification transcript after the end shows card faces. */
  readonly revealFaces: boolean;
}

/** Who sees a roll's results: everyone, or these players (and admins). */
export interface RollRecord {
  readonly seenBy: 'all' | readonly string[];
}

/** Seat entropy as the log records it (public: anyone can fold it, docs/fairness.md "Entropy"). */
export interface EntropyRecord {
  readonly playerId: string | null;
  /** Lower-case hex, 1 to 64 bytes. */
  readonly data: string;
}

/** A revealed seed, lower-case hex. */
export interface SeedReveal {
  readonly scheme: string;
  readonly seed: string;
}

/**
 * One random act, over the internal keys of objects (never their public ids), top first:
 * a shuffle's order before and after, or a pick's pool and the objects picked, in pick order.
 */
export type RandomAct =
  | {
      readonly index: number;
      readonly kind: 'shuffle';
      readonly before: readonly string[];
      readonly after: readonly string[];
      /** A partial shuffle: `before` is only the zone's top or bottom part. */
      readonly part?: 'top' | 'bottom';
    }
  | {
      readonly index: number;
      readonly kind: 'pick';
      readonly from: readonly string[];
      readonly picked: readonly string[];
    }
  | {
      readonly index: number;
      readonly kind: 'roll';
      /** Faces of each die; each result is 1 + draw(sides). */
      readonly sides: number;
      readonly results: readonly number[];
    }
  | {
      readonly index: number;
      readonly kind: 'coin';
      /** Each flip is heads when draw(2) is 0, else tails. */
      readonly results: readonly ('heads' | 'tails')[];
    };

/** The random acts of one event; `scheme` null: not covered by a verifiable scheme. */
export interface EventRandomness {
  readonly scheme: string | null;
  readonly acts: readonly RandomAct[];
}
