/**
 * Reading a running server's `GET /metrics` in tests: a test waits on what the service itself tells
 * an operator (a gauge reaching a value), not on a fixed time.
 */

/**
 * The value of one sample of `name` at the `/metrics` next to `graphqlUrl`, 0 when absent. `labels`
 * is the sample's label set exactly as exposed, e.g. `{state="waiting"}` ('' for none).
 */
export async function metricValue(graphqlUrl: string, name: string, labels = ''): Promise<number> {
  const res = await fetch(graphqlUrl.replace(/\/graphql$/, '/metrics'));
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${text}`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(\{.*\})? (\S+)$/.exec(line);
    if (m?.[1] === name && (m[2] ?? '') === labels) return Number(m[3]);
  }
  return 0;
}
