/** Typed rejections (lead decision 7): never thrown, always returned. */
import type { Rejection, RejectionCode } from './types.js';

/** Internal control flow: a planning step failed with a typed rejection. */
export class Rejected {
  constructor(readonly rejection: Rejection) {}
}

/** Builds a rejection. Messages speak of ids and zones only, never of card names. */
export function reject(code: RejectionCode, rule: string, message: string): Rejected {
  return new Rejected({ code, rule, message });
}

/** Where a rejection is about input shape rather than a game rule. */
export const INPUT_RULE = 'input';
