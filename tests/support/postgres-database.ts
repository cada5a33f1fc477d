// Vitest setup of the `unit-postgresql` project: each test file on a new database of the project's
// PostgreSQL server, set before anything opens one (lib/db.server.ts reads DATABASE_URL once).
import { inject } from 'vitest';
import { freshDatabase } from './postgres-cluster';

process.env.DATABASE_URL = await freshDatabase(inject('postgresUrl'));
