-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Submission" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "challengeId" INTEGER NOT NULL,
    "learnerId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "eventId" INTEGER,
    "score" INTEGER NOT NULL,
    "coin" INTEGER NOT NULL DEFAULT 0,
    "isCorrect" BOOLEAN NOT NULL,
    "isValidated" BOOLEAN,
    "solveKey" TEXT,
    "writeupName" TEXT,
    "comment" TEXT,
    "reviewerId" INTEGER,
    "reviewedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Submission_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "Challenge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Submission_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Submission" ("challengeId", "coin", "comment", "createdAt", "eventId", "id", "isCorrect", "isValidated", "learnerId", "reviewedAt", "reviewerId", "score", "solveKey", "teamId", "writeupName") SELECT "challengeId", "coin", "comment", "createdAt", "eventId", "id", "isCorrect", "isValidated", "learnerId", "reviewedAt", "reviewerId", "score", "solveKey", "teamId", "writeupName" FROM "Submission";
DROP TABLE "Submission";
ALTER TABLE "new_Submission" RENAME TO "Submission";
CREATE UNIQUE INDEX "Submission_solveKey_key" ON "Submission"("solveKey");
CREATE INDEX "Submission_eventId_isValidated_idx" ON "Submission"("eventId", "isValidated");
CREATE INDEX "Submission_learnerId_eventId_solveKey_score_createdAt_idx" ON "Submission"("learnerId", "eventId", "solveKey", "score", "createdAt");
CREATE INDEX "Submission_teamId_idx" ON "Submission"("teamId");
CREATE INDEX "Submission_challengeId_eventId_solveKey_idx" ON "Submission"("challengeId", "eventId", "solveKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
