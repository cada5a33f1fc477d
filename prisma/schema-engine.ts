// Drives Prisma's WebAssembly schema engine offline: the CLI's `migrate` commands want to
// download a native engine first, which cannot work on these machines (see TOOLCHAIN.md).
//
// One schema, two migration histories: prisma/schema.prisma names SQLite (the default database);
// the PostgreSQL history in prisma/migrations-postgresql is made from the same file with only the
// datasource's provider changed, so the two cannot describe different models. Each history is
// checked to reproduce the schema exactly (tests/support/migrations.test.ts for SQLite,
// tests/postgresql/migrations.test.ts against a real PostgreSQL).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { postgresqlSchema } from './postgresql-schema.mjs';

const require = createRequire(import.meta.url);
export const SCHEMA_PATH = resolve('prisma/schema.prisma');

export interface Dialect {
  provider: 'sqlite' | 'postgresql';
  migrationsDir: string;
  /** schema.prisma as this dialect reads it. */
  schema(): string;
  /** The database the engine works in: a shadow database is made there to replay the history. */
  adapter(url: string): SqlMigrationAwareDriverAdapterFactory;
}

export const SQLITE: Dialect = {
  provider: 'sqlite',
  migrationsDir: resolve('prisma/migrations'),
  schema: () => readFileSync(SCHEMA_PATH, 'utf8'),
  adapter: (url) => new PrismaBetterSqlite3({ url }),
};

export const POSTGRESQL: Dialect = {
  provider: 'postgresql',
  migrationsDir: resolve('prisma/migrations-postgresql'),
  schema: () => postgresqlSchema(SQLITE.schema(), SCHEMA_PATH),
  // Fields, not a connection string: the adapter makes its shadow database by overriding `database`,
  // which a connection string would take precedence over (the history would replay in `url` itself).
  adapter: (url) => new PrismaPg(parseIntoClientConfig(url)),
};

let engineModule: Promise<any> | undefined;
/** The module once per process: its glue code keeps one instance's memory, so a second one breaks it. */
const loadEngineModule = () => (engineModule ??= instantiateEngine());

async function instantiateEngine() {
  // Where the engine's Rust panics leave their message (Prisma's CLI sets the same global).
  (globalThis as any).PRISMA_WASM_PANIC_REGISTRY ??= { message: '', set_message(m: string) { this.message = m; } };
  const pkgDir = dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  // The package's entry imports a .wasm file, which Node 20 cannot: instantiate it by hand.
  const glue = await import(join(pkgDir, 'schema_engine_bg.js'));
  const module = new WebAssembly.Module(readFileSync(join(pkgDir, 'schema_engine_bg.wasm')));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  return glue;
}

/** An adapter whose executeRaw accepts the multi-statement migration scripts the engine replays. */
function scriptTolerant(base: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const wrapConn = (conn: any) =>
    new Proxy(conn, {
      get(target, prop, receiver) {
        if (prop === 'executeRaw') {
          return async (query: { sql: string; args: unknown[] }) => {
            if (query.args.length === 0 && query.sql.includes(';')) {
              await target.executeScript(query.sql);
              return 0;
            }
            return target.executeRaw(query);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => wrapConn(await base.connect()),
    connectToShadowDb: async () => wrapConn(await base.connectToShadowDb()),
  } as SqlMigrationAwareDriverAdapterFactory;
}

/** The engine for `dialect`, working in the database at `url` (SQLite: in memory). */
export async function openEngine(dialect: Dialect = SQLITE, url = 'file::memory:') {
  const glue = await loadEngineModule();
  const schema = dialect.schema();
  const adapter = bindMigrationAwareSqlAdapterFactory(scriptTolerant(dialect.adapter(url)));
  const engine = await glue.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, adapter);
  return { engine, schema };
}

export function migrationList(dialect: Dialect = SQLITE) {
  const dir = dialect.migrationsDir;
  const dirs = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lockPath = join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((path) => ({
      path,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: readFileSync(join(dir, path, 'migration.sql'), 'utf8') } },
    })),
  };
}

/**
 * The SQL that takes `dialect`'s committed migrations to schema.prisma; empty when they agree.
 * SQLite replays the history in memory; PostgreSQL in a shadow database the adapter creates on the
 * server at `url` and drops afterwards.
 */
export async function pendingSchemaChange(dialect: Dialect = SQLITE, url?: string): Promise<string> {
  const { engine, schema } = await openEngine(dialect, url);
  try {
    const result = await engine.diff({
      from: { tag: 'migrations', ...migrationList(dialect) },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
