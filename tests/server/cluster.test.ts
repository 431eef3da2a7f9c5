// Cluster mode (issue 16, "Past one machine"): three server processes on one PostgreSQL and one Redis.
// A game is owned by one of them; its players' and a spectator's sockets are on the others, which forward
// their intents to the owner and fit the game's messages to each of their sockets: the game is played to its
// end with nothing leaked, nothing lost, no gap. (Three apps in this test process, each with its own
// connections, name and bus; tests/server/failover.test.ts kills real processes.)
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { rulesEngine } from '../../server/engine';
import { ADJOURNED } from '../../server/rooms/room';
import type { Intent } from '../../shared/engine/intents';
import { CLOSE_CODES, type Seat } from '../../shared/protocol/messages';
import type { GameSummary, LiveBattle, Tokens } from '../../shared/protocol/rest';
import type { TournamentDetail } from '../../shared/protocol/tournament';
import { call, guest, ok, registered, startedGame } from './support/api';
import { TestClient } from './support/client';
import { clusterStoresForFile } from './support/clusterStores';
import { checkFinishedGame, logOf, seqSeenAtEnd, type Watcher, waitFor } from './support/games';
import { autoPlay, seeded } from './support/player';
import { startServer, type TestServer, testConfig } from './support/server';

const servers: TestServer[] = [];
let clusterConfig: ServerConfig | null = null;
clusterStoresForFile({
  start: async ({ database, redisUrl, redisPrefix }) => {
    clusterConfig = testConfig({ databaseUrl: database.url, redisUrl, redisPrefix, leaseMs: 3000 });
    for (let i = 0; i < 3; i++)
      servers.push(await startServer({ ...clusterConfig, dataDir: testConfig().dataDir }));
  },
  stop: async () => {
    for (const s of servers) await s.close().catch(() => undefined);
  },
});

const counter = (server: TestServer, name: string) =>
  (server.app.titan.metrics.read() as Record<string, number>)[name] ?? 0;

