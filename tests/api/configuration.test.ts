// A configuration that makes no sense stops the start with a message naming it (app/lib/env.server.ts):
// RATE_LIMIT_FACTOR=abc used to run with NaN limits, and a PostgreSQL DATABASE_URL wrote a SQLite
// file under a new folder named `postgresql:` (PostgreSQL is opened as such since issue 22).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

function start(env: Record<string, string>) {
  const cwd = mkdtempSync(join(tmpdir(), 'ctf-config-'));
  const result = spawnSync(process.execPath, [join(process.cwd(), 'build/server.js')], {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', SEED: 'none', DATABASE_URL: `file:${join(cwd, 'ctf.db')}`, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stderr: result.stderr, cwd };
}

it('refuses to start on a rate limit factor that is not a number', () => {
  const { status, stderr } = start({ RATE_LIMIT_FACTOR: 'abc' });
  expect(status).not.toBe(0);
  expect(stderr).toContain('Invalid configuration');
  expect(stderr).toContain('RATE_LIMIT_FACTOR: expected a whole number');
});

it('refuses to start on a database URL it does not support, and writes nothing', () => {
  for (const url of ['mysql://root:secret-pw@127.0.0.1:3306/ctf', 'postgresql://postgres:secret-pw@127.0.0.1:5432/', 'postgresql://postgres:secret-pw@/ctf']) {
    const { status, stderr, cwd } = start({ DATABASE_URL: url });
    expect(status).not.toBe(0);
    expect(stderr).toContain('DATABASE_URL: expected a SQLite file as file:<path> (file:./data/ctf.db) or a PostgreSQL database');
    expect(stderr).not.toContain('secret-pw');
    expect(existsSync(join(cwd, 'mysql:'))).toBe(false);
    expect(existsSync(join(cwd, 'postgresql:'))).toBe(false);
  }
});

it('refuses to start on PostgreSQL without a session secret every process shares', () => {
  const { status, stderr } = start({ DATABASE_URL: 'postgresql://postgres:secret-pw@127.0.0.1:1/ctf' });
  expect(status).not.toBe(0);
  expect(stderr).toContain('SESSION_SECRET: required with a PostgreSQL DATABASE_URL');
  expect(stderr).not.toContain('secret-pw');
});
