// Accounts: registration, login, guests, and the refresh-token rotation. Refresh tokens are kept only as
// their SHA-256; each use spends the token and issues the next one in the same family, and presenting a spent
// token again revokes the whole family (it was stolen or replayed). The next token is derived from the spent
// one with the server's key (HMAC), so a spent token presented again within a short grace, while the token
// it was exchanged for is still unspent (two tabs, or a retried request, racing), gets that same pair back
// instead of ending the session; later, or once that pair was itself spent, it is treated as theft.
// A guest has no password: a seat-reclaim code (HMAC of the user id with the server's key, returned with a
// guest's tokens) signs the guest in again from another browser.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Tokens, UserDto } from '../../shared/protocol/rest';
import type { Database } from '../db/database';
import type { User } from '../generated/prisma/client';
import { conflict, unauthorised } from '../http/errors';
import type { Passwords } from './passwords';
import type { EndedSessions } from './sessions';
import type { AccessTokens } from './tokens';

export interface Accounts {
  register(input: { username: string; password: string; displayName?: string | undefined }): Promise<Tokens>;
  login(input: { username: string; password: string }): Promise<Tokens>;
  guest(input: { displayName: string }): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  /** Signs a guest in again with the code of their seat-reclaim link (a new sign-in session). */
  reclaim(code: string): Promise<Tokens>;
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

export interface RefreshPolicy {
  readonly refreshSeconds: number;
  /** How long a spent refresh token still gets the pair it was exchanged for (config.refreshReuseGraceSeconds). */
  readonly reuseGraceSeconds: number;
  /** The server's secret key: derives each next refresh token and the guests' reclaim codes. */
  readonly key: Uint8Array;
}

export function accounts(
  db: Database,
  tokens: AccessTokens,
  policy: RefreshPolicy,
  sessions: EndedSessions,
  passwords: Passwords,
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
  const mac = (label: string, value: string) =>
    createHmac('sha256', policy.key).update(`${label}:${value}`).digest('base64url');
  /** The refresh token a token is exchanged for (always the same one, see above). */
  const nextRefreshToken = (refreshToken: string) => mac('titan-refresh-next', refreshToken);
  const reclaimCode = (userId: string) => `${userId}.${mac('titan-guest-reclaim', userId).slice(0, 32)}`;

  async function pair(user: User, family: string, refreshToken: string, expiresAt: Date): Promise<Tokens> {
    const access = await tokens.sign({
      userId: user.id,
      name: user.displayName,
      guest: user.guest,
      session: family,
    });
    return {
      user: userDto(user),
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt.toISOString(),
      refreshToken,
      refreshTokenExpiresAt: expiresAt.toISOString(),
      ...(user.guest ? { reclaimCode: reclaimCode(user.id) } : {}),
    };
  }

  /** Stores a refresh token of `family` (once: a token already stored keeps its row) and signs the pair. */
  async function issue(
    user: User,
    family: string = randomUUID(),
    refreshToken: string = randomBytes(32).toString('base64url'),
  ): Promise<Tokens> {
    const expiresAt = new Date(Date.now() + policy.refreshSeconds * 1000);
    await prisma.refreshToken.createMany({
      data: [{ id: randomUUID(), userId: user.id, family, tokenHash: sha256(refreshToken), expiresAt }],
      skipDuplicates: true,
    });
    const row = await prisma.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(refreshToken) } });
    return pair(user, family, refreshToken, row.expiresAt);
  }

  async function revoke(family: string): Promise<never> {
    await endSession(family, 'revoked');
    throw unauthorised('This refresh token was already used: every session from that sign-in is revoked.');
  }

  return {
    async register({ username, password, displayName }) {
      const key = username.toLowerCase();
      const passwordHash = await passwords.hash(password);
      const created = await prisma.user.createMany({
        data: [{ id: randomUUID(), username: key, displayName: displayName ?? username, passwordHash }],
        skipDuplicates: true,
      });
      if (created.count === 0) throw conflict('usernameTaken', `The username "${username}" is taken.`);
      return issue(await prisma.user.findUniqueOrThrow({ where: { username: key } }));
    },

    async login({ username, password }) {
      const user = await prisma.user.findUnique({ where: { username: username.toLowerCase() } });
      // verify runs scrypt even for an unknown user (same time either way).
      const ok = await passwords.verify(password, user?.passwordHash ?? null);
      if (!user || !ok) throw unauthorised('Wrong username or password.');
      // A hash made at an older cost is remade at today's, now that the password is at hand.
      if (user.passwordHash && passwords.needsRehash(user.passwordHash)) {
        await prisma.user.update({
          where: { id: user.id },
          data: { passwordHash: await passwords.hash(password) },
        });
      }
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
      if (row.revokedAt) return revoke(row.family);
      const next = nextRefreshToken(refreshToken);
      if (row.usedAt === null) {
        if (row.expiresAt <= now) throw unauthorised('The refresh token has expired: sign in again.');
        // The next token is stored before this one is spent, so whoever loses a race finds it.
        const issued = await issue(row.user, row.family, next);
        const spent = await prisma.refreshToken.updateMany({
          where: { id: row.id, usedAt: null, revokedAt: null },
          data: { usedAt: now },
        });
        if (spent.count === 1) return issued;
      }
      // Spent already: the benign race gets the same next token back, anything else is a replay.
      const spentRow = await prisma.refreshToken.findUniqueOrThrow({ where: { id: row.id } });
      const successor = await prisma.refreshToken.findUnique({ where: { tokenHash: sha256(next) } });
      const inGrace =
        spentRow.revokedAt === null &&
        spentRow.usedAt !== null &&
        now.getTime() - spentRow.usedAt.getTime() <= policy.reuseGraceSeconds * 1000;
      if (
        !inGrace ||
        successor === null ||
        successor.usedAt !== null ||
        successor.revokedAt !== null ||
        successor.expiresAt <= now
      )
        return revoke(row.family);
      return pair(row.user, row.family, next, successor.expiresAt);
    },

    async reclaim(code) {
      const [userId = '', mark = ''] = code.split('.');
      const expected = reclaimCode(userId);
      const valid =
        /^[0-9a-f-]{36}$/.test(userId) &&
        expected.length === code.length &&
        timingSafeEqual(Buffer.from(expected), Buffer.from(code)) &&
        mark !== '';
      const user = valid ? await prisma.user.findUnique({ where: { id: userId } }) : null;
      if (!user?.guest)
        throw unauthorised('This seat link is not valid: ask for a new one or play as a new guest.');
      return issue(user);
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
