/**
 * The admin command line as the CLI tests start it. `npm run -s admin` runs `tsx scripts/admin.ts`:
 * tsx is a launcher process that starts a second Node with its loader, which compiles the script
 * with esbuild. A test file starts it dozens of times, so it compiles the same script once, with the
 * same compiler, into one ES module that plain `node` runs: one process a command instead of two,
 * with no loader. The packages it imports stay the checkout's own (not bundled). `npm run -s admin`
 * itself still runs as written in `test/admin/cli.test.ts`.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { closeAfterFile } from './after-file.js';
import { ROOT } from './process.js';

/**
 * Compiles `scripts/admin.ts` into a temporary folder, removed after the file, and returns the
 * command that runs it (`[node, module]`; the CLI's arguments follow), run from the checkout.
 */
export function compiledAdminCli(): readonly [string, string] {
  const dir = mkdtempSync(path.join(tmpdir(), 'zk-admin-cli-'));
  closeAfterFile(() => rmSync(dir, { recursive: true, force: true }));
  // Bare imports resolve from the module's folder upwards: a link to the checkout's packages.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const outfile = path.join(dir, 'admin.mjs');
  buildSync({
    entryPoints: [path.join(ROOT, 'scripts/admin.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    logLevel: 'error',
  });
  return [process.execPath, outfile];
}
