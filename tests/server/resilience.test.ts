// Losing connections and servers: a player and a spectator drop in the middle of a battle and resume
// without a gap (the player's unanswered intent, sent again, is answered and not applied twice); the
// server is shut down mid-game and a new one on the same data folder rebuilds the room from its
// snapshot and log, and the game continues to its end with nothing acknowledged lost.
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { rulesEngine } from '../../server/engine';
import { randomPick } from '../../shared/bot/index';
import { replay } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import { CLOSE_CODES, type ServerMessage } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import { guest, startedGame } from './support/api';
import { TestClient } from './support/client';
import { checkFinishedGame, logOf, seqSeenAtEnd, waitFor } from './support/games';
import { autoPlay, seeded } from './support/player';
import { createTestDatabase, type TestDatabase } from './support/postgres';
import { startServer, type TestServer, tempDataDir, testConfig } from './support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

const eventSeqs = (messages: readonly ServerMessage[], game: string) =>
  messages.filter((m) => m.type === 'event' && m.game === game).map((m) => (m as { seq: number }).seq);
const lastSeqOf = (messages: readonly ServerMessage[], game: string) =>
  Math.max(
    0,
    ...messages
      .filter((m) => (m.type === 'event' || m.type === 'state') && m.game === game)
      .map((m) => (m as { seq: number }).seq),
  );

/** Ann heads for a battle: she fights whenever she may and never flees or concedes (otherwise her
 *  engagements often end without one, and a long game on a busy machine can outlast the wait). */
function battleSeeking(intents: readonly Intent[], random: () => number): Intent {
  const fight = intents.find((i) => i.type === 'fight') ?? intents.find((i) => i.type === 'noMoreProposals');
  if (fight !== undefined) return fight;
  const willing = intents.filter((i) => i.type !== 'flee' && i.type !== 'concede');
  return randomPick(willing.length > 0 ? willing : intents, random) as Intent;
}

