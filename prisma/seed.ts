// Demo content for a first start (SEED=demo): categories, practice challenges, one event of each
// type and one that has ended, rewards, notifications, demo learners, three teams playing the
// running online event (one with a validated solve, one waiting for review) and the running Black
// Friday CTF with solves, coins and reward requests (pending, validated, dismissed). Runs only on a
// database without categories.
import { randomBytes } from 'node:crypto';
import type { PrismaClient, User } from '../app/generated/prisma/client';
import { bookCoins } from '../app/domain/coins.server';
import { eventTypeRules } from '../app/domain/event-types';
import { nextFriday } from '../app/domain/fridays';
import { createAdminNotification } from '../app/domain/notifications.server';
import { notifyPerson } from '../app/domain/notify.server';
import { purchaseReward } from '../app/domain/reward-purchase.server';
import { dismissRewardRequests, validateRewardRequests } from '../app/domain/reward-requests.server';
import { hashPassword } from '../app/lib/password.server';

export const DEMO_PASSWORD = 'demo-learner-2026';

const day = 24 * 3600 * 1000;

export async function seedDemo(db: PrismaClient): Promise<boolean> {
  if ((await db.category.count()) > 0) return false;
  const now = Date.now();
  const names = ['Web', 'Cryptography', 'Forensics', 'Reverse engineering', 'Pwn', 'OSINT'];
  const categories = await Promise.all(names.map((name) => db.category.create({ data: { name, nameKey: name.toLowerCase() } })));
  const cat = Object.fromEntries(categories.map((c) => [c.name, c.id]));

  const practice: { name: string; category: string; level: string; type: string; initial: number; minimal?: number; decay?: number; flag: string; hint?: [string, number]; text: string }[] = [
    { name: 'Hidden in plain sight', category: 'Web', level: 'easy', type: 'standard', initial: 100, flag: 'CTF{view_source_first}', hint: ['Browsers can show you the page source.', 20], text: 'The login page of our intranet keeps a secret in its HTML. Find it.' },
    { name: 'Cookie monster', category: 'Web', level: 'medium', type: 'dynamic', initial: 300, minimal: 100, decay: 20, flag: 'CTF{trust_no_cookie}', text: 'An admin flag is stored in a cookie that the server trusts a little too much.' },
    { name: 'Caesar salad', category: 'Cryptography', level: 'easy', type: 'standard', initial: 50, flag: 'CTF{rot_thirteen}', hint: ['Thirteen is a lucky number here.', 10], text: 'PGS{ebg_guvegrra} — decode it.' },
    { name: 'XOR party', category: 'Cryptography', level: 'medium', type: 'dynamic', initial: 400, minimal: 150, decay: 15, flag: 'CTF{single_byte_key}', text: 'A message was XORed with a single byte. Recover it.' },
    { name: 'Lost in the logs', category: 'Forensics', level: 'easy', type: 'standard', initial: 100, flag: 'CTF{grep_is_your_friend}', text: 'Somebody logged in at 3 a.m. Find who, in the attached web server logs.' },
    { name: 'Strings attached', category: 'Reverse engineering', level: 'easy', type: 'standard', initial: 150, flag: 'CTF{strings_are_cheap}', text: 'The binary compares your input with a constant. Which one?' },
    { name: 'Overflowing cup', category: 'Pwn', level: 'difficult', type: 'dynamic', initial: 500, minimal: 200, decay: 10, flag: 'CTF{smash_the_stack}', text: 'A classic stack overflow on a service without canaries.' },
    { name: 'Where was this taken?', category: 'OSINT', level: 'medium', type: 'standard', initial: 200, flag: 'CTF{cotonou}', text: 'A photo of a market square. Name the city, in lower case.' },
  ];
  for (const c of practice) {
    await db.challenge.create({
      data: {
        name: c.name,
        categoryId: cat[c.category],
        type: c.type,
        level: c.level,
        description: `<p>${c.text}</p><p>Flag format: <code>CTF{...}</code></p>`,
        source: `${c.text}\n\nFlag format: \`CTF{...}\``,
        initialValue: c.initial,
        minimalValue: c.minimal ?? null,
        decayValue: c.decay ?? null,
        flag: { create: { value: c.flag, collation: 'plain_text' } },
        ...(c.hint ? { hint: { create: { description: c.hint[0], score: c.hint[1] } } } : {}),
      },
    });
  }

  const events = [
    { name: 'Cyber Week Online CTF', type: 'online', start: now - 2 * day, end: now + 5 * day, place: 'Online event' },
    { name: 'Cotonou On-site CTF', type: 'in-person', start: now + 10 * day, end: now + 11 * day, place: 'Cotonou, Sèmè City', registerLink: 'https://example.com/register' },
    { name: 'Training Platform — Cohort 1', type: 'training-platform', start: now - 7 * day, end: now + 60 * day, place: 'Online event', cohort: 'Cohort 1' },
    { name: 'Black Friday CTF', type: 'black-friday', start: now - day, end: now + 2 * day, place: 'Online event' },
    { name: 'Spring CTF 2026', type: 'online', start: now - 30 * day, end: now - 28 * day, place: 'Online event' },
  ];
  const created: Record<string, { eventId: number; warmUpId: number }> = {};
  for (const e of events) {
    const event = await db.event.create({
      data: {
        name: e.name,
        type: e.type,
        place: e.place,
        description: `<p>${e.name}: solve challenges, earn points and climb the scoreboard.</p>`,
        startDate: new Date(e.start),
        endDate: new Date(e.end),
        registerLink: e.registerLink ?? null,
        cohort: e.cohort ?? null,
      },
    });
    const warmUp = await db.challenge.create({
      data: {
        name: `${e.name}: warm-up`,
        categoryId: cat.Web,
        eventId: event.id,
        description: '<p>A first challenge to check that everything works. The flag is <code>CTF{warm_up}</code>.</p>',
        initialValue: 50,
        trainingWeek: eventTypeRules(e.type).trainingWeeks ? 1 : null,
        flag: { create: { value: 'CTF{warm_up}', collation: 'plain_text' } },
      },
    });
    created[e.name] = { eventId: event.id, warmUpId: warmUp.id };
  }

  await db.reward.createMany({
    data: [
      { title: 'CTF T-shirt', coin: 100 },
      { title: 'One month of premium labs', coin: 500 },
      { title: 'Certified CTF practitioner exam voucher', coin: 1500, isCtfCertificationReward: true },
    ],
  });

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: Record<string, number> = {};
  for (const [username, fullname, email, gender, country] of [
    ['alice', 'Alice Hounkpatin', 'alice@example.com', 'F', 'BJ'],
    ['bob', 'Bob Mensah', 'bob@example.com', 'M', 'GH'],
    ['carol', 'Carol Adjovi', 'carol@example.com', 'F', 'BJ'],
    ['dave', 'Dave Owusu', 'dave@example.com', 'M', 'GH'],
    ['erin', 'Erin Okafor', 'erin@example.com', 'F', 'NG'],
  ]) {
    const user = await db.user.create({ data: { username, usernameKey: username, fullname, email, gender, country, passwordHash, isActive: true, isValidated: true } });
    users[username] = user.id;
  }

  // Team play in the running online event: alice's team has a validated solve (it leads the
  // scoreboard), bob's waits for review, erin plays alone. Team passwords are the demo password.
  const online = created['Cyber Week Online CTF'];
  const teams: { name: string; members: string[]; solve?: { by: string; validated: boolean } }[] = [
    { name: 'Cotonou Crackers', members: ['alice', 'carol'], solve: { by: 'carol', validated: true } },
    { name: 'Gold Coast Hackers', members: ['bob', 'dave'], solve: { by: 'dave', validated: false } },
    { name: 'Lagos Lambdas', members: ['erin'] },
  ];
  for (const t of teams) {
    const team = await db.team.create({
      data: {
        name: t.name,
        nameKey: t.name.toLowerCase(),
        eventId: online.eventId,
        ownerId: users[t.members[0]],
        passwordHash,
        codeInvitation: demoInvitationCode(),
      },
    });
    for (const member of t.members) {
      await db.teamMember.create({ data: { teamId: team.id, userId: users[member], eventId: online.eventId } });
      await db.eventRegistration.create({ data: { eventId: online.eventId, userId: users[member] } });
    }
    if (t.solve) {
      // As submitFlag writes a team's solve (solveKey t:<team>:<challenge>); validated as staff would.
      await db.submission.create({
        data: {
          challengeId: online.warmUpId,
          learnerId: users[t.solve.by],
          teamId: team.id,
          eventId: online.eventId,
          score: 50,
          isCorrect: true,
          isValidated: t.solve.validated ? true : null,
          solveKey: `t:${team.id}:${online.warmUpId}`,
          reviewedAt: t.solve.validated ? new Date(now - 3600_000) : null,
          createdAt: new Date(now - 2 * 3600_000),
        },
      });
    }
  }

  await db.notification.create({ data: { title: 'Welcome!', description: '<p>The platform is open. Start with the practice challenges.</p>', kind: 'general' } });
  await seedBlackFriday(db, created['Black Friday CTF'], cat, users, now);
  // Black Friday runs every Friday: the next one is already planned (the event form's 'Next Friday').
  const friday = nextFriday(new Date(now));
  await db.event.create({
    data: {
      name: `Black Friday CTF, ${friday.start_date.slice(0, 10)}`,
      type: 'black-friday',
      place: 'Online event',
      description: '<p>Next Friday\'s Black Friday CTF: new challenges, more coins.</p>',
      startDate: new Date(`${friday.start_date}:00Z`),
      endDate: new Date(`${friday.end_date}:00Z`),
    },
  });
  return true;
}

