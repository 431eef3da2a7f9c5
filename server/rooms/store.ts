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

/** PostgreSQL's SQLSTATE for a unique key's refusal: how APPEND_SQL says a key refused it. */
const UNIQUE_VIOLATION = '23505';

/**
 * An intent's events appended in one statement (atomic by itself, one round trip): the events alone, the last
 * one recording the intent (sender, id, dice) and where the dice stream and the clock stand after it. The
 * log's keys do the guarding: (gameId, seq) refuses a second writer at the same seq, (gameId, sender,
 * intentId) an intent id already accepted; either fails the statement (unique_violation), writing nothing.
 * The events are written only if the log holds the expected seq (gap-free: a room ahead of its log writes
 * nothing) and the writer's fencing token is still the game's. It answers a row per event written (none:
 * refused). Where the game's row was updated on every append as well, and the reply inserted in a table of
 * its own, the statement took 0.53 ms on PostgreSQL and 0.57 ms on PGlite, against 0.43 and 0.44 ms now and
 * 0.31 and 0.30 ms for a bare single-row insert (issue 16: 1,800 appends of one event each, p50).
 *   $1 game id, $2 expected seq, $3 sender, $4 intent id, $5 new seq (the last event's), $6 dice (an int[]
 *   literal: {3,5}), $7 dice cursor, $8 events (JSON array), $9 when the events happened (the server's clock,
 *   ISO 8601: the broadcast delay counts from it), $10 the clock after them (JSON, null when untimed:
 *   clock.ts), $11 the fencing token of the writer's lease (cluster mode, server/cluster/leases.ts; null: a
 *   single process): a process whose lease another has taken since writes nothing
 */
const APPEND_SQL = `
INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload", "createdAt", "sender", "intentId", "dice",
  "diceCursor", "clock")
SELECT $1::uuid, $2 + e.n::int, e.payload->>'type', e.payload, $9::timestamptz,
  CASE WHEN $2 + e.n::int = $5 THEN $3 END, CASE WHEN $2 + e.n::int = $5 THEN $4 END,
  CASE WHEN $2 + e.n::int = $5 THEN $6::int[] END, CASE WHEN $2 + e.n::int = $5 THEN $7::int END,
  CASE WHEN $2 + e.n::int = $5 THEN $10::jsonb END
FROM jsonb_array_elements($8::jsonb) WITH ORDINALITY AS e(payload, n)
WHERE ($2 = 0 OR EXISTS (SELECT 1 FROM "GameEvent" p WHERE p."gameId" = $1::uuid AND p."seq" = $2))
  AND EXISTS (SELECT 1 FROM "Game" g WHERE g."id" = $1::uuid AND g."status" IS NOT DISTINCT FROM 'running')
  AND ($11::bigint IS NULL OR EXISTS (
    SELECT 1 FROM "GameLease" l WHERE l."gameId" = $1::uuid AND l."token" = $11::bigint))
RETURNING 1 AS "written"`;

/**
 * A game's last append, or one with a snapshot due (once every snapshotEvery events): APPEND_SQL, and in the
 * same statement, once its events are written, the game marked finished (with its seq, for the lobby) and
 * the snapshot written, the older ones dropped.
 *   $1-$11 APPEND_SQL's, $12 finished, $13 the snapshot (the state after the events, JSON; null: none due),
 *   $14 the snapshot's format (SNAPSHOT_FORMAT)
 */
const APPEND_LAST_SQL = `
WITH appended AS (${APPEND_SQL}
), ended AS (
  UPDATE "Game" SET "status" = 'finished', "finishedAt" = CURRENT_TIMESTAMP, "seq" = $5
  WHERE "id" = $1::uuid AND $12::boolean AND EXISTS (SELECT 1 FROM appended)
), snapshot AS (
  INSERT INTO "GameSnapshot" ("gameId", "seq", "format", "state")
  SELECT $1::uuid, $5, $14, $13::jsonb WHERE $13::jsonb IS NOT NULL AND EXISTS (SELECT 1 FROM appended)
), pruned AS (
  DELETE FROM "GameSnapshot" WHERE "gameId" = $1::uuid AND "seq" < $5 AND $13::jsonb IS NOT NULL
    AND EXISTS (SELECT 1 FROM appended)
)
SELECT "written" FROM appended`;

/**
 * The appends of several games in one statement (group commit, groupCommit.ts), one commit for all. Each
 * append is decided as if alone, by looking before writing (one batch's key refusal would fail them all):
 * a game whose log is not at the expected seq, or whose lease has another token, writes nothing
 * (`locked` 0: a conflict), nor does an intent id already in its log (`replied` 0: a repeat); the others'
 * events are written as by APPEND_SQL. One row per append, in the array's order. Each look is a scalar
 * subquery by a key, one lookup per append, which the planner neither flattens into a join nor hashes (as it
 * may an EXISTS): a plan made while the tables were small (PGlite has no autovacuum, so its tables keep the
 * statistics of their creation; a prepared statement keeps its plan) could otherwise scan the whole log per
 * batch.
 *   $1 the appends: [{ game, expectedSeq, sender, intentId, seq, dice, diceCursor, events, at, clock?,
 *   fence? }] (clock left out when untimed, fence when a single process: APPEND_SQL's $10, $11)
 */
