// Black Friday's bench (issue 10 §6): purchases per second and the notification count call. Adds a
// running black-friday event to a dataset made by dataset.ts (straight through better-sqlite3, one
// transaction): its challenges, 1 to 3 solves per learner with their coins booked in the ledger
// (User.coin = the sum of the learner's CoinEntry rows, as the solve path writes them), a cheap
// reward to buy, and notifications of each kind so the counts have rows to count.
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { iso, prng, type Dataset } from './dataset';
import type { Scenario } from './load';

/** Like the event scenarios: 5 s each keeps the whole bench near its length. */
export const BLACK_FRIDAY_DURATION_S = 5;

export const BLACK_FRIDAY_SCENARIOS = {
  purchase: 'POST /api/rewards/{id}/purchase/',
  count: 'GET /api/notifications/count-new-notification',
  board: 'GET /api/events/blacks-fridays/top-players/ (staff)',
} as const;

/** Issue 10 §6, on `small`: the count call must keep up with clients polling it. */
export const BLACK_FRIDAY_TARGETS: Record<string, { reqPerSec?: number; unitsPerSec?: number }> = {
  [BLACK_FRIDAY_SCENARIOS.count]: { reqPerSec: 6000 },
};

/** The reward's price: the lowest SPEC §5 allows, so most learners can buy several times. */
const PRICE = 10;
const CHALLENGES = 10;

export interface BlackFriday {
  eventId: number;
  rewardId: number;
  /** A staff session (the general scoreboard is for staff). */
  staffToken: string;
  /** Coin-earning solves written, and coins booked in all. */
  solves: number;
  coins: number;
}

const HOUR = 3600 * 1000;

