/** The inputs of takebacks between seats (issue 41; IPG 1.4, "Backing Up"). */
import { moveInput } from './entry.js';

export const requestTakeback = moveInput('requestTakeback', (input) => ({
  kind: 'requestTakeback',
  toSeq: input.toSeq,
  reason: input.reason,
}));

export const acceptTakeback = moveInput('acceptTakeback', (input) => ({
  kind: 'acceptTakeback',
  toSeq: input.toSeq,
}));

export const refuseTakeback = moveInput('refuseTakeback', (input) => ({
  kind: 'refuseTakeback',
  toSeq: input.toSeq,
}));
