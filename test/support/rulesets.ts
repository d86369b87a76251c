/**
 * Every test file's rulesets (vitest `setupFiles`): the built-in ruleset files, read and
 * installed into the rules layer as the service does at start (`src/app.ts`).
 */
import { installRulesetFiles } from '../../src/rulesets/load.js';

installRulesetFiles();
