// The hot paths' prepared statements (lib/sql.server.ts) that look rows up by a value they are given
// (a viewer's, a team's, a challenge's) must find them through an index: a full scan of a table that
// grows with play costs every page view in proportion to the whole site's activity, and the bench's
// datasets, where some of those tables are small or empty, do not show it. A board view once read the
// viewer's hint unlocks by scanning all of them (470-530 µs a view at 18,000 unlocks).
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbReady } from './db.server';
import { databasePath } from './env.server';
import { statementTexts } from './sql.server';

// Every module that makes statements, made as the server makes them (at import).
import.meta.glob(['../domain/*.server.ts', './*.server.ts'], { eager: true });

/** Tables that grow with play, as opposed to what staff write (challenges, categories, events). */
const GROWING = ['Submission', 'FlagAttempt', 'HintUnlock', 'Notification', 'NotificationRead', 'CoinEntry', 'RewardRequest', 'TeamMember', 'EventRegistration', 'Session', 'User', 'Team', 'Writeup', 'StaffAction', 'RateLimit'];
const FULL_SCAN = new RegExp(`^SCAN "?(${GROWING.join('|')})"?\\b`);

beforeAll(async () => {
  await dbReady;
});

describe('prepared statements on SQLite', () => {
  it('every statement given a value finds the rows of a growing table through an index', () => {
    const sqlite = new Database(databasePath(process.env.DATABASE_URL!)!, { readonly: true });
    // Not checked: inserts (their plan lists the foreign keys' check of child rows, which SQLite runs
    // only while a deferred violation is outstanding: never here), and a list's page read in order
    // (`... ORDER BY id LIMIT ? OFFSET ?`), which walks the table up to the page it shows.
    const texts = statementTexts().filter((text) => text.includes('?') && !/^\s*INSERT\b/i.test(text) && !/LIMIT \? OFFSET \?\s*$/.test(text));
    expect(texts.length).toBeGreaterThanOrEqual(15);
    const scans: string[] = [];
    for (const text of texts) {
      // The plan is chosen when the statement is prepared; the values bound only let it run.
      const values = Array.from(text.matchAll(/\?/g), () => 1);
      const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as { detail: string }[];
      for (const { detail } of plan) if (FULL_SCAN.test(detail)) scans.push(`${detail}\n    in: ${text.replace(/\s+/g, ' ')}`);
    }
    sqlite.close();
    expect(scans).toEqual([]);
  });
});
