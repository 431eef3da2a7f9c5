// Each signed-in user's REST calls (issue 12): a user may not keep the server (and the database every game's
// room writes to) busy with reads. A token bucket per user, in this process (see README, "Not shared yet").
import { TokenBuckets } from '../tokenBucket';

export interface UserRequests {
  /** Takes one call from the user's budget: 0 when it is within it, else the seconds to wait. */
  take(userId: string, now?: number): number;
}

export function userRequests(perMinute: number): UserRequests {
  const rate = { perSecond: perMinute / 60, burst: Math.max(1, Math.floor(perMinute / 6)) };
  const buckets = new TokenBuckets(rate);
  return {
    take: (userId, now = Date.now()) => (buckets.take(userId, now) ? 0 : Math.ceil(1 / rate.perSecond)),
  };
}
