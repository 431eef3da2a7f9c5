// Each signed-in user's REST calls (issue 12): a user may not keep the server (and the database every game's
// room writes to) busy with reads. A token bucket per user, in this process (see README, "Not shared yet").
import { TokenBucket } from '../tokenBucket';

/** Buckets kept before the idle ones (full again) are let go. */
const KEPT = 10_000;

export interface UserRequests {
  /** Takes one call from the user's budget: 0 when it is within it, else the seconds to wait. */
  take(userId: string, now?: number): number;
}

export function userRequests(perMinute: number): UserRequests {
  const rate = { perSecond: perMinute / 60, burst: Math.max(1, Math.floor(perMinute / 6)) };
  const buckets = new Map<string, { bucket: TokenBucket; at: number }>();
  return {
    take(userId, now = Date.now()) {
      let mine = buckets.get(userId);
      if (!mine) {
        if (buckets.size >= KEPT) {
          // A bucket untouched for a minute is full again: forgetting it changes nothing.
          for (const [user, b] of buckets) if (now - b.at >= 60_000) buckets.delete(user);
        }
        mine = { bucket: new TokenBucket(rate), at: now };
        buckets.set(userId, mine);
      }
      mine.at = now;
      return mine.bucket.take(now) ? 0 : Math.ceil(1 / rate.perSecond);
    },
  };
}
