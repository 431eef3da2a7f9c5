// Each signed-in user's REST calls (issue 12): a user may not keep the server (and the database every game's
// room writes to) busy with reads. A token bucket per user: in this process, or in cluster mode one in Redis
// taken from by every process (a proxy spreading a user's calls over N processes lets no more through).
import type { Redis } from 'ioredis';
import { type KeyedBuckets, sharedTokenBuckets, TokenBuckets } from '../tokenBucket';

export interface UserRequests {
  /** Takes one call from the user's budget: 0 when it is within it, else the seconds to wait. */
  take(userId: string): Promise<number>;
}

/** `redis`: cluster mode, the buckets every process shares. */
export function userRequests(perMinute: number, redis: Redis | null = null): UserRequests {
  const rate = { perSecond: perMinute / 60, burst: Math.max(1, Math.floor(perMinute / 6)) };
  const buckets: KeyedBuckets = redis ? sharedTokenBuckets(redis, 'requests:', rate) : new TokenBuckets(rate);
  return {
    take: async (userId) => ((await buckets.take(userId)) ? 0 : Math.ceil(1 / rate.perSecond)),
  };
}
