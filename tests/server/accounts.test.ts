// Accounts and tokens over REST (inject), on the embedded database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv, DEFAULT_CONFIG } from '../../server/config';
import type { Tokens, UserDto } from '../../shared/protocol/rest';
import { call, guest, ok } from './support/api';
import { buildTestApp, testConfig } from './support/server';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(testConfig());
});
afterAll(async () => {
  await app.close();
});

const refreshCall = (refreshToken: string) =>
  call<Tokens>(app, 'POST', '/api/auth/refresh', { body: { refreshToken } });
const refresh = async (refreshToken: string) => ok(refreshCall(refreshToken));

describe('accounts', () => {
  it('registers, logs in, and answers /api/me only with a valid access token', async () => {
    const reg = await ok(
      call<Tokens>(app, 'POST', '/api/auth/register', {
        body: { username: 'Ariadne', password: 'labyrinth-1' },
      }),
      201,
    );
    expect(reg.user).toMatchObject({ name: 'Ariadne', guest: false, username: 'ariadne' });
    const login = await ok(
      call<Tokens>(app, 'POST', '/api/auth/login', {
        body: { username: 'ARIADNE', password: 'labyrinth-1' },
      }),
    );
    expect(login.user.id).toBe(reg.user.id);
    const me = await ok(call<UserDto>(app, 'GET', '/api/me', { token: login.accessToken }));
    expect(me.id).toBe(reg.user.id);

    expect((await call(app, 'GET', '/api/me')).status).toBe(401);
    expect((await call(app, 'GET', '/api/me', { token: 'not-a-jwt' })).status).toBe(401);
    // A token signed with another key (its signature altered) is refused.
    const [h, p, sig] = login.accessToken.split('.');
    const forged = `${h}.${p}.${sig!.slice(0, -4)}AAAA`;
    expect((await call(app, 'GET', '/api/me', { token: forged })).status).toBe(401);
  });

  it('refuses a second account with the same username (any case) and a wrong password', async () => {
    await ok(
      call(app, 'POST', '/api/auth/register', { body: { username: 'theseus', password: 'minotaur-9' } }),
      201,
    );
    const again = await call<{ error: { code: string } }>(app, 'POST', '/api/auth/register', {
      body: { username: 'Theseus', password: 'whatever-1' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('usernameTaken');
    const wrong = await call(app, 'POST', '/api/auth/login', {
      body: { username: 'theseus', password: 'minotaur-8' },
    });
    expect(wrong.status).toBe(401);
    const nobody = await call(app, 'POST', '/api/auth/login', {
      body: { username: 'nobody', password: 'minotaur-9' },
    });
    expect(nobody.status).toBe(401);
  });

  it('validates bodies with a readable message', async () => {
    const res = await call<{ error: { code: string; message: string } }>(app, 'POST', '/api/auth/register', {
      body: { username: 'x', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalidRequest');
    expect(res.body.error.message).toMatch(/username/);
  });

  it('a username shown as the display name must pass the display-name rule (no "Server", no "bot7")', async () => {
    for (const username of ['Server', 'bot7', 'Admin']) {
      const res = await call<{ error: { code: string; message: string } }>(
        app,
        'POST',
        '/api/auth/register',
        {
          body: { username, password: 'labyrinth-1' },
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalidRequest');
      expect(res.body.error.message).toMatch(/reserved.*display name/);
    }
    // With a display name of his own, the username is not shown: it may be any free username.
    const named = await ok(
      call<Tokens>(app, 'POST', '/api/auth/register', {
        body: { username: 'Server', password: 'labyrinth-1', displayName: 'Phaedra' },
      }),
      201,
    );
    expect(named.user).toMatchObject({ name: 'Phaedra', username: 'server' });
  });

  it('guest accounts carry a display name', async () => {
    const g = await guest(app, '  Perseus ');
    expect(g.user).toMatchObject({ name: 'Perseus', guest: true, username: null });
    const me = await ok(call<UserDto>(app, 'GET', '/api/me', { token: g.accessToken }));
    expect(me.name).toBe('Perseus');
  });

  it('rotates refresh tokens: each is spent on use, and a replayed one revokes the whole family', async () => {
    const first = await guest(app, 'Medusa');
    const second = await refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.id).toBe(first.user.id);
    await ok(call(app, 'GET', '/api/me', { token: second.accessToken }));
    // The next pair is spent too; presenting the first token again is a replay, whatever the grace: refused,
    // and every token of that sign-in is revoked.
    const third = await refresh(second.refreshToken);
    expect((await refreshCall(first.refreshToken)).status).toBe(401);
    expect((await refreshCall(third.refreshToken)).status).toBe(401);
  });

  it('two tabs refreshing the same token at once both get the same new pair (the benign race)', async () => {
    const g = await guest(app, 'Castor');
    const [a, b] = await Promise.all([refresh(g.refreshToken), refresh(g.refreshToken)]);
    expect(b.refreshToken).toBe(a.refreshToken);
    // And one after the other, within the grace: still the same pair, and the session lives on.
    const late = await refresh(g.refreshToken);
    expect(late.refreshToken).toBe(a.refreshToken);
    const next = await refresh(a.refreshToken);
    await ok(call(app, 'GET', '/api/me', { token: next.accessToken }));
  });

  it('a spent token presented after the grace is theft: the session is revoked', async () => {
    const g = await guest(app, 'Pollux');
    const second = await refresh(g.refreshToken);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (DEFAULT_CONFIG.refreshReuseGraceSeconds + 1) * 1000);
      expect((await refreshCall(g.refreshToken)).status).toBe(401);
      expect((await refreshCall(second.refreshToken)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a guest's seat-reclaim code signs the guest in again; a forged one is refused", async () => {
    const g = await guest(app, 'Orpheus');
    expect(g.reclaimCode).toMatch(new RegExp(`^${g.user.id}\\.`));
    const back = await ok(
      call<Tokens>(app, 'POST', '/api/auth/reclaim', { body: { code: g.reclaimCode as string } }),
    );
    expect(back.user).toMatchObject({ id: g.user.id, name: 'Orpheus', guest: true });
    expect(back.refreshToken).not.toBe(g.refreshToken);
    const other = await guest(app, 'Eurydice');
    const forged = `${other.user.id}.${(g.reclaimCode as string).split('.')[1]}`;
    const refused = await call<{ error: { message: string } }>(app, 'POST', '/api/auth/reclaim', {
      body: { code: forged },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/seat link is not valid/);
    // Accounts with a password sign in with it: no reclaim code.
    const reg = await ok(
      call<Tokens>(app, 'POST', '/api/auth/register', {
        body: { username: 'orpheus', password: 'lyre-lyre-1' },
      }),
      201,
    );
    expect(reg.reclaimCode).toBeUndefined();
  });

  it('token lifetimes come from TITAN_ACCESS_TOKEN_SECONDS and TITAN_REFRESH_TOKEN_SECONDS', () => {
    const config = configFromEnv({ TITAN_ACCESS_TOKEN_SECONDS: '20', TITAN_REFRESH_TOKEN_SECONDS: '3600' });
    expect(config).toMatchObject({ accessTokenSeconds: 20, refreshTokenSeconds: 3600 });
    expect(() => configFromEnv({ TITAN_ACCESS_TOKEN_SECONDS: '0' })).toThrow(/at least 1/);
  });

  it('logout revokes the refresh token', async () => {
    const g = await guest(app, 'Hermes');
    expect(
      (await call(app, 'POST', '/api/auth/logout', { body: { refreshToken: g.refreshToken } })).status,
    ).toBe(204);
    expect(
      (await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: g.refreshToken } })).status,
    ).toBe(401);
  });
});
