/**
 * What a zk-rng/1 verification transcript is made of (docs/fairness.md, "Transcript"), read after a
 * game's end: the events that carry commitments, random acts, seat entropy or the revealed seed, and the
 * transcript options. The seed is read from the ending event that revealed it, never from `game_rng`.
 */
import { isUuid } from '../uuid.js';
import type { LogEvent } from '../fairness/seat-orders.js';
import { decodeEvent } from './event-rows.js';
import type { Store } from './store.js';
import type { DomainEvent } from '../rules/index.js';

/** One event of the transcript, with only the fields a verifier needs. */
export interface TranscriptEvent {
  readonly seq: number;
  readonly kind: string;
  readonly payload: Pick<DomainEvent, 'random' | 'commitment' | 'seedReveal' | 'entropyAdded'>;
}

export interface TranscriptSource {
  readonly status: 'ACTIVE' | 'ENDED' | 'ARCHIVED';
  readonly revealFaces: boolean;
  readonly events: readonly TranscriptEvent[];
  /** Internal key → card name, for a game created with faces revealed after the end. */
  readonly faces: Readonly<Record<string, string>> | null;
  /** The whole log, decoded: what each seat's own section is built from (docs/fairness.md, "Your own cards"). */
  readonly log: readonly LogEvent[];
}

/** The transcript's events, in seq order (null for an unknown game). */
export async function readTranscriptSource(store: Store, gameId: string): Promise<TranscriptSource | null> {
  if (!isUuid(gameId)) return null;
  const game = await store.db.game.findUnique({
    where: { id: gameId },
    select: { status: true, rng: { select: { revealFaces: true } } },
  });
  if (!game) return null;
  const { rows } = await store.pool.query<TranscriptEvent>(
    `SELECT seq, kind, jsonb_strip_nulls(jsonb_build_object('random', payload->'random',
       'commitment', payload->'commitment', 'seedReveal', payload->'seedReveal',
       'entropyAdded', payload->'entropyAdded')) AS payload
     FROM game_event WHERE game_id = $1::uuid
       AND (payload ? 'random' OR payload ? 'commitment' OR payload ? 'seedReveal' OR payload ? 'entropyAdded')
     ORDER BY seq`,
    [gameId],
  );
  const revealFaces = game.rng?.revealFaces ?? false;
  return {
    status: game.status,
    revealFaces,
    events: rows,
    faces: revealFaces ? await facesOf(store, gameId) : null,
    log: game.status === 'ACTIVE' ? [] : await logOf(store, gameId),
  };
}

/** Every event of the game, decoded, in seq order. */
async function logOf(store: Store, gameId: string): Promise<LogEvent[]> {
  const { rows } = await store.pool.query<{ seq: number; payload: unknown }>(
    'SELECT seq, payload FROM game_event WHERE game_id = $1::uuid ORDER BY seq',
    [gameId],
  );
  return rows.map((r) => ({ seq: r.seq, payload: decodeEvent(r.payload) }));
}

/** Every object's card name by internal key: the starting objects, then those of the game now. */
async function facesOf(store: Store, gameId: string): Promise<Record<string, string>> {
  const { rows } = await store.pool.query<{ key: string; name: string }>(
    `SELECT c->>'key' AS key, c->>'name' AS name FROM game_event e, jsonb_array_elements(e.payload->'created') c
       WHERE e.game_id = $1::uuid AND e.seq = 1
     UNION ALL SELECT key::text, name FROM game_object WHERE game_id = $1::uuid`,
    [gameId],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.name]));
}
