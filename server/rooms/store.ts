// The event log in the database: what a room reads when it is (re)built and the one transaction that
// appends an intent's events. Database types stay here (style 8).
import type { GameEvent } from '../../shared/engine/events';
import type { GameState } from '../../shared/engine/types';
import type { Seat } from '../../shared/protocol/messages';
import type { Database } from '../db/database';
import type { Prisma } from '../generated/prisma/client';

/** Bump when the engine's GameState shape changes: older snapshots are then ignored (replayed instead). */
export const SNAPSHOT_FORMAT = 1;

/** Under load (hundreds of rooms appending at once) an append waits for a pooled connection instead of
 *  failing after Prisma's 2 s default: a slow acknowledgement beats a refused intent. */
const APPEND_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

export type GameStatus = 'open' | 'running' | 'finished';

export interface StoredSeat {
  readonly seat: Seat;
  readonly userId: string | null;
  readonly bot: boolean;
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
  /** The persisted per-game clock (time limits, errata 21.0): reserved, not interpreted yet. */
  readonly clock: unknown;
}

export interface LoggedEvent {
  readonly seq: number;
  readonly event: GameEvent;
}

/** Another writer appended to this game first: nothing was written. */
export class AppendConflict extends Error {}

/** This sender already had an intent with this id accepted: nothing was written. */
export class RepeatedIntent extends Error {
  constructor(readonly seq: number) {
    super('intent already applied');
  }
}

export const seatName = (index: number): Seat => `p${index + 1}` as Seat;
export const seatIndex = (seat: Seat): number => Number(seat.slice(1)) - 1;

const json = (value: unknown) => value as Prisma.InputJsonValue;

export interface AppendInput {
  readonly gameId: string;
  readonly expectedSeq: number;
  readonly events: readonly GameEvent[];
  readonly sender: string;
  readonly intentId: string;
  readonly dice: readonly number[];
  readonly diceCursor: number;
  readonly finished: boolean;
  /** The state after these events, when a snapshot is due. */
  readonly snapshot: GameState | null;
}

export interface GameLog {
  game(id: string): Promise<StoredGame | null>;
  latestSnapshot(id: string, maxSeq: number): Promise<{ seq: number; state: GameState } | null>;
  /** Events with afterSeq < seq <= uptoSeq, in order. */
  events(id: string, afterSeq: number, uptoSeq: number): Promise<LoggedEvent[]>;
  /** The seq of this sender's accepted intent with this id, if there was one. */
  acceptedReply(id: string, sender: string, intentId: string): Promise<number | null>;
  /** Appends in one transaction: the events (seq expectedSeq+1 ...), the reply, the dice cursor, the
   *  status, a snapshot if due. Throws AppendConflict or RepeatedIntent, writing nothing. */
  append(input: AppendInput): Promise<void>;
  /** Every accepted intent's dice in order (for the dice proof). */
  rolls(id: string): Promise<{ seq: number; dice: number[] }[]>;
}

export function gameLog(db: Database): GameLog {
  const { prisma } = db;
  return {
    async game(id) {
      const g = await prisma.game.findUnique({
        where: { id },
        include: { seats: { orderBy: { index: 'asc' } } },
      });
      if (!g) return null;
      return {
        id: g.id,
        status: g.status as GameStatus,
        creatorId: g.creatorId,
        seats: g.seats.map((s) => ({ seat: seatName(s.index), userId: s.userId, bot: s.bot, name: s.name })),
        seq: g.seq,
        diceSeed: g.diceSeed,
        diceCommitment: g.diceCommitment,
        diceCursor: g.diceCursor,
        spectatorsAllowed: g.spectatorsAllowed,
        inviteOnly: g.inviteOnly,
        inviteCode: g.inviteCode,
        clock: g.clock,
      };
    },

    async latestSnapshot(id, maxSeq) {
      const s = await prisma.gameSnapshot.findFirst({
        where: { gameId: id, format: SNAPSHOT_FORMAT, seq: { lte: maxSeq } },
        orderBy: { seq: 'desc' },
      });
      return s ? { seq: s.seq, state: s.state as unknown as GameState } : null;
    },

    async events(id, afterSeq, uptoSeq) {
      const rows = await prisma.gameEvent.findMany({
        where: { gameId: id, seq: { gt: afterSeq, lte: uptoSeq } },
        orderBy: { seq: 'asc' },
        select: { seq: true, payload: true },
      });
      return rows.map((r) => ({ seq: r.seq, event: r.payload as unknown as GameEvent }));
    },

    async acceptedReply(id, sender, intentId) {
      const r = await prisma.intentReply.findUnique({
        where: { gameId_sender_intentId: { gameId: id, sender, intentId } },
        select: { seq: true },
      });
      return r?.seq ?? null;
    },

    async append(input) {
      const { gameId, expectedSeq, events } = input;
      const seq = expectedSeq + events.length;
      await prisma.$transaction(async (tx) => {
        // The conditional update takes the game's row lock: a second writer waits, then finds the seq
        // moved and fails; the (gameId, seq) primary key below is the last guard against a fork.
        const moved = await tx.game.updateMany({
          where: { id: gameId, seq: expectedSeq, status: 'running' },
          data: {
            seq,
            diceCursor: input.diceCursor,
            ...(input.finished ? { status: 'finished', finishedAt: new Date() } : {}),
          },
        });
        if (moved.count !== 1) throw new AppendConflict(`game ${gameId} is no longer at seq ${expectedSeq}`);
        const reply = await tx.intentReply.createMany({
          data: [{ gameId, sender: input.sender, intentId: input.intentId, seq, dice: [...input.dice] }],
          skipDuplicates: true,
        });
        if (reply.count !== 1) {
          const first = await tx.intentReply.findUniqueOrThrow({
            where: { gameId_sender_intentId: { gameId, sender: input.sender, intentId: input.intentId } },
          });
          throw new RepeatedIntent(first.seq);
        }
        await tx.gameEvent.createMany({
          data: events.map((event, i) => ({
            gameId,
            seq: expectedSeq + 1 + i,
            type: event.type,
            payload: json(event),
          })),
        });
        if (input.snapshot) {
          await tx.gameSnapshot.create({
            data: { gameId, seq, format: SNAPSHOT_FORMAT, state: json(input.snapshot) },
          });
          await tx.gameSnapshot.deleteMany({ where: { gameId, seq: { lt: seq } } });
        }
      }, APPEND_TRANSACTION);
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
