-- CreateIndex
CREATE INDEX "HintUnlock_teamId_idx" ON "HintUnlock"("teamId");
