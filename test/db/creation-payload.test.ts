/**
 * The stored form of a new game's event (src/db/creation-payload.ts): it decodes to exactly the
 * event the planner's form records, for every ruleset and for starting objects with every field
 * set; a reader that only knows the planner's form refuses it instead of misreading it; and
 * `zk_create_game` writes the same object rows from it as the state holds.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCreation } from '../../src/db/creation-payload.js';
import { creationEvent, initialState } from '../../src/authority/starting-layout.js';
import { decodeEvent, MalformedEventError, objectFromRow, zoneToSqlRow } from '../../src/db/rows.js';
import { newId } from '../../src/ids.js';
import { type GameState, type ObjectState, type RulesetSpec } from '../../src/rules/index.js';
import { useTestDatabase } from '../support/db.js';
import { builtinRulesets } from '../support/rulesets.js';

/** A fresh two-seat game of `spec`, five cards in each seat's deck zone. */
function newState(spec: RulesetSpec): GameState {
  const seat = (s: number) => ({
    name: `Seat ${s}`,
    deck: Array.from({ length: 5 }, (_, i) => ({
      name: `Card ${s}-${i}`,
      types: ['Creature'],
      subtypes: [],
      text: `Text ${i}`,
      attributes: { cost: i },
      zone: null,
      zoneIndex: 0,
      faceUp: null,
    })),
  });
  return initialState(spec, [seat(0), seat(1)], [newId(), newId()]);
}

/**
 * A state no createGame makes, with every field of a starting object away from its default: a token
 * controlled by the other seat, revealed to everyone, with a history; an object hosted on it; and
 * two objects on the shared stack (layers).
 */
function unusualState(): { spec: RulesetSpec; state: GameState } {
  const spec = builtinRulesets().get('mtg')!;
  const state = newState(spec);
  const [p0, p1] = state.players;
  const stack = state.zones.find((z) => z.type === 'stack')!;
  const battlefield = state.zones.find((z) => z.type === 'battlefield')!;
  const [a, b, c, d] = state.objects;
  const token: ObjectState = {
    ...a!,
    kind: 'token',
    controllerId: p1!.id,
    zoneId: battlefield.id,
    faceUp: true,
    revealedTo: 'all',
    history: [{ fromZoneType: 'hand', toZoneType: 'battlefield', by: 'effect', reason: 'test' }],
  };
  const hosted: ObjectState = { ...b!, zoneId: battlefield.id, hostKey: token.key, revealedTo: [p0!.id] };
  const onStack = [c!, d!].map((o, i) => ({ ...o, zoneId: stack.id, faceUp: true, sortKey: i + 1 }));
  return { spec, state: { ...state, objects: [token, hosted, ...onStack, ...state.objects.slice(4)] } };
}

/** As stored (JSON), then as read back through the one decoder. */
const storedThenRead = (stored: unknown) => decodeEvent(JSON.parse(JSON.stringify(stored)));
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('the stored form of GAME_CREATED', () => {
  it('decodes to the planner’s event, for every ruleset', () => {
    const specs = builtinRulesets().list();
    expect(specs.length).toBeGreaterThanOrEqual(5);
    for (const spec of specs) {
      const full = creationEvent(spec, newState(spec));
      const stored = compactCreation(full);
      expect(JSON.stringify(stored).length).toBeLessThan(0.8 * JSON.stringify(full).length);
      expect(asJson(storedThenRead(stored)), spec.id).toEqual(asJson(full));
    }
  });

  it('keeps every field away from its default: kind, controller, reveals, host, history, layer', () => {
    const { spec, state } = unusualState();
    const full = creationEvent(spec, state);
    expect(full.transitions.some((t) => t.afterContext?.layer !== null)).toBe(true);
    expect(full.transitions.some((t) => t.afterContext?.host !== null)).toBe(true);
    expect(asJson(storedThenRead(compactCreation(full)))).toEqual(asJson(full));
  });

  it('has no transitions list, so a reader that expects one refuses it; the planner’s form still decodes', () => {
    const spec = builtinRulesets().get('mtg')!;
    const full = creationEvent(spec, newState(spec));
    const stored = asJson(compactCreation(full)) as Record<string, unknown>;
    expect('transitions' in stored).toBe(false);
    expect(() => decodeEvent({ ...stored, created: undefined })).toThrow(MalformedEventError);
    // Only plain arrivals have a stored form: anything else is a bug in the caller, not data to drop.
    const moved = { ...full.transitions[0]!, before: full.transitions[0]!.after };
    expect(() => compactCreation({ ...full, transitions: [moved] })).toThrow(/not a plain arrival/);
    // Games created before the compact form keep their events as they were.
    expect(asJson(decodeEvent(asJson(full)))).toEqual(asJson(full));
  });
});

describe('zk_create_game', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: (await useTestDatabase()).url });
    await db.connect();
  });
  afterAll(() => db.end());

  it('writes object rows equal to the state, from the stored form, and the event that decodes back', async () => {
    const { spec, state } = unusualState();
    const gameId = newId();
    const createdAt = new Date().toISOString();
    const param = {
      game: {
        ruleset: spec.id,
        ruleset_version: null,
        spectator_token_hash: 'spectator',
        referee_token_hash: 'referee',
        created_at: createdAt,
      },
      players: state.players.map((p) => ({
        id: p.id,
        seat: p.seat,
        name: `Seat ${p.seat}`,
        token_hash: `seat ${p.seat}`,
      })),
      zones: state.zones.map((z) => zoneToSqlRow(gameId, z, createdAt)),
      event: compactCreation(creationEvent(spec, state)),
    };
    await db.query('SELECT zk_create_game($1::uuid, $2::jsonb)', [gameId, JSON.stringify(param)]);
    const { rows } = await db.query(
      `SELECT key, public_id AS "publicId", kind, owner_id AS "ownerId", controller_id AS "controllerId",
              zone_id AS "zoneId", sort_key AS "sortKey", face_up AS "faceUp",
              revealed_to_all AS "revealedToAll", revealed_to AS "revealedTo", host_key AS "hostKey",
              name, types, subtypes, text, attributes, history
       FROM game_object WHERE game_id = $1`,
      [gameId],
    );
    const byKey = (list: ObjectState[]) => [...list].sort((x, y) => (x.key < y.key ? -1 : 1));
    expect(asJson(byKey(rows.map(objectFromRow)))).toEqual(asJson(byKey([...state.objects])));
    const event = await db.query('SELECT payload FROM game_event WHERE game_id = $1 AND seq = 1', [gameId]);
    expect(asJson(decodeEvent(event.rows[0].payload))).toEqual(asJson(creationEvent(spec, state)));
  });
});
