import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.server';

const ALL = resolve('prisma/migrations');
const WRITEUPS = '20261124024734_writeups_in_database';

describe('migrations', () => {
  it('move the writeup files of existing submissions into the database, then drop the files and the column', () => {
    const root = mkdtempSync(join(tmpdir(), 'migrate-'));
    // A database as it was before writeups moved: every migration up to that one.
    const before = join(root, 'before');
    for (const name of readdirSync(ALL, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name < WRITEUPS)) cpSync(join(ALL, name.name), join(before, name.name), { recursive: true });
    const db = new Database(join(root, 'ctf.db'));
    const uploads = join(root, 'uploads');
    applyMigrations(db, uploads, before);

    db.exec(`INSERT INTO "User" (id, username, usernameKey, fullname, email, passwordHash, updatedAt) VALUES (1, 'ada', 'ada', 'Ada', 'ada@x.test', '!', '2026-11-01')`);
    db.exec(`INSERT INTO "Category" (id, name, nameKey) VALUES (1, 'Web', 'web')`);
    db.exec(`INSERT INTO "Challenge" (id, name, categoryId, description, initialValue) VALUES (1, 'One', 1, 'x', 100), (2, 'Two', 1, 'x', 100), (3, 'Three', 1, 'x', 100), (4, 'Four', 1, 'x', 100)`);
    const insert = db.prepare('INSERT INTO "Submission" (id, challengeId, learnerId, score, isCorrect, writeup, writeupName) VALUES (?, ?, 1, 100, 1, ?, ?)');
    insert.run(1, 1, 'aaaa', 'notes.md'); // its file is there
    insert.run(2, 2, 'bbbb', null); // a file, but no name was kept
    insert.run(3, 3, 'gone', 'lost.md'); // its file went missing
    insert.run(4, 4, null, null); // no writeup
    mkdirSync(join(uploads, 'writeups'), { recursive: true });
    writeFileSync(join(uploads, 'writeups', 'aaaa'), '# How');
    writeFileSync(join(uploads, 'writeups', 'bbbb'), 'steps');

    expect(applyMigrations(db, uploads, ALL)).toContain(WRITEUPS);

    const rows = db.prepare('SELECT s.id, s.writeupName AS name, CAST(w.bytes AS TEXT) AS text FROM "Submission" s LEFT JOIN "Writeup" w ON w.submissionId = s.id ORDER BY s.id').all();
    expect(rows).toEqual([
      { id: 1, name: 'notes.md', text: '# How' },
      { id: 2, name: 'writeup', text: 'steps' },
      { id: 3, name: null, text: null },
      { id: 4, name: null, text: null },
    ]);
    const columns = (db.prepare('PRAGMA table_info("Submission")').all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('writeup');
    expect(existsSync(join(uploads, 'writeups', 'aaaa'))).toBe(false);
    expect(existsSync(join(uploads, 'writeups', 'bbbb'))).toBe(false);
    // The writeup goes with its submission.
    db.pragma('foreign_keys = ON');
    db.exec('DELETE FROM "Submission" WHERE id = 1');
    expect(db.prepare('SELECT COUNT(*) AS n FROM "Writeup"').get()).toEqual({ n: 1 });
    db.close();
  });
});
