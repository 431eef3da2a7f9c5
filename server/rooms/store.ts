// The event log in the database: what a room reads when it is (re)built and the one transaction that
// appends an intent's events. Database types stay here (style 8).
import { type BotLevel, isBotLevel } from '../../shared/bot/index';
import type { GameEvent } from '../../shared/engine/events';
import type { GameState } from '../../shared/engine/types';
import { gameEventSchema, gameStateSchema } from '../../shared/protocol/game';
import type { Seat, TimeControl } from '../../shared/protocol/messages';
import { gameOptionsSchema, gameStatusSchema } from '../../shared/protocol/rest';
import type { Database } from '../db/database';
import type { Prisma } from '../generated/prisma/client';
import { type ClockRecord, clockRecordSchema } from './clock';
import { GroupCommit, type Outcome } from './groupCommit';

/** Bump when the engine's GameState shape changes: older snapshots are then ignored (replayed instead). */
export const SNAPSHOT_FORMAT = 2;

/** Under load (hundreds of rooms appending at once) an append waits for a pooled connection instead of
 *  failing after Prisma's 2 s default: a slow acknowledgement beats a refused intent. */
const APPEND_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

/**
 * An intent's events appended in one statement (atomic by itself, one round trip). `moved` moves the game to
 * the new seq only if it is still at the expected seq and running, and this sender has no reply under this
 * intent id yet (`seen`): the update's row lock makes a second writer wait, then find the seq moved and write
 * nothing (AppendConflict). The reply row (the record of the intent's id) and the events are written only
 * with the game's move; a reply already there (RepeatedIntent) leaves everything as it was. The reply's key
 * and the (gameId, seq) key of the events are the last guards: a reply or an event that is there already
 * fails the whole statement. The status is compared as in APPEND_BATCH_SQL (the primary key finds the game).
 * What it answers reads as APPEND_BATCH_SQL's rows: `locked` when the game was at the expected seq (moved,
 * or found so with the reply already there), `replied` when it moved. (One game row updated, where locking
 * it first and updating it after the reply's insert cost PGlite 0.07 ms more per append, issue 16.)
 *   $1 game id, $2 expected seq, $3 sender, $4 intent id, $5 new seq, $6 dice (an int[] literal: {3,5}),
 *   $7 dice cursor, $8 finished, $9 events (JSON array), $10 when the events happened (the server's clock,
 *   ISO 8601: the broadcast delay counts from it), $11 the clock after them (JSON, null when untimed:
 *   clock.ts), $12 the fencing token of the writer's lease (cluster mode, server/cluster/leases.ts; null: a
 *   single process): a process whose lease another has taken since writes nothing (AppendConflict)
 */
const APPEND_SQL = `
WITH seen AS (
  SELECT 1 FROM "IntentReply" WHERE "gameId" = $1::uuid AND "sender" = $3 AND "intentId" = $4
), moved AS (
  UPDATE "Game" SET "seq" = $5, "diceCursor" = $7, "clock" = $11::jsonb,
    "status" = CASE WHEN $8::boolean THEN 'finished' ELSE "status" END,
    "finishedAt" = CASE WHEN $8::boolean THEN CURRENT_TIMESTAMP ELSE "finishedAt" END
  WHERE "id" = $1::uuid AND "seq" = $2 AND "status" IS NOT DISTINCT FROM 'running'
    AND ($12::bigint IS NULL OR EXISTS (
      SELECT 1 FROM "GameLease" l WHERE l."gameId" = $1::uuid AND l."token" = $12::bigint))
    AND NOT EXISTS (SELECT 1 FROM seen)
  RETURNING "id"
), reply AS (
  INSERT INTO "IntentReply" ("gameId", "sender", "intentId", "seq", "dice")
  SELECT "id", $3, $4, $5, $6::int[] FROM moved
), appended AS (
  INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload", "createdAt")
  SELECT m."id", $2 + e.n::int, e.payload->>'type', e.payload, $10::timestamptz
  FROM moved m, jsonb_array_elements($9::jsonb) WITH ORDINALITY AS e(payload, n)
)
SELECT CASE WHEN EXISTS (SELECT 1 FROM moved) THEN 1
    WHEN EXISTS (SELECT 1 FROM seen) AND EXISTS (
      SELECT 1 FROM "Game" WHERE "id" = $1::uuid AND "seq" = $2 AND "status" IS NOT DISTINCT FROM 'running'
        AND ($12::bigint IS NULL OR EXISTS (
          SELECT 1 FROM "GameLease" l WHERE l."gameId" = $1::uuid AND l."token" = $12::bigint))) THEN 1
    ELSE 0 END AS "locked",
  (SELECT count(*) FROM moved)::int AS "replied"`;

