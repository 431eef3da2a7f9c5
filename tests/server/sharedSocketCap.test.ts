// Cluster mode: the per-user socket cap (issue 12) counts a user's sockets over every server process, in
// Redis: exact when sockets open at once on two processes, and self-healing when a process dies (its
// entries expire unless it renews them). Then through two server processes (two apps in this test
// process, on one PostgreSQL and one Redis): the cap holds over both, and a closed socket frees its place
// on the other. Skipped with a loud warning when Redis (or PostgreSQL) cannot be reached.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sharedSocketCap } from '../../server/ws/socketCap';
import { CLOSE_CODES } from '../../shared/protocol/messages';
import { guest } from './support/api';
import { TestClient } from './support/client';
import { createTestDatabase, type TestDatabase } from './support/postgres';
import { redisForFile } from './support/redis';
import { startServer, type TestServer, testConfig } from './support/server';

const redis = redisForFile();
afterEach(() => {
  vi.useRealTimers();
});

const ALIVE_MS = 3000;

describe('the socket cap shared by two processes', () => {
  it('lets exactly the cap through when sockets open at once on both, and a closed one frees a place', async (ctx) => {
    const url = redis.url();
    if (!url) return ctx.skip();
    const [one, two] = redis.connect(2) as [Redis, Redis];
    const a = sharedSocketCap(one, 'a', 3, ALIVE_MS);
    const b = sharedSocketCap(two, 'b', 3, ALIVE_MS);
    const user = `u-${randomUUID()}`;
    const tries = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).take(user, `s${i}`));
    const taken = await Promise.all(tries);
    expect(taken.filter(Boolean)).toHaveLength(3);
    const first = taken.indexOf(true);
    (first % 2 === 0 ? a : b).release(user, `s${first}`);
    // The place is given back by a command on the other connection: wait for it, then the next fits.
    await (first % 2 === 0 ? one : two).ping();
    expect(await b.take(user, 'late')).toBe(true);
    expect(await a.take(user, 'later')).toBe(false);
    a.close();
    b.close();
    await one.del(`sockets:${user}`);
  });

  it("frees a dead process's places once its entries expire; the living one's are renewed", async (ctx) => {
    const url = redis.url();
    if (!url) return ctx.skip();
    // Only the beat and the clock are faked: the Redis connections keep their own timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const [one, two] = redis.connect(2) as [Redis, Redis];
    const a = sharedSocketCap(one, 'a', 2, ALIVE_MS);
    const b = sharedSocketCap(two, 'b', 2, ALIVE_MS);
    const user = `u-${randomUUID()}`;
    expect(await a.take(user, 'on-a')).toBe(true);
    expect(await b.take(user, 'on-b')).toBe(true);
    expect(await b.take(user, 'third')).toBe(false);
    // Process a dies (no release, no more renewals); b lives on.
    a.close();
    for (let t = 0; t < 4; t++) {
      await vi.advanceTimersByTimeAsync(ALIVE_MS / 3);
      await two.ping(); // b's renewal is written
    }
    expect(await b.take(user, 'third')).toBe(true); // a's socket no longer counts
    expect(await b.take(user, 'fourth')).toBe(false); // b's two still do
    b.close();
    await one.del(`sockets:${user}`);
  });
});

describe('two server processes', () => {
  let database: TestDatabase | null = null;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await database?.drop();
  });

  it('hold a user to the cap over both: the next socket on either is closed 4011 until one closes', async (ctx) => {
    const url = redis.url();
    if (!url) return ctx.skip();
    database = await createTestDatabase();
    if (!database) return ctx.skip();
    const base = testConfig({
      databaseUrl: database.url,
      redisUrl: url,
      redisPrefix: redis.prefix,
      leaseMs: ALIVE_MS,
    });
    const config = { ...base, limits: { ...base.limits, socketsPerUser: 3 } };
    for (let i = 0; i < 2; i++) servers.push(await startServer({ ...config, dataDir: testConfig().dataDir }));
    const [a, b] = servers as [TestServer, TestServer];
    const ann = await guest(a.app, 'Ann');
    const open = (s: TestServer) => TestClient.open(s.wsUrl, { token: ann.accessToken });
    const held = [await open(a), await open(b), await open(a)];
    for (const s of [a, b]) {
      const over = await TestClient.open(s.wsUrl, { query: `token=${ann.accessToken}` });
      expect((await over.closed).code).toBe(CLOSE_CODES.tooManySockets);
    }
    await held[0]!.close();
    await vi.waitFor(async () => {
      const again = await TestClient.open(b.wsUrl, { query: `token=${ann.accessToken}` });
      const first = await Promise.race([again.next('welcome').then(() => 'welcome'), again.closed]);
      if (first !== 'welcome') throw new Error('still over the cap');
      held.push(again);
    });
    for (const c of held.slice(1)) await c.close();
  }, 120_000);
});
