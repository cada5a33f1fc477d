-- CreateTable
CREATE TABLE "CoinEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "submissionId" INTEGER,
    "rewardRequestId" INTEGER,
    "note" TEXT,
    "actorId" INTEGER,
    "onceKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CoinEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CoinEntry_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "CoinEntry_rewardRequestId_fkey" FOREIGN KEY ("rewardRequestId") REFERENCES "RewardRequest" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "CoinEntry_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'admin',
    "eventId" INTEGER,
    "authorId" INTEGER,
    "recipientId" INTEGER,
    "link" TEXT,
    "onceKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Notification_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Notification_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Notification_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Notification" ("authorId", "createdAt", "description", "eventId", "id", "kind", "title") SELECT "authorId", "createdAt", "description", "eventId", "id", "kind", "title" FROM "Notification";
DROP TABLE "Notification";
ALTER TABLE "new_Notification" RENAME TO "Notification";
CREATE UNIQUE INDEX "Notification_onceKey_key" ON "Notification"("onceKey");
CREATE INDEX "Notification_kind_createdAt_idx" ON "Notification"("kind", "createdAt");
CREATE INDEX "Notification_recipientId_kind_createdAt_idx" ON "Notification"("recipientId", "kind", "createdAt");
CREATE TABLE "new_Reward" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "coin" INTEGER NOT NULL,
    "isCtfCertificationReward" BOOLEAN NOT NULL DEFAULT false,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Reward" ("coin", "createdAt", "id", "isCtfCertificationReward", "title") SELECT "coin", "createdAt", "id", "isCtfCertificationReward", "title" FROM "Reward";
DROP TABLE "Reward";
ALTER TABLE "new_Reward" RENAME TO "Reward";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "CoinEntry_onceKey_key" ON "CoinEntry"("onceKey");

-- CreateIndex
CREATE INDEX "CoinEntry_userId_createdAt_idx" ON "CoinEntry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "RewardRequest_playerId_createdAt_idx" ON "RewardRequest"("playerId", "createdAt");
