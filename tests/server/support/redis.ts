// This machine's Redis for the cluster tests (tools/localRedis.ts); they are skipped with a loud warning
// when it cannot be reached.
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
