-- AlterTable
ALTER TABLE "Event" ADD COLUMN "teamSizeLimit" INTEGER;
