// Wrong passwords per username: after `freeFailures` of them, each further try must wait (1 s, doubling
// with every further failure, at most 15 minutes) and is refused before any password hashing; a right
// password clears the count, and so does an hour without failures. In memory (one process); the entries
// are kept in the order of their last failure, so the stale ones are dropped from the front.
const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;

export interface LoginBackoff {
  /** Seconds this username must still wait before its next try (0: it may try now). */
  waitSeconds(username: string): number;
  failed(username: string): void;
  succeeded(username: string): void;
}

export function loginBackoff(freeFailures: number, now: () => number = Date.now): LoginBackoff {
  const failures = new Map<string, { count: number; at: number }>();
  const waitMs = (count: number) =>
    count < freeFailures ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (count - freeFailures));
  const prune = () => {
    for (const [name, f] of failures) {
      if (now() - f.at <= FORGET_AFTER_MS) break;
      failures.delete(name);
    }
  };
  return {
    waitSeconds(username) {
      prune();
      const f = failures.get(username);
      if (!f) return 0;
      return Math.max(0, Math.ceil((f.at + waitMs(f.count) - now()) / 1000));
    },
    failed(username) {
      const count = (failures.get(username)?.count ?? 0) + 1;
      failures.delete(username);
      failures.set(username, { count, at: now() });
    },
    succeeded(username) {
      failures.delete(username);
    },
  };
}
