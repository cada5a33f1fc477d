// Work done once when the server starts and stops (server.ts calls these through the build's entry
// module). It wires the layers together, so it sits beside the entry, above domain and lib.
import { randomBytes } from 'node:crypto';
import { seedDemo } from '../prisma/seed';
import { flushAttempts, waitingAttempts } from '~/domain/attempt-log.server';
import { startEventReminders, stopEventReminders } from '~/domain/event-reminders.server';
import { closeDatabase, db, dbReady } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { forgetWriteCounts } from '~/lib/sql.server';
import { hashPassword } from '~/lib/password.server';
import { guardProcess } from '~/lib/process-guards.server';
import { trimNativeHeapPeriodically } from '~/lib/native-heap.server';

async function ensureSuperuser() {
  const { email, username, password } = env.superuser;
  if (email && username && password) {
    const data = {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashPassword(password),
      isStaff: true,
      isSuperuser: true,
      isActive: true,
      isValidated: true,
    };
    await db.user.upsert({ where: { email: email.trim().toLowerCase() }, update: data, create: { ...data, email: email.trim().toLowerCase(), fullname: username } });
    logger.info({ email: email.trim().toLowerCase() }, 'superuser from SUPERUSER_* is ready');
    return;
  }
  if (await db.user.count({ where: { isSuperuser: true } })) return;
  const generated = randomBytes(12).toString('base64url');
  await db.user.create({
    data: {
      username: 'admin',
      usernameKey: 'admin',
      fullname: 'Administrator',
      email: 'admin@ctf.local',
      passwordHash: await hashPassword(generated),
      isStaff: true,
      isSuperuser: true,
      isActive: true,
      isValidated: true,
    },
  });
  // Printed once, by design: this is the only way to learn it. Set SUPERUSER_* to choose your own.
  console.log(`\n  Superuser created: admin@ctf.local / ${generated}\n  (set SUPERUSER_EMAIL, SUPERUSER_USERNAME and SUPERUSER_PASSWORD to choose your own)\n`);
}

export async function startup(): Promise<void> {
  // First: an unhandled rejection is logged and the process goes on (lib/process-guards.server.ts).
  guardProcess();
  trimNativeHeapPeriodically();
  await dbReady;
  await ensureSuperuser();
  if (env.seed === 'demo') {
    const seeded = await seedDemo(db);
    if (seeded) logger.info('demo content seeded');
  }
  startEventReminders();
}

export async function shutdown(): Promise<void> {
  stopEventReminders();
  // Bounded: a database another process keeps locked fails the flush after the retry bound (about
  // 2.5 s, lib/sql.server.ts) instead of holding the stop.
  if (!(await flushAttempts())) logger.error({ lost: waitingAttempts() }, 'flag attempts not written before the stop');
  await forgetWriteCounts();
  await closeDatabase();
}
