/**
 * Storage of hand-off codes (src/auth/handoff.ts): one row per live code in `handoff_code`, read and
 * written only here. Times are the database's (`now()`), so every instance agrees on what expired.
 */
import type { Db } from './client.js';

export interface NewHandoffCode {
  readonly codeHash: string;
  readonly credentialHash: string;
  readonly sealed: Uint8Array;
  readonly lifetimeSeconds: number;
  /** Codes of the same credential that may be alive at once, this one included. */
  readonly maxLive: number;
  /** A code of the same credential to delete first (a page replacing its reload code). */
  readonly replacesHash?: string | undefined;
}

/**
 * Stores a new code, after purging expired codes (every credential's) and the one it replaces.
 * Returns its expiry, or null when its credential already has `maxLive` codes alive. One statement:
 * two concurrent mints of one credential may both pass the count, so the bound is `maxLive` plus
 * the mints in flight, which the per-address rate limit bounds in turn.
 */
export async function storeHandoffCode(db: Db, code: NewHandoffCode): Promise<Date | null> {
  const replaces = code.replacesHash ?? '';
  const [row] = await db.$queryRaw<{ expiresAt: Date }[]>`
    WITH purged AS (
      DELETE FROM handoff_code
      WHERE expires_at <= now() OR (code_hash = ${replaces} AND credential_hash = ${code.credentialHash})
    )
    INSERT INTO handoff_code (code_hash, credential_hash, sealed, expires_at)
    SELECT ${code.codeHash}, ${code.credentialHash}, ${Buffer.from(code.sealed)},
           now() + make_interval(secs => ${code.lifetimeSeconds})
    WHERE (SELECT count(*) FROM handoff_code
           WHERE credential_hash = ${code.credentialHash} AND expires_at > now()
             AND code_hash <> ${replaces}) < ${code.maxLive}
    RETURNING expires_at AS "expiresAt"`;
  return row?.expiresAt ?? null;
}

/**
 * Takes the code with this hash: deletes it and returns what it sealed, or null when there is no
 * such code or it has expired. The delete is the single use: of two concurrent redemptions of one
 * code, one gets the row and the other null.
 */
export async function takeHandoffCode(db: Db, codeHash: string): Promise<Uint8Array | null> {
  const [row] = await db.$queryRaw<{ sealed: Uint8Array; live: boolean }[]>`
    DELETE FROM handoff_code WHERE code_hash = ${codeHash}
    RETURNING sealed, expires_at > now() AS live`;
  return row?.live ? row.sealed : null;
}
