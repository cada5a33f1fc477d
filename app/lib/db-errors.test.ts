import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation, uniqueViolation } from './errors.server';

describe('uniqueViolation', () => {
  it("names the broken key from the driver's own error", () => {
    const sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE u (id INTEGER PRIMARY KEY, email TEXT UNIQUE); INSERT INTO u (email) VALUES (\'a@b.c\')');
    let caught: unknown;
    try {
      sqlite.prepare('INSERT INTO u (email) VALUES (?)').run('a@b.c');
    } catch (error) {
      caught = error;
    }
    expect(uniqueViolation(caught)).toMatch(/email/);
    sqlite.close();
  });

  it("knows Prisma's codes and refuses other errors", () => {
    expect(uniqueViolation({ code: 'P2002', message: 'Unique constraint failed', meta: { target: ['username'] } })).toMatch(/username/);
    expect(isUniqueViolation(new Error('database is locked'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isForeignKeyViolation({ code: 'P2003' })).toBe(true);
    expect(isForeignKeyViolation({ code: 'P2002' })).toBe(false);
  });
});
