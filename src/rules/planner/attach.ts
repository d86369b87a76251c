/** Attaching: putting objects under a permanent or hosting them on a card. */
import type { Draft } from './draft.js';
import { withHistory } from './history.js';
import { mayHostIn } from './hosted.js';
import { INPUT_RULE, reject, unknownId } from './reject.js';
import { rejectHostAndHosted, select } from './select.js';
import type { AttachMove } from '../types/moves.js';

/**
 * attach: put objects under / host them on a top-level object. FAB rule:under_definition: the card
 * becomes a new card; its own sub-cards become sub-cards of the new host; sub-cards share the host's
 * visibility. NR rule_hosted_object_location: a hosted object's location is its host. MTG 400.7
 * when the attached object changes zones.
 */
export function planAttach(d: Draft, move: AttachMove): void {
  const objects = select(d, move.select);
  const host = d.byId(move.hostId);
  if (!host) throw unknownId('UNKNOWN_OBJECT', 'hostId');
  if (host.hostKey !== null || host.kind === 'layer')
    throw reject(
      'NOT_A_HOST',
      d.spec.cite.host,
      `Only a card or token that is not itself attached can host objects: ${d.labels.object(host)} cannot.`,
    );
  if (objects.some((o) => o.key === host.key))
    throw reject('BAD_SELECTOR', INPUT_RULE, 'An object cannot be attached to itself');
  rejectHostAndHosted(d, objects);
  const layer = objects.find((o) => o.kind === 'layer');
  if (layer)
    throw reject(
      'NOT_ADMITTED',
      d.spec.cite.host,
      `A layer cannot be attached, and ${d.labels.object(layer)} is one.`,
    );
  const hostZone = d.zoneOf(host);
  const hostType = d.typeOf(hostZone);
  // Hosted objects live only in public zones, shared or their owner's (MTG 400.3, 401.3, 402.3;
  // NR rule_deck_size_open_information; FAB sub-cards are under permanents, in the arena).
  // Their own sub-objects come along (below) and must be allowed there too.
  const moving = objects.flatMap((o) => [o, ...d.hosted(o.key)]);
  const homeless = moving.find((o) => !mayHostIn(hostZone, hostType, o));
  if (homeless)
    throw reject(
      'NOT_ADMITTED',
      d.spec.cite.host,
      `Hosted objects are only in public zones, shared or their owner's: ${d.labels.object(homeless)} cannot be hosted in ${d.labels.zone(hostZone)}.`,
    );
  // Attached, an object is in its host's zone: one the game keeps out of that zone cannot be
  // attached there, nor carried there under one (MTG 400.4a: an instant or sorcery card never is on
  // the battlefield).
  for (const o of moving) {
    const rule = d.hooks.staysInPlace(o, d.typeOf(d.zoneOf(o)), hostType);
    if (rule)
      throw reject(
        'NOT_ADMITTED',
        rule,
        `The rules keep ${d.labels.object(o)} out of ${d.labels.zone(hostZone)}, so it cannot be attached there.`,
      );
  }
  d.begin('ATTACHED', [d.spec.cite.host]);
  for (const obj of objects) {
    const current = d.get(obj.key);
    const fromType = d.typeOf(d.zoneOf(current));
    const newRule = current.hostKey === host.key ? null : d.hooks.newObjectOnAttach(fromType, hostType);
    const faceUp = hostType.allowsFaceUp && hostType.defaultFaceUp;
    d.markNew(obj.key, newRule);
    d.put({
      ...current,
      zoneId: hostZone.id,
      hostKey: host.key,
      faceUp,
      revealedTo: [],
      controllerId: newRule === null ? current.controllerId : current.ownerId,
      history: withHistory(current, newRule, fromType.type, hostType.type, move.by),
    });
    // FAB rule:under_definition: its sub-cards become sub-cards of the new host.
    for (const sub of d.hosted(obj.key)) d.put({ ...sub, zoneId: hostZone.id, hostKey: host.key });
  }
  d.end();
}
