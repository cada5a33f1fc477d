-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Event" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "place" TEXT NOT NULL DEFAULT 'Online event',
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "type" TEXT NOT NULL DEFAULT 'online',
    "startDate" DATETIME NOT NULL,
    "endDate" DATETIME NOT NULL,
    "registerLink" TEXT,
    "picturesLink" TEXT,
    "cohort" TEXT,
    "teamSizeLimit" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Event" ("cohort", "createdAt", "description", "endDate", "id", "image", "name", "picturesLink", "place", "registerLink", "startDate", "teamSizeLimit", "type") SELECT "cohort", "createdAt", "description", "endDate", "id", "image", "name", "picturesLink", "place", "registerLink", "startDate", "teamSizeLimit", "type" FROM "Event";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
CREATE INDEX "Event_type_startDate_idx" ON "Event"("type", "startDate");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
