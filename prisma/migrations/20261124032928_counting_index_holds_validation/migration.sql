-- DropIndex
DROP INDEX "Submission_challengeId_eventId_solveKey_idx";

-- CreateIndex
CREATE INDEX "Submission_challengeId_eventId_solveKey_isValidated_idx" ON "Submission"("challengeId", "eventId", "solveKey", "isValidated");
