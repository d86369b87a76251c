/**
 * A new embedded cluster: `initdb` run as the server user, with the generated password handed over
 * in a file that only that user may read and that is removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedStartError, firstLine } from './embedded-error.js';
import { spawnAs, type Binaries, type ServerUser } from './embedded-placement.js';

/** Creates the cluster in `clusterDir` (scram-sha-256, superuser `postgres` with `password`). */
export async function initialise(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  user: ServerUser | null,
  log: (line: string) => void,
): Promise<void> {
  const parent = path.dirname(clusterDir);
  await mkdir(parent, { recursive: true, mode: 0o755 });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  await chmod(clusterDir, 0o700);
  const pwfile = path.join(parent, `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
    const child = spawnAs(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--lc-messages=C',
      ],
      user,
      parent,
      false,
    );
    let output = '';
    child.stdout?.on('data', (d: Buffer) => log(d.toString()));
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
      log(d.toString());
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (c) => resolve(c));
    }).catch((err: unknown) => {
      throw new EmbeddedStartError(`Could not run initdb (${binaries.initdb}): ${firstLine(err)}`);
    });
    if (code !== 0) {
      const last = output.trim().split('\n').pop() ?? '';
      throw new EmbeddedStartError(`initdb failed for ${clusterDir} (exit code ${code}): ${last}`);
    }
  } finally {
    await rm(pwfile, { force: true });
  }
}
