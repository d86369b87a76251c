/**
 * Zones are numbered by one rule (`src/rules/zone-number.ts`) in refusal messages
 * (`src/rules/labels.ts`) and on the table page (`web/table/menu.ts`): a type an owner has several
 * zones of numbers each of them (FAB sec:weapon_zone: "Weapon 1", "Weapon 2"), a type it has once
 * keeps its bare name. Checked for every zone of every built-in ruleset's starting layout.
 */
import { describe, expect, it } from 'vitest';
import { labelsFor } from '../../src/rules/labels.js';
import { numberedZoneName } from '../../src/rules/zone-number.js';
import { zoneDisplayName, type RulesetId, type Viewer } from '../../src/rules/index.js';
import type { GameView } from '../../web/table/api.js';
import { zoneLabel, zoneName } from '../../web/table/menu.js';
import { newGame, spec } from './helpers.js';
import { builtinRulesets } from '../support/rulesets.js';

const ANN: Viewer = { kind: 'player', playerId: 'p0' };

describe('zone numbering', () => {
  it('numbers every zone of a type its owner has several of, and no other', () => {
    expect(numberedZoneName('Weapon', 0, 2)).toBe('Weapon 1');
    expect(numberedZoneName('Weapon', 1, 2)).toBe('Weapon 2');
    expect(numberedZoneName('Hand', 0, 1)).toBe('Hand');
  });

  const ids = builtinRulesets()
    .list()
    .map((s) => s.id as RulesetId);

  it('covers the built-in rulesets, FAB with two weapon zones per hero', () => {
    expect(ids).toEqual(expect.arrayContaining(['fab', 'mtg', 'netrunner', 'pokemon', 'yugioh']));
    const weapons = newGame('fab').zones.filter((z) => z.type === 'weapon' && z.ownerId === 'p0');
    expect(weapons).toHaveLength(2);
  });

  it.each(ids)('%s: the page names each of the seat own zones as refusal messages do', (id) => {
    const state = newGame(id);
    const labels = labelsFor(spec(id), state, ANN, { p0: 'Ann', p1: 'Bob' });
    const view = {
      viewer: { player: { id: 'p0' } },
      players: state.players.map((p) => ({ id: p.id, name: p.id === 'p0' ? 'Ann' : 'Bob' })),
      zones: state.zones.map((z) => ({
        id: z.id,
        type: z.type,
        index: z.index,
        name: zoneDisplayName(spec(id), state, z),
        owner: z.ownerId === null ? null : { id: z.ownerId },
      })),
    } as unknown as GameView;
    for (const [i, z] of state.zones.entries()) {
      const page = view.zones[i]!;
      // Messages say "your X", "seat 1 (Bob)'s X", "the X"; the page "your X", "Bob's X", "X".
      const server = labels.zone(z).replace(/^(your |seat \d+ \(\w+\)'s |the )/, '');
      expect(zoneName(page, view), z.id).toBe(server);
      if (z.ownerId === 'p0') expect(zoneLabel(page, view), z.id).toBe(labels.zone(z));
    }
  });
});
