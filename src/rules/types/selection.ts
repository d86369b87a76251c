/** Which objects a move acts on, where it sends them, and whether a rule or an effect moves them. */

/** Whether a move is made by a game rule or by a card effect. Several rules differ (FAB clear vs fail). */
export type MoveBy = 'rule' | 'effect';

/** Which objects a move acts on: explicit public ids, or a position selector on a zone. */
export type Selector =
  | { readonly kind: 'ids'; readonly ids: readonly string[] }
  | { readonly kind: 'top'; readonly zoneId: string; readonly count: number }
  | { readonly kind: 'bottom'; readonly zoneId: string; readonly count: number }
  | { readonly kind: 'random'; readonly zoneId: string; readonly count: number };

/** Where a move goes: a concrete zone, or a zone type and owning player (null owner = shared zone). */
export type Destination =
  | { readonly kind: 'zone'; readonly zoneId: string }
  | { readonly kind: 'type'; readonly type: string; readonly ownerId: string | null };

/** Where within the destination. `index` 0 is the top; MTG 401.8 sends too-deep indexes of a library to the bottom. */
export type Placement =
  { readonly kind: 'top' } | { readonly kind: 'bottom' } | { readonly kind: 'index'; readonly index: number };
