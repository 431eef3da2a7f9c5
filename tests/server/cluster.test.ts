// Cluster mode (issue 16, "Past one machine"): three server processes on one PostgreSQL and one Redis.
// A game is owned by one of them; its players' and a spectator's sockets are on the others, which forward
// their intents to the owner and fit the game's messages to each of their sockets: the game is played to its
// end with nothing leaked, nothing lost, no gap. (Three apps in this test process, each with its own
// connections, name and bus; tests/server/failover.test.ts kills real processes.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Intent } from '../../shared/engine/intents';
import { CLOSE_CODES } from '../../shared/protocol/messages';
import { call, guest, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { checkFinishedGame, seqSeenAtEnd, type Watcher, waitFor } from './support/games';
import { autoPlay, seeded } from './support/player';
import { createTestDatabase, type TestDatabase } from './support/postgres';
import { testRedis } from './support/redis';
import { startServer, type TestServer, testConfig } from './support/server';

let database: TestDatabase | null = null;
const servers: TestServer[] = [];
beforeAll(async () => {
  const redisUrl = await testRedis();
  database = redisUrl ? await createTestDatabase() : null;
  if (!database || !redisUrl) return;
  const config = testConfig({ databaseUrl: database.url, redisUrl, leaseMs: 3000 });
  for (let i = 0; i < 3; i++) servers.push(await startServer({ ...config, dataDir: testConfig().dataDir }));
}, 120_000);
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  await database?.drop();
});

const counter = (server: TestServer, name: string) =>
  (server.app.titan.metrics.read() as Record<string, number>)[name] ?? 0;

describe('three server processes', () => {
  it('a game owned by one process is played to its end through sockets on the two others', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b, c] = servers as [TestServer, TestServer, TestServer];
    // Started on a: a holds its lease (and plays its bot seat).
    const { game, players } = await startedGame(a.app, 3, 2);
    expect(a.app.titan.rooms.loaded(game.id)).not.toBeNull();
    const sam = await guest(b.app, 'Sam');
    const spectator = await TestClient.open(c.wsUrl, { token: sam.accessToken });
    spectator.send({ type: 'join', game: game.id, as: 'spectator', views: true });
    await spectator.next('joined');
    const clients: TestClient[] = [];
    const autos = [];
    const watchers: Watcher[] = [{ client: spectator, viewer: { spectator: true } }];
    for (const [i, p] of players.entries()) {
      const client = await TestClient.open((i === 0 ? b : c).wsUrl, { token: p.accessToken });
      autos.push(autoPlay(client, game.id, seeded(40 + i)));
      client.send({ type: 'join', game: game.id, as: 'player', views: i === 1 });
      clients.push(client);
      watchers.push({ client, viewer: { player: `p${i + 1}` } });
    }
    // Nobody's room but a's: the others forward.
    expect(b.app.titan.rooms.loaded(game.id)).toBeNull();
    expect(c.app.titan.rooms.loaded(game.id)).toBeNull();
    // Presence is the owner's: everyone sees both players connected.
    await spectator.next('presence', (m) => m.seats.filter((s) => s.connected).length === 3);

    for (const client of [...clients, spectator])
      await client.nextOpen('diceRevealed', (m) => m.game === game.id, 300_000);
    for (const auto of autos) expect(auto.rejections).toEqual([]);
    expect(autos.every((auto) => auto.accepted > 0)).toBe(true);
    for (const client of [...clients, spectator]) expect(client.invalid).toEqual([]);
    // Every payload fitted to its recipient on b and c, checked against the log; gap-free runs of events.
    const { log } = await checkFinishedGame(a, game.id, watchers);
    for (const { client, viewer } of watchers) {
      const joinedAt = client.received.find((m) => m.type === 'state')!.seq;
      const seqs = client.received.filter((m) => m.type === 'event').map((m) => (m as { seq: number }).seq);
      const end = seqSeenAtEnd(log, viewer); // his own numbers (errata 9.3)
      expect(seqs).toEqual(Array.from({ length: end - joinedAt }, (_, i) => joinedAt + 1 + i));
      expect(client.received.some((m) => m.type === 'event' && m.event.type === 'hidden')).toBe(true);
    }
    expect(counter(b, 'intentsForwarded') + counter(c, 'intentsForwarded')).toBeGreaterThan(0);
    for (const client of [...clients, spectator]) await client.close();
  }, 400_000);

  it('a spectator asking another process than the owner learns the broadcast’s seq of a delayed game, not the players’', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b] = servers as [TestServer, TestServer, TestServer];
    const { game, players } = await startedGame(a.app, 2, 2, { options: { broadcastDelaySeconds: 600 } });
    const ann = await TestClient.open(b.wsUrl, { token: players[0]!.accessToken });
    const bob = await TestClient.open(b.wsUrl, { token: players[1]!.accessToken });
    // Whoever must act plays twice: the players' game moves on, the spectators' (600 s behind) does not.
    let legal: { client: TestClient; seq: number; intent: Intent } | null = null;
    for (const client of [ann, bob]) {
      client.onMessage = (m) => {
        if (m.type === 'legal' && m.intents.length > 0) legal = { client, seq: m.seq, intent: m.intents[0]! };
      };
      client.send({ type: 'join', game: game.id, as: 'player' });
    }
    let seq = -1;
    for (let i = 0; i < 2; i++) {
      await waitFor(() => legal !== null && legal.seq > seq, 'the next legal message', 30_000);
      const next: { client: TestClient; seq: number; intent: Intent } = legal!;
      seq = next.seq;
      expect(await next.client.intent(game.id, next.intent, { expectedSeq: seq })).toMatchObject({
        type: 'accepted',
      });
    }
    const sam = await guest(b.app, 'Sam');
    const seen = (server: TestServer, token: string) =>
      ok(call<{ seq: number }>(server.app, 'GET', `/api/games/${game.id}`, { token })).then((g) => g.seq);
    const playersSeq = await seen(a, players[0]!.accessToken);
    const spectatorsSeq = await seen(b, sam.accessToken);
    expect(spectatorsSeq).toBe(await seen(a, sam.accessToken));
    expect(spectatorsSeq).toBeLessThan(playersSeq);
    expect(b.app.titan.rooms.loaded(game.id)).toBeNull();
    await ann.close();
    await bob.close();
  }, 60_000);

  it('signing out on one process ends the session’s sockets and tokens on the others', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b] = servers as [TestServer, TestServer, TestServer];
    const g = await guest(a.app, 'Hermes');
    const socket = await TestClient.open(b.wsUrl, { token: g.accessToken });
    await ok(call(a.app, 'POST', '/api/auth/logout', { body: { refreshToken: g.refreshToken } }), 204);
    expect((await socket.closed).code).toBe(CLOSE_CODES.unauthorised);
    expect((await call(b.app, 'GET', '/api/me', { token: g.accessToken })).status).toBe(401);
  }, 60_000);
});
