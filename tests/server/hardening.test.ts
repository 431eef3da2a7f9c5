// Issue 12: one hostile guest must not hurt anyone else's game. Intents from anyone but a seated player
// are refused at the gateway from memory; an access token dies with its sign-in session.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwords } from '../../server/auth/passwords';
import { DEFAULT_CONFIG } from '../../server/config';
import { CLOSE_CODES } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import { call, guest, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { buildTestApp, startServer, type TestServer, testConfig } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(testConfig());
});
afterAll(async () => {
  await server.close();
});

const counter = (name: string) =>
  (server.app.titan.metrics.read() as Record<string, number>)[name] ?? Number.NaN;

describe('the gateway refuses what is not a seated player’s intent', () => {
  it('an unseated user’s intents never reach the room, and a game seen once costs no second look-up', async () => {
    const { game } = await startedGame(server.app, 2, 2);
    const room = server.app.titan.rooms.loaded(game.id)!;
    expect(room).not.toBeNull();
    const submit = vi.spyOn(room, 'submit');
    const eve = await guest(server.app, 'Eve');
    const e = await TestClient.open(server.wsUrl, { token: eve.accessToken });
    e.send({ type: 'join', game: game.id, as: 'spectator' });
    await e.next('joined');
    const before = counter('intentsRefusedAtGateway');
    for (let i = 0; i < 5; i++) {
      expect(await e.intent(game.id, { type: 'rollTower' })).toMatchObject({
        type: 'rejected',
        code: 'notSeated',
      });
    }
    expect(submit).not.toHaveBeenCalled();
    expect(counter('intentsRefusedAtGateway')).toBe(before + 5);

    // A game that does not exist: looked up once, then refused from memory.
    const lookUps = vi.spyOn(server.app.titan.db.prisma.game, 'findUnique');
    const nowhere = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 3; i++) {
      expect(await e.intent(nowhere, { type: 'rollTower' })).toMatchObject({ code: 'unknownGame' });
    }
    expect(lookUps).toHaveBeenCalledTimes(1);
    lookUps.mockRestore();
    submit.mockRestore();
    await e.close();
  });

  it('an intent to a finished game without a room is answered from the log and loads no room', async () => {
    const { game, players } = await startedGame(server.app, 2, 2);
    const ann = await TestClient.open(server.wsUrl, { token: players[0]!.accessToken });
    const accepted = await ann.intent(game.id, { type: 'rollTower' }, { id: 'first' });
    expect(accepted.type).toBe('accepted');
    // The game ends as far as the log says, and its room is let go.
    await server.app.titan.db.prisma.game.update({ where: { id: game.id }, data: { status: 'finished' } });
    const rooms = server.app.titan.rooms as unknown as {
      ready: Map<string, unknown>;
      rooms: Map<string, unknown>;
    };
    rooms.ready.delete(game.id);
    rooms.rooms.delete(game.id);
    expect(await ann.intent(game.id, { type: 'rollTower' }, { id: 'first' })).toEqual(accepted);
    expect(await ann.intent(game.id, { type: 'pass' }, { id: 'second' })).toMatchObject({
      code: 'gameNotRunning',
    });
    const eve = await TestClient.open(server.wsUrl, { token: (await guest(server.app, 'Eve')).accessToken });
    expect(await eve.intent(game.id, { type: 'pass' })).toMatchObject({ code: 'notSeated' });
    expect(server.app.titan.rooms.loaded(game.id)).toBeNull();
    await ann.close();
    await eve.close();
  });
});

