// This machine's Redis for the cluster tests (tools/localRedis.ts); they are skipped with a loud warning
// when it cannot be reached.
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

/** Redis for one test file: `url()` once the file's beforeAll has run (null: unreachable, skip the test), and
 *  `connect(n)` n connections to it, all closed after the file. */
export function redisForFile(): {
  readonly url: () => string | null;
  readonly connect: (n: number) => Redis[];
} {
  let url: string | null = null;
  const connections: Redis[] = [];
  beforeAll(async () => {
    url = await testRedis();
  });
  afterAll(() => {
    for (const c of connections) c.disconnect();
  });
  return {
    url: () => url,
    connect: (n) => {
      if (url === null) throw new Error('Redis is not reachable');
      const opened = Array.from({ length: n }, () => new Redis(url!));
      connections.push(...opened);
      return opened;
    },
  };
}
