// Issue 12: per-user and per-address caps. REST refusals are 429 with Retry-After; websocket ones the
// documented close code (4011) or error; all are counted in /metrics.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginBackoff } from '../../server/auth/loginBackoff';
import { configFromEnv, DEFAULT_LIMITS, LIMIT_VARIABLES, UNCAPPED_LIMITS } from '../../server/config';
import { PROJECT_ROOT } from '../../server/paths';
import { CLOSE_CODES } from '../../shared/protocol/messages';
import type { GameSummary, Tokens } from '../../shared/protocol/rest';
import { call, createGame, guest, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { buildTestApp, startServer, type TestServer, testConfig } from './support/server';

// One server with low per-address caps, one with low per-user caps (its test users all come from
// 127.0.0.1).
let server: TestServer;
let app: FastifyInstance;
let users: TestServer;
beforeAll(async () => {
  server = await startServer(
    testConfig({
      limits: { ...UNCAPPED_LIMITS, guestsPerHour: 3, signUpsPerHour: 2, loginFailures: 2 },
    }),
  );
  app = server.app;
  users = await startServer(
    testConfig({
      limits: {
        ...UNCAPPED_LIMITS,
        openGamesPerUser: 2,
        gamesPerHour: 3,
        socketsPerUser: 2,
        gamesPerSocket: 1,
        joinsPerSecond: 1,
      },
    }),
  );
});
afterAll(async () => {
  await server.close();
  await users.close();
});

const rateLimited = () => app.titan.metrics.read().requestsRateLimited;

/** A REST call from another address (each test has its own, so the per-address caps start afresh). */
const from = (remoteAddress: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

describe('per-address caps (REST: 429 with Retry-After)', () => {
  it('guest creation: the fourth guest from one address in an hour is refused; another address is not', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await from('10.0.0.1', '/api/auth/guest', { displayName: `G${i}` })).statusCode).toBe(201);
    }
    const before = rateLimited();
    const refused = await from('10.0.0.1', '/api/auth/guest', { displayName: 'G4' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: { code: 'rateLimited' } });
    expect(rateLimited()).toBe(before + 1);
    expect((await from('10.0.0.2', '/api/auth/guest', { displayName: 'G5' })).statusCode).toBe(201);
  });

  it('behind a trusted proxy the caps count the address it names; otherwise X-Forwarded-For is ignored', async () => {
    const limits = { ...UNCAPPED_LIMITS, guestsPerHour: 1 };
    const proxied = await buildTestApp(testConfig({ limits, trustProxy: 1 }));
    const via = (client: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/auth/guest',
        payload: { displayName: 'Guest' },
        remoteAddress: '172.18.0.5', // the proxy
        headers: { 'x-forwarded-for': client },
      });
    // Two users behind one proxy each get their own cap.
    expect((await via('198.51.100.1')).statusCode).toBe(201);
    expect((await via('198.51.100.2')).statusCode).toBe(201);
    expect((await via('198.51.100.1')).statusCode).toBe(429);
    await proxied.close();
    // Not behind a trusted proxy: a caller cannot pass for others by naming them.
    const direct = await buildTestApp(testConfig({ limits }));
    const spoofed = (client: string) =>
      direct.inject({
        method: 'POST',
        url: '/api/auth/guest',
        payload: { displayName: 'Guest' },
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': client },
      });
    expect((await spoofed('198.51.100.3')).statusCode).toBe(201);
    expect((await spoofed('198.51.100.4')).statusCode).toBe(429);
    await direct.close();
    expect(configFromEnv({ TITAN_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configFromEnv({ TITAN_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(configFromEnv({}).trustProxy).toBe(false);
  });

  it('sign-up: the third account from one address in an hour is refused', async () => {
    const body = (i: number) => ({ username: `family-${i}`, password: 'labyrinth-1' });
    expect((await from('10.0.1.1', '/api/auth/register', body(1))).statusCode).toBe(201);
    expect((await from('10.0.1.1', '/api/auth/register', body(2))).statusCode).toBe(201);
    const refused = await from('10.0.1.1', '/api/auth/register', body(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('failed logins: after the allowed wrong passwords the username waits, even with the right one', async () => {
    const account = { username: 'daedalus', password: 'labyrinth-1' };
    expect((await from('10.0.2.1', '/api/auth/register', account)).statusCode).toBe(201);
    const wrong = { ...account, password: 'labyrinth-2' };
    expect((await from('10.0.2.2', '/api/auth/login', wrong)).statusCode).toBe(401);
    expect((await from('10.0.2.3', '/api/auth/login', wrong)).statusCode).toBe(401);
    // From any address: the wait is the username's.
    const waiting = await from('10.0.2.4', '/api/auth/login', account);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(waiting.json().error.message).toMatch(/wrong passwords/);
  });

  it('the backoff doubles with each further failure, at most 15 minutes, and a success clears it', () => {
    let now = 0;
    const backoff = loginBackoff(2, () => now);
    // Each try let through counts as a failure at once; the third waits 1 s, the fourth 2 s.
    expect(backoff.attempt('icarus')).toBe(0);
    expect(backoff.attempt('icarus')).toBe(0);
    expect(backoff.attempt('icarus')).toBe(1);
    now += 1000;
    expect(backoff.attempt('icarus')).toBe(0);
    expect(backoff.attempt('icarus')).toBe(2);
    for (let i = 0; i < 20; i++) {
      now += 15 * 60_000;
      backoff.attempt('icarus');
    }
    expect(backoff.attempt('icarus')).toBe(15 * 60);
    now += 15 * 60_000;
    expect(backoff.attempt('icarus')).toBe(0);
    backoff.succeeded('icarus');
    expect(backoff.attempt('icarus')).toBe(0);
    // A try that ended in a fault is taken back.
    backoff.withdrawn('icarus');
    expect(backoff.attempt('icarus')).toBe(0);
    expect(backoff.attempt('icarus')).toBe(0);
    expect(backoff.attempt('icarus')).toBe(1);
  });

  it('issue 12: wrong passwords sent all at once cannot all pass the check before the first is counted', async () => {
    const account = { username: 'theseus', password: 'labyrinth-1' };
    expect((await from('10.0.3.1', '/api/auth/register', account)).statusCode).toBe(201);
    const wrong = { ...account, password: 'labyrinth-9' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => from(`10.0.3.${10 + i}`, '/api/auth/login', wrong)),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    // Two free failures (loginFailures: 2), every other guess refused before any hashing.
    expect(codes).toEqual([401, 401, 429, 429, 429, 429, 429, 429]);
  });

  it('every limit is read from its variable and documented in the README config table', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    for (const [limit, variable] of Object.entries(LIMIT_VARIABLES)) {
      expect(readme).toContain(`| \`${variable}\``);
      expect(configFromEnv({ [variable]: '7' }).limits[limit as keyof typeof LIMIT_VARIABLES]).toBe(7);
    }
    expect(() => configFromEnv({ TITAN_LIMIT_SOCKETS_PER_USER: 'many' })).toThrow(/SOCKETS_PER_USER/);
  });

  it('the defaults are generous for a family on one address', () => {
    expect(DEFAULT_LIMITS.guestsPerHour).toBeGreaterThanOrEqual(10);
    expect(DEFAULT_LIMITS.socketsPerUser).toBeGreaterThanOrEqual(10);
    expect(DEFAULT_LIMITS.loginFailures).toBeGreaterThanOrEqual(3);
    // Four tabs on the waiting page (a call every 2 s each) stay within a user's calls.
    expect(DEFAULT_LIMITS.requestsPerMinute / 6).toBeGreaterThanOrEqual((4 * 30) / 6);
  });

  it('REST calls per user (bursts of a sixth of the minute), and per address for the refresh and sign-out', async () => {
    const capped = await buildTestApp(testConfig({ limits: { ...UNCAPPED_LIMITS, requestsPerMinute: 12 } }));
    const ann = (
      await capped.inject({ method: 'POST', url: '/api/auth/guest', payload: { displayName: 'Ann' } })
    ).json<Tokens>();
    const bob = (
      await capped.inject({ method: 'POST', url: '/api/auth/guest', payload: { displayName: 'Bob' } })
    ).json<Tokens>();
    const me = (t: Tokens) =>
      capped.inject({ url: '/api/me', headers: { authorization: `Bearer ${t.accessToken}` } });
    const games = (t: Tokens) =>
      capped.inject({ url: '/api/games', headers: { authorization: `Bearer ${t.accessToken}` } });
    expect((await me(ann)).statusCode).toBe(200);
    expect((await games(ann)).statusCode).toBe(200);
    const before = capped.titan.metrics.read().requestsRateLimited;
    const refused = await games(ann);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ error: { code: 'rateLimited' } });
    expect(capped.titan.metrics.read().requestsRateLimited).toBe(before + 1);
    // Another user on the same address has his own.
    expect((await me(bob)).statusCode).toBe(200);
    // The refresh carries no access token: twelve a minute from one address.
    const refresh = () =>
      capped.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: 'forged' },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 12; i++) expect((await refresh()).statusCode).toBe(401);
    expect((await refresh()).statusCode).toBe(429);
    await capped.close();
  });
});

describe('per-user caps', () => {
  let app: FastifyInstance;
  let server: TestServer;
  beforeAll(() => {
    server = users;
    app = users.app;
  });

  it('open games: a third game not started yet is refused (429)', async () => {
    const minos = await guest(app, 'Minos');
    await createGame(app, minos.accessToken, { seats: 2 });
    await createGame(app, minos.accessToken, { seats: 2 });
    const refused = await call<{ error: { code: string; message: string } }>(app, 'POST', '/api/games', {
      token: minos.accessToken,
      body: { seats: 2 },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/waiting to start/);
  });

  it('seats in open games: a guest may not fill more tables than he may create, even joining them all at once', async () => {
    const tables = [];
    for (let i = 0; i < 4; i++) {
      const host = await guest(app, `Host ${i}`);
      tables.push(await createGame(app, host.accessToken, { seats: 3 }));
    }
    const squatter = await guest(app, 'Squatter');
    const joins = await Promise.all(
      tables.map((g) =>
        call<{ error: { message: string } }>(app, 'POST', `/api/games/${g.id}/join`, {
          token: squatter.accessToken,
          body: {},
        }),
      ),
    );
    expect(joins.map((j) => j.status).sort()).toEqual([200, 200, 429, 429]);
    const refused = joins.find((j) => j.status === 429)!;
    expect(refused.body.error.message).toMatch(/seats in 2 games waiting to start/);
    // Leaving one frees a place.
    const held = tables.filter((_, i) => joins[i]!.status === 200);
    const free = tables.find((_, i) => joins[i]!.status === 429)!;
    await ok(call(app, 'POST', `/api/games/${held[0]!.id}/leave`, { token: squatter.accessToken }));
    await ok(call(app, 'POST', `/api/games/${free.id}/join`, { token: squatter.accessToken, body: {} }));
  });

  it('open games: five creations sent at once pass the cap of two exactly twice (checked with the insert)', async () => {
    const phaedra = await guest(app, 'Phaedra');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/games',
          headers: { authorization: `Bearer ${phaedra.accessToken}` },
          payload: { seats: 2 },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    const mine = await ok(
      call<{ games: GameSummary[] }>(app, 'GET', '/api/games?status=open', { token: phaedra.accessToken }),
    );
    expect(mine.games.filter((g) => g.creator.id === phaedra.user.id)).toHaveLength(2);
  });

  it('sockets per user: sockets opened at once pass the cap exactly as often as it allows', async () => {
    const androgeos: Tokens = await guest(app, 'Androgeos');
    const sockets = await Promise.all(
      Array.from({ length: 5 }, () =>
        TestClient.open(server.wsUrl, { query: `token=${androgeos.accessToken}` }),
      ),
    );
    const codes = await Promise.all(
      sockets.map((c) =>
        Promise.race([c.closed.then((e) => e.code), c.nextOpen('welcome').then(() => 'welcome' as const)]),
      ),
    );
    expect(codes.sort()).toEqual(
      [
        CLOSE_CODES.tooManySockets,
        CLOSE_CODES.tooManySockets,
        CLOSE_CODES.tooManySockets,
        'welcome',
        'welcome',
      ].sort(),
    );
    await Promise.all(sockets.map((c) => c.close()));
  });

  it('games per hour: once started games fill the hour, a new one is refused with the wait', async () => {
    const ariadne = await guest(app, 'Ariadne');
    for (let i = 0; i < 3; i++) {
      const g = await createGame(app, ariadne.accessToken, { seats: 2 });
      await ok(call(app, 'POST', `/api/games/${g.id}/bots`, { token: ariadne.accessToken, body: {} }));
      await ok(call<GameSummary>(app, 'POST', `/api/games/${g.id}/start`, { token: ariadne.accessToken }));
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/games',
      headers: { authorization: `Bearer ${ariadne.accessToken}` },
      payload: { seats: 2 },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json().error.message).toMatch(/last hour/);
  });

  it('sockets per user: one over the cap is closed 4011 and counted; closing one frees a place', async () => {
    const pasiphae: Tokens = await guest(app, 'Pasiphae');
    const one = await TestClient.open(server.wsUrl, { token: pasiphae.accessToken });
    const two = await TestClient.open(server.wsUrl, { token: pasiphae.accessToken });
    const before = app.titan.metrics.read().socketsClosedTooMany;
    const three = await TestClient.open(server.wsUrl, { query: `token=${pasiphae.accessToken}` });
    expect((await three.closed).code).toBe(CLOSE_CODES.tooManySockets);
    expect(app.titan.metrics.read().socketsClosedTooMany).toBe(before + 1);
    await one.close();
    const again = await TestClient.open(server.wsUrl, { token: pasiphae.accessToken });
    expect(again.received[0]?.type).toBe('welcome');
    await again.close();
    await two.close();
  });

  it('games per socket and joins per second: refused with an error, the socket stays open', async () => {
    const [first, second] = [await startedGame(app, 2, 1), await startedGame(app, 2, 1)];
    const watcher = await guest(app, 'Watcher');
    const c = await TestClient.open(server.wsUrl, { token: watcher.accessToken });
    c.send({ type: 'join', game: first.game.id, as: 'spectator' });
    await c.nextOpen('joined');
    c.send({ type: 'join', game: second.game.id, as: 'spectator' });
    expect(await c.nextOpen('error')).toMatchObject({ code: 'tooManyGames', game: second.game.id });
    // The budget is three joins or syncs at once (and one a second): two have gone, so one of these
    // three syncs (sent at once) finds it spent.
    c.send({ type: 'join', game: first.game.id, as: 'spectator' });
    await c.nextOpen('joined');
    for (let i = 0; i < 3; i++) c.send({ type: 'sync', game: first.game.id });
    expect(await c.nextOpen('error')).toMatchObject({ code: 'rateLimited' });
    expect(app.titan.metrics.read().joinsRefused).toBeGreaterThanOrEqual(2);
    await c.close();
  });

  it('intents to games not in memory: their look-ups come from the joins budget; a seated player’s game needs none', async () => {
    const { game, players } = await startedGame(app, 2, 2);
    const room = app.titan.rooms.loaded(game.id)!;
    const submit = vi.spyOn(room, 'submit');
    const lookUps = vi.spyOn(app.titan.db.prisma.game, 'findUnique');
    const refusedBefore = app.titan.metrics.read().intentsRefusedLookUps;
    const c = await TestClient.open(server.wsUrl, { token: players[0]!.accessToken });
    // Nine made-up games at once: the budget (three at once, one a second) looks up three or four.
    const madeUp = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const replies = await Promise.all(
      Array.from({ length: 9 }, (_, i) => c.intent(madeUp(i), { type: 'rollTower' })),
    );
    const codes = replies.map((r) => (r.type === 'rejected' ? r.code : r.type));
    const lookedUp = codes.filter((code) => code === 'unknownGame').length;
    expect(lookedUp).toBeGreaterThanOrEqual(3);
    expect(lookedUp).toBeLessThanOrEqual(4);
    expect(codes.filter((code) => code === 'unavailable')).toHaveLength(9 - lookedUp);
    expect(lookUps).toHaveBeenCalledTimes(lookedUp);
    expect(app.titan.metrics.read().intentsRefusedLookUps).toBe(refusedBefore + 9 - lookedUp);
    // His own game's room is in memory: his intent reaches it, budget or not.
    const own = await c.intent(game.id, { type: 'rollTower' });
    expect(own.type === 'rejected' ? own.code : own.type).not.toBe('unavailable');
    expect(submit).toHaveBeenCalledTimes(1);
    lookUps.mockRestore();
    submit.mockRestore();
    await c.close();
  });
});
