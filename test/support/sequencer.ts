/**
 * The order test files start in (vitest.config.ts, `sequence.sequencer`): the files known to take
 * longest first, then the rest in vitest's own order.
 *
 * Two workers take files from one queue. Without a record of earlier runs (a fresh checkout, as in
 * CI) vitest starts the largest files first, which puts some of the longest-running ones, small
 * files that start service processes or play many games, near the end: one worker is still in such
 * a file while the other has nothing left to take. Started first, the long files run beside the
 * many short ones, which fill both workers to the end.
 *
 * The list is roughly by duration, longest first (seconds for the file alone on a slow host, in
 * the comments). The first two start together, one on each worker: only one of them builds `dist/`
 * (`buildDist`), so that no worker waits on the other's build.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'test/hardening/aging.test.ts', // 106
  'test/rulesets/service.test.ts', // 58, builds dist/
  'test/clock/crash.test.ts', // 54
  'test/fairness/games.test.ts', // 53
  'test/clock/crash-restart.test.ts', // 52
  'test/foundation/npm-start.test.ts', // 55
  'test/twin/data-rulesets.test.ts', // 48
  'test/web/table-rulesets.test.ts', // 42
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.indexOf(
        path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'),
      );
      return at < 0 ? LONGEST.length : at;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
