// Generates a benchmark database straight through better-sqlite3 (bulk inserts in one transaction),
import { dirname, join } from 'node:path';
// on the real schema: the server's own migrations are applied first.
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { applyMigrations } from '../../app/lib/migrate.server';
import { hashPassword } from '../../app/lib/password.server';
import { challengeValue } from '../../app/domain/scoring.server';

export interface Size { learners: number; challenges: number; dynamic: number; submissions: number }

export const SIZES: Record<'small' | 'large', Size> = {
  small: { learners: 500, challenges: 50, dynamic: 15, submissions: 5_000 },
  large: { learners: 5_000, challenges: 100, dynamic: 30, submissions: 100_000 },
};

export const VIEWER_PASSWORD = 'bench-viewer-password-1';

export interface Dataset {
  /** A learner with a real password, for the pages (logged in through the site's own login). */
  viewer: { id: number; email: string; password: string };
  /** Session tokens (Bearer) of every learner, by learner id. */
  tokens: Map<number, string>;
  challenges: { id: number; flag: string }[];
  /** Learner/challenge pairs without any submission yet: fresh solves for the load. */
  freshPairs: [learnerId: number, challengeId: number][];
}

// Deterministic, so two runs load the same data.
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Prisma's SQLite text format for DateTime.
export const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
const COUNTRIES = ['BJ', 'TG', 'NG', 'GH', 'CI', 'SN', 'FR', 'CM', 'BF', 'NE'];
const DAY = 24 * 3600 * 1000;

