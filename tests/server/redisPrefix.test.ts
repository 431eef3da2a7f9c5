// Cluster mode: several deployments (or test runs) on one Redis, each under its own prefix
// (TITAN_REDIS_PREFIX): a process hears only its own deployment's messages, and its keys are under its prefix.
// Skipped with a loud warning when Redis cannot be reached.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { type Bus, openBus } from '../../server/cluster/bus';
import { configFromEnv } from '../../server/config';
import { dropRedisPrefix, redisForFile, testRedisPrefix } from './support/redis';

const redis = redisForFile();

describe('the Redis prefix of a deployment', () => {
  it('is titan: unless TITAN_REDIS_PREFIX sets it, and a prefix Redis would misread is refused', () => {
    const cluster = {
      DATABASE_URL: 'postgres://titan@127.0.0.1/titan',
      TITAN_REDIS_URL: 'redis://127.0.0.1',
    };
    expect(configFromEnv(cluster).redisPrefix).toBe('titan:');
    expect(configFromEnv({ ...cluster, TITAN_REDIS_PREFIX: 'staging:' }).redisPrefix).toBe('staging:');
    for (const bad of ['two words', 'a*', 'x'.repeat(65)])
      expect(() => configFromEnv({ ...cluster, TITAN_REDIS_PREFIX: bad })).toThrow(/TITAN_REDIS_PREFIX/);
  });

  it('keeps two deployments apart: each hears its own processes only, and writes under its own prefix', async (ctx) => {
    const url = redis.url();
    if (!url) return ctx.skip();
    const other = testRedisPrefix();
    const buses: Bus[] = [];
    try {
      const open = async (prefix: string) => {
        const bus = await openBus(url, prefix, `node-${randomUUID()}`, 3000);
        buses.push(bus);
        return bus;
      };
      const [a1, a2, b1] = [await open(redis.prefix), await open(redis.prefix), await open(other)];
      const heard = { a2: [] as unknown[], b1: [] as unknown[] };
      a2.onAll((body) => heard.a2.push(body));
      b1.onAll((body) => heard.b1.push(body));
      b1.serve(async () => 'b1 answers');
      a1.tellAll({ op: 'hello' });
      await vi.waitFor(() => expect(heard.a2).toEqual([{ op: 'hello' }]));
      // A call to a process of the other deployment finds nobody there.
      await expect(a1.call(b1.node, {}, 300)).rejects.toThrow(/did not answer/);
      expect(heard.b1).toEqual([]);
      // Each sees its own processes alive, and not the other's.
      expect([...(await a1.alive([a2.node, b1.node]))]).toEqual([a2.node]);
      await a1.redis.set('battles', 'x');
      const raw = new Redis(url);
      try {
        expect(await raw.get(`${redis.prefix}battles`)).toBe('x');
        expect(await raw.exists(`${other}battles`, 'battles')).toBe(0);
      } finally {
        raw.disconnect();
      }
    } finally {
      for (const bus of buses) await bus.close();
      await dropRedisPrefix(url, other);
    }
  });
});
