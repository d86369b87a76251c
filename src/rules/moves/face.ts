/**
 * Records of the moves that change who sees objects: turning them face up or down (MTG 400.9, FAB
 * rule:object_visibility), revealing them (MTG 400.2, NR rule_reveal_from_hidden) and ending a
 * reveal (MTG 401.7).
 */
import { planEndReveal, planReveal, planTurnFace } from '../planner/face.js';
import { isBool, isStrArray } from '../planner/shape.js';
import { moveRecord } from './record.js';

export const turnFace = moveRecord({
  kind: 'turnFace',
  events: ['TURNED_FACE'],
  shape: (m, { sel }) => [sel, [isBool(m.faceUp), 'BAD_PLACEMENT', 'faceUp must be a boolean']],
  policy: (p, move) => p.selection(move.select, 'turnFace').refusal,
  plan: planTurnFace,
});

export const reveal = moveRecord({
  kind: 'reveal',
  events: ['REVEALED'],
  shape: (m, { sel }) => [
    sel,
    [m.to === 'all' || isStrArray(m.to), 'UNKNOWN_PLAYER', "to must be player ids or 'all'"],
  ],
  policy: (p, move) => p.selection(move.select, 'reveal').refusal,
  plan: planReveal,
});

export const endReveal = moveRecord({
  kind: 'endReveal',
  events: ['REVEAL_ENDED'],
  shape: (_m, { sel }) => [sel],
  policy: (p, move) => p.selection(move.select, 'endReveal').refusal,
  plan: planEndReveal,
});
