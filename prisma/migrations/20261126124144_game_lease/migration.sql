-- CreateTable
CREATE TABLE "GameLease" (
    "gameId" UUID NOT NULL,
    "owner" TEXT NOT NULL,
    "token" BIGINT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "GameLease_pkey" PRIMARY KEY ("gameId")
);

-- CreateIndex
CREATE INDEX "GameLease_owner_idx" ON "GameLease"("owner");

-- AddForeignKey
ALTER TABLE "GameLease" ADD CONSTRAINT "GameLease_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

