-- An append writes its events alone (issue 16): the intent's record (IntentReply) moves onto the last
-- event it produced (its reply's seq is that event's), and the game's dice cursor and clock onto its log's
-- last event, from which a game's seq, cursor and clock are read. Existing games keep their logs: each
-- reply is copied onto its event, each game's cursor and clock onto its last event.

-- AlterTable
ALTER TABLE "GameEvent" ADD COLUMN     "clock" JSONB,
ADD COLUMN     "dice" INTEGER[],
ADD COLUMN     "diceCursor" INTEGER,
ADD COLUMN     "intentId" TEXT,
ADD COLUMN     "sender" TEXT;

-- The replies onto their events
UPDATE "GameEvent" e SET "sender" = r."sender", "intentId" = r."intentId", "dice" = r."dice"
FROM "IntentReply" r WHERE e."gameId" = r."gameId" AND e."seq" = r."seq";

-- Each started game's cursor and clock onto its last event (the game's seq was its log's last)
UPDATE "GameEvent" e SET "diceCursor" = g."diceCursor", "clock" = g."clock"
FROM "Game" g WHERE e."gameId" = g."id" AND e."seq" = g."seq";

-- DropForeignKey
ALTER TABLE "IntentReply" DROP CONSTRAINT "IntentReply_gameId_fkey";

-- AlterTable
ALTER TABLE "Game" DROP COLUMN "clock",
DROP COLUMN "diceCursor";

-- DropTable
DROP TABLE "IntentReply";

-- CreateIndex
CREATE UNIQUE INDEX "GameEvent_gameId_sender_intentId_key" ON "GameEvent"("gameId", "sender", "intentId");
