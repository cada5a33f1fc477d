// Adds a running online (team) event to a benchmark database made by dataset.ts: teams of four
// among its learners (their sessions are already in Dataset.tokens), and when the dataset has too
// few learners for the teams, learners who came for the event alone (their sessions in
// TeamEvent.tokens, not in Dataset.tokens, so the practice and Black Friday loads stay as they
// were); the event's challenges and validated team solves, inserted straight through better-sqlite3
// in one transaction. Then plans the solves the load will make, so that no two requests ever race
// for the same (team, challenge).
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { hashPassword } from '../../app/lib/password.server';
import { challengeValue } from '../../app/domain/scoring.server';
import { iso, prng, type Dataset } from './dataset';

export interface EventSize { teams: number; teamSize: number; challenges: number; dynamic: number }

/**
 * Small's 500 teams are the competition's 2,000 players (issue 11 §2): 1,500 of them are event-only
 * learners, as small has 500. Large's 1,000 teams come from its 5,000 learners; the competition plays
 * every other one.
 */
export const EVENT_SIZES: Record<'small' | 'large', EventSize> = {
  small: { teams: 500, teamSize: 4, challenges: 32, dynamic: 10 },
  large: { teams: 1_000, teamSize: 4, challenges: 32, dynamic: 10 },
};

/**
 * Per member, the team's unsolved challenges kept for the competition scenario (not for the solve
 * load). A player finds a right flag every 3 minutes on average (competition.ts), so over a 2-minute
 * run a few find two and hardly any more than three.
 */
const KEPT_PER_MEMBER = 3;

export interface TeamEvent {
  id: number;
  challenges: { id: number; flag: string }[];
  /** Team players, team by team (the dataset's viewer, learner 1, owns the first team). */
  players: { userId: number; teamId: number }[];
  /** Session tokens (Bearer) of every team player: the dataset's learners' and the event-only ones'. */
  tokens: Map<number, string>;
  /** Learners created for the event alone (none when the dataset has enough). */
  eventOnlyLearners: number;
  /**
   * Solves for the verify + submit load: (member, challenge) with the member's team never having
   * submitted that challenge, each (team, challenge) once, shuffled across teams and challenges.
   */
  solvePairs: [userId: number, challengeId: number][];
  /** Per player, challenges of their team left to them alone: the competition's correct flags. */
  kept: Map<number, number[]>;
  /** Counted (validated) team solves in the dataset. */
  solves: number;
}

const HOUR = 3600 * 1000;
const CATEGORIES = ['Web', 'Cryptography', 'Forensics', 'Pwn'];