/**
 * The appends of several games in one statement (group commit, groupCommit.ts): an append's steps over a
 * JSON array of appends, one commit for all (each locks its game, inserts its reply, then moves the game). Each append is decided as if alone: a game no longer at its
 * expected seq is not locked and writes nothing (conflict), a repeated intent id writes nothing (repeat);
 * the others are written. The games are locked in id order (two batches never wait on each other in a
 * cycle). One row per append, in the array's order: whether its game was locked and its reply inserted.
 * Each game is found by its primary key, one lookup per append (the LATERAL ... LIMIT 1 is not flattened
 * into a join), and the status is compared with IS NOT DISTINCT FROM, which no index serves (it is never
 * null): PGlite has no autovacuum, so its tables keep the statistics of their creation (empty) and the
 * planner would otherwise take the status index or a nested loop over every running game, per append.
 *   $1 the appends: [{ game, expectedSeq, sender, intentId, seq, dice, diceCursor, finished, events, at,
 *   clock?, fence? }] (clock left out when untimed, fence when a single process: APPEND_SQL's $11, $12)
 */
const APPEND_BATCH_SQL = `
WITH input AS (
  SELECT * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS ("game" uuid, "expectedSeq" int,
    "sender" text, "intentId" text, "seq" int, "dice" jsonb, "diceCursor" int, "finished" boolean,
    "events" jsonb, "at" timestamptz, "clock" jsonb, "fence" bigint)) WITH ORDINALITY AS x("game",
    "expectedSeq", "sender", "intentId", "seq", "dice", "diceCursor", "finished", "events", "at", "clock",
    "fence", "n")
), g AS (
  SELECT gm."id" FROM (SELECT * FROM input ORDER BY "game") i CROSS JOIN LATERAL (
    SELECT "id" FROM "Game" WHERE "id" = i."game" AND "seq" = i."expectedSeq"
      AND "status" IS NOT DISTINCT FROM 'running' LIMIT 1 FOR UPDATE) gm
  WHERE i."fence" IS NULL OR EXISTS (
    SELECT 1 FROM "GameLease" l WHERE l."gameId" = i."game" AND l."token" = i."fence")
), reply AS (
  INSERT INTO "IntentReply" ("gameId", "sender", "intentId", "seq", "dice")
  SELECT i."game", i."sender", i."intentId", i."seq",
    ARRAY(SELECT jsonb_array_elements_text(i."dice")::int)
  FROM input i JOIN g ON g."id" = i."game"
  ON CONFLICT ("gameId", "sender", "intentId") DO NOTHING
  RETURNING "gameId"
), moved AS (
  UPDATE "Game" gm SET "seq" = i."seq", "diceCursor" = i."diceCursor", "clock" = i."clock",
    "status" = CASE WHEN i."finished" THEN 'finished' ELSE gm."status" END,
    "finishedAt" = CASE WHEN i."finished" THEN CURRENT_TIMESTAMP ELSE gm."finishedAt" END
  FROM input i WHERE gm."id" = i."game" AND gm."id" IN (SELECT "gameId" FROM reply)
  RETURNING gm."id"
), appended AS (
  INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload", "createdAt")
  SELECT i."game", i."expectedSeq" + e.n::int, e.payload->>'type', e.payload, i."at"
  FROM input i JOIN moved m ON m."id" = i."game",
    jsonb_array_elements(i."events") WITH ORDINALITY AS e(payload, n)
)
SELECT coalesce(gc."n", 0)::int AS "locked", coalesce(rc."n", 0)::int AS "replied"
FROM input i
  LEFT JOIN (SELECT "id", count(*) AS "n" FROM g GROUP BY "id") gc ON gc."id" = i."game"
  LEFT JOIN (SELECT "gameId", count(*) AS "n" FROM reply GROUP BY "gameId") rc ON rc."gameId" = i."game"
ORDER BY i."n"`;

/** Appends written together at most, and batches written at once (groupCommit.ts). */
const APPEND_BATCH = { maxBatch: 500, maxInFlight: 2 } as const;

