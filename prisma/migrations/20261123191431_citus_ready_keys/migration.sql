-- Citus-ready keys: every table of a game's data has game_id first in its primary key and in every
-- unique constraint, so that it could be distributed by game_id with all of a game's rows on one
-- node (docs/scaling.md). Credentials now carry their game's id (src/auth/tokens.ts); those issued
-- before are kept, token hash -> game, in legacy_credential. No row is dropped or changed except
-- idempotency records: createGame's get the id their key now gives the game (zk_creation_game_id).

-- CreateTable
CREATE TABLE "legacy_credential" (
    "token_hash" TEXT NOT NULL,
    "game_id" UUID NOT NULL,

    CONSTRAINT "legacy_credential_pkey" PRIMARY KEY ("token_hash")
);

-- Every credential issued so far: seats, spectators, referees.
INSERT INTO legacy_credential (token_hash, game_id)
SELECT token_hash, game_id FROM player
UNION ALL SELECT spectator_token_hash, id FROM game
UNION ALL SELECT referee_token_hash, id FROM game WHERE referee_token_hash IS NOT NULL;

-- The game id a createGame idempotency key gives its game: a version-8 UUID made of the first 128
-- bits of sha256('zonekeeper-create|' || scope || '|' || key). Must agree with creationGameId in
-- src/db/games.ts (test/db/citus-keys.test.ts checks).
CREATE FUNCTION zk_creation_game_id(scope text, key text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (substr(h, 1, 12) || '8' || substr(h, 14, 3)
          || to_hex((('x' || substr(h, 17, 1))::bit(4)::int & 3) | 8) || substr(h, 18, 15))::uuid
  FROM (SELECT encode(sha256(convert_to('zonekeeper-create|' || scope || '|' || key, 'UTF8')), 'hex') AS h) AS d
$$;

-- createGame records are looked up by that id now (the game is not known before); a record without
-- a game was never written by any version (both writers set it), so none is lost here.
UPDATE idempotency_record SET game_id = zk_creation_game_id(scope, key) WHERE scope LIKE '%|createGame';
DELETE FROM idempotency_record WHERE game_id IS NULL;

-- DropIndex
DROP INDEX "game_referee_token_hash_key";

-- DropIndex
DROP INDEX "game_spectator_token_hash_key";

-- DropIndex
DROP INDEX "game_object_game_id_idx";

-- DropIndex
DROP INDEX "game_object_public_id_key";

-- DropIndex
DROP INDEX "game_object_zone_id_sort_key_idx";

-- DropIndex
DROP INDEX "player_token_hash_key";

-- DropIndex
DROP INDEX "zone_game_id_idx";

-- AlterTable
ALTER TABLE "game_object" DROP CONSTRAINT "game_object_pkey",
ADD CONSTRAINT "game_object_pkey" PRIMARY KEY ("game_id", "key");

-- AlterTable
ALTER TABLE "idempotency_record" DROP CONSTRAINT "idempotency_record_pkey",
ALTER COLUMN "game_id" SET NOT NULL,
ADD CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("game_id", "scope", "key");

-- AlterTable
ALTER TABLE "player" DROP CONSTRAINT "player_pkey",
ADD CONSTRAINT "player_pkey" PRIMARY KEY ("game_id", "id");

-- AlterTable
ALTER TABLE "zone" DROP CONSTRAINT "zone_pkey",
ADD CONSTRAINT "zone_pkey" PRIMARY KEY ("game_id", "id");

-- CreateIndex
CREATE INDEX "game_object_game_id_zone_id_sort_key_idx" ON "game_object"("game_id", "zone_id", "sort_key");

-- CreateIndex
CREATE UNIQUE INDEX "game_object_game_id_public_id_key" ON "game_object"("game_id", "public_id");

-- CreateIndex
CREATE UNIQUE INDEX "player_game_id_token_hash_key" ON "player"("game_id", "token_hash");

-- zk_commit_move takes the game's id as its first argument: the argument Citus would route the call
-- by (create_distributed_function('zk_commit_move(uuid,jsonb)', '$1', colocate_with := 'game')),
-- so that the whole commit runs on the node holding the game. The body is unchanged but for `gid`.
DROP FUNCTION zk_commit_move(jsonb);
CREATE FUNCTION zk_commit_move(gid uuid, p jsonb) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
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