export function addBlackFriday(path: string, data: Dataset): BlackFriday {
  const db = new Database(path);
  const random = prng(11);
  const now = Date.now();
  const learners = [...data.tokens.keys()];
  const staffToken = randomBytes(32).toString('base64url');
  let result: BlackFriday | null = null;

  db.transaction(() => {
    const admin = db.prepare(`SELECT id FROM "User" WHERE isSuperuser = 1 ORDER BY id LIMIT 1`).get() as { id: number };
    db.prepare(`INSERT INTO "Session" (id, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)`).run(createHash('sha256').update(staffToken).digest('hex'), admin.id, iso(now), iso(now + 14 * 24 * HOUR));
    const eventId = Number(
      db.prepare(`INSERT INTO "Event" (name, place, description, type, startDate, endDate, createdAt) VALUES (?, 'Online event', ?, 'black-friday', ?, ?, ?)`)
        .run('Bench Black Friday', '<p>Solve, earn coins, buy rewards.</p>', iso(now - 12 * HOUR), iso(now + 12 * HOUR), iso(now - 24 * HOUR)).lastInsertRowid,
    );
    const categoryId = (db.prepare(`SELECT id FROM "Category" ORDER BY id LIMIT 1`).get() as { id: number }).id;
    const insertChallenge = db.prepare(`INSERT INTO "Challenge" (name, categoryId, eventId, type, description, source, level, initialValue, isActive) VALUES (?, ?, ?, 'standard', ?, ?, 'easy', ?, 1)`);
    const insertFlag = db.prepare(`INSERT INTO "Flag" (challengeId, value, collation) VALUES (?, ?, 'plain_text')`);
    const challenges: { id: number; value: number }[] = [];
    for (let i = 1; i <= CHALLENGES; i++) {
      const value = 50 * (1 + (i % 3));
      const id = Number(insertChallenge.run(`Friday challenge ${i}`, categoryId, eventId, '<p>Find the flag.</p>', 'Find the flag.', value).lastInsertRowid);
      insertFlag.run(id, `CTF{friday_${i}}`);
      challenges.push({ id, value });
    }

    // Solves as the solve path writes them: accepted at once, coin = score, booked in the ledger.
    const insertRegistration = db.prepare(`INSERT INTO "EventRegistration" (eventId, userId, createdAt) VALUES (?, ?, ?)`);
    const insertSubmission = db.prepare(
      `INSERT INTO "Submission" (challengeId, learnerId, eventId, score, coin, isCorrect, isValidated, solveKey, createdAt) VALUES (?, ?, ?, ?, ?, 1, 1, ?, ?)`,
    );
    const insertEntry = db.prepare(`INSERT INTO "CoinEntry" (userId, amount, reason, submissionId, onceKey, createdAt) VALUES (?, ?, 'solve', ?, ?, ?)`);
    const addCoins = db.prepare(`UPDATE "User" SET coin = coin + ? WHERE id = ?`);
    let solves = 0;
    let coins = 0;
    for (const learnerId of learners) {
      insertRegistration.run(eventId, learnerId, iso(now - 12 * HOUR));
      const count = 1 + Math.floor(random() * 3);
      const start = Math.floor(random() * CHALLENGES);
      for (let k = 0; k < count; k++) {
        const challenge = challenges[(start + k) % CHALLENGES]!;
        const at = iso(now - 11 * HOUR + random() * 10 * HOUR);
        const submissionId = Number(insertSubmission.run(challenge.id, learnerId, eventId, challenge.value, challenge.value, `u:${learnerId}:${challenge.id}`, at).lastInsertRowid);
        insertEntry.run(learnerId, challenge.value, submissionId, `solve:${submissionId}`, at);
        addCoins.run(challenge.value, learnerId);
        solves++;
        coins += challenge.value;
      }
    }

    const rewardId = Number(db.prepare(`INSERT INTO "Reward" (title, coin, isCtfCertificationReward, createdAt) VALUES ('Bench sticker', ?, 0, ?)`).run(PRICE, iso(now - 24 * HOUR)).lastInsertRowid);

    // Notifications of every kind the counts read: platform-wide general ones, admin ones for
    // everyone and for the event, and one addressed to every third learner.
    const insertNotice = db.prepare(`INSERT INTO "Notification" (title, description, kind, eventId, authorId, recipientId, createdAt) VALUES (?, '<p>Bench notice.</p>', ?, ?, ?, ?, ?)`);
    for (let i = 0; i < 20; i++) insertNotice.run(`General ${i}`, 'general', null, null, null, iso(now - (i + 1) * HOUR));
    for (let i = 0; i < 10; i++) insertNotice.run(`Admin ${i}`, 'admin', i % 2 ? eventId : null, admin.id, null, iso(now - (i + 1) * HOUR));
    for (const [i, learnerId] of learners.entries()) if (i % 3 === 0) insertNotice.run('Your coins', 'general', null, null, learnerId, iso(now - HOUR));

    result = { eventId, rewardId, staffToken, solves, coins };
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return result!;
}

/**
 * Purchases (one learner after another, 201 while the coins last, then 400 not-enough: both are the
 * call doing its job), the notification counts of rotating learners, and the general board's JSON.
 */
export function blackFridayScenarios(data: Dataset, friday: BlackFriday): Scenario[] {
  const learners = [...data.tokens.keys()];
  const bearer = (n: number) => `Bearer ${data.tokens.get(learners[n % learners.length]!)}`;
  let buyer = 0;
  let reader = 0;
  return [
    {
      name: BLACK_FRIDAY_SCENARIOS.purchase,
      expected: [201, 400],
      unit: { status: 201, label: 'purchases/s' },
      requests: [{ method: 'POST', path: `/api/rewards/${friday.rewardId}/purchase/`, setupRequest: (req) => ({ ...req, headers: { authorization: bearer(buyer++) } }) }],
    },
    {
      name: BLACK_FRIDAY_SCENARIOS.count,
      expected: [200],
      requests: [{ method: 'GET', path: '/api/notifications/count-new-notification', setupRequest: (req) => ({ ...req, headers: { authorization: bearer(reader++) } }) }],
    },
    {
      name: BLACK_FRIDAY_SCENARIOS.board,
      expected: [200],
      requests: [{ method: 'GET', path: '/api/events/blacks-fridays/top-players/', headers: { authorization: `Bearer ${friday.staffToken}` } }],
    },
  ];
}
