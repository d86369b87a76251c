/** Canonical JSON: the same text for the same value whatever the order of its object keys. */

/**
 * JSON with object keys sorted (stored JSON, jsonb, does not keep key order; a ruleset's version is
 * the hash of its content, not of its layout).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
