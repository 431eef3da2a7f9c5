// Cluster mode's leases (issue 16): one process owns a running game at a time; another takes it only once
// the lease expired, with a new fencing token, and the old owner's appends are refused from then on.
// On this machine's PostgreSQL (skipped loudly when it cannot be reached).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leases } from '../../server/cluster/leases';
import { AppendConflict, gameLog } from '../../server/rooms/store';
import { startedGame } from './support/api';
import { createTestDatabase, type TestDatabase } from './support/postgres';
import { startServer, type TestServer, testConfig } from './support/server';

let database: TestDatabase | null = null;
let server: TestServer | null = null;
beforeAll(async () => {
  database = await createTestDatabase();
  if (database) server = await startServer(testConfig({ databaseUrl: database.url }));
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('game leases on PostgreSQL', () => {
  it('one owner at a time; a takeover after expiry bumps the fencing token and fences the old owner out', async (ctx) => {
    if (!server) return ctx.skip();
    const { db } = server.app.titan;
    const { game } = await startedGame(server.app, 2, 2); // nobody plays meanwhile
    const a = leases(db, 'node-a', 60_000);
    const b = leases(db, 'node-b', 60_000);
    const first = await a.claim(game.id);
    expect(first).not.toBeNull();
    expect(await a.claim(game.id)).toBe(first); // the holder again: the same writer, the same token
    expect(await b.claim(game.id)).toBeNull();
    expect(await b.ownerOf(game.id)).toBe('node-a');
    expect(await a.renew()).toContain(game.id);
    expect(await b.adopt(100)).not.toContainEqual(expect.objectContaining({ gameId: game.id }));

    // node-a stops renewing (it died): once the lease expired, node-b adopts the game.
    await a.release([game.id]);
    expect(await a.ownerOf(game.id)).toBeNull();
    const adopted = (await b.adopt(1000)).find((l) => l.gameId === game.id);
    expect(adopted?.token).toBe(first! + 1);
    expect(await a.claim(game.id)).toBeNull();
    expect(await a.renew()).not.toContain(game.id);

    // node-a's append (it still believes it owns the game) is refused, whatever seq it holds; node-b's goes in.
    const log = gameLog(db);
    const stored = (await log.game(game.id))!;
    const append = (fence: number, intentId: string) =>
      log.append({
        gameId: game.id,
        expectedSeq: stored.seq,
        events: [{ type: 'movementRolled', player: 'p1', roll: 3, mulligan: false }],
        sender: 'test',
        intentId,
        dice: [],
        diceCursor: stored.diceCursor,
        finished: false,
        at: Date.now(),
        snapshot: null,
        clock: null,
        fence,
      });
    await expect(append(first!, 'stale')).rejects.toBeInstanceOf(AppendConflict);
    expect(await log.acceptedReply(game.id, 'test', 'stale')).toBeNull();
    await append(adopted!.token, 'fresh');
    expect(await log.acceptedReply(game.id, 'test', 'fresh')).toBe(stored.seq + 1);
  }, 60_000);
});