/** The players join the game on their sockets, and whoever must act plays his first legal intent, `count` times. */
async function playFirstIntents(game: string, clients: readonly TestClient[], count: number): Promise<void> {
  let legal: { client: TestClient; seq: number; intent: Intent } | null = null;
  for (const client of clients) {
    client.onMessage = (m) => {
      if (m.type === 'legal' && m.intents.length > 0) legal = { client, seq: m.seq, intent: m.intents[0]! };
    };
    client.send({ type: 'join', game, as: 'player' });
  }
  let seq = -1;
  for (let i = 0; i < count; i++) {
    await waitFor(() => legal !== null && legal.seq > seq, 'the next legal message', 30_000);
    const next: { client: TestClient; seq: number; intent: Intent } = legal!;
    seq = next.seq;
    expect(await next.client.intent(game, next.intent, { expectedSeq: seq })).toMatchObject({
      type: 'accepted',
    });
  }
}

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
    await playFirstIntents(game.id, [ann, bob], 2);
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

  it('the lobby asks the owning process who must act and which seq each viewer holds; no log is read', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b] = servers as [TestServer, TestServer, TestServer];
    const { game, players } = await startedGame(a.app, 2, 2, { options: { broadcastDelaySeconds: 600 } });
    const ann = await TestClient.open(a.wsUrl, { token: players[0]!.accessToken });
    const bob = await TestClient.open(a.wsUrl, { token: players[1]!.accessToken });
    await playFirstIntents(game.id, [ann, bob], 3);
    const sam = await guest(b.app, 'Sam');
    const tokens = [...players.map((p) => p.accessToken), sam.accessToken];
    const summary = (server: TestServer, token: string) =>
      ok(call<GameSummary>(server.app, 'GET', `/api/games/${game.id}`, { token }));
    const events = vi.spyOn(b.app.titan.db.prisma.gameEvent, 'findMany');
    for (const token of tokens) {
      const there = await summary(a, token);
      const here = await summary(b, token);
      expect({ seq: here.seq, yourMove: here.yourMove }).toEqual({
        seq: there.seq,
        yourMove: there.yourMove,
      });
    }
    // Exactly one of the players must act, and b knows which without the room.
    const moves = await Promise.all(players.map(async (p) => (await summary(b, p.accessToken)).yourMove));
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect(b.app.titan.rooms.loaded(game.id)).toBeNull();
    expect(events).not.toHaveBeenCalled();
    // (The history is read from the log: the spy sees that.)
    await ok(call(b.app, 'GET', `/api/games/${game.id}/history`, { token: sam.accessToken }));
    expect(events).toHaveBeenCalled();
    events.mockRestore();
    await ann.close();
    await bob.close();
  }, 60_000);

  it('the battles of a game owned by one process are listed, and followed, on the others', async (ctx) => {
    if (servers.length < 3) return ctx.skip();
    const [a, b, c] = servers as [TestServer, TestServer, TestServer];
    const sam = await guest(c.app, 'Sam');
    const follower = await TestClient.open(c.wsUrl, { token: sam.accessToken });
    follower.send({ type: 'watchBattles', on: true });
    await follower.next('battles');
    // Bots only, on a: they play at once, to a battle (four of them meet sooner).
    const { game } = await startedGame(a.app, 4, 0);
    const listed = (server: TestServer) =>
      server.app.titan.lobby.liveBattles().find((x: LiveBattle) => x.game === game.id);
    await waitFor(() => listed(b) !== undefined, 'a battle of the game listed on b', 240_000);
    await follower.next('battles', (m) => m.battles.some((x) => x.game === game.id), 30_000);
    // Each battle is the one the owner lists (they follow each other: compared when they agree).
    await waitFor(
      () => JSON.stringify(listed(a)) === JSON.stringify(listed(b)) && listed(a) !== undefined,
      'the same battle on a and b',
      30_000,
    );
    // The game stopped (on its owner, asked from c): its battle leaves every list.
    expect(await c.app.titan.rooms.direct(game.id, { act: 'stopGame' })).toMatchObject({ type: 'accepted' });
    for (const server of servers) {
      await waitFor(() => listed(server) === undefined, 'the battle gone from every list', 30_000);
    }
    expect(b.app.titan.rooms.loaded(game.id)).toBeNull();
    await follower.close();
  }, 300_000);

  it("the director's tools reach a tournament game another process owns, and come back after a failover", async (ctx) => {
    if (servers.length < 3 || !clusterConfig) return ctx.skip();
    const [a, b, c] = servers as [TestServer, TestServer, TestServer];
    // A fourth process owns the game; it leaves (its leases let go at once) halfway.
    const d = await startServer({ ...clusterConfig, dataDir: testConfig().dataDir });
    let dOpen = true;
    try {
      const register = (username: string) => registered(d.app, username);
      const director = await register('cluster-director');
      const post = (server: TestServer, path: string, body?: unknown) =>
        ok(call<TournamentDetail>(server.app, 'POST', path, { token: director.accessToken, body }));
      const t = await ok(
        call<TournamentDetail>(d.app, 'POST', '/api/tournaments', {
          token: director.accessToken,
          body: { name: 'Cluster', seed: 'cluster', stages: [{ kind: 'swiss', rounds: 1, tableSizes: [2] }] },
        }),
        201,
      );
      const base = `/api/tournaments/${t.id}`;
      // Two entrants who never connect: their table waits for them.
      const absent: Tokens[] = [];
      for (const name of ['cluster-absent1', 'cluster-absent2']) {
        const user = await register(name);
        absent.push(user);
        await ok(call(d.app, 'POST', `${base}/register`, { token: user.accessToken, body: {} }));
      }
      const started = await post(d, `${base}/start`);
      const table = started.stages[0]!.tables[0]!;
      const game = table.game!;
      expect(d.app.titan.rooms.loaded(game)).not.toBeNull();
      const roomOn = (server: TestServer) => server.app.titan.rooms.loaded(game);
      const forced = async (server: TestServer) => {
        const room = roomOn(server)!;
        return room.forceAct(rulesEngine.pending(room.currentState).actor as Seat);
      };
      // An intent that changes nothing: refused as adjourned, else as stale.
      const probe = (server: TestServer) =>
        roomOn(server)!.submit(
          { user: absent[0]!.user.id },
          { id: randomUUID(), expectedSeq: -1, intent: { type: 'pass' } as unknown as Intent },
        );
      // Adjourned from a: the owner's room refuses everything, even the director's own act.
      await post(a, `${base}/stages/0/adjourn`, { reason: 'coffee' });
      expect(roomOn(a)).toBeNull();
      expect(await forced(d)).toMatchObject({ type: 'rejected', message: ADJOURNED });

      // The owner leaves: another process adopts the game, adjourned from its room's first moment.
      dOpen = false;
      await d.close();
      await waitFor(() => servers.some((s) => roomOn(s) !== null), 'the game adopted', 30_000);
      const owner = servers.find((s) => roomOn(s) !== null);
      expect(await probe(owner!)).toMatchObject({ type: 'rejected', code: 'adjourned' });
      expect(await forced(owner!)).toMatchObject({ type: 'rejected', message: ADJOURNED });
      const other = servers.find((s) => s !== owner)!;

      // Resumed, time called, one entrant replaced by the bot and the other removed: all from processes that
      // do not own the game; the stand-ins play it to its end there.
      await post(other, `${base}/stages/0/resume`);
      await post(other, `${base}/tables/${table.id}/end`, { reason: 'the round is over time' });
      const [first, second] = table.entrants;
      await post(other, `${base}/tables/${table.id}/replace`, { entrant: first!.entrant, reason: 'absent' });
      await post(other, `${base}/entrants/${second!.entrant}/remove`, { reason: 'unsporting conduct' });
      await waitFor(
        async () =>
          (await ok(call<TournamentDetail>(c.app, 'GET', base, { token: director.accessToken }))).status ===
          'finished',
        'the tournament to finish',
        120_000,
      );
      const log = (await logOf(b, game)) as { type: string; forced?: { by: string } }[];
      expect(log.some((e) => e.type === 'timeCalled')).toBe(true);
      expect(log.some((e) => e.type === 'playerForced')).toBe(true);
      expect(log.filter((e) => e.type === 'playerForced').every((e) => e.forced?.by === 'director')).toBe(
        true,
      );
      expect(roomOn(other)).toBeNull();
    } finally {
      if (dOpen) await d.close();
    }
  }, 240_000);
});
