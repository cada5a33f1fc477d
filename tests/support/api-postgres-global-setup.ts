// Vitest global setup of the `api-postgresql` project: the API contract suite against the production
// build on PostgreSQL (issue 22), two server processes answering in turn (WORKERS=2, node:cluster's
// round-robin), so each file's requests alternate between processes that share only the database.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freshDatabase, startCluster } from './postgres-cluster';
import { startTestServer } from './test-server';

export default async function setup(project: TestProject) {
  if (!existsSync('build/server/index.js') || !existsSync('build/server.js')) throw new Error('Run `npm run build` before the API tests.');
  const cluster = await startCluster();
  try {
    const database = await freshDatabase(cluster.url());
    const server = await startTestServer('api-postgresql', { RATE_LIMIT_FACTOR: '20', DATABASE_URL: database, WORKERS: '2' });
    project.provide('apiUrl', server.url);
    project.provide('apiMailDir', server.mailDir);
    project.provide('apiDatabaseUrl', database);
    project.provide('postgresUrl', cluster.url());
    return async () => {
      await server.stop();
      cluster.stop();
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}
