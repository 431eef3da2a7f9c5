-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "botLevel" TEXT;

