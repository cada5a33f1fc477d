import { describe, expect, it } from 'vitest';
import { readEnvironment } from './env.server';

describe('configuration', () => {
  it('take the defaults when nothing is set', () => {
    const vars = readEnvironment({});
    expect(vars).toMatchObject({ PORT: 3000, DATABASE_URL: 'file:./data/ctf.db', RATE_LIMIT_FACTOR: 1, MAX_IN_FLIGHT: 128, ADMISSION_TARGET_WAIT_MS: 300, SEED: 'demo', LOG_LEVEL: 'info' });
    expect(vars.SMTP_URL).toBeUndefined();
  });

  it('read numbers and treat empty values as unset', () => {
    expect(readEnvironment({ RATE_LIMIT_FACTOR: '20', MAX_IN_FLIGHT: '2', SMTP_URL: '', PORT: ' ' })).toMatchObject({ RATE_LIMIT_FACTOR: 20, MAX_IN_FLIGHT: 2, SMTP_URL: undefined, PORT: 3000 });
  });

  it('refuse what makes no sense, naming every variable at once', () => {
    const error = (() => {
      try {
        readEnvironment({ RATE_LIMIT_FACTOR: 'abc', MAX_IN_FLIGHT: '0', PORT: '70000', SEED: 'lots', SESSION_SECRET: 'short' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).toContain('Invalid configuration');
    expect(error).toContain('RATE_LIMIT_FACTOR: expected a whole number from 1 to');
    expect(error).toContain('got "abc"');
    expect(error).toContain('MAX_IN_FLIGHT');
    expect(error).toContain('PORT');
    expect(error).toContain('SEED');
    expect(error).toContain('SESSION_SECRET: expected at least 16 characters');
  });

  it('refuse a database URL that is neither a SQLite file nor a PostgreSQL database, without printing its password', () => {
    for (const url of ['mysql://root:hunter2@127.0.0.1:3306/ctf', 'postgresql://postgres:hunter2@127.0.0.1:5432', 'postgres://postgres:hunter2@:5432/ctf', 'file:', 'ctf.db']) {
      expect(() => readEnvironment({ DATABASE_URL: url })).toThrow(/DATABASE_URL: expected a SQLite file as file:<path> \(file:.\/data\/ctf.db\) or a PostgreSQL database/);
      expect(() => readEnvironment({ DATABASE_URL: url })).not.toThrow(/hunter2/);
    }
    expect(readEnvironment({ DATABASE_URL: 'file::memory:' }).DATABASE_URL).toBe('file::memory:');
    const secret = { SESSION_SECRET: 'a-secret-for-every-process' };
    expect(readEnvironment({ DATABASE_URL: 'postgresql://postgres:hunter2@127.0.0.1:5432/ctf', ...secret }).DATABASE_URL).toBe('postgresql://postgres:hunter2@127.0.0.1:5432/ctf');
    expect(readEnvironment({ DATABASE_URL: 'postgres://db.internal/ctf?sslmode=require', ...secret }).DATABASE_URL).toBe('postgres://db.internal/ctf?sslmode=require');
  });

  it('refuse PostgreSQL without a session secret: processes on other machines share the database, not a file', () => {
    expect(() => readEnvironment({ DATABASE_URL: 'postgresql://postgres:hunter2@127.0.0.1:5432/ctf' })).toThrow(/SESSION_SECRET: required with a PostgreSQL DATABASE_URL/);
  });

  it('refuse several server processes without a session secret set for all of them', () => {
    expect(() => readEnvironment({ WORKERS: '2' })).toThrow(/SESSION_SECRET: required when WORKERS is more than 1/);
    expect(readEnvironment({ WORKERS: '2', SESSION_SECRET: 'a-secret-for-every-process' }).WORKERS).toBe(2);
    expect(readEnvironment({}).WORKERS).toBe(1);
    expect(() => readEnvironment({ WORKERS: '0' })).toThrow(/WORKERS: expected a whole number from 1 to 64/);
  });
});
