// The migration runner: applies prisma/migrations/<timestamp>_<name>/migration.sql in name order, each
// in its own transaction, and records each in `_titan_migrations` with its checksum. `prisma migrate
// deploy` cannot be used here (../shared/notes/prisma-offline.md); the SQL files are made with
// `prisma migrate diff` (server/db/newMigration.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';
import type { Database, Session } from './database';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma', 'migrations');

export interface Migration {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Applies the pending migrations; returns the names applied (in order). */
export async function applyMigrations(db: Database, migrations: readonly Migration[] = readMigrations()) {
  return db.exclusive(async (session) => {
    const applied = new Map((await appliedMigrations(session)).map((r) => [r.name, r.checksum]));
    const known = new Set(migrations.map((m) => m.name));
    for (const name of applied.keys()) {
      if (!known.has(name)) {
        throw new Error(`the database has migration ${name}, which this server does not know: it is older`);
      }
    }
    const done: string[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.name);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) throw new Error(`migration ${m.name} was edited after it was applied`);
        continue;
      }
      await session.exec('BEGIN');
      try {
        await session.exec(m.sql);
        await session.query('INSERT INTO "_titan_migrations" ("name", "checksum") VALUES ($1, $2)', [
          m.name,
          m.checksum,
        ]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
      done.push(m.name);
    }
    return done;
  });
}

const APPLIED = 'SELECT "name", "checksum" FROM "_titan_migrations"';

/** The migrations recorded: one query when the table is there (every start but the first: issue 16), else
 *  the table is made first. Any other failure is the same query's again. */
async function appliedMigrations(session: Session): Promise<{ name: string; checksum: string }[]> {
  try {
    return await session.query(APPLIED);
  } catch {
    await session.exec(
      `CREATE TABLE IF NOT EXISTS "_titan_migrations" (
         "name" TEXT PRIMARY KEY,
         "checksum" TEXT NOT NULL,
         "appliedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
    return session.query(APPLIED);
  }
}
