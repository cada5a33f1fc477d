/** schema.prisma's text as PostgreSQL reads it (prisma/postgresql-schema.mjs). */
export function postgresqlSchema(sqliteSchema: string, file?: string): string;
