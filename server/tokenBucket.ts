// The one rate limiter of the server's own (REST routes use @fastify/rate-limit per address): a token bucket,
// used for a socket's frames, and per key (TokenBuckets) for a user's joins and REST calls and a chat author's
// messages and mutes.

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

/** One token bucket per key (a user, an author), made at the key's first take. Past `kept` buckets, the full ones
 *  are let go: a full bucket is what a new one would be, so forgetting it changes nothing. */
export class TokenBuckets {
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
