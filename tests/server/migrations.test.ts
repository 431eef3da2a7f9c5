// The migration runner (server/db/migrate.ts) on PGlite: applies pending migrations once each, in
// order, records them, refuses an edited one, and the committed migrations build the Prisma schema.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { type Database, openDatabase, releaseDataDirLocks } from '../../server/db/database';
import { applyMigrations, type Migration, readMigrations } from '../../server/db/migrate';
import { ARRAY_TYPES } from '../../server/db/pgliteArrays';
import { pgliteDataDirFromEnv, startPgliteEarly } from '../../server/db/pgliteClient';
import { gameLog } from '../../server/rooms/store';
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

  it("the embedded Postgres runs with 32 MB of shared buffers (pgliteWorker.ts) and PGlite's durability as shipped", async () => {
    db = await openDatabase({ url: null, dataDir: tempDataDir() });
    const settings = await db.exclusive((s) =>
      s.query<{ name: string; setting: string }>(
        `SELECT name, current_setting(name) AS setting FROM pg_settings
          WHERE name IN ('shared_buffers', 'fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method')
          ORDER BY name`,
      ),
    );
    expect(Object.fromEntries(settings.map((r) => [r.name, r.setting]))).toEqual({
      fsync: 'on',
      full_page_writes: 'on',
      shared_buffers: '32MB',
      synchronous_commit: 'on',
      wal_sync_method: 'fdatasync',
    });
  });

  it("the array types PGlite is given (pgliteArrays.ts) are Postgres's own, cover the schema's array columns, and convert", async () => {
    db = await openDatabase({ url: null, dataDir: 'memory' });
    await applyMigrations(db);
    const catalog = await db.exclusive((s) =>
      s.query<{ oid: number; typarray: number }>(
        'SELECT oid::int, typarray::int FROM pg_type WHERE oid = ANY($1::oid[]) ORDER BY oid',
        [[...ARRAY_TYPES.keys()]],
      ),
    );
    expect(catalog.map((r) => [r.oid, r.typarray])).toEqual([...ARRAY_TYPES].sort((a, b) => a[0] - b[0]));
    const columns = await db.exclusive((s) =>
      s.query<{ element: number; column: string }>(
        `SELECT t.typelem::int AS element, c.relname || '.' || a.attname AS column
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           JOIN pg_type t ON t.oid = a.atttypid
          WHERE n.nspname = 'public' AND t.typcategory = 'A' AND a.attnum > 0 AND NOT a.attisdropped`,
      ),
    );
    expect(columns.map((c) => c.column)).toContain('GameEvent.dice');
    for (const c of columns) expect(ARRAY_TYPES.has(c.element), c.column).toBe(true);
    const converted = await db.exclusive((s) =>
      s.query<{ dice: number[]; names: string[] }>('SELECT $1::int[] AS dice, $2::text[] AS names', [
        [3, 5],
        ['Ann', 'a "quoted", name'],
      ]),
    );
    expect(converted).toEqual([{ dice: [3, 5], names: ['Ann', 'a "quoted", name'] }]);
  });

  it('a data folder is used by one server at a time', async () => {
    const dir = tempDataDir();
    db = await openDatabase({ url: null, dataDir: dir });
    await expect(openDatabase({ url: null, dataDir: dir })).rejects.toThrow(/in use by process/);
    await db.close();
    db = await openDatabase({ url: null, dataDir: dir });
  });

  it('the entry starts PGlite early (main.ts): its folder is locked at once, and the database opened there takes it up', async () => {
    const dir = tempDataDir();
    const lock = path.join(dir, 'pglite.lock');
    startPgliteEarly(dir);
    // Locked before the rest of the server is loaded: a second server is kept off the folder from the start.
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    // Taken up (a second lock of the folder by this process would be refused as in use).
    db = await openDatabase({ url: null, dataDir: dir });
    expect(await db.exclusive((s) => s.query<{ one: number }>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    await db.close();
    db = null;
    expect(existsSync(lock)).toBe(false);
  });

  it('a database opened on another folder than the early one stops that worker and unlocks its folder', async () => {
    const early = tempDataDir();
    startPgliteEarly(early);
    db = await openDatabase({ url: null, dataDir: tempDataDir() });
    expect(existsSync(path.join(early, 'pglite.lock'))).toBe(false);
  });

  it('the entry reads the data folder as the config does, and none when DATABASE_URL is set', () => {
    for (const env of [{}, { TITAN_DATA_DIR: 'some/dir' }, { DATABASE_URL: ' ' }]) {
      expect(pgliteDataDirFromEnv(env)).toBe(configFromEnv(env).dataDir);
    }
    expect(pgliteDataDirFromEnv({ DATABASE_URL: 'postgres://titan@127.0.0.1/titan' })).toBeNull();
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

  it('a game logged before intents were recorded on their events (IntentReply) reads the same after it', async () => {
    db = await openDatabase({ url: null, dataDir: 'memory' });
    const all = readMigrations();
    const moved = all.findIndex((m) => m.name.endsWith('_intent_on_event'));
    await applyMigrations(db, all.slice(0, moved));
    const game = '00000000-0000-4000-8000-000000000001';
    const clock = {
      seq: 3,
      at: 1_000,
      actor: 'p2',
      decisionMs: 60_000,
      banks: {},
      phase: null,
      gameMs: null,
    };
    await db.exclusive((s) =>
      s.exec(`
        INSERT INTO "User" ("id", "displayName") VALUES ('00000000-0000-4000-8000-000000000002', 'Ann');
        INSERT INTO "Game" ("id", "creatorId", "status", "seatCount", "options", "inviteOnly",
          "spectatorsAllowed", "seq", "diceCursor", "clock")
        VALUES ('${game}', '00000000-0000-4000-8000-000000000002', 'running', 2,
          '{"variant":"default","handicapMulligans":{},"broadcastDelaySeconds":0}', false, true, 3, 4,
          '${JSON.stringify(clock)}');
        INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload") VALUES
          ('${game}', 1, 'gameStarted', '{}'), ('${game}', 2, 'movementRolled', '{}'),
          ('${game}', 3, 'movementRolled', '{}');
        INSERT INTO "IntentReply" ("gameId", "sender", "intentId", "seq", "dice") VALUES
          ('${game}', 'user:ann', 'a', 2, '{3}'), ('${game}', 'user:ann', 'b', 3, '{5,6}');`),
    );
    await applyMigrations(db, all);
    const log = gameLog(db);
    expect(await log.acceptedReply(game, 'user:ann', 'a')).toBe(2);
    expect(await log.acceptedReply(game, 'user:ann', 'b')).toBe(3);
    expect(await log.rolls(game)).toEqual([
      { seq: 2, dice: [3] },
      { seq: 3, dice: [5, 6] },
    ]);
    expect(await log.game(game)).toMatchObject({ seq: 3, diceCursor: 4, clock });
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
    ]);
  });
});
