-- CreateTable
CREATE TABLE "Writeup" (
    "submissionId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bytes" BLOB NOT NULL,
    CONSTRAINT "Writeup_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
