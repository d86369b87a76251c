/** Printed cards and the kinds of objects on the table. */

/** The kind of physical thing an object is. Layers are stack entries with no card (MTG 405.1, FAB stack layers). */
export type ObjectKind = 'card' | 'token' | 'layer';

/** Printed properties of a card. Never shown to a viewer who may not see the object. */
export interface CardProps {
  readonly name: string;
  readonly types: readonly string[];
  readonly subtypes: readonly string[];
  readonly text: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}
