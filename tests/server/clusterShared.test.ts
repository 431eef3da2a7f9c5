// Cluster mode (issue 16, "Past one machine"): what three server processes on one PostgreSQL and one Redis
// must count and know together. A user's REST calls come from one budget however the proxy spreads them;
// the chat of a finished game (served by whichever process its watcher is on) has one rate per author, and
// its messages and mutes reach every process's copy of it; a tournament is changed by one process at a
// time; a game seen not started by one process is not believed so once another started it; a process whose subscription to the others was down reads the sign-in sessions ended meanwhile from
// the database. (Three apps in this test process, each
// with its own connections, name and bus; skipped with a loud warning when PostgreSQL or Redis cannot be
// reached.)
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { UNCAPPED_LIMITS } from '../../server/config';
import { CHAT, CLOSE_CODES } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import type { TournamentDetail } from '../../shared/protocol/tournament';
import { call, createGame, guest, ok, registered, startedGame } from './support/api';
import { TestClient } from './support/client';
import { clusterStoresForFile } from './support/clusterStores';
import { waitFor } from './support/games';
import { startServer, type TestServer, testConfig } from './support/server';

/** A user's REST budget here: 24 a minute, bursts of 4 (a game's organiser makes 4 calls). */
const REQUESTS_PER_MINUTE = 24;

const servers: TestServer[] = [];
const stores = clusterStoresForFile({
  start: async ({ database, redisUrl, redisPrefix }) => {
    const config = testConfig({
      databaseUrl: database.url,
      redisUrl,
      redisPrefix,
      leaseMs: 3000,
      limits: { ...UNCAPPED_LIMITS, requestsPerMinute: REQUESTS_PER_MINUTE },
    });
    for (let i = 0; i < 3; i++) servers.push(await startServer({ ...config, dataDir: testConfig().dataDir }));
  },
  stop: async () => {
    for (const s of servers) await s.close().catch(() => undefined);
  },
});

/** A game started on `owner`, stopped there at once (over for everyone: served from the log), with a
 *  spectator's socket on each of the three processes. */
async function finishedGameWatched(owner: TestServer) {
  const { game } = await startedGame(owner.app, 2, 0);
  await owner.app.titan.rooms.loaded(game.id)!.stopGame();
  await waitFor(async () => (await owner.app.titan.rooms.finished.served(game.id)) !== null, 'the game over');
  const watchers: { user: Tokens; client: TestClient }[] = [];
  for (const [i, server] of servers.entries()) {
    const user = await guest(server.app, `Watcher ${i + 1}`);
    const client = await TestClient.open(server.wsUrl, { token: user.accessToken });
    client.send({ type: 'join', game: game.id, as: 'spectator' });
    await client.next('chatHistory', (m) => m.game === game.id);
    watchers.push({ user, client });
  }
  return { game: game.id, watchers };
}

