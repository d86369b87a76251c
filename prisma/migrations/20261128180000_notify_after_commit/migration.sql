-- No notify inside the commit (issue 43). A NOTIFY queued by a transaction makes its commit take
-- PostgreSQL's one database-wide notify lock from before its commit record is written until it is
-- flushed, so every committing move waited for the others' flushes one by one, and the tail of the
-- move latency grew with the load. The functions below commit the move and the new game without a
-- notice; the service announces `(gameId, seq)` after the commit returns (src/authority/publish.ts,
-- src/events/pg-fanout.ts), and the event log with the hubs' poll stays the backstop for a notice
-- that never leaves (an instance killed between commit and publish). The parameters' old
-- `notifyChannel` / `notify_channel` fields are ignored.

-- zk_commit_move: as in 20261125214925_table_state, without the notice.
CREATE OR REPLACE FUNCTION zk_commit_move(gid uuid, p jsonb) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  ends boolean := coalesce((p->>'ends')::boolean, false);
BEGIN
  UPDATE game SET version = (p->>'version')::int, last_seq = (p->>'lastSeq')::int, updated_at = now(),
    table_state = CASE WHEN jsonb_typeof(p->'table') = 'object' THEN p->'table' ELSE table_state END,
    status = CASE WHEN ends THEN 'ENDED'::"GameStatus" ELSE status END,
    ended_at = CASE WHEN ends THEN now() ELSE ended_at END
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
      face_up, revealed_to_all, revealed_to, host_key, name, types, subtypes, text, attributes, history,
      statuses, counters)
    SELECT o.key, gid, o.public_id, o.kind, o.owner_id, o.controller_id, o.zone_id, o.sort_key,
      o.face_up, o.revealed_to_all, o.revealed_to, o.host_key, o.name, o.types, o.subtypes, o.text,
      o.attributes, o.history, o.statuses, o.counters
    FROM jsonb_populate_recordset(NULL::game_object, p->'created') AS o;
  END IF;

  IF jsonb_array_length(p->'updated') > 0 THEN
    UPDATE game_object AS o SET
      public_id = v.public_id, kind = v.kind, owner_id = v.owner_id, controller_id = v.controller_id,
      zone_id = v.zone_id, sort_key = v.sort_key, face_up = v.face_up,
      revealed_to_all = v.revealed_to_all, revealed_to = v.revealed_to, host_key = v.host_key,
      name = v.name, types = v.types, subtypes = v.subtypes, text = v.text,
      attributes = v.attributes, history = v.history, statuses = v.statuses, counters = v.counters
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

  RETURN 'committed';
END
$$;

-- zk_create_game: as in 20261126120000_external_identity, without the notice.
CREATE OR REPLACE FUNCTION zk_create_game(gid uuid, p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := (p->'game'->>'created_at')::timestamptz;
BEGIN
  INSERT INTO game (id, ruleset, ruleset_version, version, last_seq, spectator_token_hash,
    referee_token_hash, created_at, updated_at, table_state)
  VALUES (gid, p->'game'->>'ruleset', p->'game'->>'ruleset_version', 1, 1,
    p->'game'->>'spectator_token_hash', p->'game'->>'referee_token_hash', at, at,
    CASE WHEN jsonb_typeof(p->'game'->'table_state') = 'object' THEN p->'game'->'table_state' END);

  INSERT INTO player (id, game_id, seat, name, token_hash, ext_issuer, ext_subject)
  SELECT r.id, gid, r.seat, r.name, r.token_hash, r.ext_issuer, r.ext_subject
  FROM jsonb_populate_recordset(NULL::player, p->'players') AS r;

  INSERT INTO zone (id, game_id, type, owner_id, index, created_at)
  SELECT r.id, gid, r.type, r.owner_id, r.index, r.created_at
  FROM jsonb_populate_recordset(NULL::zone, p->'zones') AS r;

  -- One pass per object (jsonb_to_recordset); absent fields take a starting object's values.
  INSERT INTO game_object (key, game_id, public_id, kind, owner_id, controller_id, zone_id, sort_key,
    face_up, revealed_to_all, revealed_to, host_key, name, types, subtypes, text, attributes, history)
  SELECT r.key, gid, r."publicId", upper(coalesce(r.kind, 'card'))::"ObjectKind",
    r."ownerId", coalesce(r."controllerId", r."ownerId"), r."zoneId", r."sortKey", r."faceUp",
    coalesce(r."revealedTo" = '"all"', false),
    CASE WHEN jsonb_typeof(r."revealedTo") = 'array'
      THEN ARRAY(SELECT jsonb_array_elements_text(r."revealedTo"))::uuid[] ELSE '{}' END,
    r."hostKey", r.name, r.types, r.subtypes, r.text, r.attributes, coalesce(r.history, '[]')
  FROM jsonb_to_recordset(p->'event'->'created') AS r(key uuid, "publicId" uuid, kind text,
    "ownerId" uuid, "controllerId" uuid, "zoneId" uuid, "sortKey" float8, "faceUp" boolean,
    "revealedTo" jsonb, "hostKey" uuid, name text, types text[], subtypes text[], text text,
    attributes jsonb, history jsonb);

  INSERT INTO game_event (game_id, seq, kind, version, actor_kind, actor_player_id, payload, created_at)
  VALUES (gid, 1, 'GAME_CREATED', 1, 'SYSTEM', NULL, p->'event', at);

  IF p ? 'rng' THEN
    INSERT INTO game_rng (game_id, scheme, seed, derivation_id, covered_from_seq, reveal_faces)
    VALUES (gid, p->'rng'->>'scheme', decode(p->'rng'->>'seed', 'hex'), p->'rng'->>'derivation_id', 1,
      coalesce((p->'rng'->>'reveal_faces')::boolean, false));
  END IF;
END $$;
