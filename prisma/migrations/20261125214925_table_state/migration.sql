-- AlterTable
ALTER TABLE "game" ADD COLUMN     "table_state" JSONB;

-- AlterTable
ALTER TABLE "game_checkpoint" ADD COLUMN     "table_state" JSONB;

-- AlterTable
ALTER TABLE "game_object" ADD COLUMN     "counters" JSONB,
ADD COLUMN     "statuses" JSONB;

-- The table beyond zones (issue 28). Objects carry their statuses and counters (null: none, most
-- objects); the game row carries the rest of the table as one JSON value (src/db/table-state.ts:
-- players' counters and concessions, zones' counters, the turn, the result), written whole when a
-- move changes it; checkpoints keep it with the objects. Games from before keep nulls: no statuses,
-- no counters, no turn, no result.

-- zk_commit_move: as before, plus the objects' statuses and counters, the game's table (`table`,
-- written when present) and the end of a game a move records (`ends`: status ENDED, ended_at).
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

  -- The fanout's notice (src/events/fanout.ts), sent by PostgreSQL when this transaction commits:
  -- the move and its announcement cannot be separated, and the service saves a round trip.
  IF p->>'notifyChannel' IS NOT NULL THEN
    PERFORM pg_notify(p->>'notifyChannel', json_build_object('gameId', gid, 'seq', (p->>'lastSeq')::int)::text);
  END IF;

  RETURN 'committed';
END
$$;

-- zk_create_game: as before, plus the new game's table (`game.table_state`: starting player and
-- zone counters, turn 1). Starting objects have no statuses or counters.
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

-- zk_checkpoint: as before, plus the objects' statuses and counters (when they have any) and the
-- game's table.
CREATE OR REPLACE FUNCTION zk_checkpoint() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head integer;
  prev integer;
BEGIN
  SELECT g.last_seq INTO head FROM game g WHERE g.id = NEW.game_id;
  IF head IS DISTINCT FROM NEW.seq THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(max(c.seq), 0) INTO prev FROM game_checkpoint c WHERE c.game_id = NEW.game_id;
  IF NEW.seq - prev < coalesce(nullif(current_setting('zonekeeper.checkpoint_interval', true), '')::int, 256) THEN
    RETURN NULL;
  END IF;
  INSERT INTO game_checkpoint (game_id, seq, zones, objects, table_state)
  SELECT NEW.game_id, NEW.seq,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', z.id, 'type', z.type, 'ownerId', z.owner_id,
        'index', z.index, 'createdAt', z.created_at)), '[]')
       FROM zone z WHERE z.game_id = NEW.game_id),
    (SELECT coalesce(jsonb_agg(jsonb_build_object('key', o.key, 'publicId', o.public_id,
        'kind', lower(o.kind::text), 'ownerId', o.owner_id, 'controllerId', o.controller_id,
        'zoneId', o.zone_id, 'sortKey', o.sort_key, 'faceUp', o.face_up,
        'revealedTo', CASE WHEN o.revealed_to_all THEN to_jsonb('all'::text) ELSE to_jsonb(o.revealed_to) END,
        'hostKey', o.host_key,
        'card', jsonb_build_object('name', o.name, 'types', o.types, 'subtypes', o.subtypes,
          'text', o.text, 'attributes', o.attributes),
        'history', o.history)
        || CASE WHEN o.statuses IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('statuses', o.statuses) END
        || CASE WHEN o.counters IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('counters', o.counters) END), '[]')
       FROM game_object o WHERE o.game_id = NEW.game_id),
    (SELECT g.table_state FROM game g WHERE g.id = NEW.game_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
