/**
 * Ruleset files (format: docs/rulesets.md).
 *
 *   npx tsx scripts/rulesets.ts check <file>...   validates each file as the service does at start;
 *                                                 prints `<file>: ok <id>@<version>`, or the file,
 *                                                 the JSON path and the reason (exit code 1)
 *   npm run schema:rulesets                       writes schemas/ruleset.schema.json from the
 *                                                 validator (test/rulesets/schema.test.ts fails
 *                                                 when the committed one is stale)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRulesetFile, RulesetFileError } from '../src/rulesets/load.js';
import { RULESET_JSON_SCHEMA_FILE, rulesetJsonSchema } from '../src/rulesets/schema.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...files] = process.argv.slice(2);

if (command === 'schema') {
  writeFileSync(path.join(ROOT, RULESET_JSON_SCHEMA_FILE), rulesetJsonSchema());
  console.log(`wrote ${RULESET_JSON_SCHEMA_FILE}`);
} else if (command === 'check' && files.length > 0) {
  let failed = false;
  for (const file of files) {
    try {
      const { spec } = loadRulesetFile(file);
      console.log(`${file}: ok ${spec.id}@${spec.version}`);
    } catch (e) {
      if (!(e instanceof RulesetFileError)) throw e;
      console.error(e.message);
      failed = true;
    }
  }
  process.exitCode = failed ? 1 : 0;
} else {
  console.error('usage: tsx scripts/rulesets.ts check <file>... | schema');
  process.exitCode = 2;
}
