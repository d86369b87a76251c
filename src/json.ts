/** Canonical JSON: the same text for the same value whatever the order of its object keys. */

/**
 * JSON with object keys sorted, so that equal values give equal text: stored JSON (jsonb) does not
 * keep key order, a ruleset's version is the hash of its content and not of its layout, and equal
 * requests under one idempotency key hash equal. The one home of canonical JSON: ruleset versions,
 * idempotency request hashes and the import checks all use it, so stored versions and request
 * hashes stay comparable.
 *
 * Keys sort by code unit; an object then lists integer-like keys (`"2"`, `"10"`) first, in
 * ascending numeric order, as every JavaScript object does. Properties whose value is `undefined`
 * are dropped and `undefined` in an array is `null`, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
