// Access tokens: short-lived HS256 JWTs (jose). The key is TITAN_JWT_SECRET, or one generated on the
// first start and kept in the database (ServerSecret "jwtSigningKey"), so every instance sharing the
// database signs alike and tokens survive a restart.
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/database';
import type { EndedSessions } from './sessions';

const ISSUER = 'titan-server';
const AUDIENCE = 'titan';
const KEY_NAME = 'jwtSigningKey';

export interface AccessClaims {
  readonly userId: string;
  readonly name: string;
  readonly guest: boolean;
  /** The sign-in session (refresh-token family) the token was issued to (claim `sid`); ending that
   *  session (logout) closes the sockets it opened. */
  readonly session?: string | undefined;
}

/** A verified token's claims and when it expires (a socket authorised by it is closed then). */
export interface VerifiedClaims extends AccessClaims {
  readonly expiresAt: Date;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid, unexpired token whose sign-in session has not ended; null otherwise. */
  verify(token: string): Promise<VerifiedClaims | null>;
}

export async function loadSigningKey(db: Database, configured: string | null): Promise<Uint8Array> {
  if (configured !== null) return new TextEncoder().encode(configured);
  await db.prisma.serverSecret.createMany({
    data: [{ name: KEY_NAME, value: randomBytes(32).toString('base64url') }],
    skipDuplicates: true,
  });
  const row = await db.prisma.serverSecret.findUniqueOrThrow({ where: { name: KEY_NAME } });
  return Buffer.from(row.value, 'base64url');
}

/** Signs and verifies access tokens with the server's key, `key()`: read as the server starts (app.ts), while
 *  the rest of it is built, and before it serves. */
export function accessTokens(
  key: () => Uint8Array,
  lifetimeSeconds: number,
  sessions: Pick<EndedSessions, 'isEnded'>,
): AccessTokens {
  return {
    async sign(claims) {
      const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
      const token = await new SignJWT({
        name: claims.name,
        guest: claims.guest,
        ...(claims.session === undefined ? {} : { sid: claims.session }),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key());
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.name !== 'string') return null;
        // Signed out (or revoked): the token dies with its session, not at its expiry.
        if (typeof payload.sid === 'string' && sessions.isEnded(payload.sid)) return null;
        return {
          userId: payload.sub,
          name: payload.name,
          guest: payload.guest === true,
          session: typeof payload.sid === 'string' ? payload.sid : undefined,
          expiresAt: new Date(payload.exp! * 1000),
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
