/**
 * Dice, coins and seat entropy (docs/fairness.md, zk-rng/1): a roll or a flip is a random act drawn
 * from the committed seed like a shuffle, recorded on its event with who may see the results (the
 * ruleset's `dice` / `coins`: MTG 706.1 and 705.1 make them public); seat entropy is folded into
 * the running hash every later act depends on, and is itself public.
 */
import { tableOf } from '../table.js';
import type { AddEntropyMove, FlipCoinMove, RollAudience, RollDiceMove } from '../types/chance-moves.js';
import type { NoneDeclared, RandomizerSpec } from '../types/table-spec.js';
import type { Draft } from './draft.js';
import { INPUT_RULE, reject } from './reject.js';

/** The most faces a declared die may have. */
export const MAX_DIE_SIDES = 1000;

/** The most dice (or coins) one roll may have. */
export const MAX_ROLL_COUNT = 100;

/** The most bytes one piece of seat entropy may have (docs/fairness.md, "Entropy"). */
export const MAX_ENTROPY_BYTES = 64;

const HEX = new RegExp(`^(?:[0-9a-f]{2}){1,${MAX_ENTROPY_BYTES}}$`);

function declared(spec: RandomizerSpec | null, none: NoneDeclared | null, what: string): RandomizerSpec {
  if (spec) return spec;
  throw reject(
    'NO_RANDOMIZER',
    none?.rule ?? INPUT_RULE,
    `This game's ruleset version declares no ${what}${none ? `: ${none.reason}` : ''}.`,
  );
}

function checkCount(count: unknown, what: string): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ROLL_COUNT)
    throw reject('BAD_ROLL', INPUT_RULE, `The number of ${what} is 1 to ${MAX_ROLL_COUNT}.`);
  return count;
}

/** Who sees the results: allowed by the ruleset, and a private roll needs a seat to show it to. */
function audience(d: Draft, spec: RandomizerSpec, seenBy: RollAudience): 'all' | readonly string[] {
  if (!spec.seenBy.includes(seenBy))
    throw reject(
      'BAD_ROLL',
      spec.rule,
      `Results here are seen by ${spec.seenBy.join(' or ')}, not ${seenBy}.`,
    );
  if (seenBy === 'all') return 'all';
  if (d.ctx.actorId === null)
    throw reject('BAD_ROLL', INPUT_RULE, 'A roll seen only by its roller is made by a seat.');
  return [d.ctx.actorId];
}

/** rollDice: MTG 706.1 (each die a uniform result in 1..sides), the ruleset's declared dice only. */
export function planRollDice(d: Draft, move: RollDiceMove): void {
  const spec = declared(tableOf(d.spec).dice, tableOf(d.spec).diceNone, 'dice');
  const count = checkCount(move.count, 'dice');
  if (!spec.sides.includes(move.sides))
    throw reject('BAD_ROLL', spec.rule, `Dice here have ${spec.sides.join(', ')} sides.`);
  const seenBy = audience(d, spec, move.seenBy);
  d.acts.roll(d.ctx, d.events.length, move.sides, count);
  d.begin('DICE_ROLLED', [spec.rule]);
  d.record({ roll: { seenBy } });
  d.end();
}

/** flipCoin: MTG 705.1 (each flip heads or tails, equally likely). */
export function planFlipCoin(d: Draft, move: FlipCoinMove): void {
  const spec = declared(tableOf(d.spec).coins, tableOf(d.spec).coinsNone, 'coins');
  const count = checkCount(move.count, 'coins');
  const seenBy = audience(d, spec, move.seenBy);
  d.acts.flip(d.ctx, d.events.length, count);
  d.begin('COINS_FLIPPED', [spec.rule]);
  d.record({ roll: { seenBy } });
  d.end();
}

/**
 * addEntropy: 1 to 64 bytes (hex) folded into the running hash (docs/fairness.md, "Entropy"), so the
 * service cannot have chosen its seed knowing them. The bytes and the new hash are public.
 */
export function planAddEntropy(d: Draft, move: AddEntropyMove): void {
  const data = typeof move.data === 'string' ? move.data.toLowerCase() : '';
  if (!HEX.test(data))
    throw reject('BAD_ENTROPY', INPUT_RULE, `Entropy is 1 to ${MAX_ENTROPY_BYTES} bytes, in hex.`);
  const hash = d.ctx.foldEntropy(d.entropy ?? undefined, data);
  d.begin('ENTROPY_ADDED', [INPUT_RULE]);
  d.record({ entropyAdded: { playerId: d.ctx.actorId, data } });
  d.setEntropy(hash);
  d.end();
}
