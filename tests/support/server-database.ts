// Vitest setup of the API projects: where their server's database is, for the factories that write
// to it directly (useServerDatabase in reward-factories.ts), SQLite's file or PostgreSQL's URL.
import { inject } from 'vitest';

process.env.TEST_SERVER_DATABASE_URL = inject('apiDatabaseUrl');
