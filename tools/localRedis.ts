// This machine's Redis (127.0.0.1:6379, or TITAN_TEST_REDIS_URL) for the cluster tests and bench. When it
// does not answer, one start attempt is made with redis-server; if it still does not, the caller gets null
// (and says loudly what it skips).
import { execSync } from 'node:child_process';
import { Redis } from 'ioredis';

export const LOCAL_REDIS_URL = process.env.TITAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<boolean> {
  const redis = new Redis(LOCAL_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The Redis URL, or null when Redis cannot be reached. */
export async function localRedis(): Promise<string | null> {
  if (await reachable()) return LOCAL_REDIS_URL;
  try {
    execSync('redis-server --daemonize yes --bind 127.0.0.1 --port 6379', {
      stdio: 'ignore',
      timeout: 10_000,
    });
  } catch {
    // Not installed or not permitted: the caller reports what it skips.
  }
  return (await reachable()) ? LOCAL_REDIS_URL : null;
}
