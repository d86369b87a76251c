/** Who asks: a seat, a spectator or an admin. Every answer is redacted for its viewer. */

export type Viewer =
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'admin' };

/** The players' names by id, as the game's seats are named (messages say `seat 1 (Bob)`). */
export type PlayerNames = Readonly<Record<string, string>>;
