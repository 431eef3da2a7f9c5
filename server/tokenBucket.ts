// The one rate limiter of the server's own (REST routes use @fastify/rate-limit): a token bucket, used for a
// socket's frames, a user's joins and a chat author's messages.

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
}
