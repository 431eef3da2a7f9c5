// Wrong passwords per username: after `freeFailures` of them, each further try must wait (1 s, doubling
// with every further failure, at most 15 minutes) and is refused before any password hashing; a right
// password clears the count, and so does an hour without failures. A try counts as a failure from the moment
// it is let through (the check and the count are one step), so guesses sent at once cannot all pass while the
// first ones are still being hashed. In memory (one process; the entries are kept in the order of their last
// failure, so the stale ones are dropped from the front), or in Redis in cluster mode (every process counts
// the same failures; the check and the count are one script).
import type { Redis } from 'ioredis';

const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;

export interface LoginBackoff {
  /** Seconds this username must still wait before its next try; or 0, and this try is counted as a failure
   *  now, until `succeeded` clears the count or `withdrawn` takes the try back. */
  attempt(username: string): number | Promise<number>;
  succeeded(username: string): void | Promise<void>;
  /** The try ended in neither a right nor a wrong password (a fault): it does not count. */
  withdrawn(username: string): void | Promise<void>;
}

// KEYS[1] the username's entry; ARGV now (ms), free failures, longest wait (ms), forget after (ms). The same
// rule as the in-memory one below.
const ATTEMPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local at = tonumber(redis.call('HGET', KEYS[1], 'at') or '0')
local now, free, longest = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if count > 0 then
  local wait = 0
  if count >= free then wait = math.min(longest, 1000 * 2 ^ (count - free)) end
  local left = at + wait - now
  if left > 0 then return math.ceil(left / 1000) end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'at', now)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 0`;

/** The backoff shared by every process of a cluster, in Redis. */
export function sharedLoginBackoff(
  redis: Redis,
  freeFailures: number,
  now: () => number = Date.now,
): LoginBackoff {
  const key = (username: string) => `login:${username}`;
  return {
    async attempt(username) {
      const wait = await redis.eval(
        ATTEMPT,
        1,
        key(username),
        now(),
        freeFailures,
        MAX_WAIT_MS,
        FORGET_AFTER_MS,
      );
      return Number(wait);
    },
    async succeeded(username) {
      await redis.del(key(username));
    },
    async withdrawn(username) {
      const left = await redis.hincrby(key(username), 'count', -1);
      if (left <= 0) await redis.del(key(username));
    },
  };
}

export function loginBackoff(freeFailures: number, now: () => number = Date.now): LoginBackoff {
  const failures = new Map<string, { count: number; at: number }>();
  const waitMs = (count: number) =>
    count < freeFailures ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (count - freeFailures));
  const prune = () => {
    for (const [name, f] of failures) {
      if (now() - f.at <= FORGET_AFTER_MS) break;
      failures.delete(name);
    }
  };
  return {
    attempt(username) {
      prune();
      const f = failures.get(username);
      const wait = f ? Math.max(0, Math.ceil((f.at + waitMs(f.count) - now()) / 1000)) : 0;
      if (wait > 0) return wait;
      failures.delete(username);
      failures.set(username, { count: (f?.count ?? 0) + 1, at: now() });
      return 0;
    },
    succeeded(username) {
      failures.delete(username);
    },
    withdrawn(username) {
      const f = failures.get(username);
      if (f && f.count > 1) failures.set(username, { ...f, count: f.count - 1 });
      else failures.delete(username);
    },
  };
}
