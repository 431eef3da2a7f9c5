// Each user's budget of `join`s and `sync`s (`TITAN_LIMIT_JOINS_PER_SECOND`, issue 12; each costs a room a
// view), shared by all his sockets: a token bucket of three seconds' worth. One process keeps it in memory.
// In cluster mode every process takes from the same bucket, in Redis: taking is one script on Redis's own
// clock (so the processes' clocks need not agree), and the bucket expires once it would be full again.
import type { Redis } from 'ioredis';
import { TokenBuckets } from '../tokenBucket';

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

// KEYS[1] the user's bucket; ARGV per second, burst. The same rule as tokenBucket.ts, on Redis's clock.
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

/** Cluster mode: every process takes from the user's one bucket, in Redis. */
export function sharedJoinBudget(redis: Redis, perSecond: number): JoinBudget {
  return {
    async take(user) {
      const taken = await redis.eval(TAKE, 1, `titan:joins:${user}`, perSecond, burstOf(perSecond));
      return Number(taken) === 1;
    },
    forget() {},
  };
}
