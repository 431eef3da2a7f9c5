// The server's own rate limiter (server/tokenBucket.ts): a bucket per key, and past the buckets kept, only the
// full ones let go (a user's joins and REST calls, a chat author's messages and mutes all count on it).
import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../server/tokenBucket';

const takes = (buckets: TokenBuckets, key: string, n: number, now: number) =>
  Array.from({ length: n }, () => buckets.take(key, now)).filter(Boolean).length;

describe('TokenBuckets', () => {
  it('gives each key its own burst, then its rate', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 3 });
    expect(takes(buckets, 'ann', 5, 0)).toBe(3);
    expect(takes(buckets, 'bob', 5, 0)).toBe(3);
    expect(takes(buckets, 'ann', 5, 2000)).toBe(2);
  });

  it('past the buckets kept, lets go of the full ones only: an emptied bucket keeps its debt', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 3 }, 2);
    expect(takes(buckets, 'ann', 3, 0)).toBe(3); // empty until 3 s
    expect(takes(buckets, 'bob', 1, 0)).toBe(1); // full again at 1 s
    // A third key at 1.5 s: Bob's bucket is full and goes, Ann's (1.5 tokens) stays.
    expect(takes(buckets, 'cid', 1, 1500)).toBe(1);
    expect(takes(buckets, 'ann', 3, 1500)).toBe(1);
    expect(takes(buckets, 'bob', 5, 1500)).toBe(3);
  });
});
