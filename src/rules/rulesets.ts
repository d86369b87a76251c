/**
 * A service's rulesets: the ones it loaded from files, and older versions that games created with
 * them still play. A value built where files are read (`src/rulesets/load.ts`, for `app.ts`) and
 * handed down; the rules layer keeps no registry of its own and imports no file, so two services
 * in one process can play different rulesets.
 */
import type { RulesetDocument } from './document.js';
import { planWith } from './planner/index.js';
import type { Move } from './types/moves.js';
import type { PlanContext, PlanResult } from './types/plan.js';
import type { RulesetSpec } from './types/ruleset.js';
import type { GameState } from './types/state.js';

/** A ruleset as a service knows it: the built ruleset and the canonical content it was built from. */
export interface RulesetEntry {
  readonly spec: RulesetSpec;
  readonly document: RulesetDocument;
}

/**
 * Where a registry keeps versions that are not loaded, by `id@version`. The caller chooses the
 * bound (`app.ts` gives a least-recently-used cache): a version dropped from it is read back from
 * where its games stored it the next time one of them needs it.
 */
export interface KeptVersions {
  get(key: string): RulesetEntry | undefined;
  set(key: string, entry: RulesetEntry): unknown;
}

const versionKey = (id: string, version: string) => `${id}@${version}`;

/** The rulesets of one service (see the module comment). */
export class RulesetRegistry {
  readonly #current = new Map<string, RulesetEntry>();
  /** The loaded versions by `id@version`: never dropped while the service lives. */
  readonly #loaded = new Map<string, RulesetEntry>();
  readonly #kept: KeptVersions;

  /** `loaded`: the rulesets read at start, each id once; `kept`: where older versions go. */
  constructor(loaded: readonly RulesetEntry[], kept: KeptVersions) {
    for (const entry of loaded) {
      const { id, version } = entry.spec;
      if (this.#current.has(id)) throw new Error(`ruleset ${id} is loaded twice`);
      this.#current.set(id, entry);
      this.#loaded.set(versionKey(id, version), entry);
    }
    this.#kept = kept;
  }

  /** Every loaded ruleset (its current version), in the order they were loaded. */
  list(): readonly RulesetSpec[] {
    return [...this.#current.values()].map((e) => e.spec);
  }

  /**
   * The ruleset with this id, or undefined for an unknown id (input from outside is not trusted).
   * With a version: that version, whether loaded or kept, or undefined when it is not known.
   */
  get(id: string, version?: string | null): RulesetSpec | undefined {
    return this.#entry(id, version)?.spec;
  }

  /** The canonical content of a known ruleset version (what is stored with the games using it). */
  documentOf(id: string, version: string): RulesetDocument | undefined {
    return this.#entry(id, version)?.document;
  }

  /** Keeps an older version of a ruleset (read back from where its games stored it) known. */
  keep(entry: RulesetEntry): void {
    const key = versionKey(entry.spec.id, entry.spec.version);
    if (!this.#loaded.has(key)) this.#kept.set(key, entry);
  }

  /**
   * Plans a move on a state under the state's own ruleset (its current version): the complete next
   * state and its events, or a typed rejection citing the rule. Never throws for bad input. A game
   * of an older version plans with {@link planWith} and that version's spec.
   */
  plan(state: GameState, move: Move, ctx: PlanContext): PlanResult {
    const spec = this.get(state.ruleset);
    if (!spec)
      return {
        ok: false,
        rejection: {
          code: 'UNKNOWN_ZONE_TYPE',
          rule: 'input',
          message: `Unknown ruleset ${String(state.ruleset)}`,
        },
      };
    return planWith(spec, state, move, ctx);
  }

  #entry(id: string, version?: string | null): RulesetEntry | undefined {
    if (version === undefined || version === null) return this.#current.get(id);
    const key = versionKey(id, version);
    return this.#loaded.get(key) ?? this.#kept.get(key);
  }
}
