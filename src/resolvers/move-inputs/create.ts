/** Inputs of the moves that bring objects into the game or take them out: tokens, cards, layers. */
import { badInput } from '../../errors.js';
import { cardProps, count, destination, given, placement } from '../move-input.js';
import { moveInput, playerOr } from './entry.js';

export const createToken = moveInput('createToken', (input, actingAs) => ({
  kind: 'createToken',
  card: cardProps(input.token, 'token'),
  to: destination(input.to),
  placement: placement(input.position, input.index),
  ownerId: playerOr(actingAs, input.ownerId, 'ownerId'),
  ...(given(input.controllerId) ? { controllerId: input.controllerId } : {}),
  ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
  count: count(input.count ?? 1, 'count'),
}));

export const bringIntoGame = moveInput('bringIntoGame', (input, actingAs) => {
  if (input.cards.length === 0 || input.cards.length > 1000)
    throw badInput('Cards must list 1 to 1000 cards.', 'cards');
  return {
    kind: 'bringIntoGame',
    cards: input.cards.map((c, i) => cardProps(c, `cards.${i}`)),
    ownerId: playerOr(actingAs, input.ownerId, 'ownerId'),
    to: destination(input.to),
    placement: placement(input.position, input.index),
    ...(given(input.faceUp) ? { faceUp: input.faceUp } : {}),
  };
});

export const addLayer = moveInput('addStackLayer', (input, actingAs) => ({
  kind: 'addLayer',
  card: cardProps(input.layer, 'layer'),
  controllerId: playerOr(actingAs, input.controllerId, 'controllerId'),
}));

export const removeLayer = moveInput('removeStackLayer', (input) => ({
  kind: 'removeLayer',
  layerId: input.layerId,
  ...(given(input.to) ? { to: destination(input.to) } : {}),
  by: input.by === 'EFFECT' ? 'effect' : 'rule',
}));
