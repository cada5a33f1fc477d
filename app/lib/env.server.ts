// Configuration comes from the environment only; README "Configuration" lists each variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const port = Number(process.env.PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/ctf.db';

function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  // Generated once and kept beside the database so restarts keep sessions and e-mailed links valid.
  const file = resolve(dirname(databasePath(databaseUrl) ?? './data/ctf.db'), 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function databasePath(url: string): string | null {
  const path = url.replace(/^file:/, '');
  return path === ':memory:' ? null : resolve(path);
}

export const env = {
  port,
  isProduction: process.env.NODE_ENV === 'production',
  databaseUrl,
  uploadDir: resolve(process.env.UPLOAD_DIR ?? './data/uploads'),
  outboxDir: resolve(process.env.OUTBOX_DIR ?? './data/outbox'),
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM ?? 'CTF Platform <no-reply@ctf.local>',
  publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
  sessionSecret: sessionSecret(),
  seed: (process.env.SEED ?? 'demo') as 'demo' | 'none',
  logLevel: process.env.LOG_LEVEL ?? 'info',
  superuser: {
    email: process.env.SUPERUSER_EMAIL,
    username: process.env.SUPERUSER_USERNAME,
    password: process.env.SUPERUSER_PASSWORD,
  },
  /** Rate limits can be raised for load tests; never disabled. */
  rateLimitFactor: Math.max(1, Number(process.env.RATE_LIMIT_FACTOR ?? 1)),
};