/** A seat's stored bot level, parsed (a seat stored before levels existed holds the random bot). */
export function botLevelOf(stored: string | null): BotLevel {
  return stored !== null && isBotLevel(stored) ? stored : 'random';
}

export type GameStatus = 'open' | 'running' | 'finished';

export interface StoredSeat {
  readonly seat: Seat;
  readonly userId: string | null;
  readonly bot: boolean;
  /** The bot's level when `bot` (missing: the random bot). */
  readonly botLevel?: BotLevel;
  readonly name: string | null;
}

export interface StoredGame {
  readonly id: string;
  readonly status: GameStatus;
  readonly creatorId: string;
  readonly seats: readonly StoredSeat[];
  readonly seq: number;
  readonly diceSeed: string | null;
  readonly diceCommitment: string | null;
  readonly diceCursor: number;
  readonly spectatorsAllowed: boolean;
  readonly inviteOnly: boolean;
  readonly inviteCode: string | null;
  /** Spectators receive each event this long after it happened (0: at once); players never wait. */
  readonly broadcastDelayMs: number;
  /** The time control chosen in the lobby (null: untimed). */
  readonly timeControl: TimeControl | null;
  /** The clock as of the game's seq (null: untimed, or not started yet). */
  readonly clock: ClockRecord | null;
}

export interface LoggedEvent {
  readonly seq: number;
  readonly event: GameEvent;
  /** When it happened (ms since the epoch, the server's clock). */
  readonly at: number;
}

/** The game was no longer at the expected seq, or no longer running: nothing was written by this
 *  statement. `written`: the seq at which this very intent (sender and id) is in the log all the same,
 *  null when it is not (what a conflict's log line tells: who wrote, room.ts). */
export class AppendConflict extends Error {
  constructor(
    message: string,
    readonly written: number | null = null,
    /** The appends written together with this one (1: alone; 0: inside a snapshot's transaction). */
    readonly batch = 1,
  ) {
    super(message);
  }
}

/** This sender already had an intent with this id accepted: nothing was written. */
export class RepeatedIntent extends Error {
  constructor(readonly seq: number) {
    super('intent already applied');
  }
}

export const seatName = (index: number): Seat => `p${index + 1}` as Seat;
export const seatIndex = (seat: Seat): number => Number(seat.slice(1)) - 1;

/** A value for a Json column (what is read back is parsed with its schema, never cast). */
export const json = (value: unknown) => value as Prisma.InputJsonValue;

export interface AppendInput {
  readonly gameId: string;
  readonly expectedSeq: number;
  readonly events: readonly GameEvent[];
  readonly sender: string;
  readonly intentId: string;
  readonly dice: readonly number[];
  readonly diceCursor: number;
  readonly finished: boolean;
  /** When the events happened (ms since the epoch). */
  readonly at: number;
  /** The state after these events, when a snapshot is due. */
  readonly snapshot: GameState | null;
  /** The clock after these events (null: untimed). */
  readonly clock: ClockRecord | null;
  /** Cluster mode: the fencing token of this process's lease on the game (missing: a single process). */
  readonly fence?: number;
}

export interface GameLog {
  game(id: string): Promise<StoredGame | null>;
  /** The latest snapshot at or before maxSeq that parses as a GameState (null: replay the log). */
  latestSnapshot(id: string, maxSeq: number): Promise<{ seq: number; state: GameState } | null>;
  /** Events with afterSeq < seq <= uptoSeq, in order. */
  events(id: string, afterSeq: number, uptoSeq: number): Promise<LoggedEvent[]>;
  /** The last seq that happened at or before `time` (ms since the epoch); 0 when none did. */
  seqAt(id: string, time: number): Promise<number>;
  /** The seq of this sender's accepted intent with this id, if there was one. */
  acceptedReply(id: string, sender: string, intentId: string): Promise<number | null>;
  /** Appends in one transaction: the events (seq expectedSeq+1 ...), the reply, the dice cursor, the
   *  status, a snapshot if due. Throws AppendConflict or RepeatedIntent, writing nothing. */
  append(input: AppendInput): Promise<void>;
  /** Records what is left on a running clock (a checkpoint), if the game is still at `clock.seq`. */
  saveClock(id: string, clock: ClockRecord): Promise<void>;
  /** Every accepted intent's dice in order (for the dice proof). */
  rolls(id: string): Promise<{ seq: number; dice: number[] }[]>;
}

