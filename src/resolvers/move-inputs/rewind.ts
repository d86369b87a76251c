/** The input of a judge's rewind (IPG 1.4, "Backing Up"). */
import { moveInput } from './entry.js';

export const rewind = moveInput('rewindGame', (input) => ({
  kind: 'rewind',
  toSeq: input.toSeq,
  mode: input.mode,
  reason: input.reason,
}));
