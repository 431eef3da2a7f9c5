// This machine's Redis for the cluster tests (tools/localRedis.ts); they are skipped with a loud warning
// when it cannot be reached. Each test file has a prefix of its own (config `redisPrefix`), so files run at
// once on one Redis share no key and no channel; its keys are deleted after the file.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_REDIS_URL, localRedis } from '../../../tools/localRedis';

/** The Redis URL, or null (with a warning) when Redis cannot be reached. */
export async function testRedis(): Promise<string | null> {
  const url = await localRedis();
  if (url === null) {
    console.warn(
      `\n*** Redis is not reachable at ${LOCAL_REDIS_URL}: THE CLUSTER TESTS (several server processes) ARE SKIPPED ***\n`,
    );
  }
  return url;
}

/** A prefix no other test file uses. */
export const testRedisPrefix = (): string => `titan-test-${randomUUID()}:`;

/** Deletes every key under `prefix`. */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Redis for one test file: `url()` once the file's beforeAll has run (null: unreachable, skip the test), and
 *  `connect(n)` n connections to it under the file's prefix (as a server process's), all closed and the
 *  prefix's keys deleted after the file. */
export function redisForFile(): {
  readonly url: () => string | null;
  readonly prefix: string;
  readonly connect: (n: number) => Redis[];
} {
  let url: string | null = null;
  const prefix = testRedisPrefix();
  const connections: Redis[] = [];
  beforeAll(async () => {
    url = await testRedis();
  });
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    if (url !== null) await dropRedisPrefix(url, prefix);
  });
  return {
    url: () => url,
    prefix,
    connect: (n) => {
      if (url === null) throw new Error('Redis is not reachable');
      const opened = Array.from({ length: n }, () => new Redis(url!, { keyPrefix: prefix }));
      connections.push(...opened);
      return opened;
    },
  };
}
