/**
 * Id remapping for imports: the document with every id replaced, consistently, by a fresh one, inside
 * event payloads too, so that replaying the imported log rebuilds the imported state and nothing of
 * the original can be addressed through the copy. Pure apart from drawing fresh UUIDs.
 */
import { newId } from '../ids.js';
import { isUuid } from '../uuid.js';
import type { ExportDocument } from './format.js';

/** Keys whose values are printed text or card data, never ids: remapping leaves them alone. */
const TEXT_KEYS = new Set([
  'importedFrom',
  'card',
  'name',
  'text',
  'attributes',
  'types',
  'subtypes',
  'history',
  'rules',
  // zk-rng/1 (docs/fairness.md): the derivation's game id is kept across export and import.
  'commitment',
]);

/** Consistent old → new id mapping; every UUID it meets gets one fresh UUID. */
class IdMap {
  readonly #map = new Map<string, string>();
  id(old: string): string {
    let next = this.#map.get(old);
    if (next === undefined) {
      next = newId();
      this.#map.set(old, next);
    }
    return next;
  }
  nullable(old: string | null): string | null {
    return old === null ? null : this.id(old);
  }
  /**
   * Remaps every UUID string in a JSON value, except under {@link TEXT_KEYS}: values, and keys too
   * (a record keyed by ids, as the clocks' seats are by player id, issue 40).
   */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return isUuid(value) ? this.id(value) : value;
    if (Array.isArray(value)) return value.map((v) => this.deep(v));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          isUuid(k) ? this.id(k) : k,
          TEXT_KEYS.has(k) ? v : this.deep(v),
        ]),
      );
    return value;
  }
}

/** The document with every id replaced, consistently, by a fresh one. */
export function remapIds(doc: ExportDocument): ExportDocument {
  const ids = new IdMap();
  return {
    ...doc,
    game: { ...doc.game, id: ids.id(doc.game.id) },
    players: doc.players.map((p) => ({ ...p, id: ids.id(p.id) })),
    zones: doc.zones.map((z) => ({ ...z, id: ids.id(z.id), ownerId: ids.nullable(z.ownerId) })),
    objects: doc.objects.map((o) => ({
      ...o,
      key: ids.id(o.key),
      publicId: ids.id(o.publicId),
      ownerId: ids.id(o.ownerId),
      controllerId: ids.id(o.controllerId),
      zoneId: ids.id(o.zoneId),
      hostKey: ids.nullable(o.hostKey),
      revealedTo: o.revealedTo.map((p) => ids.id(p)),
    })),
    events: doc.events.map((e) => ({
      ...e,
      actorPlayerId: ids.nullable(e.actorPlayerId),
      payload: ids.deep(e.payload) as ExportDocument['events'][number]['payload'],
    })),
  };
}
