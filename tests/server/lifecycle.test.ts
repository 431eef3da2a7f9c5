// Room lifecycle (issue 16, issue 12 item 6): a server starts answering before it has rebuilt its running
// games (they are loaded in the background, a wanted one at once); a room with nothing to do and nobody
// watching is unloaded and rebuilt from its log when wanted again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok, startedGame } from './support/api';
import { TestClient } from './support/client';
import { startServer, type TestServer, testConfig } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(testConfig({ roomIdleSeconds: 60 }));
});
afterAll(async () => {
  await server.close();
});

const IDLE_MS = 60_000;

/** `count` started games, their rooms unloaded and let go (each once its load promise settles). */
async function unloadedGames(count: number): Promise<string[]> {
  const { rooms } = server.app.titan;
  const games: string[] = [];
  for (let i = 0; i < count; i++) games.push((await startedGame(server.app, 2, 2)).game.id);
  for (const id of games) rooms.unload(id);
  await new Promise((resolve) => setImmediate(resolve));
  return games;
}

describe('idle rooms', () => {
  it('a room nobody watches and nobody must act in for the server is unloaded, then rebuilt on the next intent', async () => {
    const { rooms } = server.app.titan;
    const { game, players } = await startedGame(server.app, 2, 2);
    const room = rooms.loaded(game.id)!;
    expect(room).not.toBeNull();
    // Both seats are people who are not here, and the tests' servers play nobody's absent seat: the
    // room waits for them, with no timer of its own.
    const actor = room.actor;
    expect(actor).not.toBeNull();
    rooms.sweep(Date.now() + IDLE_MS - 1_000);
    expect(rooms.loaded(game.id)).toBe(room);
    rooms.sweep(Date.now() + IDLE_MS + 1_000);
    expect(rooms.loaded(game.id)).toBeNull();
    // The lobby still says whose turn it is.
    const mover = players[actor === 'p1' ? 0 : 1]!;
    const summary = await ok(
      call<{ yourMove: boolean }>(server.app, 'GET', `/api/games/${game.id}`, { token: mover.accessToken }),
    );
    expect(summary.yourMove).toBe(true);

    // The next intent rebuilds it from the log, at the seq it was left at, and is accepted.
    const c = await TestClient.open(server.wsUrl, { token: mover.accessToken });
    c.send({ type: 'join', game: game.id, as: 'player' });
    const legal = await c.next('legal');
    expect(legal.seq).toBe(room.currentSeq);
    const reply = await c.intent(game.id, legal.intents[0]!, { expectedSeq: legal.seq });
    expect(reply).toMatchObject({ type: 'accepted' });
    const rebuilt = rooms.loaded(game.id)!;
    expect(rebuilt).not.toBe(room);
    // Somebody watching keeps it.
    rooms.sweep(Date.now() + 10 * IDLE_MS);
    expect(rooms.loaded(game.id)).toBe(rebuilt);
    await c.close();
  }, 60_000);
});

describe('resume after a restart', () => {
  it('the background resume waits while a room wanted now is being loaded, then loads the rest', async () => {
    const { rooms } = server.app.titan;
    const games = await unloadedGames(3);
    const before = rooms.size;
    const [wanted, ...others] = games;
    const room = rooms.get(wanted!);
    rooms.resume(others);
    // Nothing of the resume has started: only the wanted room is being loaded.
    expect(rooms.size).toBe(before + 1);
    expect((await room)?.id).toBe(wanted);
    await rooms.resumed();
    for (const id of games) expect(rooms.loaded(id)).not.toBeNull();
  }, 60_000);

  it("the background resume loads no room while a client's join or intent is being served, then the rest", async () => {
    const { rooms } = server.app.titan;
    const games = await unloadedGames(3);
    const before = rooms.size;
    // The gateway serves each join and intent as Rooms.foreground (one held open here).
    let served!: () => void;
    const serving = rooms.foreground(new Promise<void>((resolve) => (served = resolve)));
    rooms.resume(games);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(rooms.size).toBe(before);
    served();
    await serving;
    await rooms.resumed();
    for (const id of games) expect(rooms.loaded(id)).not.toBeNull();
  }, 60_000);

  it('under client traffic that never pauses the background resume still carries on, a room at a time', async () => {
    const { rooms } = server.app.titan;
    const games = await unloadedGames(2);
    let served!: () => void;
    const serving = rooms.foreground(new Promise<void>((resolve) => (served = resolve)));
    rooms.resume(games);
    await rooms.resumed();
    for (const id of games) expect(rooms.loaded(id)).not.toBeNull();
    served();
    await serving;
  }, 60_000);
});