describe('reconnecting', () => {
  it('a player and a spectator drop mid-battle and resume from their last seq without a gap', async () => {
    const server = await startServer(testConfig());
    servers.push(server);
    const random = seeded(7);
    // Ann against a bot: every engagement is hers, so a battle of hers comes (a few games at most).
    for (let attempt = 1; ; attempt++) {
      expect(attempt).toBeLessThanOrEqual(10);
      const { game, players } = await startedGame(server.app, 2, 1);
      const ann = players[0] as Tokens;
      const sam = await guest(server.app, 'Sam');
      const s1 = await TestClient.open(server.wsUrl, { token: sam.accessToken });
      s1.send({ type: 'join', game: game.id, as: 'spectator' });
      await s1.next('joined');
      const a1 = await TestClient.open(server.wsUrl, { token: ann.accessToken });

      // Ann plays until, during a battle, she is to act: she sends her intent and her socket dies
      // before the reply; the spectator's socket dies too.
      let inBattle = false;
      let sent: { id: string; seq: number } | null = null;
      a1.onMessage = (m) => {
        if (m.type === 'state' && m.game === game.id) inBattle = m.view.battle !== null;
        if (m.type !== 'legal' || sent) return;
        const intent = battleSeeking(m.intents, random);
        const id = `a-${m.seq}`;
        a1.send({ type: 'intent', id, game: game.id, expectedSeq: m.seq, intent });
        if (inBattle) {
          sent = { id, seq: m.seq };
          a1.socket.terminate();
          s1.socket.terminate();
        }
      };
      a1.send({ type: 'join', game: game.id, as: 'player', views: true });
      await Promise.race([a1.closed, s1.next('diceRevealed', () => true, 120_000)]);
      if (!sent) {
        await a1.close();
        await s1.close();
        continue; // no battle in this game: play another
      }
      const { id, seq } = sent as { id: string; seq: number };
      await s1.closed;
      const room = (await server.app.titan.rooms.get(game.id))!;
      // Her intent is applied (the room moves past the seq she acted on), and the bot plays on until the
      // game waits for her again (or is over): then nothing moves while she reconnects.
      await waitFor(
        () => room.currentSeq > seq && rulesEngine.pending(room.currentState).actor !== 'p2',
        'the intent sent before the drop, and the bot to be done',
      );

      const annLast = lastSeqOf(a1.received, game.id);
      const samLast = lastSeqOf(s1.received, game.id);
      const a2 = await TestClient.open(server.wsUrl, { token: ann.accessToken });
      a2.send({ type: 'join', game: game.id, as: 'player', lastSeq: annLast });
      expect(await a2.next('joined')).toMatchObject({ catchUp: 'events', seq: room.currentSeq });
      const s2 = await TestClient.open(server.wsUrl, { token: sam.accessToken });
      s2.send({ type: 'join', game: game.id, as: 'spectator', lastSeq: samLast });
      expect(await s2.next('joined')).toMatchObject({ catchUp: 'events' });

      // The unanswered intent, sent again with the same id, is answered and not applied again.
      const stored = await server.app.titan.db.prisma.gameEvent.findFirstOrThrow({
        where: { gameId: game.id, intentId: id },
      });
      const seqBefore = room.currentSeq;
      expect(await a2.intent(game.id, { type: 'pass' }, { id })).toEqual({
        type: 'accepted',
        id,
        game: game.id,
        seq: stored.seq,
      });
      expect(room.currentSeq).toBe(seqBefore);

      const player = autoPlay(a2, game.id, random);
      a2.send({ type: 'sync', game: game.id }); // the legal intents again, for the auto player
      await a2.nextOpen('diceRevealed', () => true, 120_000);
      await s2.nextOpen('diceRevealed', () => true, 120_000);
      expect(player.rejections).toEqual([]);

      // Both resumed exactly after their last seq: over the two sockets, every seq once, in order (each his
      // own numbers, errata 9.3: the spectator's leave out the steps of every negotiation).
      const log = await logOf(server, game.id);
      for (const [first, second, joinedAt, viewer] of [
        [a1, a2, a1.received.find((m) => m.type === 'state')!, { player: 'p1' }],
        [s1, s2, s1.received.find((m) => m.type === 'state')!, { spectator: true }],
      ] as const) {
        const end = seqSeenAtEnd(log, viewer);
        const from = (joinedAt as { seq: number }).seq;
        const seqs = [...eventSeqs(first.received, game.id), ...eventSeqs(second.received, game.id)];
        expect(seqs).toEqual(Array.from({ length: end - from }, (_, i) => from + 1 + i));
      }
      await checkFinishedGame(server, game.id, [
        { client: a2, viewer: { player: 'p1' } },
        { client: s2, viewer: { spectator: true } },
      ]);
      await a2.close();
      await s2.close();
      break;
    }
  }, 600_000);

  it('a client too far behind gets a fresh state instead of the missed events', async () => {
    const server = await startServer(testConfig({ maxReplayEvents: 5 }));
    servers.push(server);
    const { game, players } = await startedGame(server.app, 2, 1);
    const a = await TestClient.open(server.wsUrl, { token: players[0]!.accessToken });
    autoPlay(a, game.id, seeded(3));
    a.send({ type: 'join', game: game.id, as: 'player' });
    const room = (await server.app.titan.rooms.get(game.id))!;
    await waitFor(() => room.currentSeq > 40, 'forty events');
    const sam = await guest(server.app, 'Sam');
    const s = await TestClient.open(server.wsUrl, { token: sam.accessToken });
    s.send({ type: 'join', game: game.id, as: 'spectator', lastSeq: 3 });
    expect(await s.next('joined')).toMatchObject({ catchUp: 'state' });
    const state = await s.next('state');
    expect(state.seq).toBeGreaterThan(40);
    expect(eventSeqs(s.received, game.id).filter((q) => q <= state.seq)).toEqual([]);
    await a.close();
    await s.close();
  }, 120_000);
});

