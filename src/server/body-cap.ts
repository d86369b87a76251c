/**
 * How many bytes one GraphQL request's body may have, decided from its credential before a byte of
 * the body is read. An admin's `importGame` carries a whole game, state and log (a fresh four-seat
 * game of 100-card decks is about 1.1 MB; most of it ids), so a request whose admin token was
 * checked may send up to ADMIN_MAX_PAYLOAD_BYTES. Everyone else (anonymous callers, seats,
 * spectators, referees, the host, platform users, and any credential that failed its check) keeps
 * MAX_PAYLOAD_BYTES: the large cap is never reachable without the admin token.
 */
import type { Config } from '../config.js';
import type { CredentialCheck } from './credential-check.js';

export function bodyCap(
  config: Pick<Config, 'MAX_PAYLOAD_BYTES' | 'ADMIN_MAX_PAYLOAD_BYTES'>,
  check: CredentialCheck,
): number {
  return check.ok && check.auth.principal.kind === 'admin'
    ? config.ADMIN_MAX_PAYLOAD_BYTES
    : config.MAX_PAYLOAD_BYTES;
}