const APPEND_BATCH_SQL = `
WITH input AS (
  SELECT * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS ("game" uuid, "expectedSeq" int,
    "sender" text, "intentId" text, "seq" int, "dice" jsonb, "diceCursor" int, "events" jsonb,
    "at" timestamptz, "clock" jsonb, "fence" bigint)) WITH ORDINALITY AS x("game", "expectedSeq", "sender",
    "intentId", "seq", "dice", "diceCursor", "events", "at", "clock", "fence", "n")
), looked AS (
  SELECT i.*,
    coalesce((SELECT max(p."seq") FROM "GameEvent" p WHERE p."gameId" = i."game"), 0) = i."expectedSeq"
      AND (SELECT g."status" FROM "Game" g WHERE g."id" = i."game") IS NOT DISTINCT FROM 'running'
      AND (i."fence" IS NULL
        OR (SELECT l."token" FROM "GameLease" l WHERE l."gameId" = i."game") IS NOT DISTINCT FROM i."fence")
      AS "locked",
    (SELECT r."seq" FROM "GameEvent" r
      WHERE r."gameId" = i."game" AND r."sender" = i."sender" AND r."intentId" = i."intentId") IS NOT NULL
      AS "seen"
  FROM input i
), appended AS (
  INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload", "createdAt", "sender", "intentId", "dice",
    "diceCursor", "clock")
  SELECT a."game", a."expectedSeq" + e.n::int, e.payload->>'type', e.payload, a."at",
    CASE WHEN a."expectedSeq" + e.n::int = a."seq" THEN a."sender" END,
    CASE WHEN a."expectedSeq" + e.n::int = a."seq" THEN a."intentId" END,
    CASE WHEN a."expectedSeq" + e.n::int = a."seq" THEN ARRAY(SELECT jsonb_array_elements_text(a."dice")::int) END,
    CASE WHEN a."expectedSeq" + e.n::int = a."seq" THEN a."diceCursor" END,
    CASE WHEN a."expectedSeq" + e.n::int = a."seq" THEN a."clock" END
  FROM looked a, jsonb_array_elements(a."events") WITH ORDINALITY AS e(payload, n)
  WHERE a."locked" AND NOT a."seen"
)
SELECT a."locked"::int AS "locked", (a."locked" AND NOT a."seen")::int AS "replied"
FROM looked a ORDER BY a."n"`;

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
    /** The appends written together with this one (1: alone). */
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
  /** At least one: the intent is recorded on its last event. */
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

/** What became of one append: `written`; `refused` by the guards (the log not at the expected seq, or the
 *  lease another's: a conflict); or by a key (a second writer at this seq, or this intent id already in the
 *  log: which of the two, the log tells). */
type Written = 'written' | 'refused' | 'keyed';

interface AppendRow {
  readonly written: Written;
  /** The appends of the statement (a conflict's log line tells it). */
  readonly batch: number;
}

/** What APPEND_BATCH_SQL answers per append: its log at the expected seq (and its lease held), its intent
 *  id not seen before. */
interface BatchRow {
  readonly locked: number;
  readonly replied: number;
}

type Query = Database['query'];

/** One append alone (APPEND_SQL; APPEND_LAST_SQL for a game's last append or one with a snapshot). */
async function appendAlone(query: Query, input: AppendInput): Promise<Written> {
  const params = [
    input.gameId,
    input.expectedSeq,
    input.sender,
    input.intentId,
    input.expectedSeq + input.events.length,
    `{${input.dice.join(',')}}`,
    input.diceCursor,
    JSON.stringify(input.events),
    new Date(input.at).toISOString(),
    input.clock === null ? null : JSON.stringify(input.clock),
    input.fence ?? null,
  ];
  const last = input.finished || input.snapshot !== null;
  try {
    const rows = last
      ? await query(APPEND_LAST_SQL, [
          ...params,
          input.finished,
          input.snapshot === null ? null : JSON.stringify(input.snapshot),
          SNAPSHOT_FORMAT,
        ])
      : await query(APPEND_SQL, params);
    return rows.length > 0 ? 'written' : 'refused';
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return 'keyed';
    throw error;
  }
}

/** Several games' appends in one statement (APPEND_BATCH_SQL); should the statement fail (one append's
 *  fault fails them all), each is written alone, so only the faulty one fails. */
