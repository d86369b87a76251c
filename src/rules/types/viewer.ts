/** Who asks: a seat, a spectator or an admin. Every answer is redacted for its viewer. */

export type Viewer =
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'spectator' }
  | { readonly kind: 'admin' };
