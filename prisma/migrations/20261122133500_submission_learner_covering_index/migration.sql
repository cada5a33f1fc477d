-- DropIndex
DROP INDEX "Submission_learnerId_idx";

-- CreateIndex
CREATE INDEX "Submission_learnerId_eventId_solveKey_score_createdAt_idx" ON "Submission"("learnerId", "eventId", "solveKey", "score", "createdAt");
