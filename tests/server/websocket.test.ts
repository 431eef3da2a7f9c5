// The websocket protocol against a listening server (real sockets, PGlite): authentication, origin,
// frame and rate limits, malformed/unauthorised/out-of-turn intents (rejected with a reason, nothing
// changed), repeated intent ids, stale sequence numbers, presence and notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, loadSigningKey } from '../../server/auth/tokens';
import { CLOSE_CODES, PROTOCOL_VERSION } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import { call, guest, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { startServer, type TestServer, testConfig } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(
    testConfig({
      allowedOrigins: ['https://titan.example'],
      messagesPerSecond: 5,
      messageBurst: 40,
      maxFrameBytes: 4096,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

/** A real access token of this server for `who`, expiring in `seconds` (the `exp` claim is in whole
 *  seconds: it is valid for between seconds - 1 and seconds). */
const tokenFor = async (who: Tokens, seconds: number) => {
  const key = await loadSigningKey(server.app.titan.db, null);
  return accessTokens(() => key, seconds, { isEnded: () => false }).sign({
    userId: who.user.id,
    name: who.user.name,
    guest: who.user.guest,
  });
};

const room = async (game: string) => (await server.app.titan.rooms.get(game))!;
const persistedSeq = async (game: string) =>
  (
    await server.app.titan.db.prisma.gameEvent.findFirstOrThrow({
      where: { gameId: game },
      orderBy: { seq: 'desc' },
    })
  ).seq;

describe('websocket: connecting', () => {
  it('authenticates with the token in the URL or in hello, and closes 4001 without a valid one', async () => {
    const ann = await guest(server.app, 'Ann');
    const byQuery = await TestClient.open(server.wsUrl, { token: ann.accessToken });
    expect(byQuery.received[0]).toMatchObject({
      type: 'welcome',
      protocolVersion: PROTOCOL_VERSION,
      user: { name: 'Ann' },
    });
    await byQuery.close();

    const byHello = await TestClient.open(server.wsUrl);
    byHello.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: ann.accessToken });
    expect((await byHello.next('welcome')).user.id).toBe(ann.user.id);
    byHello.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: ann.accessToken });
    expect((await byHello.next('error')).code).toBe('alreadyAuthenticated');
    await byHello.close();

    const bad = await TestClient.open(server.wsUrl, { query: 'token=forged' });
    expect((await bad.closed).code).toBe(CLOSE_CODES.unauthorised);

    const silent = await TestClient.open(server.wsUrl);
    silent.send({ type: 'join', game: '00000000-0000-4000-8000-000000000000', as: 'spectator' });
    expect((await silent.closed).code).toBe(CLOSE_CODES.unauthorised);
  });

  it('closes 4003 when the access token expires, unless auth renewed it (the games joined stay joined)', async () => {
    const ann = await guest(server.app, 'Ann');
    const bob = await guest(server.app, 'Bob');
    const { game } = await startedGame(server.app, 2, 2);
    const short = await tokenFor(ann, 3);
    const lapsing = await TestClient.open(server.wsUrl, { token: short.token });
    const renewed = await TestClient.open(server.wsUrl, { token: short.token });
    const first = renewed.received[0] as { tokenExpiresAt: string };
    expect(Date.parse(first.tokenExpiresAt)).toBe(Math.floor(short.expiresAt.getTime() / 1000) * 1000);
    renewed.send({ type: 'join', game: game.id, as: 'spectator' });
    await renewed.next('joined');

    // Another user's token, or an invalid one, renews nothing (and closes nothing).
    renewed.send({ type: 'auth', token: bob.accessToken });
    expect(await renewed.next('error')).toMatchObject({ code: 'unauthorised' });
    renewed.send({ type: 'auth', token: 'forged' });
    expect(await renewed.next('error')).toMatchObject({ code: 'unauthorised' });
    renewed.send({ type: 'auth', token: ann.accessToken });
    const welcome = await renewed.next('welcome');
    expect(welcome.connection).toBe((first as unknown as { connection: string }).connection);
    expect(Date.parse(welcome.tokenExpiresAt)).toBeGreaterThan(Date.parse(first.tokenExpiresAt));

    expect(await lapsing.closed).toEqual({ code: CLOSE_CODES.tokenExpired, reason: 'access token expired' });
    // The renewed socket outlives the first token, still in its game.
    renewed.drain();
    renewed.send({ type: 'sync', game: game.id });
    expect((await renewed.nextOpen('state')).game).toBe(game.id);
    renewed.send({ type: 'ping', nonce: 'still here' });
    expect(await renewed.nextOpen('pong')).toEqual({ type: 'pong', nonce: 'still here' });
    await renewed.close();
  });

  it("logout closes (4001 'signed out') the sockets of that sign-in, not the user's other ones", async () => {
    const body = { username: 'logout-user', password: 'labyrinth-1' };
    const here = await ok(call<Tokens>(server.app, 'POST', '/api/auth/register', { body }), 201);
    const there = await ok(call<Tokens>(server.app, 'POST', '/api/auth/login', { body }));
    const refreshed = await ok(
      call<Tokens>(server.app, 'POST', '/api/auth/refresh', { body: { refreshToken: here.refreshToken } }),
    );
    const c1 = await TestClient.open(server.wsUrl, { token: here.accessToken });
    const c2 = await TestClient.open(server.wsUrl, { token: refreshed.accessToken });
    const other = await TestClient.open(server.wsUrl, { token: there.accessToken });
    await ok(
      call(server.app, 'POST', '/api/auth/logout', { body: { refreshToken: refreshed.refreshToken } }),
      204,
    );
    for (const c of [c1, c2]) {
      expect(await c.closed).toEqual({ code: CLOSE_CODES.unauthorised, reason: 'signed out' });
    }
    other.send({ type: 'ping' });
    expect(await other.nextOpen('pong')).toEqual({ type: 'pong' });
    // A spent refresh token presented again once the pair it got was spent too (a replay, not two tabs racing)
    // revokes its sign-in, and that closes the sign-in's sockets too.
    const next = await ok(
      call<Tokens>(server.app, 'POST', '/api/auth/refresh', { body: { refreshToken: there.refreshToken } }),
    );
    await ok(call(server.app, 'POST', '/api/auth/refresh', { body: { refreshToken: next.refreshToken } }));
    const reused = await call(server.app, 'POST', '/api/auth/refresh', {
      body: { refreshToken: there.refreshToken },
    });
    expect(reused.status).toBe(401);
    expect(await other.closed).toEqual({ code: CLOSE_CODES.unauthorised, reason: 'session revoked' });
  });

  it('closes 4002 for another protocol version', async () => {
    const ann = await guest(server.app, 'Ann');
    const c = await TestClient.open(server.wsUrl);
    c.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION + 1, token: ann.accessToken });
    expect((await c.closed).code).toBe(CLOSE_CODES.unsupportedProtocol);
  });

  it('refuses a foreign Origin at the upgrade; same-origin and configured origins connect', async () => {
    const ann = await guest(server.app, 'Ann');
    await expect(
      TestClient.open(server.wsUrl, { token: ann.accessToken, origin: 'https://evil.example' }),
    ).rejects.toThrow(/403/);
    const same = await TestClient.open(server.wsUrl, { token: ann.accessToken, origin: server.url });
    await same.close();
    const configured = await TestClient.open(server.wsUrl, {
      token: ann.accessToken,
      origin: 'https://titan.example',
    });
    await configured.close();
  });

  it('closes 1009 on a frame over the size limit', async () => {
    const ann = await guest(server.app, 'Ann');
    const c = await TestClient.open(server.wsUrl, { token: ann.accessToken });
    c.send({ type: 'ping', nonce: 'x'.repeat(5000) });
    expect((await c.closed).code).toBe(CLOSE_CODES.messageTooBig);
  });

  it('closes 4008 when a socket sends faster than its rate', async () => {
    const ann = await guest(server.app, 'Ann');
    const c = await TestClient.open(server.wsUrl, { token: ann.accessToken });
    const before = server.app.titan.metrics.read().socketsClosedRateLimit;
    // Twenty frames over the burst: the socket is closed at the first, and counted once.
    for (let i = 0; i < 60; i++) c.send({ type: 'ping' });
    expect(await c.closed).toEqual({ code: CLOSE_CODES.rateLimited, reason: 'rate limit exceeded' });
    expect(server.app.titan.metrics.read().socketsClosedRateLimit).toBe(before + 1);
  });

  it('answers each malformed frame, and closes 4009 after too many', async () => {
    const ann = await guest(server.app, 'Ann');
    const c = await TestClient.open(server.wsUrl, { token: ann.accessToken });
    c.send('not json');
    expect((await c.next('error')).code).toBe('malformed');
    c.send({ type: 'teleport' });
    expect((await c.next('error')).message).toMatch(/type/);
    for (let i = 0; i < 10; i++) c.send({ type: 'join', game: 'nope', as: 'player' });
    expect((await c.closed).code).toBe(CLOSE_CODES.tooManyMalformed);
  });
});

