// Ended sign-in sessions: an access token dies with its session (claim `sid`, the refresh-token family).
// `verify` asks `isEnded` on every token, so the answer comes from memory: the set is kept exact by the
// one path that ends sessions (accounts: sign-out, a reused refresh token) and, at start-up, filled from
// the database with the sessions ended within one access-token lifetime (older ones need no entry: every
// token issued to them has expired). In cluster mode each process is told of the sessions ended on the others
// (server/cluster/node.ts), and reads them from the database again when it may have missed some (its
// subscription to the others was down).
import type { Database } from '../db/database';

export interface EndedSessions {
  /** True when this session was ended: tokens carrying it are refused. */
  isEnded(session: string): boolean;
  /** Records that the session ended (before the sign-out is answered). */
  end(session: string): void;
}

/** The in-memory set: an entry is kept for one access-token lifetime after the session ended. */
export function endedSessions(
  accessTokenSeconds: number,
  now: () => number = Date.now,
): EndedSessions & {
  readonly size: number;
} {
  const ended = new Map<string, number>();
  const keepMs = accessTokenSeconds * 1000;
  const prune = () => {
    // Entries are in the order they ended: stop at the first one still needed.
    for (const [session, at] of ended) {
      if (now() - at <= keepMs) break;
      ended.delete(session);
    }
  };
  return {
    isEnded: (session) => ended.has(session),
    end(session) {
      prune();
      ended.delete(session);
      ended.set(session, now());
    },
    get size() {
      prune();
      return ended.size;
    },
  };
}

/** The sessions ended within one access-token lifetime, as the database has them (at start-up, and in
 *  cluster mode after missing what the other processes told): recorded, and returned. */
export async function loadEndedSessions(
  db: Database,
  sessions: EndedSessions,
  accessTokenSeconds: number,
): Promise<string[]> {
  const rows = await db.prisma.refreshToken.findMany({
    where: { revokedAt: { gt: new Date(Date.now() - accessTokenSeconds * 1000) } },
    select: { family: true },
    distinct: ['family'],
  });
  for (const row of rows) sessions.end(row.family);
  return rows.map((row) => row.family);
}
