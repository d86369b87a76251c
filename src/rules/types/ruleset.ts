/** A ruleset: its catalog, its hooks and its citations. */

import type { RulesetCatalog } from './catalog.js';
import type { GameCitations } from './citations.js';
import type { GameHooks } from './game-hooks.js';

/**
 * A ruleset: its catalog (data), its rule hooks (where a rule is more than data) and its citations
 * of the generic planner's actions. Each game's live in `src/rules/<game>/`; the planner asks the
 * hooks and never branches on a ruleset id.
 */
export interface RulesetSpec extends RulesetCatalog {
  readonly hooks: GameHooks;
  readonly cite: GameCitations;
  /**
   * The version: a content hash of the ruleset's file (computed where files are read). A game
   * keeps the version it was created with.
   */
  readonly version: string;
  /** The names of the code hooks the file asks for (`src/rules/hook-registry.ts`). */
  readonly hookNames: readonly string[];
}
