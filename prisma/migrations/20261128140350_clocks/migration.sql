-- Clocks (issue 40). A game's clocks live in its table (`game.table_state->'clock'`, written by the
-- commit path like every other part of the table); their deadline (epoch ms, database time) is kept
-- as `game.clock_deadline` by a trigger, indexed, so that the sweep every instance runs finds due
-- clocks without a timer per game.

-- AlterTable
ALTER TABLE "game" ADD COLUMN     "clock_deadline" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "zk_time" (
    "id" INTEGER NOT NULL,
    "pinned" TIMESTAMPTZ(3),
    "offset_ms" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "zk_time_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clock_sweep" (
    "id" INTEGER NOT NULL,
    "last_tick" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clock_sweep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "game_clock_deadline_idx" ON "game"("clock_deadline");

-- The one clock every deadline is compared with: the database's, never a process's. Tests pin it
-- (`zk_time.pinned`) or move it (`zk_time.offset_ms`); with no row it is `clock_timestamp()`, the
-- time of the statement (not of its transaction: a sweep that waited for a lock compares with now).
CREATE OR REPLACE FUNCTION zk_now() RETURNS timestamptz
LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(
    (SELECT coalesce(t.pinned, clock_timestamp() + make_interval(secs => t.offset_ms / 1000.0))
       FROM zk_time t WHERE t.id = 1),
    clock_timestamp())
$$;

-- Keeps `clock_deadline` from the table's clock, and refuses any change to a game whose clock ran
-- out, but the one that records the expiry (`expiries` grows) or gives back an outage (`givenBack`
-- grows): a pass committed after the deadline is refused even if it was planned before it.
CREATE OR REPLACE FUNCTION zk_game_clock() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d text := NEW.table_state->'clock'->>'deadline';
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.clock_deadline IS NOT NULL AND NEW.version <> OLD.version
     AND OLD.clock_deadline <= zk_now()
     AND coalesce((NEW.table_state->'clock'->>'expiries')::int, 0)
         <= coalesce((OLD.table_state->'clock'->>'expiries')::int, 0)
     AND coalesce((NEW.table_state->'clock'->>'givenBack')::bigint, 0)
         <= coalesce((OLD.table_state->'clock'->>'givenBack')::bigint, 0) THEN
    RAISE EXCEPTION 'zk_clock_ran_out: the clock of game % ran out at %', OLD.id, OLD.clock_deadline
      USING ERRCODE = 'P0040';
  END IF;
  NEW.clock_deadline := CASE
    WHEN d IS NULL OR NEW.status <> 'ACTIVE' THEN NULL
    ELSE to_timestamp(d::double precision / 1000) END;
  RETURN NEW;
END
$$;

CREATE TRIGGER zk_game_clock BEFORE INSERT OR UPDATE ON game
  FOR EACH ROW EXECUTE FUNCTION zk_game_clock();
