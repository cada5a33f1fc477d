-- CreateIndex
CREATE INDEX "Submission_eventId_teamId_solveKey_isValidated_score_create_idx" ON "Submission"("eventId", "teamId", "solveKey", "isValidated", "score", "createdAt");
