// The event log's append (server/rooms/store.ts), on PGlite and on PostgreSQL: one intent's events go in
// whole, in order, with its reply and the game's new seq, or nothing changes at all: a writer at a stale seq
// (AppendConflict), a repeated intent id (RepeatedIntent, answered with the first seq), a finished game.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/database';
import { applyMigrations } from '../../server/db/migrate';
import type { ClockRecord } from '../../server/rooms/clock';
import {
  AppendConflict,
  type AppendInput,
  type GameLog,
  gameLog,
  RepeatedIntent,
  SNAPSHOT_FORMAT,
} from '../../server/rooms/store';
import type { GameEvent } from '../../shared/engine/events';
import { createGame, evolve } from '../../shared/engine/index';
import { createTestDatabase, type TestDatabase } from './support/postgres';

const rolled = (player: string, roll: number): GameEvent => ({
  type: 'movementRolled',
  player,
  roll,
  mulligan: false,
});

const T0 = Date.parse('2026-11-25T10:00:00.000Z');

function appendTests(name: string, open: () => Promise<Database | null>, cleanup: () => Promise<void>) {
  describe(name, () => {
    let db: Database | null = null;
    let log: GameLog;
    /** What the event log reported by itself (a batch statement that failed). */
    const reported: { context: Record<string, unknown>; message: string }[] = [];
    beforeAll(async () => {
      db = await open();
      if (db === null) return;
      await applyMigrations(db);
      log = gameLog(db, { warn: (context, message) => reported.push({ context, message }) });
    });
    afterAll(async () => {
      await db?.close();
      await cleanup();
    });

    async function newGame(): Promise<string> {
      const prisma = (db as Database).prisma;
      const creatorId = randomUUID();
      await prisma.user.create({ data: { id: creatorId, displayName: 'Ann' } });
      const id = randomUUID();
      await prisma.game.create({
        data: {
          id,
          creatorId,
          status: 'running',
          seatCount: 2,
          options: {},
          inviteOnly: false,
          spectatorsAllowed: true,
        },
      });
      return id;
    }
    const input = (gameId: string, over: Partial<AppendInput> = {}): AppendInput => ({
      gameId,
      expectedSeq: 0,
      events: [rolled('p1', 3), rolled('p1', 5)],
      sender: 'user:ann',
      intentId: 'i1',
      dice: [3, 5],
      diceCursor: 2,
      finished: false,
      at: T0,
      snapshot: null,
      clock: null,
      ...over,
    });
    const row = (id: string) => (db as Database).prisma.game.findUniqueOrThrow({ where: { id } });

    it('appends the events in order, records the reply with its dice, and moves the game to the new seq', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      expect(await log.events(id, 0, 10)).toEqual([
        { seq: 1, event: rolled('p1', 3), at: T0 },
        { seq: 2, event: rolled('p1', 5), at: T0 },
      ]);
      expect(await log.acceptedReply(id, 'user:ann', 'i1')).toBe(2);
      expect(await log.rolls(id)).toEqual([{ seq: 2, dice: [3, 5] }]);
      const game = await log.game(id);
      expect([game?.seq, game?.diceCursor, game?.status]).toEqual([2, 2, 'running']);
      expect((await row(id)).finishedAt).toBeNull();
      expect(await log.latestSnapshot(id, 10)).toBeNull();
    });

    it('errata 21.0: the clock is written with the events it follows; a checkpoint only at its own seq', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      const clock: ClockRecord = {
        seq: 2,
        at: 1_000,
        actor: 'p2',
        decisionMs: 60_000,
        banks: { p1: 5_000, p2: 7_000 },
        phase: null,
        gameMs: null,
      };
      await log.append(input(id, { clock }));
      expect((await log.game(id))?.clock).toEqual(clock);
      await log.saveClock(id, { ...clock, at: 2_000, decisionMs: 59_000 });
      expect((await log.game(id))?.clock).toMatchObject({ at: 2_000, decisionMs: 59_000 });
      // A checkpoint of an older seq (the game moved on meanwhile) changes nothing.
      await log.saveClock(id, { ...clock, seq: 1, decisionMs: 1 });
      expect((await log.game(id))?.clock).toMatchObject({ seq: 2, decisionMs: 59_000 });
    });

    it("each event keeps the time its intent was decided (the broadcast delay's clock), and seqAt finds the last one by then", async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      await log.append(
        input(id, { intentId: 'i2', expectedSeq: 2, events: [rolled('p1', 6)], at: T0 + 5000 }),
      );
      expect((await log.events(id, 0, 10)).map((e) => [e.seq, e.at])).toEqual([
        [1, T0],
        [2, T0],
        [3, T0 + 5000],
      ]);
      expect(await log.seqAt(id, T0 - 1)).toBe(0);
      expect(await log.seqAt(id, T0)).toBe(2);
      expect(await log.seqAt(id, T0 + 4999)).toBe(2);
      expect(await log.seqAt(id, T0 + 5000)).toBe(3);
    });

    it('a writer at a stale seq writes nothing (AppendConflict)', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      const stale = log.append(input(id, { intentId: 'i2', expectedSeq: 0 }));
      await expect(stale).rejects.toBeInstanceOf(AppendConflict);
      // The conflict tells whether this very intent is in the log all the same (here it is not).
      await expect(stale).rejects.toMatchObject({ written: null, batch: 1 });
      expect((await log.events(id, 0, 10)).length).toBe(2);
      expect(await log.acceptedReply(id, 'user:ann', 'i2')).toBeNull();
      expect((await log.game(id))?.seq).toBe(2);
      // The same intent sent again at the seq it was written from: in the log, at seq 2.
      await expect(log.append(input(id))).rejects.toMatchObject({ written: 2 });
      expect((await log.game(id))?.seq).toBe(2);
    });

    it('a repeated intent id writes nothing and names the seq of its first acceptance (RepeatedIntent)', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      const again = log.append(
        input(id, { expectedSeq: 2, events: [rolled('p1', 6)], dice: [6], diceCursor: 3 }),
      );
      await expect(again).rejects.toEqual(new RepeatedIntent(2));
      await expect(again).rejects.toBeInstanceOf(RepeatedIntent);
      expect((await log.events(id, 0, 10)).map((e) => e.seq)).toEqual([1, 2]);
      const game = await log.game(id);
      expect([game?.seq, game?.diceCursor]).toEqual([2, 2]);
    });

    it('a repeated intent id at a stale seq is a conflict, as any stale writer (the room reloads, then hears the repeat)', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      await log.append(input(id, { intentId: 'i2', expectedSeq: 2 }));
      await expect(log.append(input(id, { expectedSeq: 2 }))).rejects.toBeInstanceOf(AppendConflict);
      expect((await log.events(id, 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    });

    it('two writers at the same seq at once (two processes): one is written whole, the other writes nothing', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      const [first, second] = await Promise.allSettled([
        gameLog(db as Database).append(input(id, { intentId: 'a', events: [rolled('p1', 1)] })),
        gameLog(db as Database).append(
          input(id, { intentId: 'b', events: [rolled('p1', 2), rolled('p1', 3)] }),
        ),
      ]);
      const outcomes = [first.status, second.status].sort();
      expect(outcomes).toEqual(['fulfilled', 'rejected']);
      const lost = (first.status === 'rejected' ? first : second) as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(AppendConflict);
      const events = await log.events(id, 0, 10);
      const won = first.status === 'fulfilled' ? 'a' : 'b';
      expect(events.map((e) => e.event)).toEqual(
        won === 'a' ? [rolled('p1', 1)] : [rolled('p1', 2), rolled('p1', 3)],
      );
      expect((await log.game(id))?.seq).toBe(events.length);
      expect(await log.acceptedReply(id, 'user:ann', won === 'a' ? 'b' : 'a')).toBeNull();
    });

    it('a repeated intent id on an append that carries a snapshot is answered at once, holding up no other game', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      const other = await newGame();
      await log.append(input(id));
      const state = createGame({
        players: [
          { id: 'p1', name: 'Ann' },
          { id: 'p2', name: 'Bob' },
        ],
      }).state;
      // The first reply is read inside the snapshot's transaction: on PGlite's one connection a read beside
      // it waited for the transaction, which waited for the read, until Prisma's 30 s timeout.
      const again = log.append(input(id, { expectedSeq: 2, events: [rolled('p1', 6)], snapshot: state }));
      const meanwhile = log.append(input(other));
      await expect(again).rejects.toEqual(new RepeatedIntent(2));
      await meanwhile;
      expect((await log.game(other))?.seq).toBe(2);
      expect(await log.latestSnapshot(id, 10)).toBeNull();
      expect((await log.game(id))?.seq).toBe(2);
    }, 10_000);

    it('a batch statement that answers no row for an append is reported: the append reads as a conflict, written nowhere', async (ctx) => {
      if (db === null) return ctx.skip();
      const ids = await Promise.all([newGame(), newGame(), newGame()]);
      const told: string[] = [];
      const mute = gameLog(
        { ...(db as Database), query: async () => [] },
        { warn: (context, message) => told.push(`${message} (${context.rows} of ${context.appends})`) },
      );
      // The first goes alone (groupCommit.ts), where no row is the guards' refusal; the others together.
      const appended = await Promise.allSettled(ids.map((id) => mute.append(input(id))));
      expect(appended.map((a) => (a as PromiseRejectedResult).reason)).toMatchObject([
        { written: null, batch: 1 },
        { written: null, batch: 2 },
        { written: null, batch: 2 },
      ]);
      expect(told).toEqual(['the append statement answered a row count other than its appends (0 of 2)']);
      for (const id of ids) expect((await log.game(id))?.seq).toBe(0);
    });

    it('the last events finish the game; a finished game takes no more (AppendConflict)', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id, { finished: true }));
      const game = await row(id);
      expect(game.status).toBe('finished');
      expect(game.finishedAt).not.toBeNull();
      await expect(log.append(input(id, { intentId: 'i2', expectedSeq: 2 }))).rejects.toBeInstanceOf(
        AppendConflict,
      );
    });

    it('a snapshot due is written with the events, and replaces the older one', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      const state = createGame({
        players: [
          { id: 'p1', name: 'Ann' },
          { id: 'p2', name: 'Bob' },
        ],
      }).state;
      const later = evolve(state, { type: 'towerRolled', player: 'p1', roll: 5 });
      await log.append(input(id, { snapshot: state }));
      await log.append(input(id, { intentId: 'i2', expectedSeq: 2, snapshot: later }));
      expect(await log.latestSnapshot(id, 10)).toEqual({ seq: 4, state: later });
      expect(await (db as Database).prisma.gameSnapshot.count({ where: { gameId: id } })).toBe(1);
      // A failed append with a snapshot writes no snapshot either.
      await expect(
        log.append(input(id, { intentId: 'i3', expectedSeq: 0, snapshot: state })),
      ).rejects.toBeInstanceOf(AppendConflict);
      expect(await log.latestSnapshot(id, 10)).toEqual({ seq: 4, state: later });
    });

    it('PostgreSQL: a kept connection of the appends that the database drops is replaced, and the next append goes through', async (ctx) => {
      if (db === null || db.kind !== 'postgres') return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      // Every other connection of this database is ended from the server's side (an administrator, a restart).
      const ended = await db.exclusive((session) =>
        session.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend("pid") AS "ended" FROM pg_stat_activity
           WHERE "datname" = current_database() AND "pid" <> pg_backend_pid()`,
        ),
      );
      expect(ended.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await log.append(input(id, { intentId: 'i2', expectedSeq: 2 }));
      expect((await log.events(id, 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    });

    it('appends of many games sent at once are written together (group commit), each with its own outcome; a faulty one fails alone', async (ctx) => {
      if (db === null) return ctx.skip();
      const clock: ClockRecord = {
        seq: 2,
        at: T0,
        actor: 'p1',
        decisionMs: 50_000,
        banks: { p1: 600_000, p2: 600_000 },
        phase: null,
        gameMs: 3_600_000,
      };
      const ids = await Promise.all(Array.from({ length: 9 }, () => newGame()));
      const [plain, timed, stale, repeated, faulty, ending, fenced, ...more] = ids as [string, ...string[]];
      await log.append(input(repeated!));
      const wave = await Promise.allSettled([
        log.append(input(plain)),
        log.append(input(timed!, { clock })),
        log.append(input(stale!, { expectedSeq: 3 })),
        log.append(input(repeated!, { expectedSeq: 2, events: [rolled('p1', 6)], dice: [6], diceCursor: 3 })),
        log.append(input(ending!, { finished: true })),
        // A cluster writer's fencing token that no lease of this game holds (leases.ts).
        log.append(input(fenced!, { fence: 7 })),
        ...more.map((id, i) => log.append(input(id, { at: T0 + i }))),
      ]);
      expect(wave.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      const reason = (i: number) => (wave[i] as PromiseRejectedResult).reason;
      expect(reason(2)).toBeInstanceOf(AppendConflict);
      // The conflict tells it met the stale append in a batch statement (a conflict's log line says so).
      expect((reason(2) as AppendConflict).batch).toBeGreaterThan(1);
      expect(reason(3)).toEqual(new RepeatedIntent(2));
      expect(reason(5)).toBeInstanceOf(AppendConflict);
      for (const id of [plain, timed!, ending!, ...more]) {
        expect((await log.events(id, 0, 10)).map((e) => e.seq)).toEqual([1, 2]);
        expect(await log.acceptedReply(id, 'user:ann', 'i1')).toBe(2);
      }
      expect(await log.events(more[1]!, 0, 10)).toEqual([
        { seq: 1, event: rolled('p1', 3), at: T0 + 1 },
        { seq: 2, event: rolled('p1', 5), at: T0 + 1 },
      ]);
      expect((await log.game(timed!))?.clock).toEqual(clock);
      expect((await log.game(plain))?.clock).toBeNull();
      expect((await row(ending!)).status).toBe('finished');
      for (const id of [stale!, fenced!]) {
        expect([(await log.game(id))?.seq, await log.acceptedReply(id, 'user:ann', 'i1')]).toEqual([0, null]);
      }
      expect((await log.game(repeated!))?.seq).toBe(2);

      // An event the log refuses (without a type: the column is NOT NULL) fails the statement: each append is
      // then written alone, and only the faulty one fails.
      const typeless = { ...rolled('p1', 3), type: undefined } as unknown as GameEvent;
      const next = { intentId: 'i2', expectedSeq: 2 };
      const second = await Promise.allSettled([
        log.append(input(plain, next)),
        log.append(input(faulty!, { events: [typeless] })),
        ...more.map((id) => log.append(input(id, next))),
      ]);
      expect(second.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      // The batch that failed as a whole is reported, once, with its size (the first append of a quiet
      // moment goes alone, groupCommit.ts: the batch holds the faulty one and those after it).
      expect(reported.map((r) => r.message)).toEqual(['a batch of appends failed: each is written alone']);
      expect(reported[0]!.context.appends).toBeGreaterThanOrEqual(2);
      expect((second[1] as PromiseRejectedResult).reason).not.toBeInstanceOf(AppendConflict);
      expect([(await log.game(faulty!))?.seq, await log.acceptedReply(faulty!, 'user:ann', 'i1')]).toEqual([
        0,
        null,
      ]);
      for (const id of [plain, ...more]) expect((await log.game(id))?.seq).toBe(4);
    });

    it('reads are parsed, not cast: an event or game row the schemas refuse fails loudly, a snapshot is passed over', async (ctx) => {
      if (db === null) return ctx.skip();
      const id = await newGame();
      await log.append(input(id));
      expect((await log.events(id, 0, 10)).map((e) => e.event.type)).toEqual([
        'movementRolled',
        'movementRolled',
      ]);
      const prisma = (db as Database).prisma;
      await prisma.gameEvent.update({
        where: { gameId_seq: { gameId: id, seq: 2 } },
        data: { payload: { type: 'movementRolled', player: 'p2', roll: 9, mulligan: false } },
      });
      await expect(log.events(id, 0, 10)).rejects.toThrow(/roll/);
      await prisma.gameSnapshot.create({
        data: { gameId: id, seq: 2, format: SNAPSHOT_FORMAT, state: { marker: 'x' } },
      });
      // A snapshot of another shape is passed over: the room replays the log instead.
      expect(await log.latestSnapshot(id, 10)).toBeNull();
      await prisma.game.update({ where: { id }, data: { status: 'paused' } });
      await expect(log.game(id)).rejects.toThrow();
    });
  });
}

appendTests(
  'the event log on PGlite',
  () => openDatabase({ url: null, dataDir: 'memory' }),
  async () => {},
);

let scratch: TestDatabase | null = null;
appendTests(
  'the event log on PostgreSQL',
  async () => {
    scratch = await createTestDatabase();
    return scratch ? openDatabase({ url: scratch.url, dataDir: 'memory' }) : null;
  },
  async () => {
    await scratch?.drop();
  },
);
