/**
 * Validation cost (`BENCH_CASES=validation`): how long graphql's validation takes on the worst
 * documents the selection budget (src/server/selection-budget.ts) lets through or refuses, in this
 * process (the rules as Apollo runs them, the median of 50 runs each), and a seat's median
 * `game(id)` on a fresh service (WORKERS=1) while four anonymous clients flood it with those
 * documents over HTTP and graphql-ws, against its median under a flood of same-size documents the
 * token limit refuses before validation.
 */
import { performance } from 'node:perf_hooks';
import { createArmor } from '../src/server/armor.js';
import { graphqlCjs } from '../src/server/graphql-cjs.js';
import { buildSchema } from '../src/resolvers/schema.js';
import { EXPENSIVE_DOCUMENTS, floodMedians } from '../test/support/validation-flood.js';
import { createBenchGame } from './lib/fixtures.js';
import { graphqlClient } from './lib/graphql.js';
import { table, type CaseDeps, type CaseReport } from './lib/report.js';
import { startService } from './lib/service.js';

const { parse, specifiedRules, validate } = graphqlCjs;
const RUNS = 50;
/**
 * The stated bound (docs/operators.md, "Limits") on the median validation of any document within
 * the limits: about 2 ms on an idle core, the rest room for a busy 2-core machine.
 */
const VALIDATION_TARGET_MS = 25;

/** Median milliseconds of `validate()` on `query`, with the rules as Apollo runs them. */
function validationMs(query: string): number {
  const schema = buildSchema();
  const armor = createArmor({ introspection: true });
  const document = parse(query);
  const rules = [...specifiedRules, ...armor.apollo.validationRules];
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t0 = performance.now();
    validate(schema, document, rules);
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)] ?? 0;
}

export async function runValidation(deps: CaseDeps): Promise<CaseReport> {
  const { log } = deps;
  const perDocument = Object.entries(EXPENSIVE_DOCUMENTS).map(([name, query]) => ({
    name,
    ms: validationMs(query),
  }));
  const worstMs = Math.max(...perDocument.map((d) => d.ms));
  log(`validation: worst document validates in ${worstMs.toFixed(2)} ms (median of ${RUNS})`);
  const service = await startService(deps.databaseUrl, { WORKERS: '1' });
  const api = graphqlClient(service.url);
  try {
    const game = await createBenchGame(api, 60, { layout: false });
    const seat = game.seats[0];
    if (!seat) throw new Error('the bench game has no seat');
    const medians = await floodMedians({
      url: service.url,
      gameId: game.id,
      token: seat.token,
      clients: 4,
      samples: 60,
    });
    const ratio = medians.expensiveMs / medians.refusedMs;
    log(
      `validation: seat median ${medians.expensiveMs.toFixed(1)} ms under expensive documents, ${medians.refusedMs.toFixed(1)} ms under refused ones`,
    );
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    return {
      title: 'Validation cost: the worst documents within the limits',
      markdown: [
        table(
          ['document', 'validation (median)'],
          perDocument.map((d) => [d.name, ms(d.ms)]),
        ),
        table(
          ['a seat’s `game(id)` while 4 anonymous clients flood HTTP and graphql-ws with', 'median'],
          [
            ['documents the token limit refuses (same sizes)', ms(medians.refusedMs)],
            ['the documents above, each with a unique comment', ms(medians.expensiveMs)],
          ],
        ),
      ].join('\n\n'),
      targets: [
        {
          target: `no document within the limits takes more than ${VALIDATION_TARGET_MS} ms to validate`,
          measured: ms(worstMs),
          threshold: `≤ ${VALIDATION_TARGET_MS} ms`,
          met: worstMs <= VALIDATION_TARGET_MS,
        },
        {
          target:
            'a seat’s median under the flood of expensive documents is within 2× its median under refused ones',
          measured: `${ratio.toFixed(2)}×`,
          threshold: '≤ 2×',
          met: ratio <= 2,
        },
      ],
      results: {
        validationMsByDocument: Object.fromEntries(
          perDocument.map((d) => [d.name, Math.round(d.ms * 100) / 100]),
        ),
        worstValidationMs: Math.round(worstMs * 100) / 100,
        validationTargetMs: VALIDATION_TARGET_MS,
        seatMedianUnderRefusedMs: Math.round(medians.refusedMs * 10) / 10,
        seatMedianUnderExpensiveMs: Math.round(medians.expensiveMs * 10) / 10,
        seatMedianRatio: Math.round(ratio * 100) / 100,
        floodAnswers: Object.fromEntries(medians.expensive),
      },
    };
  } finally {
    api.close();
    await service.stop();
  }
}
