// Time controls on a real server (PGlite) under vitest's fake clock: nothing sleeps, time is advanced.
// Errata 21.0: a player out of time is treated as refusing to play (errata 20.4's list), and everyone sees
// the server's action as a `playerForced` event; the deadlines live in the database and survive a restart
// (the time the server was down is not charged).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rulesEngine } from '../../server/engine';
import type { Room } from '../../server/rooms/room';
import type { EventOf, GameEvent } from '../../shared/engine/events';
import type { TimeControl } from '../../shared/protocol/messages';
import { call, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { logOf, waitFor } from './support/games';
import { startServer, type TestServer, testConfig } from './support/server';

const servers: TestServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const s of servers.splice(0)) await s.close().catch(() => undefined);
});

/** Fake timers and Date; real time still moves them on, so the database and sockets work as usual. */
const fakeTime = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });

async function timedGame(server: TestServer, timeControl: Partial<TimeControl>, humans = 2) {
  const started = await startedGame(server.app, 2, humans, { options: { timeControl } });
  const room = (await server.app.titan.rooms.get(started.game.id))!;
  return { ...started, room };
}

const forcedIn = (log: readonly GameEvent[]) =>
  log.filter((e): e is EventOf<'playerForced'> => e.type === 'playerForced');

/** Advances the fake clock and waits for the room to settle past `seq`. */
async function advance(room: Room, ms: number, beyond = room.currentSeq) {
  await vi.advanceTimersByTimeAsync(ms);
  await waitFor(() => room.currentSeq > beyond, 'the clock to act');
}

