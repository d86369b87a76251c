/** Changing what players may see of objects in place: turnFace, reveal and endReveal. */
import { requireFaceUpAllowed } from './checks.js';
import type { Draft } from './draft.js';
import { changeInPlace, isPublicNow } from './hosted.js';
import { select, validPlayers } from './select.js';
import type { EndRevealMove, RevealMove, TurnFaceMove } from '../types/moves.js';

/** turnFace: MTG 400.9 (command face down = new object), FAB rule:become_new_object (public → private). */
export function planTurnFace(d: Draft, move: TurnFaceMove): void {
  const objects = select(d, move.select);
  if (move.faceUp) for (const o of objects) requireFaceUpAllowed(d, d.zoneOf(o), d.typeOf(d.zoneOf(o)));
  d.begin('TURNED_FACE', [d.spec.cite.reveal]);
  for (const obj of objects) {
    if (obj.faceUp === move.faceUp) {
      d.unchanged(obj.publicId);
      continue;
    }
    const zoneType = d.typeOf(d.zoneOf(obj));
    const wasPublic = isPublicNow(d, obj);
    const next = { ...obj, faceUp: move.faceUp };
    const isPublic = isPublicNow(d, next);
    changeInPlace(d, next, d.hooks.newObjectOnTurnFace(zoneType, wasPublic, isPublic), 'effect');
  }
  d.end();
}

/** reveal: show objects to players or all (MTG 400.2, FAB rule:object_visibility, NR rule_reveal_from_hidden). */
export function planReveal(d: Draft, move: RevealMove): void {
  const objects = select(d, move.select);
  if (move.to !== 'all') validPlayers(d, move.to);
  d.begin('REVEALED', [d.spec.cite.reveal]);
  for (const obj of objects) {
    const current = obj.revealedTo;
    const next: readonly string[] | 'all' =
      move.to === 'all' || current === 'all'
        ? 'all'
        : [...current, ...move.to.filter((p) => !current.includes(p))];
    if (next === current || (next !== 'all' && current !== 'all' && next.length === current.length)) {
      d.unchanged(obj.publicId);
      continue;
    }
    d.put({ ...obj, revealedTo: next });
  }
  d.end();
}

/** endReveal: MTG 401.7 (a revealed library top card stops being revealed: new object). */
export function planEndReveal(d: Draft, move: EndRevealMove): void {
  const objects = select(d, move.select);
  d.begin('REVEAL_ENDED', [d.spec.cite.reveal]);
  for (const obj of objects) {
    if (obj.revealedTo !== 'all' && obj.revealedTo.length === 0) {
      d.unchanged(obj.publicId);
      continue;
    }
    const next = { ...obj, revealedTo: [] as string[] };
    const rule = d.hooks.newObjectOnEndReveal(
      d.typeOf(d.zoneOf(obj)),
      isPublicNow(d, obj),
      isPublicNow(d, next),
    );
    changeInPlace(d, next, rule, 'effect');
  }
  d.end();
}
