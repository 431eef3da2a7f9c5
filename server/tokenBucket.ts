// The one rate limiter of the server's own (REST routes use @fastify/rate-limit per address): a token bucket,
// used for a socket's frames, and per key (TokenBuckets) for a user's joins and REST calls and a chat author's
// messages and mutes. In cluster mode the per-key ones are kept in Redis instead (sharedTokenBuckets), so that
// every process takes from the same buckets.
import type { Redis } from 'ioredis';

export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/** A token bucket: `burst` at most, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  /** When it was last refilled (null: full, never taken from; a first `take` at a given time refills nothing). */
  private refilledAt: number | null = null;

  constructor(private readonly rate: RateLimit) {
    this.tokens = rate.burst;
  }

  /** Takes one token; false when the bucket is empty (over the rate). */
  take(now = Date.now()): boolean {
    const since = this.refilledAt === null ? 0 : now - this.refilledAt;
    this.tokens = Math.min(this.rate.burst, this.tokens + (since / 1000) * this.rate.perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether it has refilled to its burst by `now` (as a new bucket would be). */
  fullAt(now: number): boolean {
    const since = this.refilledAt === null ? 0 : now - this.refilledAt;
    return this.tokens + (since / 1000) * this.rate.perSecond >= this.rate.burst;
  }
}

/** Token buckets per key: in this process (TokenBuckets), or shared by every process (sharedTokenBuckets). */
export interface KeyedBuckets {
  /** Takes one token from `key`'s bucket; false when it is empty. `now`: this process's clock (the shared
   *  buckets go by Redis's). */
  take(key: string, now?: number): boolean | Promise<boolean>;
}

/** One token bucket per key (a user, an author), made at the key's first take. Past `kept` buckets, the full ones
 *  are let go: a full bucket is what a new one would be, so forgetting it changes nothing. */
export class TokenBuckets implements KeyedBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly rate: RateLimit,
    private readonly kept = 10_000,
  ) {}

  /** Takes one token from `key`'s bucket; false when it is empty. */
  take(key: string, now = Date.now()): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.kept) {
        for (const [k, b] of this.buckets) if (b.fullAt(now)) this.buckets.delete(k);
      }
      bucket = new TokenBucket(this.rate);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }
}

// KEYS[1] the key's bucket; ARGV per second, burst. The same rule as TokenBucket's, on Redis's clock (so the
// processes' clocks need not agree); the bucket expires once it would be full again (as a new one would be).
const TAKE = `
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(held[1]), tonumber(held[2])
if tokens == nil then tokens, at = burst, now end
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local taken = 0
if tokens >= 1 then tokens, taken = tokens - 1, 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1)
return taken`;

/** Cluster mode: one bucket per key in Redis (under `prefix`), taken from by one script, so that takes sent
 *  at once from several processes never pass together more than one process would let through. */
export function sharedTokenBuckets(redis: Redis, prefix: string, rate: RateLimit): KeyedBuckets {
  return {
    async take(key) {
      return Number(await redis.eval(TAKE, 1, `${prefix}${key}`, rate.perSecond, rate.burst)) === 1;
    },
  };
}
