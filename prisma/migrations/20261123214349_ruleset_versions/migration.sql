-- Stable games (issue 13): each game records the ruleset version (a content hash of the ruleset file)
-- it plays under, and each version games use keeps its canonical content, so that a game keeps
-- playing and replaying with its own version after the file changes on disk, across restarts.
-- Existing games get the version loaded at the first start after this migration (src/db/ruleset-versions.ts).

-- AlterTable
ALTER TABLE "game" ADD COLUMN     "ruleset_version" TEXT;

-- CreateTable
CREATE TABLE "ruleset_version" (
    "ruleset" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ruleset_version_pkey" PRIMARY KEY ("ruleset","version")
);
