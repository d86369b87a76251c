import type { RandomCommitment } from '../rules/index.js';

/**
 * A new game's secret as the authority made it (`src/authority/new-game.ts`, or an import): the
 * `game_rng` row to store (`zk_create_game`'s `p.rng`) and the commitment its first event carries.
 * One stored form for storage and the transfer format.
 */
export interface NewSecret {
  readonly row: {
    readonly scheme: string;
    /** The seed, hex. */
    readonly seed: string;
    readonly derivation_id: string;
    readonly reveal_faces: boolean;
  };
  readonly commitment: RandomCommitment;
}
