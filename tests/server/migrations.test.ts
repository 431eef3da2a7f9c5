// The migration runner (server/db/migrate.ts) on PGlite: applies pending migrations once each, in
// order, records them, refuses an edited one, and the committed migrations build the Prisma schema.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, releaseDataDirLocks } from '../../server/db/database';
import { applyMigrations, type Migration, readMigrations } from '../../server/db/migrate';
import { tempDataDir } from './support/server';

const migration = (name: string, sql: string): Migration => ({
  name,
  sql,
  checksum: createHash('sha256').update(sql).digest('hex'),
});

let db: Database | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

describe('migrations', () => {
  it('applies each pending migration once, in order, and records it', async () => {
    db = await openDatabase({ url: null, dataDir: 'memory' });
    const one = migration('20260101000000_one', 'CREATE TABLE "a" ("x" INT); INSERT INTO "a" VALUES (1);');
    const two = migration(
      '20260102000000_two',
      'ALTER TABLE "a" ADD COLUMN "y" INT; UPDATE "a" SET "y" = 2;',
    );
    expect(await applyMigrations(db, [one])).toEqual([one.name]);
    expect(await applyMigrations(db, [one, two])).toEqual([two.name]);
    expect(await applyMigrations(db, [one, two])).toEqual([]);
    const rows = await db.exclusive((s) => s.query<{ x: number; y: number }>('SELECT "x", "y" FROM "a"'));
    expect(rows).toEqual([{ x: 1, y: 2 }]);
  });

  it('refuses a migration edited after it was applied, and rolls back a failing one', async () => {
    db = await openDatabase({ url: null, dataDir: 'memory' });
    await applyMigrations(db, [migration('20260101000000_one', 'CREATE TABLE "a" ("x" INT);')]);
    await expect(
      applyMigrations(db, [migration('20260101000000_one', 'CREATE TABLE "b" ("x" INT);')]),
    ).rejects.toThrow(/edited/);
    const bad = migration('20260101000000_one', 'CREATE TABLE "a" ("x" INT);');
    const broken = migration('20260103000000_broken', 'CREATE TABLE "c" ("x" INT); SELECT * FROM "missing";');
    await expect(applyMigrations(db, [bad, broken])).rejects.toThrow(/broken failed/);
    const tables = await db.exclusive((s) =>
      s.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'c'`),
    );
    expect(tables).toEqual([{ n: 0 }]);
  });

  it('a data folder is used by one server at a time', async () => {
    const dir = tempDataDir();
    db = await openDatabase({ url: null, dataDir: dir });
    await expect(openDatabase({ url: null, dataDir: dir })).rejects.toThrow(/in use by process/);
    await db.close();
    db = await openDatabase({ url: null, dataDir: dir });
  });

  it('a lock left with our own pid (a restarted container) or no pid is stale; a live process holds it', async () => {
    const dir = tempDataDir();
    const lock = path.join(dir, 'pglite.lock');
    writeFileSync(lock, String(process.pid));
    db = await openDatabase({ url: null, dataDir: dir });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await db.close();
    db = null;
    expect(existsSync(lock)).toBe(false);

    writeFileSync(lock, '');
    db = await openDatabase({ url: null, dataDir: dir });
    await db.close();
    db = null;

    // The parent (the test runner) is alive and is not us: its lock is respected.
    writeFileSync(lock, String(process.ppid));
    await expect(openDatabase({ url: null, dataDir: dir })).rejects.toThrow(
      `in use by process ${process.ppid}`,
    );
  });

  it('the forced exit removes the locks this process holds', async () => {
    const dir = tempDataDir();
    db = await openDatabase({ url: null, dataDir: dir });
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    releaseDataDirLocks();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });

  it("the project's migrations create every table the Prisma client uses", async () => {
    db = await openDatabase({ url: null, dataDir: 'memory' });
    expect((await applyMigrations(db, readMigrations())).length).toBeGreaterThan(0);
    // One trivial query per model proves the tables and columns match the generated client.
    const p = db.prisma;
    await Promise.all([
      p.user.count(),
      p.refreshToken.count(),
      p.serverSecret.count(),
      p.game.count(),
      p.seat.count(),
      p.gameEvent.count(),
      p.gameSnapshot.count(),
      p.intentReply.count(),
    ]);
  });
});
