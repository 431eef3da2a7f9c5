// Cluster mode: each running game is owned by one server process at a time, through a lease row in the
// database (GameLease). The owner renews all its leases in one statement before they expire; a process that
// dies stops renewing, and once its leases expired any other process may take them, which bumps the
// fencing token: every append carries its writer's token (store.ts), so a process that lost a game (stalled
// past its lease) can no longer write to it, whatever seq it holds. Times are the database's clock, so the
// processes' own clocks need not agree.
import type { Database } from '../db/database';

export interface Lease {
  readonly gameId: string;
  readonly token: number;
}

export interface Leases {
  /** This process's name in the lease rows. */
  readonly owner: string;
  /** Takes the game's lease if it is free, expired or already this process's: its token, else null. */
  claim(gameId: string): Promise<number | null>;
  /** Extends every lease this process still holds (one that expired and nobody took is still its own:
   *  its token is unchanged); the games it holds. */
  renew(): Promise<Set<string>>;
  /** Takes up to `limit` running games whose lease is missing or expired (a dead process's games). */
  adopt(limit: number): Promise<Lease[]>;
  /** The process holding a live lease on this game, or null when none does. */
  ownerOf(gameId: string): Promise<string | null>;
  /** Lets these games' leases (all of this process's when none are given) expire now. */
  release(gameIds?: readonly string[]): Promise<void>;
}

interface Row {
  gameId: string;
  token: string;
}

// $1 owner, $2 lease length (ms). A claim by the holder keeps the token (it is the same writer); a
// takeover bumps it. The row lock taken by ON CONFLICT makes two claimants of one expired lease take turns:
// the second finds it live (the first's) and takes nothing.
const TAKE = `
  ON CONFLICT ("gameId") DO UPDATE SET
    "owner" = EXCLUDED."owner",
    "token" = CASE WHEN "GameLease"."owner" = EXCLUDED."owner" THEN "GameLease"."token"
                   ELSE "GameLease"."token" + 1 END,
    "expiresAt" = EXCLUDED."expiresAt"
  WHERE "GameLease"."owner" = EXCLUDED."owner" OR "GameLease"."expiresAt" < now()
  RETURNING "gameId"::text AS "gameId", "token"::text AS "token"`;

export function leases(db: Database, owner: string, leaseMs: number): Leases {
  const { prisma } = db;
  const until = `now() + ($2::int * interval '1 millisecond')`;
  return {
    owner,

    async claim(gameId) {
      const rows = await prisma.$queryRawUnsafe<Row[]>(
        `INSERT INTO "GameLease" ("gameId", "owner", "token", "expiresAt")
         SELECT "id", $1, 1, ${until} FROM "Game" WHERE "id" = $3::uuid ${TAKE}`,
        owner,
        leaseMs,
        gameId,
      );
      return rows[0] ? Number(rows[0].token) : null;
    },

    async renew() {
      const rows = await prisma.$queryRawUnsafe<{ gameId: string }[]>(
        `UPDATE "GameLease" SET "expiresAt" = ${until}
         WHERE "owner" = $1 RETURNING "gameId"::text AS "gameId"`,
        owner,
        leaseMs,
      );
      return new Set(rows.map((r) => r.gameId));
    },

    async adopt(limit) {
      const rows = await prisma.$queryRawUnsafe<Row[]>(
        `INSERT INTO "GameLease" ("gameId", "owner", "token", "expiresAt")
         SELECT g."id", $1, 1, ${until} FROM "Game" g LEFT JOIN "GameLease" l ON l."gameId" = g."id"
         WHERE g."status" = 'running' AND (l."gameId" IS NULL OR l."expiresAt" < now())
         ORDER BY g."id" LIMIT $3 ${TAKE}`,
        owner,
        leaseMs,
        limit,
      );
      return rows.map((r) => ({ gameId: r.gameId, token: Number(r.token) }));
    },

    async ownerOf(gameId) {
      const rows = await prisma.$queryRawUnsafe<{ owner: string }[]>(
        `SELECT "owner" FROM "GameLease" WHERE "gameId" = $1::uuid AND "expiresAt" >= now()`,
        gameId,
      );
      return rows[0]?.owner ?? null;
    },

    async release(gameIds) {
      if (gameIds === undefined) {
        await prisma.$executeRawUnsafe(
          `UPDATE "GameLease" SET "expiresAt" = now() - interval '1 millisecond' WHERE "owner" = $1`,
          owner,
        );
      } else if (gameIds.length > 0) {
        await prisma.$executeRawUnsafe(
          `UPDATE "GameLease" SET "expiresAt" = now() - interval '1 millisecond'
           WHERE "owner" = $1 AND "gameId" = ANY($2::uuid[])`,
          owner,
          gameIds,
        );
      }
    },
  };
}
