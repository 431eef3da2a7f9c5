// Each user's budget of `join`s and `sync`s (`TITAN_LIMIT_JOINS_PER_SECOND`, issue 12; each costs a room a
// view), shared by all his sockets: a token bucket of three seconds' worth. One process keeps it in memory.
// In cluster mode every process takes from the same bucket, in Redis (tokenBucket.ts, sharedTokenBuckets).
import type { Redis } from 'ioredis';
import { sharedTokenBuckets, TokenBuckets } from '../tokenBucket';

export interface JoinBudget {
  /** Takes one join from the user's budget; false when it is spent. */
  take(user: string): boolean | Promise<boolean>;
  /** The user's last socket on this process closed. */
  forget(user: string): void;
}

const burstOf = (perSecond: number) => 3 * perSecond;

/** One process: a bucket per user with a socket here. */
export function localJoinBudget(perSecond: number): JoinBudget {
  const buckets = new TokenBuckets({ perSecond, burst: burstOf(perSecond) });
  return {
    take: (user) => buckets.take(user),
    forget: (user) => buckets.forget(user),
  };
}

/** Cluster mode: every process takes from the user's one bucket, in Redis. */
export function sharedJoinBudget(redis: Redis, perSecond: number): JoinBudget {
  const buckets = sharedTokenBuckets(redis, 'joins:', { perSecond, burst: burstOf(perSecond) });
  return {
    take: (user) => buckets.take(user),
    forget() {},
  };
}
