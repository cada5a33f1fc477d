// Configuration comes from the environment only, read and checked here once; README "Configuration"
// lists each variable. A value that makes no sense stops the start with a message naming it, rather
// than running with NaN limits or writing a database where nobody looks.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

/** A whole number from the environment, within bounds; unset or empty takes the default. */
const whole = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const number = Number(value);
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}, got "${value}"` });
        return z.NEVER;
      }
      return number;
    });

const optionalText = z.string().optional().transform((value) => (value === undefined || value === '' ? undefined : value));

const schema = z.object({
  PORT: whole(3000, 0, 65_535),
  NODE_ENV: z.string().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const url = value || 'file:./data/ctf.db';
      if (databaseKind(url)) return url;
      ctx.addIssue({
        code: 'custom',
        message: `expected a SQLite file as file:<path> (file:./data/ctf.db) or a PostgreSQL database as postgresql://user:password@host:port/name, got "${url.replace(/\/\/[^@/]*@/, '//…@')}"`,
      });
      return z.NEVER;
    }),
  DATABASE_POOL_SIZE: whole(10, 1, 1_000),
  UPLOAD_DIR: z.string().default('./data/uploads'),
  OUTBOX_DIR: z.string().default('./data/outbox'),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), 'expected smtp://… or smtps://…'),
  MAIL_FROM: z.string().default('CTF Platform <no-reply@ctf.local>'),
  PUBLIC_URL: optionalText.refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), 'expected http://… or https://…'),
  SESSION_SECRET: optionalText.refine((value) => value === undefined || value.length >= 16, 'expected at least 16 characters'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPERUSER_EMAIL: optionalText,
  SUPERUSER_USERNAME: optionalText,
  SUPERUSER_PASSWORD: optionalText,
  RATE_LIMIT_FACTOR: whole(1, 1),
  EVENT_REMINDERS: z.enum(['on', 'off']).default('on'),
  /** Set by vitest: tests call the reminder sweep themselves. */
  VITEST: optionalText,
  MAX_IN_FLIGHT: whole(128, 1, 10_000),
  ADMISSION_TARGET_WAIT_MS: whole(300, 1, 600_000),
  MAX_STREAMS_PER_IP: whole(1_000, 1),
  MAX_STREAMS: whole(5_000, 1),
  WORKERS: whole(1, 1, 64),
})
  .refine((vars) => vars.WORKERS === 1 || vars.SESSION_SECRET !== undefined, {
    path: ['SESSION_SECRET'],
    message: 'required when WORKERS is more than 1: every process must sign and check sessions with the same secret',
  })
  // A PostgreSQL database is shared by processes on other machines, which a file here cannot reach.
  .refine((vars) => databaseKind(vars.DATABASE_URL) !== 'postgresql' || vars.SESSION_SECRET !== undefined, {
    path: ['SESSION_SECRET'],
    message: 'required with a PostgreSQL DATABASE_URL: every process, on every machine, must sign and check sessions with the same secret',
  });

/**
 * The database a URL names, or null when it names none this server opens: a SQLite file
 * (`file:<path>`, `file::memory:`) or a PostgreSQL database (`postgresql://` or `postgres://`, with
 * a host and a database name).
 */
export function databaseKind(url: string): 'sqlite' | 'postgresql' | null {
  if (url.startsWith('file:')) return url === 'file:' ? null : 'sqlite';
  if (!/^postgres(ql)?:\/\//.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.hostname && parsed.pathname.length > 1 ? 'postgresql' : null;
  } catch {
    return null;
  }
}

/** The environment checked, or an error that names every variable that is wrong. */
export function readEnvironment(source: Record<string, string | undefined>) {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration (README "Configuration"):\n${lines.join('\n')}`);
}

const vars = readEnvironment(process.env);

/** The SQLite file a `file:` URL names, or null for an in-memory database. */
export function databasePath(url: string): string | null {
  const path = url.replace(/^file:/, '');
  return path === ':memory:' ? null : resolve(path);
}

function sessionSecret(): string {
  if (vars.SESSION_SECRET) return vars.SESSION_SECRET;
  // Generated once and kept beside the database so restarts keep sessions and e-mailed links valid.
  const file = resolve(dirname(databasePath(vars.DATABASE_URL) ?? './data/ctf.db'), 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const env = {
  port: vars.PORT,
  isProduction: vars.NODE_ENV === 'production',
  databaseUrl: vars.DATABASE_URL,
  /** The database kind; a PostgreSQL one is opened with a pool of `databasePoolSize` connections per process. */
  database: databaseKind(vars.DATABASE_URL)!,
  databasePoolSize: vars.DATABASE_POOL_SIZE,
  uploadDir: resolve(vars.UPLOAD_DIR),
  outboxDir: resolve(vars.OUTBOX_DIR),
  smtpUrl: vars.SMTP_URL,
  mailFrom: vars.MAIL_FROM,
  publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
  sessionSecret: sessionSecret(),
  seed: vars.SEED,
  logLevel: vars.LOG_LEVEL,
  superuser: {
    email: vars.SUPERUSER_EMAIL,
    username: vars.SUPERUSER_USERNAME,
    password: vars.SUPERUSER_PASSWORD,
  },
  /** Rate limits can be raised for load tests; never disabled. */
  rateLimitFactor: vars.RATE_LIMIT_FACTOR,
  /** The minutely reminder sweep: off when asked, and under vitest (tests call the sweep directly). */
  eventReminders: vars.EVENT_REMINDERS === 'on' && !vars.VITEST,
  /** Admission (server.ts, docs/limits.md). */
  maxInFlight: vars.MAX_IN_FLIGHT,
  admissionTargetWaitMs: vars.ADMISSION_TARGET_WAIT_MS,
  maxStreamsPerIp: vars.MAX_STREAMS_PER_IP,
  maxStreams: vars.MAX_STREAMS,
  /** Server processes on one machine (server.ts, README "Deployment"). */
  workers: vars.WORKERS,
};
