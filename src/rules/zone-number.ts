/**
 * A zone's name with its number among its owner's zones of its type, the one rule refusal messages
 * (`labels.ts`) and the table page (`web/table/menu.ts`) both name zones by: numbered only where the
 * owner has more than one zone of that type, every one of them then (FAB sec:weapon_zone: a hero's two
 * weapon zones are "Weapon 1" and "Weapon 2"); a type the owner has once keeps its bare name ("Hand").
 * Pure and import-free, so the page's bundle takes this file alone.
 *
 * @param index the zone's index among its owner's zones of its type, from 0
 * @param ofItsType how many zones of that type its owner has
 */
export function numberedZoneName(name: string, index: number, ofItsType: number): string {
  return ofItsType > 1 ? `${name} ${index + 1}` : name;
}
