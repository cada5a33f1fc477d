// Vitest global setup: one production server for the API contract tests (build it first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestServer } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext { apiUrl: string; apiMailDir: string; apiDatabaseUrl: string }
}

export default async function setup(project: TestProject) {
  if (!existsSync('build/server/index.js') || !existsSync('build/server.js')) throw new Error('Run `npm run build` before the API tests.');
  const server = await startTestServer('api', { RATE_LIMIT_FACTOR: '20' });
  project.provide('apiUrl', server.url);
  project.provide('apiMailDir', server.mailDir);
  project.provide('apiDatabaseUrl', `file:${join(server.dataDir, 'ctf.db')}`);
  return () => server.stop();
}
