// Accounts: registration, login, guests, and the refresh-token rotation. Refresh tokens are random
// 32-byte strings kept only as their SHA-256; each use spends the token and issues a new one in the same
// family, and presenting a spent token again revokes the whole family (it was stolen or replayed).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tokens, UserDto } from '../../shared/protocol/rest';
import type { Database } from '../db/database';
import type { User } from '../generated/prisma/client';
import { conflict, unauthorised } from '../http/errors';
import { hashPassword, verifyPassword } from './passwords';
import type { EndedSessions } from './sessions';
import type { AccessTokens } from './tokens';

export interface Accounts {
  register(input: { username: string; password: string; displayName?: string | undefined }): Promise<Tokens>;
  login(input: { username: string; password: string }): Promise<Tokens>;
  guest(input: { displayName: string }): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  logout(refreshToken: string): Promise<void>;
  user(id: string): Promise<UserDto | null>;
}

/** Told when a sign-in session (a refresh-token family) ends, so its sockets can be closed. */
export interface AccountEvents {
  sessionEnded?(session: string, why: 'signedOut' | 'revoked'): void;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const userDto = (u: User): UserDto => ({
  id: u.id,
  name: u.displayName,
  guest: u.guest,
  username: u.username,
});

export function accounts(
  db: Database,
  tokens: AccessTokens,
  refreshSeconds: number,
  sessions: EndedSessions,
  events: AccountEvents = {},
): Accounts {
  const { prisma } = db;

  /** The one way a sign-in session ends: its refresh tokens revoked, its access tokens refused from now
   *  on (`sessions`), its sockets told. */
  async function endSession(family: string, why: 'signedOut' | 'revoked'): Promise<void> {
    await prisma.refreshToken.updateMany({
      where: { family, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    sessions.end(family);
    events.sessionEnded?.(family, why);
  }

  async function issue(user: User, family: string = randomUUID()): Promise<Tokens> {
    const access = await tokens.sign({
      userId: user.id,
      name: user.displayName,
      guest: user.guest,
      session: family,
    });
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + refreshSeconds * 1000);
    await prisma.refreshToken.create({
      data: { id: randomUUID(), userId: user.id, family, tokenHash: sha256(refreshToken), expiresAt },
    });
    return {
      user: userDto(user),
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt.toISOString(),
      refreshToken,
      refreshTokenExpiresAt: expiresAt.toISOString(),
    };
  }

  return {
    async register({ username, password, displayName }) {
      const key = username.toLowerCase();
      const passwordHash = await hashPassword(password);
      const created = await prisma.user.createMany({
        data: [{ id: randomUUID(), username: key, displayName: displayName ?? username, passwordHash }],
        skipDuplicates: true,
      });
      if (created.count === 0) throw conflict('usernameTaken', `The username "${username}" is taken.`);
      return issue(await prisma.user.findUniqueOrThrow({ where: { username: key } }));
    },

    async login({ username, password }) {
      const user = await prisma.user.findUnique({ where: { username: username.toLowerCase() } });
      // verifyPassword runs scrypt even for an unknown user (same time either way).
      const ok = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !ok) throw unauthorised('Wrong username or password.');
      return issue(user);
    },

    async guest({ displayName }) {
      const user = await prisma.user.create({ data: { id: randomUUID(), displayName, guest: true } });
      return issue(user);
    },

    async refresh(refreshToken) {
      const row = await prisma.refreshToken.findUnique({
        where: { tokenHash: sha256(refreshToken) },
        include: { user: true },
      });
      if (!row) throw unauthorised('Unknown refresh token: sign in again.');
      const now = new Date();
      if (row.revokedAt || row.usedAt) {
        await endSession(row.family, 'revoked');
        throw unauthorised(
          'This refresh token was already used: every session from that sign-in is revoked.',
        );
      }
      if (row.expiresAt <= now) throw unauthorised('The refresh token has expired: sign in again.');
      const spent = await prisma.refreshToken.updateMany({
        where: { id: row.id, usedAt: null, revokedAt: null },
        data: { usedAt: now },
      });
      if (spent.count !== 1) throw unauthorised('This refresh token was already used.');
      return issue(row.user, row.family);
    },

    async logout(refreshToken) {
      const row = await prisma.refreshToken.findUnique({ where: { tokenHash: sha256(refreshToken) } });
      if (!row) return;
      await endSession(row.family, 'signedOut');
    },

    async user(id) {
      const u = await prisma.user.findUnique({ where: { id } });
      return u ? userDto(u) : null;
    },
  };
}
