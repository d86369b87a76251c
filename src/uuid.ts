/** The one UUID check: ids from outside are checked before they reach a uuid column (PostgreSQL would raise). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID in its canonical text form. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/**
 * A game id from outside, as the service keys it: lower case. UUID text is case-insensitive (RFC
 * 9562, section 4), so PostgreSQL finds a game under any spelling of its id; but the service's own
 * keys compare text (the move queue, idempotency scopes, the entropy window, event channels, seat
 * standing), so one game must have one spelling or each spelling gets a queue and a limit of its own.
 * Every game id a request names passes through this once, where the resolver reads it.
 */
export function gameIdFrom(id: string): string {
  return id.toLowerCase();
}
