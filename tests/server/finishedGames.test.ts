// Issue 12: a finished game is served from the log with no room. A room whose game ends while watched hands
// its watchers over (they keep the end, the chat goes on) and is let go; after a restart, players and
// spectators join, resume, sync and read the history of the finished game without any room being loaded, and
// intents to it are refused from the log.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Room } from '../../server/rooms/room';
import type { History, Replay } from '../../shared/protocol/rest';
import { call, guest, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { waitFor } from './support/games';
import { startServer, type TestServer, tempDataDir, testConfig } from './support/server';

const servers: TestServer[] = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const s of servers) await s.close();
});

async function open(server: TestServer, token: string): Promise<TestClient> {
  const client = await TestClient.open(server.wsUrl, { token });
  clients.push(client);
  return client;
}

describe('a finished game without a room', () => {
  it('is served to its watchers, to its players and to a spectator after a restart, with no room loaded', async () => {
    const dataDir = tempDataDir();
    const first = await startServer(testConfig({ dataDir }));
    servers.push(first);
    const { game, players } = await startedGame(first.app, 2, 2);
    const [ann, bob] = players as [(typeof players)[0], (typeof players)[0]];
    const sam = await guest(first.app, 'Sam');
    const a = await open(first, ann.accessToken);
    a.send({ type: 'join', game: game.id, as: 'player' });
    await a.next('joined');
    const s = await open(first, sam.accessToken);
    s.send({ type: 'join', game: game.id, as: 'spectator' });
    await s.next('joined');
    const accepted = await a.intent(game.id, { type: 'rollTower' }, { id: 'first' });
    expect(accepted.type).toBe('accepted');

    // The game ends while they watch (the director stops it): both receive the end, the room goes.
    const room = first.app.titan.rooms.loaded(game.id)!;
    const stop = await room.stopGame();
    expect(stop.type).toBe('accepted');
    const end = stop.type === 'accepted' ? stop.seq : Number.NaN;
    for (const c of [a, s]) {
      expect(await c.next('event', (m) => m.event.type === 'gameOver')).toMatchObject({ seq: end });
      await c.next('diceRevealed');
    }
    await waitFor(() => first.app.titan.rooms.size === 0, "the finished game's room to go");
    expect(first.app.titan.rooms.loaded(game.id)).toBeNull();
    // They still watch it: a sync answers the final state, the chat (both channels now) goes on.
    s.drain();
    s.send({ type: 'sync', game: game.id });
    expect(await s.next('state')).toMatchObject({ seq: end, view: { step: { kind: 'gameOver' } } });
    s.send({ type: 'chat', game: game.id, text: 'Well played.' });
    expect((await a.next('chat')).message).toMatchObject({ text: 'Well played.', channel: 'spectators' });
    await a.close();
    await s.close();
    await first.close();

    const second = await startServer(testConfig({ dataDir }));
    servers.push(second);
    const rooms = second.app.titan.rooms;
    const load = vi.spyOn(Room, 'load');
    try {
      // A spectator who never saw it: the end, the final state, both chat channels.
      const eve = await guest(second.app, 'Eve');
      const e = await open(second, eve.accessToken);
      e.send({ type: 'join', game: game.id, as: 'spectator' });
      expect(await e.next('joined')).toMatchObject({ seq: end, catchUp: 'state', as: 'spectator' });
      expect(await e.next('state')).toMatchObject({ seq: end, view: { step: { kind: 'gameOver' } } });
      expect(await e.next('chatHistory')).toMatchObject({
        reads: ['players', 'spectators'],
        messages: [{ text: 'Well played.' }],
      });
      // The final state is built once per recipient and kept encoded: the next spectator costs no replay.
      const built = () => (second.app.titan.metrics.read() as Record<string, number>).finishedStatesBuilt;
      const before = built();
      const f = await open(second, (await guest(second.app, 'Fay')).accessToken);
      f.send({ type: 'join', game: game.id, as: 'spectator' });
      expect(await f.next('state')).toMatchObject({ seq: end, view: { step: { kind: 'gameOver' } } });
      expect(built()).toBe(before);
      await f.close();
      // A player resuming from his last seq gets the events after it.
      const b = await open(second, bob.accessToken);
      b.send({ type: 'join', game: game.id, as: 'player', lastSeq: end - 1 });
      const joined = await b.next('joined');
      expect(joined).toMatchObject({ seq: end, catchUp: 'events', as: 'player', seat: 'p2' });
      expect(joined.dice.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(await b.next('event')).toMatchObject({ seq: end, event: { type: 'gameOver' } });
      // Intents are refused in the player's words; an id accepted before gets its first reply.
      expect(await b.intent(game.id, { type: 'pass' })).toMatchObject({
        type: 'rejected',
        code: 'gameNotRunning',
        message: 'The game is over.',
      });
      const a2 = await open(second, ann.accessToken);
      expect(await a2.intent(game.id, { type: 'rollTower' }, { id: 'first' })).toEqual(accepted);
      expect(await e.intent(game.id, { type: 'pass' })).toMatchObject({
        type: 'rejected',
        code: 'notSeated',
      });
      b.drain();
      b.send({ type: 'sync', game: game.id });
      expect(await b.next('state')).toMatchObject({ seq: end, view: { step: { kind: 'gameOver' } } });
      // The chat of a finished game: from one watcher to the other.
      b.send({ type: 'chat', game: game.id, text: 'Thanks!' });
      expect((await e.next('chat')).message).toMatchObject({ text: 'Thanks!', channel: 'players' });
      // The history and the replay are read from the log too.
      const history = await ok(
        call<History>(second.app, 'GET', `/api/games/${game.id}/history`, { token: eve.accessToken }),
      );
      expect(history.seq).toBe(end);
      const replay = await ok(
        call<Replay>(second.app, 'GET', `/api/games/${game.id}/replay`, { token: eve.accessToken }),
      );
      expect(replay.events.map((x) => x.seq)).toEqual(Array.from({ length: end }, (_, i) => i + 1));

      expect(load).not.toHaveBeenCalled();
      expect(rooms.size).toBe(0);
      expect(rooms.loadedIds()).toEqual([]);
      expect(await rooms.get(game.id)).toBeNull();
      // Nothing is kept once nobody watches it.
      for (const c of [e, b, a2]) await c.close();
      await waitFor(() => rooms.finished.watchedGames === 0, 'the watchers to be gone');
    } finally {
      load.mockRestore();
    }
  }, 120_000);
});
