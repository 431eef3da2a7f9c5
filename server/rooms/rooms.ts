// The rooms of this server: each started game's room, loaded once on first use (or at start-up for the
// running games, so their bots carry on) and closed together at shutdown. Intents are routed here from
// memory: only a seated player's intent to a running game reaches a room; every other one is refused
// without costing a room anything, and a game seen once without a room (unknown, not started, finished)
// is remembered, so refusing it again costs no database look-up either.

import type { Seat } from '../../shared/protocol/messages';
import { LiveBattles } from './liveBattles';
import { type Reply, Room, type RoomDeps } from './room';
import type { StoredGame } from './store';

/** Games remembered without a room (a bounded map: the oldest entry goes first). */
const DIRECTORY_SIZE = 10_000;

export type IntentRoute =
  | { readonly room: Room }
  | {
      readonly refused: 'unknownGame' | 'notSeated' | 'gameNotRunning';
      readonly message: string;
      /** The game is over and the sender held a seat: a repeated intent id gets its first reply. */
      readonly finishedSeat: boolean;
    };

export class Rooms {
  private readonly rooms = new Map<string, Promise<Room | null>>();
  /** The rooms whose load has finished (answers from memory). */
  private readonly ready = new Map<string, Room>();
  /** Games looked up that have no room here: null when there is no such game. A game that starts is
   *  dropped from it (`get` loads its room); a finished game's seats never change. */
  private readonly directory = new Map<string, StoredGame | null>();
  private closing = false;
  /** Told of every game that ends here (tournaments record their tables' results). */
  private readonly finishedListeners: ((gameId: string) => void)[] = [];

  private readonly deps: RoomDeps;
  /** The battles of every running public game, as their spectators see them. */
  readonly liveBattles = new LiveBattles();

  constructor(deps: RoomDeps) {
    // A finished game nobody watches is let go; it is rebuilt from its log if someone comes back.
    this.deps = {
      ...deps,
      onIdle: (room) => this.release(room),
      liveBattles: this.liveBattles,
      onFinished: (room) => {
        for (const listener of this.finishedListeners) listener(room.id);
      },
    };
  }

  /** Calls `listener` with the id of each game that ends from now on. */
  onGameFinished(listener: (gameId: string) => void): void {
    this.finishedListeners.push(listener);
  }

  private release(room: Room): void {
    if (this.ready.get(room.id) === room) this.ready.delete(room.id);
    void this.rooms.get(room.id)?.then((r) => {
      if (r === room) this.rooms.delete(room.id);
    });
  }

  /** The game's room, or null when there is no such started game. */
  get(gameId: string): Promise<Room | null> {
    let room = this.rooms.get(gameId);
    if (!room) {
      if (this.closing) return Promise.resolve(null);
      this.directory.delete(gameId);
      room = Room.load(gameId, this.deps);
      this.rooms.set(gameId, room);
      // Not started yet, or the load failed: nothing is kept, the next call tries again.
      room.then(
        (r) => (r ? this.ready.set(gameId, r) : this.rooms.delete(gameId)),
        () => this.rooms.delete(gameId),
      );
    }
    return room;
  }

  /** The loaded room of this game, if it is in memory now. */
  loaded(gameId: string): Room | null {
    return this.ready.get(gameId) ?? null;
  }

  /** Where an intent of `userId` to `gameId` goes: its room when he holds a seat in the game and it is
   *  running, else why it is refused. A loaded or remembered game costs no database look-up. */
  async routeIntent(gameId: string, userId: string): Promise<IntentRoute> {
    const room = this.loaded(gameId);
    if (room) {
      return room.seatOf(userId) ? { room } : notSeated;
    }
    let game = this.directory.get(gameId);
    if (game === undefined) {
      game = await this.deps.log.game(gameId);
      if (game?.status !== 'running') this.remember(gameId, game);
    }
    if (game === null) {
      return { refused: 'unknownGame', message: 'No started game has this id.', finishedSeat: false };
    }
    if (game.status === 'open') {
      return { refused: 'gameNotRunning', message: 'The game has not started.', finishedSeat: false };
    }
    const seated = game.seats.some((s) => s.userId === userId);
    if (!seated) return notSeated;
    if (game.status === 'finished') {
      return { refused: 'gameNotRunning', message: 'The game is over.', finishedSeat: true };
    }
    const running = await this.get(gameId);
    return running ? { room: running } : notSeated;
  }

  /** The seq of this sender's accepted intent with this id in a game without a room (a finished one). */
  acceptedSeq(gameId: string, sender: string, intentId: string): Promise<number | null> {
    return this.deps.log.acceptedReply(gameId, sender, intentId);
  }

  private remember(gameId: string, game: StoredGame | null): void {
    this.directory.set(gameId, game);
    if (this.directory.size > DIRECTORY_SIZE) this.directory.delete(this.directory.keys().next().value!);
  }

  /** Loads every running game (after a restart): their bots resume. */
  async resume(gameIds: readonly string[]): Promise<void> {
    for (const id of gameIds) {
      try {
        await this.get(id);
      } catch (error) {
        this.deps.logger.error({ err: error, game: id }, 'could not rebuild the room');
      }
    }
  }

  // The tournament director's tools on a running game (the tournament routes call these; each is a public event
  // everyone sees). Null when there is no such running game.

  /** Errata 20.4: acts for `seat`, which must act now: 'refuse' (unsporting conduct is treated as refusing to
   *  play) or 'bot' (the seat's bot decides). Answered like an intent: accepted (with the new seq) or rejected. */
  async forceAct(gameId: string, seat: Seat, play: 'refuse' | 'bot' = 'refuse'): Promise<Reply | null> {
    const room = await this.get(gameId);
    return room === null || room.finished ? null : room.forceAct(seat, play);
  }

  /** Law 21.1 with errata 21.1's ending: time is called on the game (then scored by 21.1/20.5). */
  async callTime(gameId: string): Promise<Reply | null> {
    const room = await this.get(gameId);
    return room === null || room.finished ? null : room.callTime();
  }

  get size(): number {
    return this.rooms.size;
  }

  /** Stops every room's bots and waits for the intents already queued. */
  async close(): Promise<void> {
    this.closing = true;
    const rooms = await Promise.allSettled(this.rooms.values());
    await Promise.all(rooms.map((r) => (r.status === 'fulfilled' && r.value ? r.value.close() : undefined)));
  }
}

const notSeated: IntentRoute = {
  refused: 'notSeated',
  message: 'Only the player in a seat may act for it.',
  finishedSeat: false,
};
