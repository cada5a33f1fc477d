// Usage: npm run db:migration -- <name>. Writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that brings the committed migrations up to prisma/schema.prisma.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR, pendingSchemaChange } from './schema-engine.ts';

const name = (process.argv[2] ?? 'change').replace(/[^a-z0-9_]/gi, '_');
const sql = await pendingSchemaChange();
if (!sql.trim() || /empty migration/i.test(sql)) {
  console.log('schema.prisma and the migrations agree; nothing to write.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
if (!existsSync(join(MIGRATIONS_DIR, 'migration_lock.toml'))) {
  writeFileSync(join(MIGRATIONS_DIR, 'migration_lock.toml'), 'provider = "sqlite"\n');
}
writeFileSync(join(dir, 'migration.sql'), sql);
console.log(`wrote ${dir}/migration.sql`);
