// The cap on each user's open websockets (`TITAN_LIMIT_SOCKETS_PER_USER`, issue 12). One process counts
// them in memory. In cluster mode every process counts the same sockets, in Redis: each user has a sorted
// set of his sockets (`<process> <socket>`) scored by when each entry expires. Taking a place is one script
// (drop the expired entries, count, add when under the cap), so sockets opened at once on several processes
// never pass the cap together; each process renews its sockets' entries every third of `aliveMs`, and takes
// its own away when they close, so the sockets of a process that died stop counting once their entries
// expire (as its games' leases do).
import type { Redis } from 'ioredis';

export interface SocketCap {
  /** Counts socket `socket` of `user` if he has fewer than the cap open (true); else counts nothing. */
  take(user: string, socket: string): Promise<boolean>;
  /** A socket counted by `take` closed. */
  release(user: string, socket: string): void;
  /** Stops renewing (the process shuts down; its sockets are closed and released first). */
  close(): void;
}

/** One process: the sockets it holds. */
export function localSocketCap(cap: number): SocketCap {
  const open = new Map<string, Set<string>>();
  return {
    async take(user, socket) {
      const mine = open.get(user) ?? new Set<string>();
      if (mine.size >= cap) return false;
      mine.add(socket);
      open.set(user, mine);
      return true;
    },
    release(user, socket) {
      const mine = open.get(user);
      if (mine?.delete(socket) && mine.size === 0) open.delete(user);
    },
    close() {},
  };
}

// KEYS[1] the user's set; ARGV now (ms), cap, member, entry lifetime (ms).
const TAKE = `
local now, cap, life = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= cap then return 0 end
redis.call('ZADD', KEYS[1], now + life, ARGV[3])
redis.call('PEXPIRE', KEYS[1], life)
return 1`;

// KEYS[1] the user's set; ARGV expiry (ms), entry lifetime (ms), then the members to renew.
const RENEW = `
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], ARGV[1], ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0`;

/** Cluster mode: every process's sockets, counted in Redis. `node` names this process. */
export function sharedSocketCap(
  redis: Redis,
  node: string,
  cap: number,
  aliveMs: number,
  now: () => number = Date.now,
): SocketCap {
  const key = (user: string) => `sockets:${user}`;
  const member = (socket: string) => `${node} ${socket}`;
  /** This process's counted sockets, by user (renewed together). */
  const open = new Map<string, Set<string>>();
  const renew = () => {
    if (open.size === 0) return;
    const at = now() + aliveMs;
    const batch = redis.pipeline();
    for (const [user, sockets] of open) {
      batch.eval(RENEW, 1, key(user), at, aliveMs, ...[...sockets].map(member));
    }
    void batch.exec().catch(() => undefined); // Redis gone: the next beat tries again
  };
  const beat = setInterval(renew, Math.max(100, Math.floor(aliveMs / 3)));
  beat.unref();
  return {
    async take(user, socket) {
      const taken = await redis.eval(TAKE, 1, key(user), now(), cap, member(socket), aliveMs);
      if (Number(taken) !== 1) return false;
      const mine = open.get(user) ?? new Set<string>();
      mine.add(socket);
      open.set(user, mine);
      return true;
    },
    release(user, socket) {
      const mine = open.get(user);
      if (!mine?.delete(socket)) return;
      if (mine.size === 0) open.delete(user);
      void redis.zrem(key(user), member(socket)).catch(() => undefined); // else it expires
    },
    close() {
      clearInterval(beat);
    },
  };
}
