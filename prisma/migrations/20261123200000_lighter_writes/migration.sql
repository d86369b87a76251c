-- Lighter writes for moves and new games.

-- No query reads objects by (game_id, zone_id, sort_key): a game's objects are always loaded by
-- game_id (the primary key's prefix) and ordered in memory. The index only cost an entry for every
-- object created or moved.
DROP INDEX IF EXISTS "game_object_game_id_zone_id_sort_key_idx";

-- Room on each page for the new version of a moved object's row, so that an update which changes
-- no indexed column stays on its page (a heap-only tuple) and adds no index entries.
ALTER TABLE "game_object" SET (fillfactor = 80);

-- Event payloads (a new game's event carries every starting object) and checkpoints compress with
-- lz4 where the server was built with it: several times cheaper than the default pglz at a
-- similar ratio. A server without lz4 keeps pglz.
DO $$
BEGIN
  ALTER TABLE "game_event" ALTER COLUMN "payload" SET COMPRESSION lz4;
  ALTER TABLE "game_checkpoint" ALTER COLUMN "objects" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available on this server; event payloads keep the default compression';
END
$$;
