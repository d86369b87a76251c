/** Inputs of the moves on existing objects: moving, attaching, turning, revealing, removing. */
import { badInput } from '../../errors.js';
import { destination, given, moveBy, placement, selector } from '../move-input.js';
import { moveInput } from './entry.js';

export const moveObjects = moveInput('moveObjects', (input) => ({
  kind: 'moveObjects',
  select: selector(input),
  to: destination(input.to),
  placement: placement(input.position, input.index),
  ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
  by: moveBy(input.by),
  ...(given(input.order) ? { order: input.order } : {}),
  ...(input.randomOrder ? { randomOrder: true } : {}),
  ...(given(input.replacedFrom) ? { replacedFrom: destination(input.replacedFrom, 'replacedFrom') } : {}),
  ...(input.requiresAttribute ? { requiresAttribute: true } : {}),
  ...(given(input.activePlayerId) ? { activePlayerId: input.activePlayerId } : {}),
}));

export const turnFace = moveInput('turnFace', (input) => ({
  kind: 'turnFace',
  select: selector(input),
  faceUp: input.faceUp,
}));

export const reveal = moveInput('revealObjects', (input) => {
  if (input.toAll && given(input.toPlayerIds))
    throw badInput('Give toPlayerIds or toAll, not both.', 'toAll');
  const to = input.toAll || !given(input.toPlayerIds) ? ('all' as const) : input.toPlayerIds;
  if (to !== 'all' && to.length === 0) throw badInput('Field toPlayerIds must not be empty.', 'toPlayerIds');
  return { kind: 'reveal', select: selector(input), to };
});

export const endReveal = moveInput('endReveal', (input) => ({ kind: 'endReveal', select: selector(input) }));

export const attach = moveInput('attachObjects', (input) => ({
  kind: 'attach',
  select: selector(input),
  hostId: input.hostId,
  by: moveBy(input.by),
}));

export const detach = moveInput('detachObjects', (input) => ({
  kind: 'detach',
  select: selector({ objectIds: input.objectIds }),
  to: destination(input.to),
  placement: placement(input.position, input.index),
  ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
  by: moveBy(input.by),
}));

export const removeFromGame = moveInput('removeFromGame', (input) => ({
  kind: 'removeFromGame',
  select: selector(input),
}));
