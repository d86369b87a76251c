/** A service's `/metrics`, read by the probes: every sample, labelled or not. */
import type { ServiceProcess } from './service.js';

/** Samples of a Prometheus exposition, keyed by the whole series (name and labels). */
export async function scrape(service: Pick<ServiceProcess, 'url'>): Promise<Map<string, number>> {
  const base = new URL(service.url);
  const text = await (await fetch(`${base.protocol}//${base.host}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(?:zonekeeper_)?(\S+) ([0-9.eE+-]+)$/.exec(line.trim());
    if (m?.[1] && m[2]) out.set(m[1], Number(m[2]));
  }
  return out;
}

/** The sum of every series whose key starts with `prefix` (a metric over all its labels). */
export const sumOf = (m: Map<string, number>, prefix: string) =>
  [...m].filter(([k]) => k.startsWith(prefix)).reduce((s, [, v]) => s + v, 0);
