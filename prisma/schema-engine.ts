// Drives Prisma's WebAssembly schema engine offline: the CLI's `migrate` commands want to
// download a native engine first, which cannot work on these machines (see TOOLCHAIN.md).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);
export const SCHEMA_PATH = resolve('prisma/schema.prisma');
export const MIGRATIONS_DIR = resolve('prisma/migrations');

async function loadEngineModule() {
  const pkgDir = dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  // The package's entry imports a .wasm file, which Node 20 cannot: instantiate it by hand.
  const glue = await import(join(pkgDir, 'schema_engine_bg.js'));
  const module = new WebAssembly.Module(readFileSync(join(pkgDir, 'schema_engine_bg.wasm')));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  return glue;
}

/** A better-sqlite3 adapter whose executeRaw accepts multi-statement migration scripts. */
function scriptTolerantAdapter(url: string) {
  const base = new PrismaBetterSqlite3({ url });
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
  };
}

export async function openEngine(dbUrl = 'file::memory:') {
  const glue = await loadEngineModule();
  const schema = readFileSync(SCHEMA_PATH, 'utf8');
  const adapter = bindMigrationAwareSqlAdapterFactory(scriptTolerantAdapter(dbUrl) as any);
  const engine = await glue.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, adapter);
  return { engine, schema };
}

export function migrationList() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((path) => ({
      path,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: readFileSync(join(MIGRATIONS_DIR, path, 'migration.sql'), 'utf8') } },
    })),
  };
}

/** The SQL that takes the committed migrations to schema.prisma; empty when they agree. */
export async function pendingSchemaChange(): Promise<string> {
  const { engine, schema } = await openEngine();
  const result = await engine.diff({
    from: { tag: 'migrations', ...migrationList() },
    to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
    script: true,
    exitCode: true,
    filters: { externalTables: [], externalEnums: [] },
  });
  engine.free();
  return result.stdout ?? '';
}
