// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql, the SQL
// that takes the schema of the latest migration (kept beside it as schema.prisma) to the current
// prisma/schema.prisma, using `prisma migrate diff` (no database needed). The server applies it at
// the next start (server/db/migrate.ts).
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { MIGRATIONS_DIR, readMigrations } from './migrate';
import { runPrisma } from './prismaCli';

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('usage: npm run db:migration -- <name in snake_case>');
  process.exit(2);
}
const schema = path.join(PROJECT_ROOT, 'prisma', 'schema.prisma');
const previous = readMigrations().at(-1);
const from = previous
  ? ['--from-schema-datamodel', path.join(MIGRATIONS_DIR, previous.name, 'schema.prisma')]
  : ['--from-empty'];
if (previous && !existsSync(from[1] ?? '')) {
  console.error(`${previous.name} has no schema.prisma beside its migration.sql`);
  process.exit(1);
}
const sql = runPrisma(['migrate', 'diff', ...from, '--to-schema-datamodel', schema, '--script']);
if (!/^\s*[A-Z]/m.test(sql.replace(/^--.*$/gm, ''))) {
  console.log('The schema has not changed since the latest migration: nothing to write.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'migration.sql'), sql);
copyFileSync(schema, path.join(dir, 'schema.prisma'));
console.log(`Wrote ${path.relative(PROJECT_ROOT, dir)}/migration.sql`);
