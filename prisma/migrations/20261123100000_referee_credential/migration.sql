-- AlterEnum
ALTER TYPE "ActorKind" ADD VALUE 'REFEREE';

-- AlterTable
ALTER TABLE "game" ADD COLUMN     "referee_token_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "game_referee_token_hash_key" ON "game"("referee_token_hash");
