// The hot paths' prepared statements (lib/sql.server.ts) are written once for both databases: each
// one's text, as the domain defines it, must be PostgreSQL's SQL too, against the PostgreSQL schema.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { numbered } from '~/lib/sql-postgresql.server';
import { statementTexts } from '~/lib/sql.server';
import { openPostgresDatabase, type PostgresDatabase } from '~/lib/postgresql.server';
import { freshDatabase } from '../support/postgres-cluster';

// Every module that makes statements, made as the server makes them (at import).
import.meta.glob(['../../app/domain/*.server.ts', '../../app/lib/*.server.ts'], { eager: true });

let database: PostgresDatabase;
let client: pg.Client;
beforeAll(async () => {
  const url = await freshDatabase(inject('postgresUrl'));
  database = await openPostgresDatabase(url, 1);
  client = new pg.Client({ connectionString: url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await database?.close();
});

describe('prepared statements on PostgreSQL', () => {
  it('every statement the domain makes is prepared by PostgreSQL as it is written', async () => {
    const texts = statementTexts();
    expect(texts.length).toBeGreaterThanOrEqual(30);
    const refused: string[] = [];
    for (const text of texts) {
      try {
        await client.query(`PREPARE probe AS ${numbered(text).text}`);
        await client.query('DEALLOCATE probe');
      } catch (error) {
        refused.push(`${(error as Error).message}\n    in: ${text.replace(/\s+/g, ' ')}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
