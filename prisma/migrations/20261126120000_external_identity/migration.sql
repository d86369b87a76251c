-- Platform identity (src/auth/jwt.ts): a seat may be bound to a platform user, the issuer and
-- subject of the platform's signed tokens. Keyed by the game first like every other lookup of a
-- game's rows (docs/scaling.md); the unique index is also the lookup's index and refuses one user
-- in two seats of one game. Rows without a binding hold NULLs, which the index does not compare.

-- AlterTable
ALTER TABLE "player" ADD COLUMN     "ext_issuer" TEXT,
ADD COLUMN     "ext_subject" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "player_game_id_ext_issuer_ext_subject_key" ON "player"("game_id", "ext_issuer", "ext_subject");

-- zk_create_game writes the binding with the seat (players rows carry ext_issuer, ext_subject).
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

  -- The fanout's notice (src/events/fanout.ts), sent by PostgreSQL when this transaction commits.
  IF p->'game'->>'notify_channel' IS NOT NULL THEN
    PERFORM pg_notify(p->'game'->>'notify_channel', json_build_object('gameId', gid, 'seq', 1)::text);
  END IF;
END $$;