describe('websocket: intents', () => {
  let game: string;
  let ann: Tokens;
  let bob: Tokens;
  let a: TestClient;
  let b: TestClient;

  beforeAll(async () => {
    const started = await startedGame(server.app, 2, 2);
    game = started.game.id;
    [ann, bob] = started.players as [Tokens, Tokens];
    a = await TestClient.open(server.wsUrl, { token: ann.accessToken });
    b = await TestClient.open(server.wsUrl, { token: bob.accessToken });
    a.send({ type: 'join', game, as: 'player' });
    b.send({ type: 'join', game, as: 'player' });
    expect(await a.next('joined')).toMatchObject({ seat: 'p1', as: 'player', catchUp: 'state' });
    expect(await b.next('joined')).toMatchObject({ seat: 'p2', as: 'player' });
    await a.next('state');
    // 1.3.1.1: the first seat rolls for its tower first: only Ann is offered her legal intents.
    expect((await a.next('legal')).intents).toEqual([{ type: 'rollTower' }]);
  });

  afterAll(async () => {
    await a.close();
    await b.close();
  });

  /** Runs `act` and checks the game (state, seq, persisted seq) is exactly as before. */
  async function unchanged(act: () => Promise<void>) {
    const r = await room(game);
    const [state, seq, stored] = [structuredClone(r.currentState), r.currentSeq, await persistedSeq(game)];
    await act();
    expect(r.currentState).toEqual(state);
    expect(r.currentSeq).toBe(seq);
    expect(await persistedSeq(game)).toBe(stored);
  }

  it('rejects a malformed intent with the reason, changing nothing', async () => {
    await unchanged(async () => {
      const unknown = await a.intent(game, { type: 'castSpell' });
      expect(unknown).toMatchObject({ type: 'rejected', code: 'malformed', rule: 'protocol' });
      const bad = await a.intent(game, {
        type: 'moveLegion',
        legion: 'not a marker',
        land: -1,
        via: 'normal',
      });
      expect(bad).toMatchObject({ type: 'rejected', code: 'malformed', rule: 'protocol' });
      expect((bad as { message: string }).message).toMatch(/legion/);
    });
  });

  it('rejects an intent out of turn (errata 1.3), changing nothing', async () => {
    await unchanged(async () => {
      const reply = await b.intent(game, { type: 'rollTower' });
      expect(reply).toMatchObject({ type: 'rejected', code: 'notYourTurn' });
      expect((reply as { rule: string }).rule).toMatch(/1\.[34]/);
    });
  });

  it('rejects the intent of a user who holds no seat, changing nothing', async () => {
    const eve = await guest(server.app, 'Eve');
    const e = await TestClient.open(server.wsUrl, { token: eve.accessToken });
    await unchanged(async () => {
      expect(await e.intent(game, { type: 'rollTower' })).toMatchObject({
        type: 'rejected',
        code: 'notSeated',
      });
    });
    e.send({ type: 'join', game, as: 'player' });
    expect(await e.next('error')).toMatchObject({ code: 'notSeated', game });
    await e.close();
  });

  it('rejects an intent sent against an older seq (staleSeq), changing nothing', async () => {
    const r = await room(game);
    await unchanged(async () => {
      const reply = await a.intent(game, { type: 'rollTower' }, { expectedSeq: r.currentSeq - 1 });
      expect(reply).toMatchObject({ type: 'rejected', code: 'staleSeq' });
    });
  });

  it('applies an intent once: events to both players, one accepted reply; the same id again gets the same reply', async () => {
    const r = await room(game);
    const before = r.currentSeq;
    const first = await a.intent(game, { type: 'rollTower' }, { id: 'double-click', expectedSeq: before });
    expect(first.type).toBe('accepted');
    const seq = (first as { seq: number }).seq;
    expect(seq).toBeGreaterThan(before);
    // Both players received every event up to the reply's seq, numbered without gaps (Ann's came before
    // her reply on the same socket; Bob's are waited for).
    await b.next('event', (m) => m.seq === seq);
    for (const c of [a, b]) {
      const events = c.received
        .filter((m) => m.type === 'event' && m.seq > before)
        .map((m) => (m as { seq: number }).seq);
      expect(events).toEqual(Array.from({ length: seq - before }, (_, i) => before + 1 + i));
    }
    const rolled = a.received.find((m) => m.type === 'event' && m.event.type === 'towerRolled');
    expect(rolled).toMatchObject({ event: { type: 'towerRolled', player: 'p1' } });

    const again = await a.intent(game, { type: 'rollTower' }, { id: 'double-click' });
    expect(again).toEqual(first);
    expect(r.currentSeq).toBe(seq);
    expect(await persistedSeq(game)).toBe(seq);
    // Now it is Bob's turn to roll (1.3.1.1), and only he is offered it.
    expect((await b.next('legal')).intents).toEqual([{ type: 'rollTower' }]);
  });

  it("a repeated id is recognised from the database too (after the room's memory is gone)", async () => {
    const r = await room(game);
    const seq = r.currentSeq;
    const stored = await server.app.titan.db.prisma.gameEvent.findFirstOrThrow({
      where: { gameId: game, intentId: 'double-click' },
    });
    // Bob's legal move now is his own tower roll; Ann re-sending her old id must not roll for anyone.
    (r as unknown as { replies: Map<string, unknown> }).replies.clear();
    const again = await a.intent(game, { type: 'rollTower' }, { id: 'double-click' });
    expect(again).toEqual({ type: 'accepted', id: 'double-click', game, seq: stored.seq });
    expect(r.currentSeq).toBe(seq);
  });

  it('a repeated id gets its first reply even with an expectedSeq the game has moved past', async () => {
    const r = await room(game);
    const seq = r.currentSeq;
    const stored = await server.app.titan.db.prisma.gameEvent.findFirstOrThrow({
      where: { gameId: game, intentId: 'double-click' },
    });
    (r as unknown as { replies: Map<string, unknown> }).replies.clear();
    const again = await a.intent(game, { type: 'rollTower' }, { id: 'double-click', expectedSeq: 0 });
    expect(again).toEqual({ type: 'accepted', id: 'double-click', game, seq: stored.seq });
    expect(r.currentSeq).toBe(seq);
  });

  it('tells the others when a seated player drops and when he returns, with presence', async () => {
    const spectator = await guest(server.app, 'Sam');
    const s = await TestClient.open(server.wsUrl, { token: spectator.accessToken });
    s.send({ type: 'join', game, as: 'spectator' });
    expect(await s.next('joined')).toMatchObject({ as: 'spectator', seat: null });
    const presence = await s.next('presence');
    expect(presence.seats.map((x) => x.connected)).toEqual([true, true]);
    expect(presence.spectators).toBe(1);

    await b.close();
    expect(await s.next('notice')).toMatchObject({ kind: 'playerDropped', seat: 'p2', name: 'Player 2' });
    expect((await s.next('presence', (p) => !p.seats[1]!.connected)).seats[1]).toMatchObject({
      connected: false,
    });

    b = await TestClient.open(server.wsUrl, { token: bob.accessToken });
    b.send({ type: 'join', game, as: 'player', lastSeq: (await room(game)).currentSeq });
    expect(await b.next('joined')).toMatchObject({ catchUp: 'events' });
    expect(await s.next('notice')).toMatchObject({ kind: 'playerReturned', seat: 'p2' });
    expect((await b.next('legal')).intents).toEqual([{ type: 'rollTower' }]);
    await s.close();
  });

  it('answers sync with a fresh state and ping with pong', async () => {
    a.drain();
    a.send({ type: 'sync', game });
    const state = await a.next('state');
    expect(state.seq).toBe((await room(game)).currentSeq);
    expect(state.view.viewer).toEqual({ player: 'p1' });
    a.send({ type: 'ping', nonce: 'n1' });
    expect(await a.next('pong')).toEqual({ type: 'pong', nonce: 'n1' });
    a.send({ type: 'sync', game: '00000000-0000-4000-8000-000000000000' });
    expect((await a.next('error')).code).toBe('notJoined');
  });

  it('a conflicting writer wins or loses whole: the loser is refused and reloads, the log never forks', async () => {
    const r = await room(game);
    const seq = r.currentSeq;
    const { prisma } = server.app.titan.db;
    // Another writer appends seq+1 behind the room's back (a copy of the last event, harmless to fold).
    const last = await prisma.gameEvent.findFirstOrThrow({ where: { gameId: game, seq } });
    await prisma.$transaction([
      prisma.gameEvent.create({
        data: { gameId: game, seq: seq + 1, type: last.type, payload: last.payload ?? {} },
      }),
      prisma.game.update({ where: { id: game }, data: { seq: seq + 1 } }),
    ]);
    b.drain();
    const refused = await b.intent(game, { type: 'rollTower' }, { id: 'after-conflict' });
    expect(refused).toMatchObject({ type: 'rejected', code: 'unavailable' });
    expect(r.currentSeq).toBe(seq + 1);
    expect(await b.next('state')).toMatchObject({ seq: seq + 1 });
    const rows = await prisma.gameEvent.findMany({ where: { gameId: game }, orderBy: { seq: 'asc' } });
    expect(rows.map((e) => e.seq)).toEqual(rows.map((_, i) => i + 1));
    // A passing refusal is not remembered: the same id, sent again, is decided afresh.
    expect(await b.intent(game, { type: 'rollTower' }, { id: 'after-conflict' })).toMatchObject({
      type: 'accepted',
    });
  });

  it('refuses to join a game that has not started', async () => {
    const open = await ok(
      call<{ id: string }>(server.app, 'POST', '/api/games', { token: ann.accessToken, body: { seats: 2 } }),
      201,
    );
    a.send({ type: 'join', game: open.id, as: 'player' });
    expect(await a.next('error')).toMatchObject({ code: 'gameNotRunning', game: open.id });
  });
});
