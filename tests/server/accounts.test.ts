// Accounts and tokens over REST (inject), on the embedded database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('guest accounts carry a display name', async () => {
    const g = await guest(app, '  Perseus ');
    expect(g.user).toMatchObject({ name: 'Perseus', guest: true, username: null });
    const me = await ok(call<UserDto>(app, 'GET', '/api/me', { token: g.accessToken }));
    expect(me.name).toBe('Perseus');
  });

  it('rotates refresh tokens: each is spent on use, and a replayed one revokes the whole family', async () => {
    const first = await guest(app, 'Medusa');
    const second = await ok(
      call<Tokens>(app, 'POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } }),
    );
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.id).toBe(first.user.id);
    await ok(call(app, 'GET', '/api/me', { token: second.accessToken }));
    // Replaying the spent token is refused and also revokes the token issued from it.
    expect(
      (await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } })).status,
    ).toBe(401);
    expect(
      (await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: second.refreshToken } })).status,
    ).toBe(401);
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
