/** Inputs of the moves on whole zones: shuffling, rearranging, creating and removing. */
import { badInput } from '../../errors.js';
import { given, moveBy } from '../move-input.js';
import { moveInput } from './entry.js';

/** A partial shuffle's `part` from `top` / `bottom` (at most one of them). */
function shufflePart(input: { top?: number | null; bottom?: number | null }) {
  if (given(input.top) && given(input.bottom)) throw badInput('Give top or bottom, not both.', 'top');
  if (given(input.top)) return { part: { from: 'top', count: input.top } } as const;
  if (given(input.bottom)) return { part: { from: 'bottom', count: input.bottom } } as const;
  return {};
}

export const shuffle = moveInput('shuffleZone', (input) => ({
  kind: 'shuffle',
  zoneId: input.zoneId,
  ...shufflePart(input),
}));

export const reorder = moveInput('reorderZone', (input) => ({
  kind: 'reorder',
  zoneId: input.zoneId,
  order: input.order,
  by: moveBy(input.by),
}));

export const createZone = moveInput('createZone', (input) => ({
  kind: 'createZone',
  type: input.type,
  ownerId: input.ownerId ?? null,
}));

export const removeZone = moveInput('removeZone', (input) => ({ kind: 'removeZone', zoneId: input.zoneId }));
