// Cluster mode: wrong passwords for a username are counted in Redis, so a guesser spreading his tries over
// several server processes waits as long as on one (the rule of tests/server/limits.test.ts).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { sharedLoginBackoff } from '../../server/auth/loginBackoff';
import { redisForFile } from './support/redis';

const redis = redisForFile();

describe('the login backoff shared by two processes', () => {
  it('counts the failures of both: the third try waits 1 s, the fourth 2 s, a success clears it', async (ctx) => {
    const url = redis.url();
    if (!url) return ctx.skip();
    let now = 1_000_000;
    const [one, two] = redis.connect(2) as [Redis, Redis];
    const a = sharedLoginBackoff(one, 2, () => now);
    const b = sharedLoginBackoff(two, 2, () => now);
    const name = `icarus-${randomUUID()}`;
    expect(await a.attempt(name)).toBe(0);
    expect(await b.attempt(name)).toBe(0);
    expect(await a.attempt(name)).toBe(1);
    expect(await b.attempt(name)).toBe(1);
    now += 1000;
    expect(await b.attempt(name)).toBe(0);
    expect(await a.attempt(name)).toBe(2);
    await a.succeeded(name);
    expect(await b.attempt(name)).toBe(0);
    // A try that ended in a fault is taken back.
    await b.withdrawn(name);
    expect(await a.attempt(name)).toBe(0);
    expect(await a.attempt(name)).toBe(0);
    expect(await b.attempt(name)).toBe(1);
    await a.succeeded(name);
  });
});
