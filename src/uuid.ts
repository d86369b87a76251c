/** The one UUID check: ids from outside are checked before they reach a uuid column (PostgreSQL would raise). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID in its canonical text form. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
