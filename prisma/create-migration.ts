// Usage: npm run db:migration -- <name>. Writes <timestamp>_<name>/migration.sql into each history
// (prisma/migrations for SQLite, prisma/migrations-postgresql) with the SQL that brings its committed
// migrations up to prisma/schema.prisma. PostgreSQL replays its history in a throwaway server
// (tests/support/postgres-cluster.ts: Debian's postgresql package must be installed).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POSTGRESQL, SQLITE, pendingSchemaChange, type Dialect } from './schema-engine.ts';
import { startCluster } from '../tests/support/postgres-cluster.ts';

const name = (process.argv[2] ?? 'change').replace(/[^a-z0-9_]/gi, '_');
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);

function write(dialect: Dialect, sql: string) {
  if (!sql.trim() || /empty migration/i.test(sql)) return console.log(`${dialect.provider}: schema.prisma and the migrations agree; nothing to write.`);
  const dir = join(dialect.migrationsDir, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  const lock = join(dialect.migrationsDir, 'migration_lock.toml');
  if (!existsSync(lock)) writeFileSync(lock, `provider = "${dialect.provider}"\n`);
  writeFileSync(join(dir, 'migration.sql'), sql);
  console.log(`${dialect.provider}: wrote ${dir}/migration.sql`);
}

write(SQLITE, await pendingSchemaChange(SQLITE));
const cluster = await startCluster();
try {
  write(POSTGRESQL, await pendingSchemaChange(POSTGRESQL, cluster.url()));
} finally {
  cluster.stop();
}