/** What the database did with one append: its game locked (at the expected seq, running), its reply
 *  inserted (the id not seen before). */
interface AppendRow {
  readonly locked: number;
  readonly replied: number;
  /** The appends of the statement (a conflict's log line tells it). */
  readonly batch?: number;
}

type Query = Database['query'];

/** One append alone (APPEND_SQL). */
async function appendAlone(
  query: Query,
  input: AppendInput,
  reporter: LogReporter | null = null,
): Promise<AppendRow> {
  const rows = await query<AppendRow>(APPEND_SQL, [
    input.gameId,
    input.expectedSeq,
    input.sender,
    input.intentId,
    input.expectedSeq + input.events.length,
    `{${input.dice.join(',')}}`,
    input.diceCursor,
    input.finished,
    JSON.stringify(input.events),
    new Date(input.at).toISOString(),
    input.clock === null ? null : JSON.stringify(input.clock),
    input.fence ?? null,
  ]);
  if (rows.length !== 1) answeredRows(reporter, rows.length, 1);
  return rows[0] ?? { locked: 0, replied: 0 };
}

/** A statement answered another number of rows than it had appends (each append has its row): the missing
 *  ones read as not written (a conflict), which only a look at the log can tell apart. */
function answeredRows(reporter: LogReporter | null, rows: number, appends: number): void {
  reporter?.warn({ rows, appends }, 'the append statement answered a row count other than its appends');
}

/** Several games' appends in one statement (APPEND_BATCH_SQL); should the statement fail (one append's
 *  fault fails them all), each is written alone, so only the faulty one fails. */
async function appendBatch(
  query: Query,
  batch: readonly AppendInput[],
  reporter: LogReporter | null,
): Promise<Outcome<AppendRow>[]> {
  const alone = (input: AppendInput) =>
    appendAlone(query, input, reporter).then(
      (ok): Outcome<AppendRow> => ({ ok }),
      (error: unknown): Outcome<AppendRow> => ({ error }),
    );
  if (batch.length === 1) return [await alone(batch[0]!)];
  const items = batch.map((input) => ({
    game: input.gameId,
    expectedSeq: input.expectedSeq,
    sender: input.sender,
    intentId: input.intentId,
    seq: input.expectedSeq + input.events.length,
    dice: input.dice,
    diceCursor: input.diceCursor,
    finished: input.finished,
    events: input.events,
    at: new Date(input.at).toISOString(),
    ...(input.clock === null ? {} : { clock: input.clock }),
    ...(input.fence === undefined ? {} : { fence: input.fence }),
  }));
  let rows: AppendRow[];
  try {
    rows = await query<AppendRow>(APPEND_BATCH_SQL, [JSON.stringify(items)]);
  } catch (error) {
    reporter?.warn({ err: error, appends: batch.length }, 'a batch of appends failed: each is written alone');
    return Promise.all(batch.map(alone));
  }
  if (rows.length !== batch.length) answeredRows(reporter, rows.length, batch.length);
  return batch.map((_, i) => ({ ok: { ...(rows[i] ?? { locked: 0, replied: 0 }), batch: batch.length } }));
}

/** The seq of a sender's accepted intent, read by `client`: the database, or a transaction under way. */
const replyReader =
  (client: Pick<Prisma.TransactionClient, 'intentReply'>): GameLog['acceptedReply'] =>
  async (id, sender, intentId) => {
    const r = await client.intentReply.findUnique({
      where: { gameId_sender_intentId: { gameId: id, sender, intentId } },
      select: { seq: true },
    });
    return r?.seq ?? null;
  };

/** Where the event log reports what it got over by itself (a batch statement that failed). */
export interface LogReporter {
  warn(context: Record<string, unknown>, message: string): void;
}