describe('an access token dies with its session', () => {
  it('after logout the access token is refused by REST and by new sockets at once', async () => {
    const g: Tokens = await guest(server.app, 'Hermes');
    await ok(call(server.app, 'GET', '/api/me', { token: g.accessToken }));
    await ok(call(server.app, 'POST', '/api/auth/logout', { body: { refreshToken: g.refreshToken } }), 204);
    expect((await call(server.app, 'GET', '/api/me', { token: g.accessToken })).status).toBe(401);
    const c = await TestClient.open(server.wsUrl, { query: `token=${g.accessToken}` });
    expect((await c.closed).code).toBe(CLOSE_CODES.unauthorised);
  });

  it('a session ended before a restart stays ended after it', async () => {
    const other = await startServer(testConfig());
    const g = await guest(other.app, 'Iris');
    await ok(call(other.app, 'POST', '/api/auth/logout', { body: { refreshToken: g.refreshToken } }), 204);
    const otherDir = other.app.titan.config.dataDir;
    await other.close();
    const again = await startServer(testConfig({ dataDir: otherDir }));
    expect((await call(again.app, 'GET', '/api/me', { token: g.accessToken })).status).toBe(401);
    await again.close();
  });
});

describe('display names', () => {
  it('are NFKC-normalised, and a name may not pass for a seated player’s, a seat’s or the server’s', async () => {
    // NFKC: the full-width letters are the plain ones.
    const wide = await guest(server.app, 'Ｍｉｎｏｓ');
    expect(wide.user.name).toBe('Minos');
    for (const name of ['Server', 'p2', 'Bot 3', 'An\u200bn', 'Ann\u202e', '\u0007bell']) {
      const res = await call<{ error: { code: string } }>(server.app, 'POST', '/api/auth/guest', {
        body: { displayName: name },
      });
      expect(res.status, name).toBe(400);
    }
    const creator = await guest(server.app, 'Minos');
    const created = await ok(
      call<{ id: string }>(server.app, 'POST', '/api/games', {
        token: creator.accessToken,
        body: { seats: 3 },
      }),
      201,
    );
    // Another "minos" (any case, any width) is refused a seat at the same table.
    const res = await call<{ error: { code: string } }>(server.app, 'POST', `/api/games/${created.id}/join`, {
      token: wide.accessToken,
      body: {},
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('nameTaken');
    const other = await guest(server.app, 'Daedalus');
    await ok(
      call(server.app, 'POST', `/api/games/${created.id}/join`, { token: other.accessToken, body: {} }),
    );
  });
});

describe('passwords and metrics', () => {
  it('a hash made at another scrypt cost is remade at the configured one on the next successful sign-in', async () => {
    const body = { username: 'old-hash', password: 'labyrinth-1' };
    const reg = await ok(call<Tokens>(server.app, 'POST', '/api/auth/register', { body }), 201);
    const prisma = server.app.titan.db.prisma;
    const older = await passwords(2 ** 9).hash(body.password);
    await prisma.user.update({ where: { id: reg.user.id }, data: { passwordHash: older } });
    await ok(call(server.app, 'POST', '/api/auth/login', { body }));
    const stored = (await prisma.user.findUniqueOrThrow({ where: { id: reg.user.id } })).passwordHash!;
    expect(stored.split('$').slice(0, 4)).toEqual([
      'scrypt',
      String(server.app.titan.config.scryptN),
      '8',
      '1',
    ]);
    await ok(call(server.app, 'POST', '/api/auth/login', { body }));
    // The default cost is OWASP's.
    expect(DEFAULT_CONFIG.scryptN).toBe(2 ** 17);
  });

  it('/metrics needs the metrics token when one is set, else a loopback caller', async () => {
    const outside = await server.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(401);
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    // A proxy on this machine passing on an outsider's request is no local caller.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }]) {
      expect((await server.app.inject({ url: '/metrics', headers })).statusCode).toBe(401);
    }
    const guarded = await buildTestApp(testConfig({ metricsToken: 'metrics-secret' }));
    expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = { authorization: 'Bearer metrics-secreT' };
    expect((await guarded.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(401);
    const right = { authorization: 'Bearer metrics-secret' };
    expect((await guarded.inject({ url: '/metrics', headers: right })).statusCode).toBe(200);
    await guarded.close();
  });
});
