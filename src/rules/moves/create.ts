/**
 * Records of the moves that bring objects into the game or take them out of it: tokens (MTG
 * 400.11b, NR rule_outside_game), cards from outside the game, removal from the game, and the
 * stack's layers that are not cards (MTG 405.1, FAB stack layers).
 */
import { planBringIntoGame, planCreateToken, planRemoveFromGame } from '../planner/create.js';
import { cardProps, destination, isNum, isStr, optional } from '../planner/shape.js';
import { planAddLayer, planRemoveLayer } from '../planner/stack.js';
import { moveRecord } from './record.js';

export const createToken = moveRecord({
  kind: 'createToken',
  events: ['TOKEN_CREATED'],
  shape: (m, { to, place, face }) => [
    [cardProps(m.card), 'BAD_SELECTOR', 'malformed card properties'],
    to,
    place,
    [isStr(m.ownerId), 'UNKNOWN_PLAYER', 'ownerId must be a player id'],
    [optional(m.controllerId, isStr), 'UNKNOWN_PLAYER', 'controllerId must be a player id'],
    face,
    [optional(m.count, isNum), 'BAD_SELECTOR', 'count must be a number'],
  ],
  policy: (p, move) => p.destination(move.to, [], true),
  plan: planCreateToken,
});

export const bringIntoGame = moveRecord({
  kind: 'bringIntoGame',
  events: ['BROUGHT_INTO_GAME'],
  shape: (m, { to, place, face }) => [
    [Array.isArray(m.cards) && m.cards.every(cardProps), 'BAD_SELECTOR', 'malformed card properties'],
    [isStr(m.ownerId), 'UNKNOWN_PLAYER', 'ownerId must be a player id'],
    to,
    place,
    face,
  ],
  policy: (p, move) => p.destination(move.to, [], true),
  plan: planBringIntoGame,
});

export const removeFromGame = moveRecord({
  kind: 'removeFromGame',
  events: ['REMOVED_FROM_GAME'],
  shape: (_m, { sel }) => [sel],
  policy: (p, move) => p.selection(move.select, 'removeFromGame').refusal,
  plan: planRemoveFromGame,
});

export const addLayer = moveRecord({
  kind: 'addLayer',
  events: ['LAYER_ADDED'],
  shape: (m) => [
    [cardProps(m.card), 'BAD_SELECTOR', 'malformed card properties'],
    [isStr(m.controllerId), 'UNKNOWN_PLAYER', 'controllerId must be a player id'],
  ],
  // The stack is public: putting an ability on it (for any controller) hides and reads nothing.
  policy: () => null,
  plan: planAddLayer,
});

export const removeLayer = moveRecord({
  kind: 'removeLayer',
  // A card layer goes to a zone as a moved object does (`relocate`).
  events: ['LAYER_REMOVED', 'NO_MOVE', 'OBJECTS_CLEARED', 'REVEALED'],
  shape: (m, { by }) => [
    [isStr(m.layerId), 'UNKNOWN_OBJECT', 'layerId must be an id'],
    by,
    [optional(m.to, destination), 'UNKNOWN_ZONE', 'malformed destination'],
  ],
  policy: (p, move) => {
    const layer = p.state.objects.find((o) => o.publicId === move.layerId);
    if (!layer) return null;
    return p.object(layer, 'removeLayer') ?? (move.to ? p.destination(move.to, [layer], false) : null);
  },
  plan: planRemoveLayer,
});
