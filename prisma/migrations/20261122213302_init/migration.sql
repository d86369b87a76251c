-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('ACTIVE', 'ENDED', 'ARCHIVED');

-- CreateEnum
CREATE TYPE "ObjectKind" AS ENUM ('CARD', 'TOKEN', 'LAYER');

-- CreateEnum
CREATE TYPE "ActorKind" AS ENUM ('PLAYER', 'ADMIN', 'SYSTEM');

-- CreateTable
CREATE TABLE "game" (
    "id" UUID NOT NULL,
    "ruleset" TEXT NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'ACTIVE',
    "version" INTEGER NOT NULL DEFAULT 0,
    "last_seq" INTEGER NOT NULL DEFAULT 0,
    "spectator_token_hash" TEXT NOT NULL,
    "imported_from" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,

    CONSTRAINT "player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zone" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "owner_id" UUID,
    "index" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "zone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_object" (
    "key" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "public_id" UUID NOT NULL,
    "kind" "ObjectKind" NOT NULL,
    "owner_id" UUID NOT NULL,
    "controller_id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "sort_key" DOUBLE PRECISION NOT NULL,
    "face_up" BOOLEAN NOT NULL,
    "revealed_to_all" BOOLEAN NOT NULL DEFAULT false,
    "revealed_to" UUID[] DEFAULT ARRAY[]::UUID[],
    "host_key" UUID,
    "name" TEXT NOT NULL,
    "types" TEXT[],
    "subtypes" TEXT[],
    "text" TEXT NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "history" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "game_object_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "game_event" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "actor_kind" "ActorKind" NOT NULL,
    "actor_player_id" UUID,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_event_pkey" PRIMARY KEY ("game_id","seq")
);

-- CreateTable
CREATE TABLE "idempotency_record" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response" JSONB NOT NULL,
    "game_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("scope","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "game_spectator_token_hash_key" ON "game"("spectator_token_hash");

-- CreateIndex
CREATE INDEX "game_ruleset_status_created_at_idx" ON "game"("ruleset", "status", "created_at");

-- CreateIndex
CREATE INDEX "game_created_at_idx" ON "game"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "player_token_hash_key" ON "player"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "player_game_id_seat_key" ON "player"("game_id", "seat");

-- CreateIndex
CREATE INDEX "zone_game_id_idx" ON "zone"("game_id");

-- CreateIndex
CREATE UNIQUE INDEX "game_object_public_id_key" ON "game_object"("public_id");

-- CreateIndex
CREATE INDEX "game_object_game_id_idx" ON "game_object"("game_id");

-- CreateIndex
CREATE INDEX "game_object_zone_id_sort_key_idx" ON "game_object"("zone_id", "sort_key");

-- CreateIndex
CREATE INDEX "idempotency_record_created_at_idx" ON "idempotency_record"("created_at");

-- AddForeignKey
ALTER TABLE "player" ADD CONSTRAINT "player_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "zone" ADD CONSTRAINT "zone_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_object" ADD CONSTRAINT "game_object_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_event" ADD CONSTRAINT "game_event_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
