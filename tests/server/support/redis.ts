// This machine's Redis (127.0.0.1:6379) for the cluster tests; they are skipped with a loud warning when it
// cannot be reached (one start attempt is made with redis-server first).
import { execSync } from 'node:child_process';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TITAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The Redis URL, or null (with a warning) when Redis cannot be reached. */
export async function testRedis(): Promise<string | null> {
  if (await reachable()) return REDIS_URL;
  try {
    execSync('redis-server --daemonize yes --bind 127.0.0.1 --port 6379', {
      stdio: 'ignore',
      timeout: 10_000,
    });
  } catch {
    // Not installed or not permitted: skipped below.
  }
  if (await reachable()) return REDIS_URL;
  console.warn(
    `\n*** Redis is not reachable at ${REDIS_URL}: THE CLUSTER TESTS (several server processes) ARE SKIPPED ***\n`,
  );
  return null;
}