export async function addTeamEvent(path: string, data: Dataset, size: EventSize): Promise<TeamEvent> {
  const learners = [...data.tokens.keys()];
  const wanted = size.teams * size.teamSize;
  const random = prng(7);
  const now = Date.now();
  // Every team shares one hash: the bench never joins by password, and scrypt costs 50 ms a hash.
  const teamHash = await hashPassword('bench-team-password-1');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  const tokens = new Map(learners.slice(0, wanted).map((id) => [id, data.tokens.get(id)!]));
  const event: TeamEvent = { id: 0, challenges: [], players: [], tokens, eventOnlyLearners: Math.max(0, wanted - learners.length), solvePairs: [], kept: new Map(), solves: 0 };
  const membersOf: number[][] = [];
  const teamIds: number[] = [];
  // (team index, challenge index) pairs that hold a submission already.
  const used = new Set<number>();
  const pairKey = (t: number, c: number) => t * 1_000 + c;

  db.transaction(() => {
    const adminId = (db.prepare(`SELECT id FROM "User" WHERE username = 'bench-admin'`).get() as { id: number }).id;
    const start = now - 6 * HOUR;
    // Learners who signed up for the event alone, with sessions as dataset.ts makes them (the table
    // keeps only the sha256 of the token). No password: the bench never logs them in.
    const insertUser = db.prepare(
      `INSERT INTO "User" (username, usernameKey, fullname, email, gender, country, isStaff, isSuperuser, isActive, isValidated, passwordHash, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, 0, 0, 1, 1, '!', ?, ?)`,
    );
    const insertSession = db.prepare(`INSERT INTO "Session" (id, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)`);
    for (let i = 1; i <= event.eventOnlyLearners; i++) {
      const name = `player${String(i).padStart(5, '0')}`;
      const id = Number(insertUser.run(name, name, `Player ${i}`, `${name}@bench.test`, i % 2 ? 'M' : 'F', ['BJ', 'TG', 'NG', 'GH', 'CI'][i % 5], iso(start - 48 * HOUR), iso(start - 48 * HOUR)).lastInsertRowid);
      const token = randomBytes(32).toString('base64url');
      insertSession.run(createHash('sha256').update(token).digest('hex'), id, iso(now), iso(now + 14 * 24 * HOUR));
      learners.push(id);
      tokens.set(id, token);
    }
    event.id = Number(
      db.prepare(`INSERT INTO "Event" (name, place, description, type, startDate, endDate, createdAt) VALUES (?, 'Online event', ?, 'online', ?, ?, ?)`)
        .run('Bench Online CTF', '<p>A team competition for the benchmark.</p>', iso(start), iso(now + 7 * 24 * HOUR), iso(start - 24 * HOUR)).lastInsertRowid,
    );

    // The categories are shared with practice (Category has no event); reuse the dataset's.
    const categoryId = db.prepare(`SELECT id FROM "Category" WHERE nameKey = ?`);
    const categories = CATEGORIES.map((name) => (categoryId.get(name.toLowerCase()) as { id: number }).id);
    const insertChallenge = db.prepare(
      `INSERT INTO "Challenge" (name, categoryId, eventId, type, description, source, level, initialValue, minimalValue, decayValue, isActive)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    );
    const insertFlag = db.prepare(`INSERT INTO "Flag" (challengeId, value, collation) VALUES (?, ?, 'plain_text')`);
    const insertHint = db.prepare(`INSERT INTO "Hint" (challengeId, description, score) VALUES (?, ?, ?)`);
    const valued: { id: number; type: string; initialValue: number; minimalValue: number | null; decayValue: number | null }[] = [];
    for (let i = 1; i <= size.challenges; i++) {
      const dynamic = i % Math.ceil(size.challenges / size.dynamic) === 0;
      const initial = dynamic ? 500 : 100 * (1 + (i % 5));
      const text = `Event challenge ${i}: the flag hides in the attached material. Flag format CTF{...}.`;
      const minimal = dynamic ? 100 : null;
      const decay = dynamic ? 10 + (i % 20) : null;
      const id = Number(
        insertChallenge.run(`Event challenge ${i}`, categories[i % categories.length], event.id, dynamic ? 'dynamic' : 'standard', `<p>${text}</p>`, text, ['easy', 'medium', 'difficult'][i % 3], initial, minimal, decay).lastInsertRowid,
      );
      const flag = `CTF{event_flag_${i}}`;
      insertFlag.run(id, flag);
      if (i % 4 === 0) insertHint.run(id, 'Think like the author.', Math.floor(initial / 4));
      event.challenges.push({ id, flag });
      valued.push({ id, type: dynamic ? 'dynamic' : 'standard', initialValue: initial, minimalValue: minimal, decayValue: decay });
    }

    const insertTeam = db.prepare(`INSERT INTO "Team" (name, nameKey, eventId, ownerId, passwordHash, codeInvitation, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    const insertMember = db.prepare(`INSERT INTO "TeamMember" (teamId, userId, eventId, joinedAt) VALUES (?, ?, ?, ?)`);
    // Creating or joining a team registers the player (issue 9 §1).
    const insertRegistration = db.prepare(`INSERT INTO "EventRegistration" (eventId, userId, createdAt) VALUES (?, ?, ?)`);
    for (let t = 0; t < size.teams; t++) {
      const members = learners.slice(t * size.teamSize, (t + 1) * size.teamSize);
      const created = start - 24 * HOUR + t * 1000;
      const name = `Team ${String(t + 1).padStart(4, '0')}`;
      // 50 word characters (hex is a subset), unique.
      const teamId = Number(insertTeam.run(name, name.toLowerCase(), event.id, members[0], teamHash, randomBytes(25).toString('hex'), iso(created)).lastInsertRowid);
      members.forEach((userId, m) => {
        insertMember.run(teamId, userId, event.id, iso(created + m * 1000));
        insertRegistration.run(event.id, userId, iso(created + m * 1000));
        event.players.push({ userId, teamId });
      });
      membersOf.push(members);
      teamIds.push(teamId);
    }

    // Every team scores: a skill per team gives 1 to about half the challenges, easier (lower index)
    // ones more often; solves spread over the hours since the start, oldest first so dynamic values
    // fall as real ones do. 10% wait for review and 5% were rejected (neither counts).
    const planned: { t: number; c: number; at: number }[] = [];
    for (let t = 0; t < size.teams; t++) {
      const count = 1 + Math.floor(random() ** 1.5 * (size.challenges / 2));
      for (let k = 0; k < count; k++) {
        let c: number;
        do c = Math.floor(random() ** 1.4 * size.challenges);
        while (used.has(pairKey(t, c)));
        used.add(pairKey(t, c));
        planned.push({ t, c, at: start + random() * (now - start - 60_000) });
      }
    }
    planned.sort((a, b) => a.at - b.at);
    const insertSubmission = db.prepare(
      `INSERT INTO "Submission" (challengeId, learnerId, teamId, eventId, score, isCorrect, isValidated, solveKey, writeupName, reviewerId, reviewedAt, createdAt)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?, 'writeup.md', ?, ?, ?)`,
    );
    const counted = new Map<number, number>();
    const scored = new Set<number>();
    for (const { t, c, at } of planned) {
      const challenge = valued[c];
      const teamId = teamIds[t];
      const members = membersOf[t];
      // The first solve of each team is validated, so every team has points.
      const state = random();
      const first = !scored.has(t);
      scored.add(t);
      const rejected = !first && state < 0.05;
      const pending = !first && !rejected && state < 0.15;
      const earlier = counted.get(challenge.id) ?? 0;
      if (!rejected && !pending) {
        counted.set(challenge.id, earlier + 1);
        event.solves++;
      }
      insertSubmission.run(
        challenge.id, members[Math.floor(random() * members.length)], teamId, event.id, challengeValue(challenge, earlier),
        rejected ? 0 : pending ? null : 1, rejected ? null : `t:${teamId}:${challenge.id}`,
        pending ? null : adminId, pending ? null : iso(at + 30 * 60_000 > now ? now : at + 30 * 60_000), iso(at),
      );
    }
    // Every submission above names a writeup: its bytes, as a solve stores them.
    db.exec(`INSERT INTO "Writeup" (submissionId, bytes) SELECT id, CAST('# Steps\nRead the source, found the flag.\n' AS BLOB) FROM "Submission" WHERE writeupName IS NOT NULL AND id NOT IN (SELECT submissionId FROM "Writeup")`);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();

  // The team's untouched challenges go round its members; each member keeps the last KEPT_PER_MEMBER
  // of theirs for the competition, the rest feed the solve load.
  for (let t = 0; t < size.teams; t++) {
    const members = membersOf[t];
    const mine = new Map<number, number[]>(members.map((u) => [u, []]));
    let turn = 0;
    for (let c = 0; c < size.challenges; c++) if (!used.has(pairKey(t, c))) mine.get(members[turn++ % members.length])!.push(event.challenges[c].id);
    for (const [userId, challenges] of mine) {
      event.kept.set(userId, challenges.slice(-KEPT_PER_MEMBER));
      for (const challengeId of challenges.slice(0, -KEPT_PER_MEMBER)) event.solvePairs.push([userId, challengeId]);
    }
  }
  for (let i = event.solvePairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [event.solvePairs[i], event.solvePairs[j]] = [event.solvePairs[j], event.solvePairs[i]];
  }
  return event;
}
