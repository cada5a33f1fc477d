// `prisma generate` tries to download the native schema engine first, which cannot work offline.
// Pointing it at a stub that exits 1 makes it skip that step; generation itself needs no engine.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!existsSync('prisma/schema.prisma')) process.exit(0);
const dir = join(tmpdir(), 'prisma-engine-stub');
mkdirSync(dir, { recursive: true });
const stub = join(dir, 'schema-engine');
writeFileSync(stub, '#!/bin/sh\nexit 1\n');
chmodSync(stub, 0o755);
execFileSync('npx', ['prisma', 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
});
