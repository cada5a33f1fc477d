// The PostgreSQL schema is prisma/schema.prisma with only its datasource's provider changed, so the
// two databases cannot describe different models. Plain JavaScript: prisma/generate.mjs runs it at
// install, before anything that compiles TypeScript; prisma/schema-engine.ts reads it too.

const DATASOURCE = /(datasource db \{\s*provider\s*=\s*)"sqlite"/;

/** schema.prisma's text as PostgreSQL reads it; `file` names the schema in the error when its provider is not found. */
export function postgresqlSchema(sqliteSchema, file = 'prisma/schema.prisma') {
  if (!DATASOURCE.test(sqliteSchema)) throw new Error(`${file}: the datasource's provider "sqlite" was not found; update prisma/postgresql-schema.mjs`);
  return sqliteSchema.replace(DATASOURCE, '$1"postgresql"');
}
