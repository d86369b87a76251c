/**
 * Direct writes to the event log for the hub's and fanouts' own tests, below the API (acceptance
 * tests go through the real GraphQL mutations instead).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface LogWriter {
  /** Creates an mtg game with no events; returns its id. */
  createGame(): Promise<string>;
  /** Appends `count` events touching `zoneIds` after the game's last seq; returns the new last seq. */
  append(gameId: string, count: number, zoneIds?: string[], rules?: string[]): Promise<number>;
  close(): Promise<void>;
}

export async function logWriter(databaseUrl: string): Promise<LogWriter> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async createGame() {
      const id = randomUUID();
      await client.query(`INSERT INTO game (id, ruleset, spectator_token_hash) VALUES ($1, 'mtg', $2)`, [
        id,
        randomUUID(),
      ]);
      return id;
    },
    async append(gameId, count, zoneIds = [], rules = []) {
      const { rows } = await client.query<{ last_seq: number }>(
        `WITH g AS (UPDATE game SET last_seq = last_seq + $2, version = version + $2 WHERE id = $1
                    RETURNING last_seq)
         INSERT INTO game_event (game_id, seq, kind, version, actor_kind, payload)
         SELECT $1, s, 'NO_MOVE', s, 'SYSTEM', $3::jsonb
           FROM g, generate_series(g.last_seq - $2 + 1, g.last_seq) AS s
         RETURNING (SELECT last_seq FROM g)`,
        [
          gameId,
          count,
          JSON.stringify({
            kind: 'NO_MOVE',
            zoneIds,
            transitions: [],
            zonesCreated: [],
            zonesRemoved: [],
            rules,
          }),
        ],
      );
      return rows[0]?.last_seq ?? 0;
    },
    close: () => client.end(),
  };
}

/** Rejects after `ms`, so no wait in a test can hang the run. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` until it is true or `ms` passes. */
export async function eventually(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