describe('three server processes share', () => {
  it("a user's REST budget: calls spread over the processes pass only as often as on one", async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const user = await guest(servers[0]!.app, 'Busy');
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(servers[i % 3]!.app, 'GET', '/api/me', { token: user.accessToken });
      statuses.push(res.status);
    }
    const burst = REQUESTS_PER_MINUTE / 6;
    expect(statuses.filter((s) => s === 200)).toHaveLength(burst);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - burst);
    // Another user's budget is his own.
    const other = await guest(servers[1]!.app, 'Idle');
    expect((await call(servers[2]!.app, 'GET', '/api/me', { token: other.accessToken })).status).toBe(200);
  });

  it("a finished game's chat: one rate per author, and every message and mute on every process", async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const { game, watchers } = await finishedGameWatched(servers[0]!);
    const [ann, bob, cat] = watchers as [(typeof watchers)[0], (typeof watchers)[0], (typeof watchers)[0]];
    // Cat mutes Bob on process c; Bob's messages no longer reach Cat (nor her copy of the chat on a).
    cat.client.send({ type: 'chatMute', game, user: bob.user.user.id, muted: true });
    expect((await cat.client.next('chatHistory')).muted).toEqual([bob.user.user.id]);
    // Ann (on a) writes CHAT.burst messages through processes a and b (two sockets), in a row.
    const annOnB = await TestClient.open(servers[1]!.wsUrl, { token: ann.user.accessToken });
    annOnB.send({ type: 'join', game, as: 'spectator' });
    await annOnB.next('chatHistory');
    for (let i = 0; i < CHAT.burst; i++) {
      (i % 2 === 0 ? ann : { client: annOnB }).client.send({ type: 'chat', game, text: `m${i}` });
      await cat.client.next('chat', (m) => m.message.text === `m${i}`);
    }
    // One more, from either process, is one too many.
    ann.client.send({ type: 'chat', game, text: 'one too many' });
    expect(await ann.client.next('chatRefused')).toMatchObject({ reason: 'rateLimited' });
    annOnB.send({ type: 'chat', game, text: 'one too many' });
    expect(await annOnB.next('chatRefused')).toMatchObject({ reason: 'rateLimited' });
    // Bob's message (on b) reaches Ann on a and Dan on c, not Cat (who muted him on c).
    const dan = await guest(servers[2]!.app, 'Dan');
    const danClient = await TestClient.open(servers[2]!.wsUrl, { token: dan.accessToken });
    danClient.send({ type: 'join', game, as: 'spectator' });
    await danClient.next('chatHistory');
    bob.client.send({ type: 'chat', game, text: 'from Bob' });
    await ann.client.next('chat', (m) => m.message.text === 'from Bob');
    await danClient.next('chat', (m) => m.message.text === 'from Bob');
    expect(cat.client.received.some((m) => m.type === 'chat' && m.message.text === 'from Bob')).toBe(false);
    // A newcomer on c sees every message said on a and b; Cat's socket on a, her mute said on c.
    const eve = await guest(servers[2]!.app, 'Eve');
    const eveClient = await TestClient.open(servers[2]!.wsUrl, { token: eve.accessToken });
    eveClient.send({ type: 'join', game, as: 'spectator' });
    const seen = await eveClient.next('chatHistory');
    expect(seen.messages.map((m) => m.text)).toEqual([
      ...Array.from({ length: CHAT.burst }, (_, i) => `m${i}`),
      'from Bob',
    ]);
    const catOnA = await TestClient.open(servers[0]!.wsUrl, { token: cat.user.accessToken });
    catOnA.send({ type: 'join', game, as: 'spectator' });
    const catSees = await catOnA.next('chatHistory');
    expect(catSees.muted).toEqual([bob.user.user.id]);
    expect(catSees.messages.map((m) => m.text)).not.toContain('from Bob');
    for (const c of [...watchers.map((w) => w.client), annOnB, danClient, eveClient, catOnA]) await c.close();
  }, 60_000);

  it('a tournament changed on two processes at once: the next round is seated once, each table one game', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b] = servers as [TestServer, TestServer, TestServer];
    const register = (username: string) => registered(a.app, username);
    const director = await register('shared-director');
    const t = await ok(
      call<TournamentDetail>(a.app, 'POST', '/api/tournaments', {
        token: director.accessToken,
        body: { name: 'Shared', seed: 'shared', stages: [{ kind: 'swiss', rounds: 2, tableSizes: [2] }] },
      }),
      201,
    );
    const base = `/api/tournaments/${t.id}`;
    for (let i = 0; i < 4; i++) {
      const entrant = await register(`shared-entrant-${i}`);
      await ok(call(a.app, 'POST', `${base}/register`, { token: entrant.accessToken, body: {} }));
    }
    const started = await ok(
      call<TournamentDetail>(a.app, 'POST', `${base}/start`, { token: director.accessToken }),
    );
    const tables = started.stages[0]!.tables;
    expect(tables).toHaveLength(2);
    // Both tables forfeited at once, through two processes: each moves the tournament on (and so does a,
    // the games' owner, as each game ends).
    const forfeits = await Promise.all(
      tables.map((table, i) =>
        call(servers[i]!.app, 'POST', `${base}/tables/${table.id}/forfeit`, {
          token: director.accessToken,
          body: { winner: table.entrants[0]!.entrant, reason: 'no show' },
        }),
      ),
    );
    expect(forfeits.map((f) => f.status)).toEqual([200, 200]);
    const prisma = b.app.titan.db.prisma;
    const round2 = () =>
      prisma.tournamentTable.findMany({ where: { stage: { tournamentId: t.id }, round: 2 } });
    await waitFor(async () => {
      const seated = await round2();
      return seated.length > 0 && seated.every((x) => x.gameId !== null);
    }, 'the second round seated');
    // Whatever the others were still doing meanwhile is done.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await round2()).toHaveLength(2);
    expect(await prisma.game.count({ where: { creatorId: director.user.id } })).toBe(4);
    const seatings = await prisma.tournamentLogEntry.count({
      where: { tournamentId: t.id, action: 'roundSeated' },
    });
    expect(seatings).toBe(2);
  }, 60_000);

  it('a game asked of one process before it started is played through it once another started it', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b] = servers as [TestServer, TestServer, TestServer];
    const [ann, bob] = [await guest(a.app, 'Ann'), await guest(a.app, 'Bob')];
    const game = await createGame(a.app, ann.accessToken, { seats: 2, takeSeat: true });
    await ok(call(a.app, 'POST', `/api/games/${game.id}/join`, { token: bob.accessToken, body: {} }));
    const client = await TestClient.open(b.wsUrl, { token: ann.accessToken });
    expect(await client.intent(game.id, { type: 'endTurn' })).toMatchObject({ code: 'gameNotRunning' });
    await ok(call(a.app, 'POST', `/api/games/${game.id}/start`, { token: ann.accessToken }));
    const reply = await client.intent(game.id, { type: 'endTurn' });
    expect(reply.type === 'rejected' ? reply.code : reply.type).not.toBe('gameNotRunning');
    await client.close();
  });

  it('the sessions ended while a process was not listening are read from the database when it is back', async (ctx) => {
    const redisUrl = stores()?.redisUrl;
    if (servers.length < 3 || !redisUrl) return ctx.skip();
    const b = servers[1]!;
    const g = await guest(servers[0]!.app, 'Missed');
    const socket = await TestClient.open(b.wsUrl, { token: g.accessToken });
    expect((await call(b.app, 'GET', '/api/me', { token: g.accessToken })).status).toBe(200);
    // The session ends where nobody tells the processes (as if b missed the news), then b's subscription drops.
    await b.app.titan.db.prisma.refreshToken.updateMany({
      where: { userId: g.user.id },
      data: { revokedAt: new Date() },
    });
    const redis = new Redis(redisUrl);
    try {
      const clients = (await redis.client('LIST')) as string;
      const ids = clients
        .split('\n')
        // This test process's three (other test runs may have their own on this Redis).
        .filter((line) => line.includes(` name=titan-sub-${hostname()}-${process.pid}-`))
        .map((line) => /\bid=(\d+)/.exec(line)![1]!);
      expect(ids).toHaveLength(3);
      for (const id of ids) await redis.client('KILL', 'ID', id);
    } finally {
      redis.disconnect();
    }
    expect((await socket.closed).code).toBe(CLOSE_CODES.unauthorised);
    await waitFor(
      async () => (await call(b.app, 'GET', '/api/me', { token: g.accessToken })).status === 401,
      'the token refused',
    );
  }, 60_000);
});