async function appendBatch(
  query: Query,
  batch: readonly AppendInput[],
  reporter: LogReporter | null,
): Promise<Outcome<AppendRow>[]> {
  const alone = (input: AppendInput) =>
    appendAlone(query, input).then(
      (written): Outcome<AppendRow> => ({ ok: { written, batch: 1 } }),
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
    events: input.events,
    at: new Date(input.at).toISOString(),
    ...(input.clock === null ? {} : { clock: input.clock }),
    ...(input.fence === undefined ? {} : { fence: input.fence }),
  }));
  let rows: BatchRow[];
  try {
    rows = await query<BatchRow>(APPEND_BATCH_SQL, [JSON.stringify(items)]);
  } catch (error) {
    reporter?.warn({ err: error, appends: batch.length }, 'a batch of appends failed: each is written alone');
    return Promise.all(batch.map(alone));
  }
  if (rows.length !== batch.length) {
    // Each append has its row: the missing ones read as not written (a conflict), which only a look at the
    // log can tell apart.
    reporter?.warn(
      { rows: rows.length, appends: batch.length },
      'the append statement answered a row count other than its appends',
    );
  }
  return batch.map((_, i) => {
    const { locked, replied } = rows[i] ?? { locked: 0, replied: 0 };
    const written = locked !== 1 ? 'refused' : replied !== 1 ? 'keyed' : 'written';
    return { ok: { written, batch: batch.length } };
  });
}

/** Where the event log reports what it got over by itself (a batch statement that failed). */
export interface LogReporter {
  warn(context: Record<string, unknown>, message: string): void;
}

export function gameLog(db: Database, reporter: LogReporter | null = null): GameLog {
  const { prisma } = db;
  const appends = new GroupCommit<AppendInput, AppendRow>((batch) => appendBatch(db.query, batch, reporter), {
    ...APPEND_BATCH,
    key: (input) => input.gameId,
  });
  const acceptedReply: GameLog['acceptedReply'] = async (id, sender, intentId) => {
    const r = await prisma.gameEvent.findFirst({
      where: { gameId: id, sender, intentId },
      select: { seq: true },
    });
    return r?.seq ?? null;
  };
  /** Nothing more when the append was written; else why not. Refused by a key, it is a repeated intent when
   *  the log still ends at the expected seq and holds this intent id (RepeatedIntent), else a conflict
   *  (AppendConflict, telling where this very intent is in the log, if it is). */
  const settle = async (input: AppendInput, { written, batch }: AppendRow): Promise<void> => {
    if (written === 'written') return;
    const first = await acceptedReply(input.gameId, input.sender, input.intentId);
    if (written === 'keyed' && first !== null) {
      const next = await prisma.gameEvent.findUnique({
        where: { gameId_seq: { gameId: input.gameId, seq: input.expectedSeq + 1 } },
        select: { seq: true },
      });
      if (next === null) throw new RepeatedIntent(first);
    }
    throw new AppendConflict(`game ${input.gameId} is no longer at seq ${input.expectedSeq}`, first, batch);
  };
  return {
    async game(id) {
      // A running game's seq, dice cursor and clock are its log's last event's (none: not started).
      const [g, last] = await Promise.all([
        prisma.game.findUnique({ where: { id }, include: { seats: { orderBy: { index: 'asc' } } } }),
        prisma.gameEvent.findFirst({
          where: { gameId: id },
          orderBy: { seq: 'desc' },
          select: { seq: true, diceCursor: true, clock: true },
        }),
      ]);
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
        seq: last?.seq ?? 0,
        diceSeed: g.diceSeed,
        diceCommitment: g.diceCommitment,
        diceCursor: last?.diceCursor ?? 0,
        spectatorsAllowed: g.spectatorsAllowed,
        inviteOnly: g.inviteOnly,
        inviteCode: g.inviteCode,
        broadcastDelayMs: options.broadcastDelaySeconds * 1000,
        timeControl: options.timeControl ?? null,
        clock: last?.clock == null ? null : clockRecordSchema.parse(last.clock),
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
      if (input.events.length === 0) throw new Error(`intent ${input.intentId}: an append needs an event`);
      // A game's last append and one with a snapshot due (once every snapshotEvery events) are written alone;
      // the others together with other games' (group commit).
      if (input.finished || input.snapshot !== null) {
        return settle(input, { written: await appendAlone(db.query, input), batch: 1 });
      }
      return settle(input, await appends.submit(input));
    },

    async saveClock(id, clock) {
      // Onto the log's last event, while it is the last and the game runs.
      await prisma.$executeRaw`UPDATE "GameEvent" e SET "clock" = ${JSON.stringify(clock)}::jsonb
        WHERE e."gameId" = ${id}::uuid AND e."seq" = ${clock.seq}
          AND NOT EXISTS (SELECT 1 FROM "GameEvent" n WHERE n."gameId" = ${id}::uuid AND n."seq" > ${clock.seq})
          AND EXISTS (SELECT 1 FROM "Game" g WHERE g."id" = ${id}::uuid AND g."status" = 'running')`;
    },

    async rolls(id) {
      return prisma.gameEvent.findMany({
        where: { gameId: id, intentId: { not: null } },
        orderBy: { seq: 'asc' },
        select: { seq: true, dice: true },
      });
    },
  };
}