export function gameLog(db: Database, reporter: LogReporter | null = null): GameLog {
  const { prisma } = db;
  const acceptedReply = replyReader(prisma);
  const appends = new GroupCommit<AppendInput, AppendRow>((batch) => appendBatch(db.query, batch, reporter), {
    ...APPEND_BATCH,
    key: (input) => input.gameId,
  });
  /** Nothing more when the append was written; else why not (AppendConflict, RepeatedIntent). The first
   *  reply is read by `replies`: inside a transaction, the transaction's (PGlite has one connection: a read
   *  beside the transaction waits for its end, which waits for the read, until Prisma's timeout). */
  const settle = async (
    input: AppendInput,
    { locked, replied, batch }: AppendRow,
    replies: GameLog['acceptedReply'] = acceptedReply,
  ): Promise<void> => {
    if (locked !== 1) {
      const written = await replies(input.gameId, input.sender, input.intentId);
      throw new AppendConflict(
        `game ${input.gameId} is no longer at seq ${input.expectedSeq}`,
        written,
        batch ?? (replies === acceptedReply ? 1 : 0),
      );
    }
    if (replied !== 1) {
      const first = await replies(input.gameId, input.sender, input.intentId);
      if (first === null) throw new Error(`intent ${input.intentId} neither appended nor found`);
      throw new RepeatedIntent(first);
    }
  };
  return {
    async game(id) {
      const g = await prisma.game.findUnique({
        where: { id },
        include: { seats: { orderBy: { index: 'asc' } } },
      });
      if (!g) return null;
      const options = gameOptionsSchema.parse(g.options);
      return {
        id: g.id,
        status: gameStatusSchema.parse(g.status),
        creatorId: g.creatorId,
        seats: g.seats.map((s) => ({
          seat: seatName(s.index),
          userId: s.userId,
          bot: s.bot,
          botLevel: botLevelOf(s.botLevel),
          name: s.name,
        })),
        seq: g.seq,
        diceSeed: g.diceSeed,
        diceCommitment: g.diceCommitment,
        diceCursor: g.diceCursor,
        spectatorsAllowed: g.spectatorsAllowed,
        inviteOnly: g.inviteOnly,
        inviteCode: g.inviteCode,
        broadcastDelayMs: options.broadcastDelaySeconds * 1000,
        timeControl: options.timeControl ?? null,
        clock: g.clock === null ? null : clockRecordSchema.parse(g.clock),
      };
    },

    async latestSnapshot(id, maxSeq) {
      const s = await prisma.gameSnapshot.findFirst({
        where: { gameId: id, format: SNAPSHOT_FORMAT, seq: { lte: maxSeq } },
        orderBy: { seq: 'desc' },
      });
      // A snapshot is only a shortcut: one the state's schema refuses (an older shape kept under the same
      // SNAPSHOT_FORMAT) is passed over, and the room is rebuilt from the log, which is parsed strictly.
      const state = s ? gameStateSchema.safeParse(s.state) : null;
      return s && state?.success ? { seq: s.seq, state: state.data } : null;
    },

    async events(id, afterSeq, uptoSeq) {
      const rows = await prisma.gameEvent.findMany({
        where: { gameId: id, seq: { gt: afterSeq, lte: uptoSeq } },
        orderBy: { seq: 'asc' },
        select: { seq: true, payload: true, createdAt: true },
      });
      return rows.map((r) => ({
        seq: r.seq,
        event: gameEventSchema.parse(r.payload),
        at: r.createdAt.getTime(),
      }));
    },

    async seqAt(id, time) {
      const last = await prisma.gameEvent.findFirst({
        where: { gameId: id, createdAt: { lte: new Date(time) } },
        orderBy: { seq: 'desc' },
        select: { seq: true },
      });
      return last?.seq ?? 0;
    },

    acceptedReply,

    async append(input) {
      // A snapshot rides in its own transaction (rare: once every snapshotEvery events); the other appends
      // are written together with other games' (group commit).
      if (input.snapshot === null) return settle(input, await appends.submit(input));
      const snapshot = input.snapshot;
      const seq = input.expectedSeq + input.events.length;
      await prisma.$transaction(async (tx) => {
        const inTransaction: Query = (sql, params = []) => tx.$queryRawUnsafe(sql, ...params);
        await settle(input, await appendAlone(inTransaction, input, reporter), replyReader(tx));
        await tx.gameSnapshot.create({
          data: { gameId: input.gameId, seq, format: SNAPSHOT_FORMAT, state: json(snapshot) },
        });
        await tx.gameSnapshot.deleteMany({ where: { gameId: input.gameId, seq: { lt: seq } } });
      }, APPEND_TRANSACTION);
    },

    async saveClock(id, clock) {
      await prisma.game.updateMany({
        where: { id, seq: clock.seq, status: 'running' },
        data: { clock: json(clock) },
      });
    },

    async rolls(id) {
      const rows = await prisma.intentReply.findMany({
        where: { gameId: id },
        orderBy: { seq: 'asc' },
        select: { seq: true, dice: true },
      });
      return rows;
    },
  };
}
