/**
 * Acceptance counting for suites that generate random actions (property, leak, twin-world). A
 * suite whose actions are all refused checks no invariant on an accepted step and still passes; so
 * each such suite records every action it sent and whether the rules accepted it, prints the share
 * per action kind, and fails when too few were accepted overall, or when an action kind it sends
 * was never accepted.
 *
 * Usage, in a suite:
 *
 *     const acceptance = new Acceptance('leak mtg', { kinds: ['moveObjects', 'shuffleZone'] });
 *     acceptance.record(m.field, outcome.ok);       // once per generated action
 *     acceptance.check();                            // after the property: prints, then throws if too few
 *
 * A new action kind joins by being recorded; list it in `kinds` so that a generator that never
 * produces it fails the check too.
 */

/** The accepted share below which a suite fails unless it states its own (0..1). */
export const DEFAULT_MIN_SHARE = 0.3;

export interface AcceptanceOptions {
  /**
   * The least share of all recorded actions the rules must have accepted (0..1). Defaults to
   * {@link DEFAULT_MIN_SHARE}. Planting a planner that refuses 80% of moves must take the share of a
   * healthy run below it, so a suite's generators should be accepted well above it.
   */
  readonly minShare?: number;
  /**
   * Action kinds the suite sends: each must be accepted at least once. Kinds recorded but not
   * listed must be accepted at least once too.
   */
  readonly kinds?: readonly string[];
  /** Kinds allowed to go unaccepted (e.g. kinds only ever sent invalid, on purpose). */
  readonly mayAllRefuse?: readonly string[];
  /**
   * Whether this counter checks that every kind was accepted (default true). A suite split in
   * parts (one per ruleset) may check only the share per part and every kind over their
   * {@link Acceptance.merge}d total.
   */
  readonly everyKind?: boolean;
  /**
   * Tries below which a never-accepted kind is only reported, not failed (default 1: every kind
   * sent must be accepted). For small runs where a rare kind may be sent twice and refused twice.
   */
  readonly minTries?: number;
  /**
   * Least accepted share per kind (0..1), for kinds a suite's generator aims to be valid most of
   * the time: a planner refusing most moves of one kind then fails even when the overall share
   * hides it. Such a kind must be sent at least {@link floorTries} times.
   */
  readonly floors?: Readonly<Record<string, number>>;
  /** Tries a kind with a floor must have been sent (default 8). */
  readonly floorTries?: number;
}

export interface KindCount {
  readonly kind: string;
  readonly sent: number;
  readonly accepted: number;
}

export class Acceptance {
  readonly #counts = new Map<string, { sent: number; accepted: number }>();
  readonly #minShare: number;
  readonly #mayAllRefuse: ReadonlySet<string>;
  readonly #everyKind: boolean;
  readonly #minTries: number;
  readonly #floors: Readonly<Record<string, number>>;
  readonly #floorTries: number;

  constructor(
    /** Names the suite in the printed table and in the failure. */
    readonly suite: string,
    options: AcceptanceOptions = {},
  ) {
    this.#minShare = options.minShare ?? DEFAULT_MIN_SHARE;
    this.#mayAllRefuse = new Set(options.mayAllRefuse ?? []);
    this.#everyKind = options.everyKind ?? true;
    this.#minTries = options.minTries ?? 1;
    this.#floors = options.floors ?? {};
    this.#floorTries = options.floorTries ?? 8;
    for (const kind of options.kinds ?? []) this.#counts.set(kind, { sent: 0, accepted: 0 });
  }

  /** Records one action of `kind` sent to the rules, and whether they accepted it. */
  record(kind: string, accepted: boolean): void {
    const c = this.#counts.get(kind) ?? { sent: 0, accepted: 0 };
    c.sent++;
    if (accepted) c.accepted++;
    this.#counts.set(kind, c);
  }

  /** Adds another counter's records (e.g. one per test file or per game) into this one. */
  merge(other: Acceptance): void {
    for (const { kind, sent, accepted } of other.counts()) {
      const c = this.#counts.get(kind) ?? { sent: 0, accepted: 0 };
      c.sent += sent;
      c.accepted += accepted;
      this.#counts.set(kind, c);
    }
  }

  counts(): KindCount[] {
    return [...this.#counts]
      .map(([kind, c]) => ({ kind, ...c }))
      .sort((a, b) => a.kind.localeCompare(b.kind));
  }

  /** Accepted / sent over every kind (NaN before anything was recorded). */
  share(): number {
    let sent = 0;
    let accepted = 0;
    for (const c of this.#counts.values()) {
      sent += c.sent;
      accepted += c.accepted;
    }
    return sent === 0 ? Number.NaN : accepted / sent;
  }

  /** The per-kind table, one line per kind, then the total. */
  report(): string {
    const pct = (a: number, s: number) => (s === 0 ? '   -' : `${((100 * a) / s).toFixed(0).padStart(3)}%`);
    const floor = (kind: string) => {
      const f = this.#floors[kind];
      return f === undefined ? '' : `  (needs ≥ ${(100 * f).toFixed(0)}%)`;
    };
    const rows = this.counts().map(
      ({ kind, sent, accepted }) =>
        `  ${kind.padEnd(22)} ${pct(accepted, sent)}  ${accepted}/${sent}${floor(kind)}`,
    );
    const total = this.counts().reduce((t, c) => ({ s: t.s + c.sent, a: t.a + c.accepted }), { s: 0, a: 0 });
    return [
      `accepted actions, ${this.suite} (needs ≥ ${(100 * this.#minShare).toFixed(0)}% overall${this.#everyKind ? ', every kind at least once' : ''}):`,
      ...rows,
      `  ${'all'.padEnd(22)} ${pct(total.a, total.s)}  ${total.a}/${total.s}`,
    ].join('\n');
  }

  /** What is wrong with the counts, if anything: an empty list when the suite earned its pass. */
  problems(): string[] {
    const out: string[] = [];
    const share = this.share();
    if (!(share >= this.#minShare))
      out.push(
        `only ${Number.isNaN(share) ? 'no' : `${(100 * share).toFixed(1)}% of`} actions accepted (needs ≥ ${(100 * this.#minShare).toFixed(0)}%)`,
      );
    const never = this.#everyKind
      ? this.counts().filter(
          (c) => c.accepted === 0 && c.sent >= this.#minTries && !this.#mayAllRefuse.has(c.kind),
        )
      : [];
    if (never.length > 0)
      out.push(`never accepted: ${never.map((c) => `${c.kind} (sent ${c.sent})`).join(', ')}`);
    for (const [kind, floor] of Object.entries(this.#floors)) {
      const c = this.#counts.get(kind) ?? { sent: 0, accepted: 0 };
      // A floor is stated for a kind the suite sends often: sent too rarely, it checked nothing.
      if (c.sent < this.#floorTries)
        out.push(`${kind}: sent ${c.sent} times, fewer than the ${this.#floorTries} its floor needs`);
      else if (c.accepted / c.sent < floor)
        out.push(`${kind}: only ${c.accepted} of ${c.sent} accepted (needs ≥ ${(100 * floor).toFixed(0)}%)`);
    }
    return out;
  }

  /** Prints the table and throws, naming the problems, unless the share and every kind are met. */
  check(): void {
    const report = this.report();
    console.log(report);
    const problems = this.problems();
    if (problems.length > 0) throw new Error(`${problems.join('; ')}\n${report}`);
  }
}
