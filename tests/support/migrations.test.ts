import { describe, expect, it } from 'vitest';
import { pendingSchemaChange } from '../../prisma/schema-engine';

describe('migrations', () => {
  it('reproduce prisma/schema.prisma exactly (run `npm run db:migration -- <name>` after a schema change)', async () => {
    const sql = await pendingSchemaChange();
    expect(sql.replace(/--.*$/gm, '').trim()).toBe('');
  }, 60_000);
});
