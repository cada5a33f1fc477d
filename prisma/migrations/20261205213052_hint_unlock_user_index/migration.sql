-- CreateIndex
CREATE INDEX "HintUnlock_userId_hintId_idx" ON "HintUnlock"("userId", "hintId");
