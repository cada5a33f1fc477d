// `prisma generate` tries to download the native schema engine first, which cannot work offline.
// Pointing it at a stub that exits 1 makes it skip that step; generation itself needs no engine.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { postgresqlSchema } from './postgresql-schema.mjs';

if (!existsSync('prisma/schema.prisma')) process.exit(0);
const dir = join(tmpdir(), 'prisma-engine-stub');
mkdirSync(dir, { recursive: true });
const stub = join(dir, 'schema-engine');
writeFileSync(stub, '#!/bin/sh\nexit 1\n');
chmodSync(stub, 0o755);
const generate = (schema) =>
  execFileSync('npx', ['prisma', 'generate', ...(schema ? ['--schema', schema] : [])], {
    stdio: 'inherit',
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
  });
generate();

// The PostgreSQL client: the same schema with only the datasource's provider changed
// (prisma/postgresql-schema.mjs, which the PostgreSQL migrations read too), generated beside the
// SQLite one. Its models and methods are the SQLite client's; lib/postgresql.server.ts opens it.
const output = /(output\s*=\s*)"\.\.\/app\/generated\/prisma"/;
const sqliteSchema = readFileSync('prisma/schema.prisma', 'utf8');
if (!output.test(sqliteSchema)) throw new Error('prisma/schema.prisma: the client output was not found; update prisma/generate.mjs');
const pgSchema = join(dir, 'schema.prisma');
writeFileSync(pgSchema, postgresqlSchema(sqliteSchema).replace(output, `$1"${resolve('app/generated/prisma-pg')}"`));
generate(pgSchema);

// The query compiler's WebAssembly comes as a module exporting it in base64. An imported module's
// text stays in the heap for the life of the process, and its string beside it: 8.8 MB held for a
// value used once at start. The generated client reads the same file's text instead, decodes it and
// lets it go. Generation fails here if Prisma changes the code this replaces.
const imported = /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/[\w.]+\.wasm-base64)\.mjs"\)/;
for (const client of ['app/generated/prisma/internal/class.ts', 'app/generated/prisma-pg/internal/class.ts']) {
  const source = readFileSync(client, 'utf8');
  if (!imported.test(source)) throw new Error(`${client}: the query compiler's wasm import was not found; update prisma/generate.mjs`);
  writeFileSync(
    client,
    source.replace(
      imported,
      (_, path) =>
        `const { readFileSync } = await import('node:fs')\n` +
        `    const { createRequire } = await import('node:module')\n` +
        `    const text = readFileSync(createRequire(import.meta.url).resolve("${path}.js"), 'latin1')\n` +
        `    const wasm = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'))`,
    ),
  );
}
