-- DropIndex
DROP INDEX "Submission_challengeId_idx";

-- CreateIndex
CREATE INDEX "Submission_challengeId_eventId_solveKey_idx" ON "Submission"("challengeId", "eventId", "solveKey");
