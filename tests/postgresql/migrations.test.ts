import { describe, expect, inject, it } from 'vitest';
import { POSTGRESQL, pendingSchemaChange, type Dialect } from '../../prisma/schema-engine';

const pending = async (dialect: Dialect) => (await pendingSchemaChange(dialect, inject('postgresUrl'))).replace(/--.*$/gm, '').trim();

describe('PostgreSQL migrations', () => {
  it('reproduce prisma/schema.prisma exactly on a real server (run `npm run db:migration -- <name>` after a schema change)', async () => {
    expect(await pending(POSTGRESQL)).toBe('');
  }, 60_000);

  it('are found behind when the schema gains a field they do not create', async () => {
    const ahead: Dialect = { ...POSTGRESQL, schema: () => POSTGRESQL.schema().replace(/model User \{/, 'model User {\n  nickname String?') };
    expect(await pending(ahead)).toMatch(/ALTER TABLE "User" ADD COLUMN\s+"nickname" TEXT/);
  }, 60_000);
});
