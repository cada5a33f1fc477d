// Runs before each test file: a fresh SQLite database and a real SMTP sink for that file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { startSmtpSink } from './smtp-sink';

const dir = mkdtempSync(join(tmpdir(), 'ctf-test-'));
process.env.DATABASE_URL = `file:${join(dir, 'ctf.db')}`;
process.env.UPLOAD_DIR = join(dir, 'uploads');
process.env.SESSION_SECRET = 'unit-test-secret';
process.env.SEED = 'none';
process.env.LOG_LEVEL = 'silent';
process.env.PUBLIC_URL = 'http://ctf.test';
process.env.TEST_MAIL_DIR = join(dir, 'mail');
const smtp = await startSmtpSink(process.env.TEST_MAIL_DIR);
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;

afterAll(() => smtp.close());
