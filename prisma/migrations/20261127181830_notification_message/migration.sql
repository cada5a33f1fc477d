-- AlterTable
ALTER TABLE "Notification" ADD COLUMN "message" TEXT;
