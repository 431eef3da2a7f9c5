-- CreateTable
CREATE TABLE "Tournament" (
    "id" UUID NOT NULL,
    "directorId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "inviteOnly" BOOLEAN NOT NULL,
    "inviteCode" TEXT,
    "settings" JSONB NOT NULL,
    "registrationOpensAt" TIMESTAMPTZ(3),
    "registrationClosesAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentEntrant" (
    "id" UUID NOT NULL,
    "tournamentId" UUID NOT NULL,
    "userId" UUID,
    "name" TEXT NOT NULL,
    "seed" INTEGER,
    "status" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentEntrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentStage" (
    "id" UUID NOT NULL,
    "tournamentId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 0,
    "entrants" JSONB,

    CONSTRAINT "TournamentStage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentHeatEntry" (
    "stageId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "entrantId" UUID NOT NULL,

    CONSTRAINT "TournamentHeatEntry_pkey" PRIMARY KEY ("stageId","round","entrantId")
);

-- CreateTable
CREATE TABLE "TournamentTable" (
    "id" UUID NOT NULL,
    "stageId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "gameId" UUID,
    "entrants" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "result" JSONB,

    CONSTRAINT "TournamentTable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentLogEntry" (
    "id" SERIAL NOT NULL,
    "tournamentId" UUID NOT NULL,
    "actorId" UUID,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Tournament_status_idx" ON "Tournament"("status");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentEntrant_tournamentId_userId_key" ON "TournamentEntrant"("tournamentId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentStage_tournamentId_index_key" ON "TournamentStage"("tournamentId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentTable_gameId_key" ON "TournamentTable"("gameId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentTable_stageId_round_number_key" ON "TournamentTable"("stageId", "round", "number");

-- CreateIndex
CREATE INDEX "TournamentLogEntry_tournamentId_id_idx" ON "TournamentLogEntry"("tournamentId", "id");

-- AddForeignKey
ALTER TABLE "Tournament" ADD CONSTRAINT "Tournament_directorId_fkey" FOREIGN KEY ("directorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentEntrant" ADD CONSTRAINT "TournamentEntrant_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentEntrant" ADD CONSTRAINT "TournamentEntrant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentStage" ADD CONSTRAINT "TournamentStage_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentHeatEntry" ADD CONSTRAINT "TournamentHeatEntry_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "TournamentStage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentHeatEntry" ADD CONSTRAINT "TournamentHeatEntry_entrantId_fkey" FOREIGN KEY ("entrantId") REFERENCES "TournamentEntrant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentTable" ADD CONSTRAINT "TournamentTable_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "TournamentStage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentTable" ADD CONSTRAINT "TournamentTable_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentLogEntry" ADD CONSTRAINT "TournamentLogEntry_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

