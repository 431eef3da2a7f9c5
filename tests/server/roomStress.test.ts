// One server process never meets an append conflict (store.ts AppendConflict): its rooms are their games'
// only writers. A restarted server on PGlite (in its worker, on disk) plays many games at once straight
// through their rooms (no sockets: the rooms and the event log are what is stressed), one intent in flight
// per game, while the background resume is still rebuilding the rooms, half the games are watched (their
// rooms stay: the group commit's batches grow) and the other half's rooms are unloaded whenever idle and
// rebuilt on demand, and snapshots are written often (each in its own transaction, beside the batches).
// Every intent must be accepted (none answered 'The game moved on meanwhile'), and each game's log must
// end where its room is, with every acknowledged intent in it (issue 16's open observation).
import { afterAll, describe, expect, it } from 'vitest';
import { rulesEngine as engine } from '../../server/engine';
import type { Subscriber } from '../../server/rooms/room';
import { randomPick } from '../../shared/bot/index';
import type { Seat } from '../../shared/protocol/messages';
import { call, guest, ok } from './support/api';
import { seeded } from './support/player';
import { startServer, type TestServer, tempDataDir, testConfig } from './support/server';

const GAMES = 80;
const INTENTS_PER_GAME = 15;

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

describe('one process, many rooms at once', () => {
  it('meets no append conflict: a restart with its background resume, idle unloads and snapshots, all at once', async () => {
    // A snapshot every 25 events (about one intent in ten writes one); rooms unloaded when swept here.
    const config = testConfig({ dataDir: tempDataDir(), snapshotEvery: 25, roomIdleSeconds: 3600 });
    const first = await startServer(config);
    servers.push(first);
    const ann = await guest(first.app, 'Ann');
    const bob = await guest(first.app, 'Bob');
    const ids: string[] = [];
    const create = async () => {
      const created = await ok(
        call<{ id: string }>(first.app, 'POST', '/api/games', {
          token: ann.accessToken,
          body: { seats: 2, takeSeat: true },
        }),
        201,
      );
      await ok(
        call(first.app, 'POST', `/api/games/${created.id}/join`, { token: bob.accessToken, body: {} }),
      );
      await ok(call(first.app, 'POST', `/api/games/${created.id}/start`, { token: ann.accessToken }));
      ids.push(created.id);
    };
    for (let i = 0; i < GAMES; i += 10) await Promise.all(Array.from({ length: 10 }, create));
    await first.close();

    // The restart: every running game's room is rebuilt in the background while the games are played.
    const server = await startServer(config);
    servers.push(server);
    const { rooms, metrics, db } = server.app.titan;
    const users: Partial<Record<Seat, string>> = { p1: ann.user.id, p2: bob.user.id };
    const random = seeded(16);
    let playing = true;
    // The idle sweep at random moments, as if an hour had passed: every room with nothing queued and
    // nobody watching goes, and the next intent rebuilds it from the log.
    const sweeps = (async () => {
      while (playing) {
        await new Promise((r) => setTimeout(r, Math.floor(random() * 100)));
        rooms.sweep(Date.now() + 3_600_000);
      }
    })();
    const acknowledged = new Map<string, string[]>();
    const refusals: string[] = [];
    await Promise.all(
      ids.map(async (gameId, g) => {
        const mine: string[] = [];
        acknowledged.set(gameId, mine);
        if (g % 2 === 0) {
          const watcher: Subscriber = {
            id: `watcher-${g}`,
            recipient: { spectator: true },
            views: false,
            send() {},
          };
          const room = await rooms.get(gameId);
          if (room) await rooms.join(room, watcher, undefined);
        }
        for (let n = 1; mine.length < INTENTS_PER_GAME && n <= 2 * INTENTS_PER_GAME; n++) {
          // A moment between intents, as a player's would be: an unwatched room is idle then.
          await new Promise((r) => setTimeout(r, Math.floor(random() * 5)));
          const room = await rooms.get(gameId);
          if (room === null || room.finished) break;
          const actor = engine.pending(room.currentState).actor as Seat | null;
          const intent =
            actor === null ? null : randomPick(engine.legalIntents(room.currentState, actor), random);
          if (actor === null || intent === null) break;
          const id = `stress-${g}-${n}`;
          const expectedSeq = room.seqFor({ player: actor });
          const reply = await room.submit({ user: users[actor]! }, { id, expectedSeq, intent });
          if (reply.type === 'accepted') mine.push(id);
          else refusals.push(`${reply.code}: ${reply.message}`);
        }
      }),
    );
    playing = false;
    await sweeps;

    expect(refusals).toEqual([]);
    expect(metrics.read().appendConflicts).toBe(0);
    // The rooms were rebuilt and unloaded meanwhile, and snapshots written, as the test means them to be.
    expect(metrics.read().roomsUnloaded).toBeGreaterThan(GAMES / 2);
    expect(metrics.read().snapshotsWritten).toBeGreaterThan(GAMES / 2);
    // Every acknowledged intent is in the log, and each game's log ends where its room is.
    for (const gameId of ids) {
      const mine = acknowledged.get(gameId)!;
      expect(mine.length).toBeGreaterThan(0);
      const replies = await db.prisma.gameEvent.findMany({
        where: { gameId, intentId: { startsWith: 'stress-' } },
        select: { intentId: true },
      });
      expect(replies.map((r) => r.intentId).sort()).toEqual([...mine].sort());
      const last = await db.prisma.gameEvent.findFirstOrThrow({
        where: { gameId },
        orderBy: { seq: 'desc' },
      });
      expect(await db.prisma.gameEvent.count({ where: { gameId } })).toBe(last.seq);
      const room = await rooms.get(gameId);
      expect(room?.currentSeq).toBe(last.seq);
    }
  }, 240_000);
});