describe('restarting the server', () => {
  let database: TestDatabase | null = null;
  afterAll(async () => {
    await database?.drop();
  });

  it('a repeated intent id is answered with its first reply after a restart, the game over (no room loaded)', async () => {
    const dataDir = tempDataDir();
    const first = await startServer(testConfig({ dataDir }));
    const { game, players } = await startedGame(first.app, 2, 2);
    const ann = players[0]!;
    const a1 = await TestClient.open(first.wsUrl, { token: ann.accessToken });
    const seq = (await first.app.titan.rooms.get(game.id))!.currentSeq;
    const reply = await a1.intent(game.id, { type: 'rollTower' }, { id: 'X', expectedSeq: seq });
    expect(reply).toMatchObject({ type: 'accepted', id: 'X' });
    // The game ends (as far as the log says) and the server restarts: nothing of the room is in memory.
    await first.app.titan.db.prisma.game.update({ where: { id: game.id }, data: { status: 'finished' } });
    await first.close();

    const second = await startServer(testConfig({ dataDir }));
    servers.push(second);
    // A finished game has no room (issue 12): the log answers.
    expect(await second.app.titan.rooms.get(game.id)).toBeNull();
    const a2 = await TestClient.open(second.wsUrl, { token: ann.accessToken });
    expect(await a2.intent(game.id, { type: 'rollTower' }, { id: 'X', expectedSeq: seq })).toEqual(reply);
    // A new id is refused: the game is over.
    expect(await a2.intent(game.id, { type: 'rollTower' }, { id: 'Y' })).toMatchObject({
      type: 'rejected',
      code: 'gameNotRunning',
    });
    await a2.close();
  }, 120_000);

  const databases: [string, () => Promise<Partial<ServerConfig> | null>][] = [
    ['PGlite', async () => ({ dataDir: tempDataDir() })],
    [
      'PostgreSQL',
      async () => {
        database = await createTestDatabase();
        return database ? { databaseUrl: database.url } : null;
      },
    ],
  ];
  for (const [name, where] of databases)
    it(`mid-game on ${name}: the new server rebuilds the room from snapshot and log, and the game goes on to its end`, async (ctx) => {
      const place = await where();
      if (!place) return ctx.skip();
      const config = testConfig({ ...place, snapshotEvery: 20 });
      const first = await startServer(config);
      const { game, players } = await startedGame(first.app, 3, 2);
      const clients: TestClient[] = [];
      const accepted: number[] = [];
      for (const [i, p] of players.entries()) {
        const c = await TestClient.open(first.wsUrl, { token: p.accessToken });
        autoPlay(c, game.id, seeded(40 + i));
        const track = c.onMessage;
        c.onMessage = (m) => {
          track?.(m);
          if (m.type === 'accepted') accepted.push(m.seq);
        };
        c.send({ type: 'join', game: game.id, as: 'player' });
        clients.push(c);
      }
      const room = (await first.app.titan.rooms.get(game.id))!;
      await waitFor(() => room.currentSeq >= 60, 'sixty events');

      // A graceful shutdown: queued intents finish, sockets close with 1001 and a reason.
      await first.close();
      for (const c of clients)
        expect(await c.closed).toEqual({ code: CLOSE_CODES.goingAway, reason: 'server shutting down' });
      const stoppedAt = room.currentSeq;
      expect(Math.max(...accepted)).toBeLessThanOrEqual(stoppedAt);

      const second = await startServer(testConfig({ ...place, snapshotEvery: 20 }));
      servers.push(second);
      const rebuilt = (await second.app.titan.rooms.get(game.id))!;
      // Nothing acknowledged was lost, and the rebuilt state (snapshot + later events) is the log's fold.
      expect(rebuilt.currentSeq).toBe(stoppedAt);
      const log = await logOf(second, game.id);
      expect(log.length).toBe(stoppedAt);
      expect(rebuilt.currentState).toEqual(JSON.parse(JSON.stringify(replay(log))));
      const snapshots = await second.app.titan.db.prisma.gameSnapshot.findMany({
        where: { gameId: game.id },
      });
      expect(snapshots.length).toBeGreaterThan(0);

      const again: TestClient[] = [];
      for (const [i, p] of players.entries()) {
        const c = await TestClient.open(second.wsUrl, { token: p.accessToken });
        autoPlay(c, game.id, seeded(50 + i));
        c.send({
          type: 'join',
          game: game.id,
          as: 'player',
          lastSeq: lastSeqOf(clients[i]!.received, game.id),
        });
        again.push(c);
      }
      for (const c of again) {
        expect(await c.next('joined')).toMatchObject({ catchUp: 'events' });
        await c.nextOpen('diceRevealed', () => true, 300_000);
      }
      await checkFinishedGame(
        second,
        game.id,
        again.map((client, i) => ({ client, viewer: { player: `p${i + 1}` } })),
      );
      for (const c of again) await c.close();
    }, 600_000);
});
