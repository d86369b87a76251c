-- CreateTable
CREATE TABLE "game_checkpoint" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "zones" JSONB NOT NULL,
    "objects" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_checkpoint_pkey" PRIMARY KEY ("game_id","seq")
);

-- AddForeignKey
ALTER TABLE "game_checkpoint" ADD CONSTRAINT "game_checkpoint_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- zk_checkpoint: when an event brings a game at least 256 events past its newest checkpoint, and
-- it is the game's last event (game.last_seq, set earlier in the same transaction), the game's state
-- right after it is recorded. Replays (gameAt) then start from the nearest checkpoint: at most 256
-- events to apply, whatever the game's age.
--
-- Every writer (zk_commit_move, createGame, import, status changes) writes the game row and the
-- objects before it appends the events, in one transaction under the game row lock, so the rows
-- this trigger reads are the state after the event. A statement appending several events
-- checkpoints once, for its last. Objects are stored as the rules layer's ObjectState JSON; zones
-- as rows (the reader orders them as a load does). The interval (256) is also in src/db/checkpoints.ts;
-- the setting zonekeeper.checkpoint_interval overrides it (tests use a small one).
CREATE FUNCTION zk_checkpoint() RETURNS trigger
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
  INSERT INTO game_checkpoint (game_id, seq, zones, objects)
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
        'history', o.history)), '[]')
       FROM game_object o WHERE o.game_id = NEW.game_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER game_event_checkpoint AFTER INSERT ON game_event
  FOR EACH ROW EXECUTE FUNCTION zk_checkpoint();
