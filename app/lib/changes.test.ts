// The one invalidation interface (changes.server.ts): every table of the database is one a cache can
// name, and a cache follows whatever source is plugged in, without knowing which.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from './db.server';
import { TABLES, useChangeSource, type ChangeSource, type Table } from './changes.server';
import { Kept } from './kept.server';

describe('change sources', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it("name every table of the database: the list is the Prisma schema's models, and SQLite's triggers cover the same", async () => {
    const rows = await db.$queryRawUnsafe<{ name: string }[]>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'");
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(TABLES));
    // The hand-kept list this replaced had no Writeup.
    expect(TABLES).toContain('Writeup');
  });

  it('drive a cache without the cache knowing which source it is', () => {
    const bumps = new Map<Table, number>();
    const other: ChangeSource = { version: (tables) => tables.reduce((sum, t) => sum + (bumps.get(t) ?? 0), 0) };
    const sqlite = useChangeSource(other);
    restore = () => useChangeSource(sqlite);
    let computed = 0;
    const kept = new Kept<string, number>(['Reward'], () => ++computed);
    expect(kept.get('k')).toBe(1);
    expect(kept.get('k')).toBe(1);
    bumps.set('Reward', 1);
    expect(kept.get('k')).toBe(2);
    bumps.set('User', 1); // a table this cache does not read
    expect(kept.get('k')).toBe(2);
  });
});