describe('time controls', () => {
  it('errata 21.0, 20.4, 5.1, 5.0: out of time, the tower roll is made for him, then he withdraws instead of choosing a colour', async () => {
    const server = await startServer(testConfig());
    servers.push(server);
    fakeTime();
    const { game, room } = await timedGame(server, { perDecisionSeconds: 60 });
    expect(game.options.timeControl).toMatchObject({ perDecisionSeconds: 60, onExpiry: 'refuse' });
    const start = room.currentSeq;
    // Not a moment early: 59 s pass and nothing happens.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(room.currentSeq).toBe(start);
    // The tower rolls are made for their players, each after a full minute of its own (errata 5.1; a tie
    // is rolled again).
    await advance(room, 1_000);
    while (room.currentState.step.kind === 'rollTower') await advance(room, 60_000);
    let log = await logOf(server, game.id);
    expect(forcedIn(log).length).toBeGreaterThanOrEqual(2);
    for (const forced of forcedIn(log)) {
      expect(forced).toEqual({
        type: 'playerForced',
        player: expect.any(String),
        forced: { by: 'time' },
        play: 'refuse',
        actions: ['rollTower'],
        rolls: [],
        rule: 'errata 20.4',
      });
    }
    const chooser = room.currentState.step.kind === 'chooseColor' ? room.currentState.step.actor : null;
    expect(chooser).not.toBeNull();
    await advance(room, 60_000);
    log = await logOf(server, game.id);
    const last = forcedIn(log).at(-1)!;
    expect(last).toMatchObject({ player: chooser, forced: { by: 'time' }, actions: ['withdraw'] });
    const after = log.slice(log.indexOf(last) + 1);
    expect(after[0]).toEqual({ type: 'playerWithdrew', player: chooser });
    // Two players: the other wins (20.4), and the clock stops.
    expect(room.finished).toBe(true);
  }, 120_000);

  it('an intent in time resets the per-decision limit; every client sees the clocks', async () => {
    const server = await startServer(testConfig());
    servers.push(server);
    fakeTime();
    const { game, room, players } = await timedGame(server, { perDecisionSeconds: 60 });
    const actor = room.currentState.step.kind === 'rollTower' ? room.currentState.step.actor : null;
    const first = players[actor === 'p1' ? 0 : 1]!;
    const other = players[actor === 'p1' ? 1 : 0]!;
    const mover = await TestClient.open(server.wsUrl, { token: first.accessToken });
    const watcher = await TestClient.open(server.wsUrl, { token: other.accessToken });
    watcher.send({ type: 'join', game: game.id, as: 'player' });
    // (Real time moves the fake clock on a little as well: amounts are checked to the nearest seconds.)
    const clock = (await watcher.next('clock')) as {
      running: string;
      decisionMs: number;
      deadlineMs: number;
    };
    expect(clock.running).toBe(actor);
    expect(clock.decisionMs).toBeGreaterThan(55_000);
    expect(clock.deadlineMs).toBe(clock.decisionMs);
    await vi.advanceTimersByTimeAsync(50_000);
    const before = room.currentSeq;
    expect((await mover.intent(game.id, { type: 'rollTower' })).type).toBe('accepted');
    expect(room.currentSeq).toBeGreaterThan(before);
    // The next player has a fresh minute, and the watcher is told so with the server's time.
    const next = (await watcher.nextMatching(
      (m) => m.type === 'clock' && m.seq === room.currentSeq,
      'the new clock',
    )) as { running: string; decisionMs: number; serverTime: number };
    expect(next.running).not.toBe(actor);
    expect(next.decisionMs).toBeGreaterThan(55_000);
    expect(Math.abs(next.serverTime - Date.now())).toBeLessThan(5_000);
    await mover.close();
    await watcher.close();
  }, 120_000);

  it('a restart in the middle of a decision keeps what was left; the downtime is not charged', async () => {
    const config = testConfig();
    const first = await startServer(config);
    servers.push(first);
    fakeTime();
    const { game, room } = await timedGame(first, { perDecisionSeconds: 60 });
    const start = room.currentSeq;
    await vi.advanceTimersByTimeAsync(40_000);
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    // The server is down for an hour.
    await vi.advanceTimersByTimeAsync(3_600_000);
    const second = await startServer(config);
    servers.push(second);
    const again = (await second.app.titan.rooms.get(game.id))!;
    expect(again.currentSeq).toBe(start);
    // 20 s were left: nothing at 19 s, the tower roll at 20 s.
    await vi.advanceTimersByTimeAsync(19_000);
    expect(again.currentSeq).toBe(start);
    await advance(again, 1_500, start);
    expect(forcedIn(await logOf(second, game.id))).toHaveLength(1);
  }, 120_000);

  it('the time control is validated in player words and shown in the lobby', async () => {
    const server = await startServer(testConfig());
    servers.push(server);
    const { players, game } = await startedGame(server.app, 2, 2, {
      options: { timeControl: { bankSeconds: 600, incrementSeconds: 10, gameMinutes: 90 } },
    });
    const token = players[0]!.accessToken;
    const listed = await ok(
      call<{ games: { id: string; options: unknown }[] }>(server.app, 'GET', '/api/games', { token }),
    );
    expect(listed.games.find((g) => g.id === game.id)?.options).toMatchObject({
      timeControl: { bankSeconds: 600, incrementSeconds: 10, gameMinutes: 90, onExpiry: 'refuse' },
    });
    const bad = await call<{ error: { message: string } }>(server.app, 'POST', '/api/games', {
      token,
      body: { seats: 2, options: { timeControl: { incrementSeconds: 5 } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('An increment (incrementSeconds) needs a bank (bankSeconds).');
  }, 60_000);

  it('issue 12, errata 21.0: the heartbeat notices a vanished player; absent, his seat is played by the bot; he takes it back by reconnecting', async () => {
    fakeTime();
    const server = await startServer(testConfig({ heartbeatMs: 10_000 }));
    servers.push(server);
    const { game, room, players } = await timedGame(server, { absentGraceSeconds: 30, onExpiry: 'bot' });
    const step = room.currentState.step;
    const first = step.kind === 'rollTower' ? (step.actor as 'p1' | 'p2') : null;
    if (first === null) throw new Error('the game starts with the tower rolls');
    const other = first === 'p1' ? 'p2' : 'p1';
    const tokenOf = (seat: string) => players[seat === 'p1' ? 0 : 1]!.accessToken;
    const phone = await TestClient.open(server.wsUrl, { token: tokenOf(first) });
    const watcher = await TestClient.open(server.wsUrl, { token: tokenOf(other) });
    phone.send({ type: 'join', game: game.id, as: 'player' });
    watcher.send({ type: 'join', game: game.id, as: 'player' });
    await watcher.next('presence', (p) => p.seats.every((x) => x.connected));
    // The phone loses its network: its socket stays open but answers no ping.
    phone.socket.pong = () => undefined;
    const start = room.currentSeq;
    // Two pings go unanswered (10 s, 20 s); at the third beat the socket is dropped.
    await vi.advanceTimersByTimeAsync(30_000);
    const dropped = await watcher.next('presence', (p) =>
      p.seats.some((x) => x.seat === first && !x.connected),
    );
    expect(dropped.seats.find((x) => x.seat === first)).toMatchObject({ connected: false, absent: false });
    expect((await phone.closed).code).toBe(1006);
    expect(server.app.titan.metrics.read().socketsDroppedHeartbeat).toBe(1);
    expect(room.currentSeq).toBe(start);
    // 30 s later he is absent: everyone is told, and the bot plays his tower roll (a public forced event).
    await vi.advanceTimersByTimeAsync(30_000);
    const absent = await watcher.next('presence', (p) => p.seats.some((x) => x.seat === first && x.absent));
    expect(absent.seats.find((x) => x.seat === first)).toMatchObject({ connected: false, absent: true });
    await waitFor(() => room.currentSeq > start, 'the bot to play the absent seat');
    const forced = forcedIn(await logOf(server, game.id));
    expect(forced[0]).toMatchObject({
      player: first,
      forced: { by: 'absence' },
      play: 'bot',
      actions: ['rollTower'],
    });
    // He reconnects: the seat is his again, and the server no longer plays it.
    const back = await TestClient.open(server.wsUrl, { token: tokenOf(first) });
    back.send({ type: 'join', game: game.id, as: 'player' });
    const returned = await watcher.next('presence', (p) =>
      p.seats.some((x) => x.seat === first && x.connected),
    );
    expect(returned.seats.find((x) => x.seat === first)).toMatchObject({ connected: true, absent: false });
    // The other player plays until it is the returned player's turn again; then nothing is played for him.
    for (let i = 0; i < 10 && room.currentState.step.kind !== 'gameOver'; i++) {
      const actor = rulesEngine.pending(room.currentState).actor;
      if (actor === first) break;
      const intent = rulesEngine.defaultIntent(room.currentState, actor!);
      const legal = rulesEngine.legalIntents(room.currentState, actor!);
      const choice = legal.find((x) => x.type === 'chooseColor') ?? intent!;
      expect((await watcher.intent(game.id, choice)).type).toBe('accepted');
    }
    expect(rulesEngine.pending(room.currentState).actor).toBe(first);
    const before = room.currentSeq;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(room.currentSeq).toBe(before);
    expect(forcedIn(await logOf(server, game.id))).toHaveLength(1);
    const own = rulesEngine.legalIntents(room.currentState, first)[0]!;
    expect((await back.intent(game.id, own)).type).toBe('accepted');
    await back.close();
    await watcher.close();
  }, 120_000);

  it("issue 11: an untimed game never hangs on a player who walked away: past the server's grace the bot plays his seat", async () => {
    fakeTime();
    const server = await startServer(testConfig({ heartbeatMs: 10_000, absentGraceSeconds: 600 }));
    servers.push(server);
    const { game, players } = await startedGame(server.app, 2, 2, {});
    const room = (await server.app.titan.rooms.get(game.id))!;
    expect(room.currentState.step.kind).toBe('rollTower');
    const first = rulesEngine.pending(room.currentState).actor as 'p1' | 'p2';
    const other = first === 'p1' ? 'p2' : 'p1';
    const watcher = await TestClient.open(server.wsUrl, {
      token: players[other === 'p1' ? 0 : 1]!.accessToken,
    });
    watcher.send({ type: 'join', game: game.id, as: 'player' });
    await watcher.next('presence');
    const start = room.currentSeq;
    // The player on turn never connects: nothing is played for him before the server's grace is over...
    await vi.advanceTimersByTimeAsync(599_000);
    expect(room.currentSeq).toBe(start);
    // ...and then his seat's bot plays his tower roll, a public forced event.
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => room.currentSeq > start, 'the bot to play the absent seat');
    expect(forcedIn(await logOf(server, game.id))[0]).toMatchObject({
      player: first,
      forced: { by: 'absence' },
      play: 'bot',
      actions: ['rollTower'],
    });
    await watcher.close();
  }, 120_000);
});