/**
 * The running Black Friday CTF: three more challenges, solves by alice, bob and erin written as the
 * solve path writes them (accepted at once, coin = score) with their coins booked through the ledger
 * in the same transaction, so each balance equals its ledger's sum. Then each buys the T-shirt
 * through the purchase function; the superuser validates alice's request, dismisses erin's (the
 * refund is booked) and leaves bob's pending. An admin notification goes to the event's players and
 * a general one to bob.
 */
async function seedBlackFriday(db: PrismaClient, friday: { eventId: number; warmUpId: number }, cat: Record<string, number>, users: Record<string, number>, now: number) {
  const challenges: Record<string, { id: number; score: number }> = { warmUp: { id: friday.warmUpId, score: 50 } };
  for (const c of [
    { key: 'coupons', name: 'Stacked coupons', category: 'Web', initial: 100, flag: 'CTF{one_coupon_per_order}', text: 'The checkout applies a discount coupon as often as you send it. Get the flag-shaped receipt for free.' },
    { key: 'price', name: 'Price tag tampering', category: 'Web', initial: 150, flag: 'CTF{never_trust_the_client_price}', text: 'The shop sends the price from the browser. Buy the golden ticket for 0 coins.' },
    { key: 'receipt', name: 'Receipt riddle', category: 'Cryptography', initial: 200, flag: 'CTF{base64_is_not_encryption}', text: 'Q1RGe2Jhc2U2NF9pc19ub3RfZW5jcnlwdGlvbn0= was printed at the bottom of a receipt.' },
  ]) {
    const challenge = await db.challenge.create({
      data: {
        name: c.name,
        categoryId: cat[c.category]!,
        eventId: friday.eventId,
        description: `<p>${c.text}</p><p>Flag format: <code>CTF{...}</code></p>`,
        source: `${c.text}\n\nFlag format: \`CTF{...}\``,
        initialValue: c.initial,
        flag: { create: { value: c.flag, collation: 'plain_text' } },
      },
    });
    challenges[c.key] = { id: challenge.id, score: c.initial };
  }

  const hour = 3600_000;
  const solves: [string, string, number][] = [
    ['alice', 'warmUp', 20], ['alice', 'coupons', 16], ['alice', 'price', 6],
    ['bob', 'warmUp', 19], ['bob', 'receipt', 9],
    ['erin', 'coupons', 12],
  ];
  for (const username of ['alice', 'bob', 'erin']) await db.eventRegistration.create({ data: { eventId: friday.eventId, userId: users[username]! } });
  for (const [username, key, hoursAgo] of solves) {
    const learnerId = users[username]!;
    const { id: challengeId, score } = challenges[key]!;
    await db.$transaction(async (tx) => {
      const submission = await tx.submission.create({
        data: { challengeId, learnerId, eventId: friday.eventId, score, coin: score, isCorrect: true, isValidated: true, solveKey: `u:${learnerId}:${challengeId}`, createdAt: new Date(now - hoursAgo * hour) },
      });
      await bookCoins(tx, { userId: learnerId, amount: score, reason: 'solve', submissionId: submission.id, onceKey: `solve:${submission.id}` });
    });
  }

  // Requests through the domain functions, so rows, refunds and notices are the real ones.
  const player = (username: string) => db.user.findUniqueOrThrow({ where: { id: users[username]! } });
  const tShirt = await db.reward.findFirstOrThrow({ where: { title: 'CTF T-shirt' } });
  const requests: Record<string, number> = {};
  for (const username of ['alice', 'bob', 'erin']) requests[username] = (await purchaseReward(await player(username), tShirt.id)).request.id;
  const admin: User | null = await db.user.findFirst({ where: { isSuperuser: true, isActive: true }, orderBy: { id: 'asc' } });
  if (admin) {
    await validateRewardRequests(admin, [requests.alice]);
    await dismissRewardRequests(admin, [requests.erin]);
    await createAdminNotification(admin, {
      title: 'Black Friday CTF is on',
      description: 'Every solve earns **coins** equal to its points. Spend them on rewards from your profile page.',
      event: friday.eventId,
    });
  }
  // Demo content, in English like the rest of the seed: its words have no French (the translations
  // test reads app/ only), so a French reader sees them as written.
  await db.$transaction((tx) =>
    notifyPerson(tx, {
      recipientId: users.bob!,
      title: 'Your coins are waiting',
      text: 'You have Black Friday coins left: open your profile to buy a reward before the event ends.',
      link: '/me',
    }),
  );
}

/** 50 random word characters, like the invitation codes the team pages draw (SPEC §9). */
function demoInvitationCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(50)].map((b) => alphabet[b % alphabet.length]).join('');
}
