-- Browser hand-off codes (src/db/handoff.ts): a page opened by link exchanges a single-use code for
-- its credential. The primary key is the code's SHA-256; the credential index bounds the codes alive
-- per credential; the expiry index lets each mint purge expired rows cheaply.

-- CreateTable
CREATE TABLE "handoff_code" (
    "code_hash" TEXT NOT NULL,
    "credential_hash" TEXT NOT NULL,
    "sealed" BYTEA NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "handoff_code_pkey" PRIMARY KEY ("code_hash")
);

-- CreateIndex
CREATE INDEX "handoff_code_credential_hash_idx" ON "handoff_code"("credential_hash");

-- CreateIndex
CREATE INDEX "handoff_code_expires_at_idx" ON "handoff_code"("expires_at");
