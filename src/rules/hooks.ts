/** Helpers the per-game hooks (`src/rules/<game>/hooks.ts`) share. */

/** Case-insensitive membership test for card types and subtypes. */
export function hasTag(list: readonly string[], tag: string): boolean {
  const t = tag.toLowerCase();
  return list.some((x) => x.toLowerCase() === t);
}
