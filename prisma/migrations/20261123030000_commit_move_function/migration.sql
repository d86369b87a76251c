-- zk_commit_move: a planned move, written in one statement (one round trip, one implicit transaction).
--
-- The service plans a move against the game state at version `baseVersion` (src/db/mutate.ts). This
-- function applies the plan if, and only if, the game is still ACTIVE at that version: the first
-- UPDATE takes the game row lock and compares the version (optimistic concurrency). Every committed
-- change to a game bumps its version under that lock, so a matching version proves the plan was made
-- against exactly the rows written here. Otherwise it returns 'conflict' and writes nothing; the
-- service reloads and plans again.
--
-- Anything unexpected raises, which rolls the whole statement back: a unique violation on the
-- idempotency record (the request was already applied: the caller replays the stored response) or a
-- row count that differs from the plan (a bug, never a half-applied move).
--
-- p: { gameId, baseVersion, version, lastSeq, notifyChannel: text | null,
--      deleted: [key], zonesCreated: [zone row], created: [game_object row], updated: [game_object row],
--      zonesRemoved: [id], events: [game_event row], idempotency: idempotency_record row | null }
-- Rows use the tables' column names.
CREATE FUNCTION zk_commit_move(p jsonb) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  gid uuid := (p->>'gameId')::uuid;
  n integer;
BEGIN
  UPDATE game SET version = (p->>'version')::int, last_seq = (p->>'lastSeq')::int, updated_at = now()
  WHERE id = gid AND version = (p->>'baseVersion')::int AND status = 'ACTIVE';
  IF NOT FOUND THEN
    RETURN 'conflict';
  END IF;

  IF jsonb_typeof(p->'idempotency') = 'object' THEN
    INSERT INTO idempotency_record (scope, key, request_hash, response, game_id)
    SELECT r.scope, r.key, r.request_hash, r.response, gid
    FROM jsonb_populate_record(NULL::idempotency_record, p->'idempotency') AS r;
  END IF;

  -- A plain move only updates rows: the other statements run only when the plan needs them.
  IF jsonb_array_length(p->'deleted') > 0 THEN
    DELETE FROM game_object
    WHERE game_id = gid AND key IN (SELECT jsonb_array_elements_text(p->'deleted')::uuid);
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n <> jsonb_array_length(p->'deleted') THEN
      RAISE EXCEPTION 'zk_commit_move: deleted % of % objects', n, jsonb_array_length(p->'deleted');
    END IF;
  END IF;

  IF jsonb_array_length(p->'zonesCreated') > 0 THEN
    INSERT INTO zone (id, game_id, type, owner_id, index, created_at)
    SELECT z.id, gid, z.type, z.owner_id, z.index, z.created_at
    FROM jsonb_populate_recordset(NULL::zone, p->'zonesCreated') AS z;
  END IF;

  IF jsonb_array_length(p->'created') > 0 THEN
    INSERT INTO game_object (key, game_id, public_id, kind, owner_id, controller_id, zone_id, sort_key,
      face_up, revealed_to_all, revealed_to, host_key, name, types, subtypes, text, attributes, history)
    SELECT o.key, gid, o.public_id, o.kind, o.owner_id, o.controller_id, o.zone_id, o.sort_key,
      o.face_up, o.revealed_to_all, o.revealed_to, o.host_key, o.name, o.types, o.subtypes, o.text,
      o.attributes, o.history
    FROM jsonb_populate_recordset(NULL::game_object, p->'created') AS o;
  END IF;

  IF jsonb_array_length(p->'updated') > 0 THEN
    UPDATE game_object AS o SET
      public_id = v.public_id, kind = v.kind, owner_id = v.owner_id, controller_id = v.controller_id,
      zone_id = v.zone_id, sort_key = v.sort_key, face_up = v.face_up,
      revealed_to_all = v.revealed_to_all, revealed_to = v.revealed_to, host_key = v.host_key,
      name = v.name, types = v.types, subtypes = v.subtypes, text = v.text,
      attributes = v.attributes, history = v.history
    FROM jsonb_populate_recordset(NULL::game_object, p->'updated') AS v
    WHERE o.key = v.key AND o.game_id = gid;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n <> jsonb_array_length(p->'updated') THEN
      RAISE EXCEPTION 'zk_commit_move: updated % of % objects', n, jsonb_array_length(p->'updated');
    END IF;
  END IF;

  IF jsonb_array_length(p->'zonesRemoved') > 0 THEN
    DELETE FROM zone
    WHERE game_id = gid AND id IN (SELECT jsonb_array_elements_text(p->'zonesRemoved')::uuid);
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n <> jsonb_array_length(p->'zonesRemoved') THEN
      RAISE EXCEPTION 'zk_commit_move: removed % of % zones', n, jsonb_array_length(p->'zonesRemoved');
    END IF;
  END IF;

  INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload, created_at)
  SELECT gid, e.seq, e.kind, (p->>'version')::int, e.actor_kind, e.actor_player_id, e.payload, e.created_at
  FROM jsonb_populate_recordset(NULL::game_event, p->'events') AS e;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n = 0 OR n <> jsonb_array_length(p->'events') THEN
    RAISE EXCEPTION 'zk_commit_move: appended % of % events', n, jsonb_array_length(p->'events');
  END IF;

  -- The fanout's notice (src/events/fanout.ts), sent by PostgreSQL when this transaction commits:
  -- the move and its announcement cannot be separated, and the service saves a round trip.
  IF p->>'notifyChannel' IS NOT NULL THEN
    PERFORM pg_notify(p->>'notifyChannel', json_build_object('gameId', gid, 'seq', (p->>'lastSeq')::int)::text);
  END IF;

  RETURN 'committed';
END
$$;
