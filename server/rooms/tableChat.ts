// Table chat (issue 14), kept with the game: the seated players' channel and the spectators' channel. The
// channel is the server's choice, by seat: a user seated in the game writes to and reads the players'
// channel, anyone else the spectators' one, however he joined. During the game nobody reads the other
// channel, so a spectator never writes to the players (nor reads what the players tell each other); once
// the game is over everyone reads both. Each reader may mute an author for himself. An author sends at
// most CHAT.burst messages in a row, then one per CHAT.windowSeconds / CHAT.burst seconds (a token bucket);
// mutes have a bucket of the same size (each is written down and resends the reader's history: issue 12).
// The buckets are the chat's own, in memory; in cluster mode they are in Redis, shared by every process
// (a finished game's chat is served by whichever process its watcher is on: finishedGames.ts).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CHAT, type ChatChannel, type ChatEntry, type Seat } from '../../shared/protocol/messages';
import { cleanText } from '../../shared/protocol/text';
import type { Database } from '../db/database';
import { type KeyedBuckets, sharedTokenBuckets, TokenBuckets } from '../tokenBucket';

/** The chat's rows in the database. */
export interface ChatLog {
  /** The game's latest messages, oldest first. */
  latest(gameId: string, limit: number): Promise<ChatEntry[]>;
  add(gameId: string, entry: ChatEntry): Promise<void>;
  /** Every (reader, muted author) pair of the game. */
  mutes(gameId: string): Promise<{ user: string; muted: string }[]>;
  setMute(gameId: string, user: string, muted: string, on: boolean): Promise<void>;
}

