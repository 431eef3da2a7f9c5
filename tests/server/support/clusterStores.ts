// What a cluster test file's server processes share (issue 16): a fresh database on this machine's PostgreSQL
// (./postgres) and this machine's Redis (./redis); the file's tests are skipped, with their loud warnings, when
// either cannot be reached.
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './postgres';
import { dropRedisPrefix, testRedis, testRedisPrefix } from './redis';

export interface ClusterStores {
  readonly database: TestDatabase;
  readonly redisUrl: string;
  /** The file's own (redis.ts): its processes share no key or channel with another file's. */
  readonly redisPrefix: string;
}

/** The stores for one test file, set up before its tests: `stores()` is null when either cannot be reached
 *  (skip the test). `start`, the file's processes, runs once they are up; `stop` runs after the file's tests and
 *  before the database is dropped, in the same hook whatever order vitest runs hooks in (the drop, WITH FORCE,
 *  would cut the processes' connections under them). */
export function clusterStoresForFile(processes: {
  readonly start?: (stores: ClusterStores) => Promise<void>;
  readonly stop: () => Promise<void>;
}): () => ClusterStores | null {
  let stores: ClusterStores | null = null;
  beforeAll(async () => {
    const redisUrl = await testRedis();
    const database = redisUrl ? await createTestDatabase() : null;
    if (!database || !redisUrl) return;
    stores = { database, redisUrl, redisPrefix: testRedisPrefix() };
    await processes.start?.(stores);
  });
  afterAll(async () => {
    await processes.stop();
    await stores?.database.drop();
    if (stores) await dropRedisPrefix(stores.redisUrl, stores.redisPrefix);
  });
  return () => stores;
}
