/**
 * A service's ruleset registry (`rulesetRegistry`, `src/rules/rulesets.ts`): the files it loaded,
 * which it never drops, and older versions its games still play, kept up to
 * `KEPT_RULESET_VERSIONS` (least recently used dropped; a dropped one is read back from the store).
 * Two registries share nothing.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEPT_RULESET_VERSIONS, rulesetFromContent, rulesetRegistry } from '../../src/rulesets/load.js';
import { ROOT } from '../support/process.js';

/** Older versions of Magic: the loaded file with another name, so another version each. */
function olderMagics(count: number) {
  const loaded = rulesetRegistry();
  const doc = loaded.documentOf('mtg', loaded.get('mtg')!.version)!;
  return Array.from({ length: count }, (_, i) =>
    rulesetFromContent({ ...doc, name: `Magic, edition ${i}` }, `older ${i}`),
  );
}

describe('a ruleset registry', () => {
  it('keeps older versions up to its bound, dropping the least recently used; never a loaded one', () => {
    const registry = rulesetRegistry();
    const current = registry.get('mtg')!;
    const older = olderMagics(KEPT_RULESET_VERSIONS + 1);
    for (const entry of older) registry.keep(entry);
    const known = older.filter((o) => registry.get('mtg', o.spec.version) !== undefined);
    expect(known).toHaveLength(KEPT_RULESET_VERSIONS);
    expect(registry.get('mtg', older[0]!.spec.version)).toBeUndefined();
    const newest = older.at(-1)!;
    expect(registry.get('mtg', newest.spec.version)).toBe(newest.spec);
    expect(registry.documentOf('mtg', newest.spec.version)).toBe(newest.document);
    // The loaded version stays the current one and stays known.
    expect(registry.get('mtg')).toBe(current);
    expect(registry.get('mtg', current.version)).toBe(current);
    expect(registry.documentOf('mtg', current.version)).toBeDefined();
  });

  it('is one service’s: another knows neither its kept versions nor its RULESETS_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zk-registry-'));
    copyFileSync(path.join(ROOT, 'examples/rulesets/war.yaml'), path.join(dir, 'war.yaml'));
    const withWar = rulesetRegistry(dir);
    rmSync(dir, { recursive: true, force: true });
    const builtins = rulesetRegistry();
    expect(withWar.list().map((r) => r.id)).toContain('war');
    expect(builtins.list().map((r) => r.id)).not.toContain('war');
    expect(builtins.get('war')).toBeUndefined();

    const [older] = olderMagics(1);
    withWar.keep(older!);
    expect(withWar.get('mtg', older!.spec.version)).toBe(older!.spec);
    expect(builtins.get('mtg', older!.spec.version)).toBeUndefined();
  });
});