export function chatLog(db: Database): ChatLog {
  const { prisma } = db;
  return {
    async latest(gameId, limit) {
      const rows = await prisma.chatMessage.findMany({
        where: { gameId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      });
      return rows.reverse().map((r) => ({
        id: r.id,
        channel: r.channel as ChatChannel,
        from: { user: r.userId, name: r.name, seat: r.seat as Seat | null },
        text: r.text,
        at: r.createdAt.toISOString(),
      }));
    },
    async add(gameId, e) {
      await prisma.chatMessage.create({
        data: {
          id: e.id,
          gameId,
          channel: e.channel,
          userId: e.from.user,
          name: e.from.name,
          seat: e.from.seat,
          text: e.text,
          createdAt: new Date(e.at),
        },
      });
    },
    async mutes(gameId) {
      const rows = await prisma.chatMute.findMany({ where: { gameId } });
      return rows.map((r) => ({ user: r.userId, muted: r.mutedUserId }));
    },
    async setMute(gameId, user, muted, on) {
      const key = { gameId, userId: user, mutedUserId: muted };
      if (on) {
        await prisma.chatMute.upsert({ where: { gameId_userId_mutedUserId: key }, create: key, update: {} });
      } else {
        await prisma.chatMute.deleteMany({ where: key });
      }
    },
  };
}

/** Who reads the chat, as the chat sees him: a user (by id), or nobody known (a reader without a user). */
export interface ChatReader {
  readonly user: string | null;
}

export type ChatRefusal = {
  readonly reason: 'empty' | 'tooLong' | 'forbiddenCharacters' | 'rateLimited';
  readonly message: string;
};

/** CHAT.burst in a row, then one per CHAT.windowSeconds / CHAT.burst seconds. */
const CHAT_RATE = { perSecond: CHAT.burst / CHAT.windowSeconds, burst: CHAT.burst } as const;

/** The chat's rates, by `<game> <user>`: each author's messages, each reader's mutes. */
export interface ChatRates {
  readonly messages: KeyedBuckets;
  readonly mutes: KeyedBuckets;
}

/** Cluster mode: the rates every process takes from, in Redis. */
export function sharedChatRates(redis: Redis): ChatRates {
  return {
    messages: sharedTokenBuckets(redis, 'chat:', CHAT_RATE),
    mutes: sharedTokenBuckets(redis, 'mutes:', CHAT_RATE),
  };
}

export class TableChat {
  private entries: ChatEntry[] = [];
  /** Reader → the authors he muted. */
  private readonly muted = new Map<string, Set<string>>();

  private constructor(
    private readonly gameId: string,
    private readonly log: ChatLog,
    /** The seat a user holds in this game, or null. */
    private readonly seatOf: (user: string) => Seat | null,
    private readonly over: () => boolean,
    private readonly rates: ChatRates,
  ) {}

  /** `rates`: cluster mode, the ones shared by every process (else the chat's own). */
  static async load(
    gameId: string,
    log: ChatLog,
    seatOf: (user: string) => Seat | null,
    over: () => boolean,
    rates: ChatRates = { messages: new TokenBuckets(CHAT_RATE), mutes: new TokenBuckets(CHAT_RATE) },
  ): Promise<TableChat> {
    const chat = new TableChat(gameId, log, seatOf, over, rates);
    // Both at once (issue 16: the first join of a room after a restart waits for them).
    const [entries, mutes] = await Promise.all([log.latest(gameId, CHAT.historyLength), log.mutes(gameId)]);
    chat.entries = entries;
    for (const { user, muted } of mutes) chat.mutedBy(user).add(muted);
    return chat;
  }

  private mutedBy(user: string): Set<string> {
    let set = this.muted.get(user);
    if (!set) {
      set = new Set();
      this.muted.set(user, set);
    }
    return set;
  }

  /** The channel a user writes to: by his seat, not by how he joined. */
  channelOf(user: string | null): ChatChannel {
    return user !== null && this.seatOf(user) !== null ? 'players' : 'spectators';
  }

  /** The channels a reader may read: his own during the game, both once it is over. */
  reads(reader: ChatReader): ChatChannel[] {
    return this.over() ? ['players', 'spectators'] : [this.channelOf(reader.user)];
  }

  /** Whether `reader` receives `entry`: a channel he may read, an author he has not muted. */
  reaches(reader: ChatReader, entry: ChatEntry): boolean {
    if (!this.reads(reader).includes(entry.channel)) return false;
    return reader.user === null || !this.muted.get(reader.user)?.has(entry.from.user);
  }

  /** What a reader is shown on joining (and after a mute). */
  history(reader: ChatReader) {
    return {
      writes: this.channelOf(reader.user),
      reads: this.reads(reader),
      messages: this.entries.filter((e) => this.reaches(reader, e)),
      muted: reader.user === null ? [] : [...(this.muted.get(reader.user) ?? [])],
    };
  }

  /** A message from `user` (display name `name`): kept and returned, or refused with the reason. */
  async say(
    user: string,
    name: string,
    raw: string,
    now = Date.now(),
  ): Promise<{ entry: ChatEntry } | { refused: ChatRefusal }> {
    const cleaned = cleanText(raw, CHAT.maxLength);
    if ('problem' in cleaned) return { refused: { reason: cleaned.problem, message: cleaned.message } };
    const tooFast = await rateLimited(this.rates.messages, `${this.gameId} ${user}`, 'messages', now);
    if (tooFast) return { refused: tooFast };
    const entry: ChatEntry = {
      id: randomUUID(),
      channel: this.channelOf(user),
      from: { user, name, seat: this.seatOf(user) },
      text: cleaned.text,
      at: new Date(now).toISOString(),
    };
    await this.log.add(this.gameId, entry);
    this.entries = [...this.entries, entry].slice(-CHAT.historyLength);
    return { entry };
  }

  /** A message another process kept (cluster mode: said in a finished game there). */
  remember(entry: ChatEntry): void {
    this.entries = [...this.entries, entry].slice(-CHAT.historyLength);
  }

  /** A reader's mute (un)set, in memory: written down here (`mute`), or by another process (cluster mode: in
   *  a finished game there). */
  rememberMute(user: string, author: string, on: boolean): void {
    if (on) this.mutedBy(user).add(author);
    else this.muted.get(user)?.delete(author);
  }

  /** `user` mutes (or unmutes) `author` for himself; refused beyond the mutes' rate (each one is written
   *  down and resends his history: a flood of them would hold up the game's room, issue 12). */
  async mute(user: string, author: string, on: boolean, now = Date.now()): Promise<ChatRefusal | null> {
    if (user === author) return null;
    const tooFast = await rateLimited(this.rates.mutes, `${this.gameId} ${user}`, 'mutes', now);
    if (tooFast) return tooFast;
    if ((this.muted.get(user)?.has(author) ?? false) === on) return null;
    await this.log.setMute(this.gameId, user, author, on);
    this.rememberMute(user, author, on);
    return null;
  }
}

/** Takes one from `key`'s bucket (CHAT.burst in a row, then one per CHAT.windowSeconds / CHAT.burst
 *  seconds); the refusal when it is empty. */
async function rateLimited(
  buckets: KeyedBuckets,
  key: string,
  what: 'messages' | 'mutes',
  now: number,
): Promise<ChatRefusal | null> {
  if (await buckets.take(key, now)) return null;
  const every = CHAT.windowSeconds / CHAT.burst;
  return {
    reason: 'rateLimited',
    message: `Too many ${what}: ${CHAT.burst} in a row at most, then one every ${every} seconds.`,
  };
}