export async function generate(path: string, size: Size): Promise<Dataset> {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  applyMigrations(db, join(dirname(path), 'uploads')); // a fresh database: no writeup files to move
  const random = prng(42);
  const now = Date.now();
  const viewerHash = await hashPassword(VIEWER_PASSWORD);
  const tokens = new Map<number, string>();
  const challenges: { id: number; flag: string }[] = [];
  const freshPairs: [number, number][] = [];
  let viewer: Dataset['viewer'] | null = null;

  db.transaction(() => {
    const insertUser = db.prepare(
      `INSERT INTO "User" (username, usernameKey, fullname, email, gender, country, isStaff, isSuperuser, isActive, isValidated, passwordHash, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
    );
    const insertSession = db.prepare(`INSERT INTO "Session" (id, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)`);
    insertUser.run('bench-admin', 'bench-admin', 'Bench Admin', 'admin@bench.test', 'M', 'BJ', 1, 1, 1, '!', iso(now - 60 * DAY), iso(now));
    const learnerIds: number[] = [];
    for (let i = 1; i <= size.learners; i++) {
      const name = `learner${String(i).padStart(5, '0')}`;
      const email = `${name}@bench.test`;
      const id = Number(
        insertUser.run(name, name, `Learner ${i}`, email, random() < 0.5 ? 'M' : 'F', COUNTRIES[i % COUNTRIES.length], 0, 0, random() < 0.7 ? 1 : 0, i === 1 ? viewerHash : '!', iso(now - 60 * DAY), iso(now)).lastInsertRowid,
      );
      learnerIds.push(id);
      if (i === 1) viewer = { id, email, password: VIEWER_PASSWORD };
      // Sessions as the site stores them: the table keeps only the sha256 of the token.
      const token = randomBytes(32).toString('base64url');
      insertSession.run(createHash('sha256').update(token).digest('hex'), id, iso(now), iso(now + 14 * DAY));
      tokens.set(id, token);
    }

    const insertCategory = db.prepare(`INSERT INTO "Category" (name, nameKey) VALUES (?, ?)`);
    const categoryIds = ['Web', 'Cryptography', 'Forensics', 'Reverse engineering', 'Pwn', 'OSINT', 'Misc', 'Stego'].map((n) =>
      Number(insertCategory.run(n, n.toLowerCase()).lastInsertRowid),
    );
    const insertChallenge = db.prepare(
      `INSERT INTO "Challenge" (name, categoryId, type, description, source, level, initialValue, minimalValue, decayValue, isActive)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    );
    const insertFlag = db.prepare(`INSERT INTO "Flag" (challengeId, value, collation) VALUES (?, ?, 'plain_text')`);
    const insertHint = db.prepare(`INSERT INTO "Hint" (challengeId, description, score) VALUES (?, ?, ?)`);
    const valued: { id: number; type: string; initialValue: number; minimalValue: number | null; decayValue: number | null }[] = [];
    for (let i = 1; i <= size.challenges; i++) {
      const dynamic = i <= size.dynamic;
      const initial = dynamic ? 500 : 50 * (1 + (i % 10));
      const text = `Challenge ${i}: find the flag in the attached material. Flag format CTF{...}.`;
      const id = Number(
        insertChallenge.run(`Challenge ${i}`, categoryIds[i % categoryIds.length], dynamic ? 'dynamic' : 'standard', `<p>${text}</p>`, text, ['easy', 'medium', 'difficult'][i % 3], initial, dynamic ? 100 : null, dynamic ? 20 + (i % 30) : null).lastInsertRowid,
      );
      const flag = `CTF{bench_flag_${i}}`;
      insertFlag.run(id, flag);
      if (i % 5 === 0) insertHint.run(id, 'Look at it from another angle.', Math.floor(initial / 4));
      challenges.push({ id, flag });
      valued.push({ id, type: dynamic ? 'dynamic' : 'standard', initialValue: initial, minimalValue: dynamic ? 100 : null, decayValue: dynamic ? 20 + (i % 30) : null });
    }

    // Submissions over the last 30 days, oldest first, each on a distinct learner/challenge pair.
    // Skewed towards early learners and challenges, as real boards are; 5% rejected (no solveKey).
    const insertSubmission = db.prepare(
      `INSERT INTO "Submission" (challengeId, learnerId, score, isCorrect, isValidated, solveKey, writeupName, createdAt)
       VALUES (?, ?, ?, 1, ?, ?, 'writeup.md', ?)`,
    );
    const used = new Set<number>();
    const solves = new Map<number, number>();
    const pairKey = (l: number, c: number) => l * 100_000 + c;
    const start = now - 30 * DAY;
    for (let n = 0; n < size.submissions; n++) {
      let l: number, c: number;
      do {
        l = Math.floor(random() ** 1.6 * learnerIds.length);
        c = Math.floor(random() ** 1.3 * valued.length);
      } while (used.has(pairKey(l, c)));
      used.add(pairKey(l, c));
      const learnerId = learnerIds[l];
      const challenge = valued[c];
      const state = random();
      const rejected = state < 0.05;
      const earlier = solves.get(challenge.id) ?? 0;
      if (!rejected) solves.set(challenge.id, earlier + 1);
      insertSubmission.run(
        challenge.id, learnerId, challengeValue(challenge, earlier), rejected ? 0 : state < 0.6 ? 1 : null,
        rejected ? null : `u:${learnerId}:${challenge.id}`, iso(start + (n * 30 * DAY) / size.submissions),
      );
    }
    // Hint unlocks, as players take them: each hint opened by about a third of the learners. Every
    // board view reads the viewer's; with none here, a scan of them all went unseen (app/lib/statement-plans.test.ts).
    const insertUnlock = db.prepare(`INSERT INTO "HintUnlock" (hintId, userId, createdAt) VALUES (?, ?, ?)`);
    for (const { id: hintId } of db.prepare(`SELECT id FROM "Hint"`).all() as { id: number }[]) {
      for (const userId of learnerIds) if (random() < 0.3) insertUnlock.run(hintId, userId, iso(start));
    }
    // Every submission above names a writeup: its bytes, as a solve stores them.
    db.exec(`INSERT INTO "Writeup" (submissionId, bytes) SELECT id, CAST('# Steps\nRead the source, found the flag.\n' AS BLOB) FROM "Submission" WHERE writeupName IS NOT NULL AND id NOT IN (SELECT submissionId FROM "Writeup")`);
    for (let l = 0; l < learnerIds.length; l++) {
      for (let c = 0; c < valued.length; c++) if (!used.has(pairKey(l, c))) freshPairs.push([learnerIds[l], valued[c].id]);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();

  // Spread the fresh pairs so consecutive solves hit different learners and challenges.
  for (let i = freshPairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [freshPairs[i], freshPairs[j]] = [freshPairs[j], freshPairs[i]];
  }
  return { viewer: viewer!, tokens, challenges, freshPairs };
}
