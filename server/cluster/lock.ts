// A lock shared by the server processes of a cluster, in Redis: held by one process at a time (taken by
// SET NX with an expiry its holder renews every third of it, so that a process that dies holding it lets it
// go within `holdMs`), let go by a script that deletes it only while it is still the holder's.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Runs `work` while holding the lock named `key`. */
export type Locked = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** How often a process waiting for the lock asks again. */
const RETRY_MS = 20;

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function sharedLock(redis: Redis, prefix: string, holdMs: number): Locked {
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const name = `${prefix}${key}`;
    const token = randomUUID();
    while ((await redis.set(name, token, 'PX', holdMs, 'NX')) !== 'OK') {
      await new Promise((wake) => setTimeout(wake, RETRY_MS));
    }
    const renewing = setInterval(
      () => void redis.eval(RENEW, 1, name, token, holdMs).catch(() => undefined),
      holdMs / 3,
    );
    try {
      return await work();
    } finally {
      clearInterval(renewing);
      await redis.eval(RELEASE, 1, name, token).catch(() => undefined);
    }
  };
}
