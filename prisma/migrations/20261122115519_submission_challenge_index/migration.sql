-- CreateIndex
CREATE INDEX "Submission_challengeId_idx" ON "Submission"("challengeId");
