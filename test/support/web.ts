import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './process.js';

/** Where scripts/build-web.mjs writes the page bundles the service serves under /assets/. */
export const WEB_DIST = path.join(ROOT, 'web', 'dist');

/** Rebuilds web/dist when a page's sources changed since the last build (a no-op otherwise). */
export function ensureWebBuilt(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-web.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
