-- CreateTable
CREATE TABLE "TableWrites" (
    "name" TEXT NOT NULL,
    "writer" INTEGER NOT NULL,
    "writes" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("name", "writer")
);
