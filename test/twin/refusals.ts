/**
 * The twin-world suite compares every response whole (`twin.ts`), so a refusal's code, reason, rule
 * and message must be the same in both worlds. This tally makes sure that comparison covered
 * refusals with reasons: every FORBIDDEN and INVALID_MOVE V received must carry a reason (an enum
 * value of the schema, src/schema/errors.graphql), and a run must have met both codes, each with
 * its reason, so that reasons and messages were compared, not only accepted moves.
 */
import { expect } from 'vitest';
import { FORBIDDEN_REASONS } from '../../src/errors.js';
import { REJECTION_CODES } from '../../src/rules/index.js';

/** The codes whose refusals name a reason, and the reasons each may name. */
const REASONS: Readonly<Record<string, readonly string[]>> = {
  FORBIDDEN: FORBIDDEN_REASONS,
  INVALID_MOVE: REJECTION_CODES,
};

interface ErrorShape {
  readonly message?: unknown;
  readonly extensions?: { readonly code?: unknown; readonly reason?: unknown };
}

export class RefusalTally {
  readonly #seen = new Map<string, number>();
  readonly #without: string[] = [];

  constructor(private readonly label: string) {}

  /** Records the refusals of one response (`{ errors }` as the suite compares it). */
  record(response: unknown, what: string): void {
    const errors = (response as { errors?: readonly ErrorShape[] | null }).errors ?? [];
    for (const e of errors) {
      const code = e.extensions?.code;
      if (typeof code !== 'string' || !(code in REASONS)) continue;
      const reason = e.extensions?.reason;
      if (typeof reason !== 'string' || !REASONS[code]!.includes(reason)) {
        this.#without.push(`${code} with reason ${JSON.stringify(reason)}: ${String(e.message)} (${what})`);
        continue;
      }
      const key = `${code} ${reason}`;
      this.#seen.set(key, (this.#seen.get(key) ?? 0) + 1);
    }
  }

  /** Prints the reasons met; fails on a refusal without a known reason, or a code never met. */
  check(): void {
    const seen = [...this.#seen].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `${this.label}: refusals compared, by reason: ${seen.map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    );
    expect(this.#without, `${this.label}: refusals without a reason`).toEqual([]);
    for (const code of Object.keys(REASONS))
      expect(
        seen.some(([k]) => k.startsWith(`${code} `)),
        `${this.label}: no ${code} refusal was compared`,
      ).toBe(true);
  }
}
