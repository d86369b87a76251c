/**
 * `GET /metrics` follows Prometheus's naming conventions (https://prometheus.io/docs/practices/naming/)
 * and exposes every counter from the start: a series that appears only with its first event makes
 * `rate()` and `increase()` miss that event, and an alert on it cannot tell "none yet" from "not
 * scraped". Also: the state cache's size and evictions.
 */
import { describe, expect, it } from 'vitest';
import { GAME_MUTATIONS, REFUSAL_REASONS } from '../../src/metrics.js';
import { createGame, deck, draw, loadGame, zoneOf } from '../api/helpers.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../support/server.js';

/** A family of the exposition: its TYPE, whether it has HELP, and its samples (name, labels, value). */
interface Family {
  readonly type: string;
  help: boolean;
  readonly samples: { name: string; labels: string; value: number }[];
}

function families(text: string): Map<string, Family> {
  const found = new Map<string, Family>();
  const helps = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) found.set(type[1]!, { type: type[2]!, help: helps.has(type[1]!), samples: [] });
    const help = /^# HELP (\S+) \S/.exec(line);
    if (help) helps.add(help[1]!);
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    // A sample belongs to the family it starts with (a histogram's `_bucket`, `_sum`, `_count`).
    const family = [...found.entries()].find(([name]) => sample[1]!.startsWith(name))?.[1];
    family?.samples.push({ name: sample[1]!, labels: sample[2] ?? '', value: Number(sample[3]) });
  }
  return found;
}

const scrape = async (s: TestServer) => (await fetch(s.url.replace(/\/graphql$/, '/metrics'))).text();

/** Base units, which a name carries as its last word (before `_total`), and the scaled ones it may not use. */
const BASE_UNITS = ['seconds', 'bytes', 'ratio', 'volts', 'amperes', 'joules', 'grams', 'meters', 'celsius'];
const SCALED_UNITS =
  /(^|_)(milliseconds|microseconds|nanoseconds|ms|us|ns|minutes|hours|days|kilobytes|megabytes|gigabytes|kb|mb|gb|percent|millis)(_|$)/;

/** The naming rules a family breaks, in words (none: []). */
function namingProblems(name: string, type: string): string[] {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(name)) problems.push('not snake_case');
  if (type === 'counter' && !name.endsWith('_total')) problems.push('a counter not ending in _total');
  if (type !== 'counter' && name.endsWith('_total')) problems.push(`a ${type} ending in _total`);
  if (SCALED_UNITS.test(name)) problems.push('a scaled unit (use seconds, bytes or a ratio)');
  const words = name.replace(/_total$/, '').split('_');
  const unit = words.findIndex((w) => BASE_UNITS.includes(w));
  if (unit !== -1 && unit !== words.length - 1) problems.push(`the unit "${words[unit]}" not as the suffix`);
  return problems;
}

describe('metric names', () => {
  it('the rules themselves: a misnamed family is caught', () => {
    expect(namingProblems('nodejs_active_handles_total', 'gauge')).toEqual(['a gauge ending in _total']);
    expect(namingProblems('moves', 'counter')).toEqual(['a counter not ending in _total']);
    expect(namingProblems('move_duration_ms', 'histogram')).toHaveLength(1);
    expect(namingProblems('lag_seconds_max', 'gauge')).toEqual(['the unit "seconds" not as the suffix']);
    expect(namingProblems('graphqlRequests_total', 'counter')).toEqual(['not snake_case']);
    expect(namingProblems('process_cpu_seconds_total', 'counter')).toEqual([]);
  });

  it('every family follows the Prometheus naming rules, and every counter is there before its first event', async () => {
    const s = await startTestServer();
    try {
      // The first scrape of a new service: no request, no move, no refusal yet.
      const all = families(await scrape(s));
      expect(all.size).toBeGreaterThan(20);
      const problems = [...all].flatMap(([name, f]) =>
        [...namingProblems(name, f.type), ...(f.help ? [] : ['no HELP'])].map((p) => `${name}: ${p}`),
      );
      expect(problems).toEqual([]);

      const counters = [...all].filter(([, f]) => f.type === 'counter');
      expect(counters.map(([name]) => name)).toEqual(
        expect.arrayContaining(['refusals_total', 'moves_total', 'state_cache_evictions_total']),
      );
      for (const [name, f] of counters) expect(f.samples.length, `${name} has a series`).toBeGreaterThan(0);
      // Every label set, at 0.
      const series = (name: string) =>
        all
          .get(name)!
          .samples.map((x) => `${x.labels}=${x.value}`)
          .sort();
      expect(series('refusals_total')).toEqual(REFUSAL_REASONS.map((r) => `reason="${r}"=0`).sort());
      expect(series('moves_total')).toEqual(
        GAME_MUTATIONS.flatMap((m) =>
          ['committed', 'rejected', 'stale', 'error'].map((o) => `mutation="${m}",outcome="${o}"=0`),
        ).sort(),
      );
      expect(series('graphql_requests_total')).toHaveLength(16);
      expect(series('graphql_requests_total').every((x) => x.endsWith('=0'))).toBe(true);
      expect(series('state_cache_lookups_total')).toEqual(['result="hit"=0', 'result="miss"=0']);
    } finally {
      await s.app.stop();
    }
  }, 60_000);

  it("the state cache's size and evictions", async () => {
    const s = await startTestServer({ STATE_CACHE_GAMES: '1' });
    try {
      const value = async (name: string) => families(await scrape(s)).get(name)?.samples[0]?.value;
      expect(await value('state_cache_games')).toBe(0);
      expect(await value('state_cache_evictions_total')).toBe(0);
      // A move in each of two games: the second game's state pushes the first one's out.
      for (const prefix of ['Alpha', 'Beta']) {
        const game = await createGame(s, 'mtg', [{ name: 'Alice', deck: deck(prefix, 5) }]);
        const g = await loadGame(s, game.game.id, TEST_ADMIN_TOKEN);
        const me = game.seats[0]!;
        await draw(
          s,
          game.game.id,
          zoneOf(g, 'library', me.player.id),
          zoneOf(g, 'hand', me.player.id),
          1,
          me.token,
        );
      }
      expect(await value('state_cache_games')).toBe(1);
      expect(await value('state_cache_evictions_total')).toBeGreaterThanOrEqual(1);
    } finally {
      await s.app.stop();
    }
  }, 60_000);
});
