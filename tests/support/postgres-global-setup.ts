// Vitest global setup: one throwaway PostgreSQL server for the PostgreSQL tests.
import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext { postgresUrl: string }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url());
  return () => cluster.stop();
}
