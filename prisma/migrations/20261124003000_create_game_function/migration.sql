-- zk_create_game: every row of a new game in one call, from the JSON src/db/creation-payload.ts
-- builds: the game, its seats and zones (rows with the tables' column names), its objects (read
-- from the GAME_CREATED event's stored form, which lists every starting object once, flat, with
-- the values every starting object has left out) and the event itself, then the fanout's notice.
--
-- A function, not a statement the service sends each time: PostgreSQL keeps the plans of a
-- function's statements for the session, where a statement sent with parameters is planned again
-- on every call (about a tenth of a creation's database time, measured); it passes through
-- PgBouncer in transaction mode, unlike named prepared statements; and Citus can route it by its
-- first argument, the game id, like zk_commit_move.
--
-- p: { game: { ruleset, ruleset_version, spectator_token_hash, referee_token_hash, created_at,
--      notify_channel: text | null }, players: [player row], zones: [zone row],
--      event: GAME_CREATED payload in its stored form (`created`: the starting objects) }
CREATE FUNCTION zk_create_game(gid uuid, p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := (p->'game'->>'created_at')::timestamptz;
BEGIN
  INSERT INTO game (id, ruleset, ruleset_version, version, last_seq, spectator_token_hash,
    referee_token_hash, created_at, updated_at)
  VALUES (gid, p->'game'->>'ruleset', p->'game'->>'ruleset_version', 1, 1,
    p->'game'->>'spectator_token_hash', p->'game'->>'referee_token_hash', at, at);

  INSERT INTO player (id, game_id, seat, name, token_hash)
  SELECT r.id, gid, r.seat, r.name, r.token_hash
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

  -- The fanout's notice (src/events/fanout.ts), sent by PostgreSQL when this transaction commits.
  IF p->'game'->>'notify_channel' IS NOT NULL THEN
    PERFORM pg_notify(p->'game'->>'notify_channel', json_build_object('gameId', gid, 'seq', 1)::text);
  END IF;
END $$;
