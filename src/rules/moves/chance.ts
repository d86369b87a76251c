/**
 * Records of the random acts a seat asks for beyond shuffles and picks (dice, MTG 706.1; coins,
 * MTG 705.1) and of seat entropy (docs/fairness.md). A roll, a flip or entropy reads nothing hidden
 * and changes no object: any seat may ask, any time.
 */
import { planAddEntropy, planFlipCoin, planRollDice } from '../planner/chance.js';
import { isNum, isStr } from '../planner/shape.js';
import { moveRecord } from './record.js';

export const rollDice = moveRecord({
  kind: 'rollDice',
  events: ['DICE_ROLLED'],
  shape: (m) => [
    [isNum(m.sides), 'BAD_ROLL', 'sides must be a number'],
    [isNum(m.count), 'BAD_ROLL', 'count must be a number'],
    [m.seenBy === 'all' || m.seenBy === 'roller', 'BAD_ROLL', 'seenBy must be all or roller'],
  ],
  policy: () => null,
  plan: planRollDice,
});

export const flipCoin = moveRecord({
  kind: 'flipCoin',
  events: ['COINS_FLIPPED'],
  shape: (m) => [
    [isNum(m.count), 'BAD_ROLL', 'count must be a number'],
    [m.seenBy === 'all' || m.seenBy === 'roller', 'BAD_ROLL', 'seenBy must be all or roller'],
  ],
  policy: () => null,
  plan: planFlipCoin,
});

export const addEntropy = moveRecord({
  kind: 'addEntropy',
  events: ['ENTROPY_ADDED'],
  shape: (m) => [[isStr(m.data), 'BAD_ENTROPY', 'data must be a hex string']],
  policy: () => null,
  plan: planAddEntropy,
});
