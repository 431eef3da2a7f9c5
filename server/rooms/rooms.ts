// The rooms of this server: each started game's room, loaded on first use (and, after a start, every
// running game's in the background, so that their bots and clocks carry on while the server already
// answers), unloaded once idle (nothing to do and nobody watching: rebuilt from the log when wanted again),
// and closed together at shutdown. A game over for everyone has no room: it is served from the log
// (finishedGames.ts), and a room whose game ends hands its watchers over there. Intents are routed here from
// memory: only a seated player's intent to a running game reaches a room; every other one is refused
// without costing a room anything, and a game seen once without a room (unknown, not started, finished)
// is remembered, so refusing it again costs no database look-up either.

import type { Seat } from '../../shared/protocol/messages';
import { HttpError } from '../http/errors';
import { type ChatNews, FinishedGames } from './finishedGames';
import { LiveBattles } from './liveBattles';
import { type Reply, Room, type RoomDeps, type Subscriber } from './room';
import { type StandInPlay, StandIns } from './standIns';
import type { StoredGame } from './store';
import type { ChatRefusal } from './tableChat';
import type { Recipient } from './visibility';

/** Games remembered without a room (a bounded map: the oldest entry goes first). */
const DIRECTORY_SIZE = 10_000;
/** Rooms rebuilt at once by the background resume, which lets the event loop turn between rooms, so
 *  that the rest of the server keeps answering meanwhile (on PGlite a room's load is all on this thread:
 *  with 4 at once a start with 520 running games answered its first socket 1.5 s after listening). */
const RESUME_CONCURRENCY = 1;
/** While clients are being served (Rooms.foreground), the background resume waits this long at most before
 *  it loads its next room: it carries on, slowly, under traffic that never pauses. */
const RESUME_MAX_WAIT_MS = 250;

export interface RoomsOptions {
  /** A room with nothing to do and nobody watching is unloaded after this long (0: never). */
  readonly idleMs: number;
  /** Cluster mode: this process may load a game's room only while it holds the game's lease; `claim`
   *  takes (or confirms) it and answers its fencing token, or null when another process holds it. */
  readonly ownership?: Ownership;
  /** Cluster mode: a chat message or a mute in a finished game is told to the other processes. */
  readonly tellChat?: (gameId: string, news: ChatNews) => void;
}

/** A game joined by a local socket, as the gateway holds it: here (`Rooms.joinedHere`), or in cluster mode
 *  on the process owning it (server/cluster/node.ts). */
export interface JoinedGame {
  leave(subId: string): Promise<void>;
  sync(subId: string): Promise<boolean>;
  say(user: string, name: string, text: string): Promise<ChatRefusal | null>;
  mute(user: string, author: string, on: boolean): Promise<ChatRefusal | null>;
}

export interface Ownership {
  /** This process's name. */
  readonly node: string;
  claim(gameId: string): Promise<number | null>;
  /** The process holding the game's lease now, or null. */
  ownerOf(gameId: string): Promise<string | null>;
  /** The room of a game this process held is gone (unloaded or finished): the lease may be let go. */
  released(gameId: string): void;
  /** A director's act on a game process `owner` holds, done there (`Rooms.directHere`); 'moved' when it
   *  holds it no longer, or the act is to be asked again (that process is gone and its lease lapsed, or it
   *  did not answer an act that done twice is done once). An HttpError 503 when it does not answer another. */
  direct(owner: string, gameId: string, act: DirectorAct): Promise<Directed | 'moved'>;
  /** What process `owner`'s room of the game tells the lobby; null when it does not answer soon. */
  facts(owner: string, gameId: string, viewer: Recipient): Promise<GameFacts | null>;
}

/** What the lobby shows of a running game, as its room knows it: who must act, and the seq a viewer holds. */
export interface GameFacts {
  readonly actor: Seat | null;
  readonly seq: number;
}

/** The tournament director's tools on a running game (each a public event everyone sees, or a pause). */
export type DirectorAct =
  /** Errata 20.4: acts for `seat`, which must act now: 'refuse' (unsporting conduct is treated as refusing
   *  to play) or 'bot' (the seat's bot decides). */
  | { readonly act: 'forceAct'; readonly seat: Seat; readonly play: StandInPlay }
  /** Law 21.1 with errata 21.1's ending: time is called on the game (then scored by 21.1/20.5). */
  | { readonly act: 'callTime' }
  /** The game ends now (the engine's `stopGame`), e.g. for a forfeit. */
  | { readonly act: 'stopGame' }
  /** The stage is adjourned (`on`) or resumed (Room.adjourn). */
  | { readonly act: 'adjourn'; readonly on: boolean }
  /** From now on a stand-in plays `seat` (standIns.ts). */
  | { readonly act: 'standIn'; readonly seat: Seat; readonly play: StandInPlay };

/** An act answered like an intent (accepted or rejected), or done; null: the game is not in play. */
export type Directed = Reply | 'done' | null;

export type IntentRoute =
  | { readonly room: Room }
  /** Cluster mode: another process owns the game; the intent is forwarded to it. */
  | { readonly remote: string }
  | {
      readonly refused: 'unknownGame' | 'notSeated' | 'gameNotRunning';
      readonly message: string;
      /** The game is over and the sender held a seat: a repeated intent id gets its first reply. */
      readonly finishedSeat: boolean;
    };

/** A game as read for a join (`Rooms.stored`): null when there is no such game. */
export interface StoredRead {
  readonly game: StoredGame | null;
  /** `Rooms.loadsBegun` when it was read (NaN: a room of it was being loaded). */
  readonly loadsBegun: number;
}

export class Rooms {
  private readonly rooms = new Map<string, Promise<Room | null>>();
  /** The rooms whose load has finished (answers from memory). */
  private readonly ready = new Map<string, Room>();
  /** Games looked up that have no room here: null when there is no such game. A game that starts is
   *  dropped from it (`get` loads its room); a finished game's seats never change. */
  private readonly directory = new Map<string, StoredGame | null>();
  private closing = false;
  /** Rooms whose load has begun, ever: a game read while this did not move had no room meanwhile (`stored`). */
  private loadsBegun = 0;
  /** Who must act in each running game whose room was unloaded (the lobby's "your turn"). */
  private readonly actors = new Map<string, Seat | null>();
  private readonly sweeper: NodeJS.Timeout | null;
  private resuming: Promise<void> = Promise.resolve();
  /** Rooms being loaded because someone wants them now, and clients' joins and intents being served
   *  (`foreground`); the background resume waits while there are any. */
  private wanted = 0;
  private readonly resumeWaiting: (() => void)[] = [];
  /** Told of every game that ends here (tournaments record their tables' results). */
  private readonly finishedListeners: ((gameId: string) => void)[] = [];
  /** Told of every room built here (cluster mode: tournaments put back what only a room held). */
  private readonly loadedListeners: ((gameId: string) => void)[] = [];

  private readonly deps: RoomDeps;
  /** The battles of every running public game, as their spectators see them. */
  readonly liveBattles = new LiveBattles();
  /** The games over for everyone, served from the log (no room). */
  readonly finished: FinishedGames;
  /** The director's stand-ins in this process's rooms. */
  private readonly standIns: StandIns;

  private readonly options: RoomsOptions;

  constructor(deps: RoomDeps, options: RoomsOptions = { idleMs: 0 }) {
    this.options = options;
    this.standIns = new StandIns(deps.logger);
    this.finished = new FinishedGames({
      engine: deps.engine,
      log: deps.log,
      chatLog: deps.chatLog,
      ...(deps.chatRates ? { chatRates: deps.chatRates } : {}),
      metrics: deps.metrics,
      maxReplayEvents: deps.maxReplayEvents,
      ...(options.tellChat ? { tellChat: options.tellChat } : {}),
    });
    this.deps = {
      ...deps,
      liveBattles: this.liveBattles,
      onFinished: (room) => {
        this.options.ownership?.released(room.id);
        for (const listener of this.finishedListeners) listener(room.id);
      },
      // The game is over for everyone: its watchers carry on without the room, which is let go.
      onOver: (room, watchers) => {
        this.finished.adopt({ ...room.game, status: 'finished', seq: room.currentSeq }, watchers);
        this.unload(room.id);
      },
    };
    this.sweeper =
      options.idleMs > 0 ? setInterval(() => this.sweep(), Math.max(1000, options.idleMs / 4)) : null;
    this.sweeper?.unref();
  }

  /** Unloads every room idle for `idleMs` (its state is in the log; it is rebuilt when wanted). */
  sweep(now = Date.now()): void {
    for (const room of this.ready.values()) {
      if (room.idleFor(now) < this.options.idleMs) continue;
      if (!room.finished) this.actors.set(room.id, room.actor);
      this.release(room);
      void room.close();
      this.deps.metrics.inc('roomsUnloaded');
    }
  }

  /** Calls `listener` with the id of each game whose room is built here from now on. */
  onRoomLoaded(listener: (gameId: string) => void): void {
    this.loadedListeners.push(listener);
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

  /** The game's room, or null when there is no such started game. `background`: for the resume, which
   *  gives way to the rooms wanted now. */
  get(gameId: string, background = false, read?: StoredRead): Promise<Room | null> {
    let room = this.rooms.get(gameId);
    if (!room) {
      if (this.closing) return Promise.resolve(null);
      this.directory.delete(gameId);
      // A game read while no room of any game began to load had no room (nor appends) since: it is the load's.
      room = this.load(gameId, read?.loadsBegun === this.loadsBegun ? read.game : undefined);
      this.loadsBegun += 1;
      this.rooms.set(gameId, room);
      if (!background) this.foreground(room);
      // Not started yet, or the load failed: nothing is kept, the next call tries again.
      room.then(
        (r) => {
          if (!r) return this.rooms.delete(gameId);
          this.actors.delete(gameId);
          // Handed over before it was even kept (its end was shown to all as it loaded): let go.
          if (r.handedOver) {
            this.rooms.delete(gameId);
            return void r.close();
          }
          this.ready.set(gameId, r);
          for (const listener of this.loadedListeners) listener(gameId);
        },
        () => this.rooms.delete(gameId),
      );
    }
    return room;
  }

  /** Serves `work` (a room wanted now, or a client's join or intent: gateway.ts) before the background
   *  resume: it loads no further room until `work` is done (or RESUME_MAX_WAIT_MS has passed). */
  foreground<T>(work: Promise<T>): Promise<T> {
    this.wanted += 1;
    work.then(this.served, this.served);
    return work;
  }

  /** A client's work served (`foreground`): once none is left, the background resume goes on. Made once, not
   *  per intent: esbuild's keepNames (the bundle) names each named arrow as it is made (issue 16). */
  private readonly served = (): void => {
    this.wanted -= 1;
    if (this.wanted === 0) for (const wake of this.resumeWaiting.splice(0)) wake();
  };

  /** Builds the room from the log; in cluster mode only under this process's lease, with its fencing
   *  token on every append (a process that lost the lease cannot write, whatever seq it holds). */
  private async load(gameId: string, read?: StoredGame | null): Promise<Room | null> {
    const ownership = this.options.ownership;
    if (!ownership) {
      // One read of the game: whether it is over for everyone, and the room's (issue 16: a join after a restart).
      const game = read === undefined ? await this.deps.log.game(gameId) : read;
      // A game over for everyone is served from the log (finishedGames.ts), never by a room.
      if (game === null || (await this.finished.served(gameId, Date.now(), game))) return null;
      return Room.load(gameId, this.deps, game);
    }
    if (await this.finished.served(gameId)) return null;
    const fence = await ownership.claim(gameId);
    if (fence === null) return null;
    const log = this.deps.log;
    const room = await Room.load(gameId, {
      ...this.deps,
      log: { ...log, append: (input) => log.append({ ...input, fence }) },
    });
    if (room === null || room.finished) ownership.released(gameId);
    return room;
  }

  /** Who must act in this running game, as its room knows it (or knew it when it was unloaded);
   *  null when nobody must or it is not known here. */
  actorOf(gameId: string): Seat | null {
    const room = this.loaded(gameId);
    return room ? room.actor : (this.actors.get(gameId) ?? null);
  }

  /** What the lobby shows `viewer` of a running game, from its room: here (loaded if need be), or in cluster
   *  mode asked of the process owning it; null when there is no room, or its owner does not answer soon. */
  async factsOf(gameId: string, viewer: Recipient): Promise<GameFacts | null> {
    const ownership = this.options.ownership;
    const owner = this.loaded(gameId) || !ownership ? null : await ownership.ownerOf(gameId);
    if (ownership && owner !== null && owner !== ownership.node) {
      return ownership.facts(owner, gameId, viewer);
    }
    const room = await this.get(gameId);
    return room ? { actor: room.actor, seq: room.seqFor(viewer) } : null;
  }

  /** The games whose rooms are in memory now. */
  loadedIds(): string[] {
    return [...this.ready.keys()];
  }

  /** Lets this game's room go now (cluster mode: another process took its lease). */
  unload(gameId: string): void {
    const room = this.ready.get(gameId);
    if (!room) return;
    this.release(room);
    void room.close();
  }

  /** The loaded room of this game, if it is in memory now. */
  loaded(gameId: string): Room | null {
    return this.ready.get(gameId) ?? null;
  }

  /** Joins `sub` to this game's room; when the room has handed its watchers over meanwhile (the game is
   *  over for everyone), to the finished game served from the log. */
  async join(room: Room, sub: Subscriber, lastSeq: number | undefined): Promise<void> {
    if (await room.join(sub, lastSeq)) return;
    const game = await this.finished.served(room.id);
    if (game) await this.finished.join(game, sub, lastSeq);
  }

  /** A game joined here, as the gateway holds it: its room while it has one, then the finished game (the
   *  room hands its watchers over when the game is over for everyone; the gateway keeps no room). */
  joinedHere(gameId: string): JoinedGame {
    const finished = this.finished;
    return {
      leave: async (sub) => {
        const room = this.loaded(gameId);
        if (room) await room.leave(sub);
        finished.leave(gameId, sub);
      },
      sync: async (sub) => (await this.loaded(gameId)?.sync(sub)) || finished.sync(gameId, sub),
      say: (user, name, text) => {
        const room = this.loaded(gameId);
        return room ? room.say(user, name, text) : finished.say(gameId, user, name, text);
      },
      mute: (user, author, on) => {
        const room = this.loaded(gameId);
        return room ? room.mute(user, author, on) : finished.mute(gameId, user, author, on);
      },
    };
  }

  /** The game as stored now, for a join of a game whose room is not in memory here: who may watch it, whether
   *  it is over, and the room's load (`get`), from one read. */
  async stored(gameId: string): Promise<StoredRead> {
    // A room being loaded may append and be gone before `get`: a read taken meanwhile is not the load's.
    const loadsBegun = this.rooms.has(gameId) ? Number.NaN : this.loadsBegun;
    return { game: await this.deps.log.game(gameId), loadsBegun };
  }

  /** Whether `routeIntent` decides this game from memory (its room is loaded, or the game is remembered);
   *  else it costs a database look-up. */
  knows(gameId: string): boolean {
    return this.ready.has(gameId) || this.directory.has(gameId);
  }

  /** Where an intent of `userId` to `gameId` goes: its room when he holds a seat in the game and it is
   *  running, else why it is refused. A loaded or remembered game costs no database look-up. */
  async routeIntent(gameId: string, userId: string): Promise<IntentRoute> {
    const room = this.loaded(gameId);
    if (room) {
      return room.seatOf(userId) ? { room } : notSeated;
    }
    const ownership = this.options.ownership;
    let game = this.directory.get(gameId);
    if (game === undefined) {
      game = await this.deps.log.game(gameId);
      // One process remembers a game not started (its start loads its room here, which drops it). In
      // cluster mode it may start on another process: a running game is remembered instead (its seats do
      // not change, while another process owns it; dropped when it is loaded here).
      if (game?.status !== (ownership ? 'open' : 'running')) this.remember(gameId, game);
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
    const owner = await ownership?.ownerOf(gameId);
    if (owner && owner !== ownership?.node) return { remote: owner };
    const running = await this.get(gameId);
    if (running) return { room: running };
    const now = await ownership?.ownerOf(gameId);
    return now ? { remote: now } : notSeated;
  }

  /** The seq of this sender's accepted intent with this id in a game without a room (a finished one). */
  acceptedSeq(gameId: string, sender: string, intentId: string): Promise<number | null> {
    return this.deps.log.acceptedReply(gameId, sender, intentId);
  }

  private remember(gameId: string, game: StoredGame | null): void {
    this.directory.set(gameId, game);
    if (this.directory.size > DIRECTORY_SIZE) this.directory.delete(this.directory.keys().next().value!);
  }

  /** Loads these running games (after a restart) in the background, a few at a time: their bots and
   *  clocks carry on, while the server already answers (a game wanted meanwhile is loaded at once, and the
   *  resume waits until it is, as it waits for the clients' joins and intents being served: `foreground`).
   *  Those with nothing to do are unloaded again by the idle sweep. */
  resume(gameIds: readonly string[]): void {
    const queue = [...gameIds];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !this.closing; id = queue.shift()) {
        await new Promise<void>((turn) => setImmediate(turn));
        const until = Date.now() + RESUME_MAX_WAIT_MS;
        while (this.wanted > 0 && Date.now() < until) await this.whileWanted(until - Date.now());
        try {
          await this.get(id, true);
        } catch (error) {
          this.deps.logger.error({ err: error, game: id }, 'could not rebuild the room');
        }
      }
    };
    const workers = Array.from({ length: RESUME_CONCURRENCY }, worker);
    this.resuming = Promise.all([this.resuming, ...workers]).then(() => undefined);
  }

  /** Resolves once nothing is wanted now (`foreground`), or after `ms`. */
  private whileWanted(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        const i = this.resumeWaiting.indexOf(wake);
        if (i >= 0) this.resumeWaiting.splice(i, 1);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.resumeWaiting.push(wake);
    });
  }

  /** Resolves once the background resume has loaded every room it was given. */
  resumed(): Promise<void> {
    return this.resuming;
  }

  /** A director's act on a running game, done by the process that owns it (here, or in cluster mode sent to
   *  its owner); null when the game is not in play. */
  async direct(gameId: string, act: DirectorAct): Promise<Directed> {
    const ownership = this.options.ownership;
    for (let tries = 0; tries < 3; tries++) {
      const owner = !ownership || this.loaded(gameId) ? null : await ownership.ownerOf(gameId);
      if (!ownership || owner === null || owner === ownership.node) {
        const done = await this.directHere(gameId, act);
        // Not loaded here because another process took the game meanwhile: asked there.
        if (done !== null || !ownership || this.loaded(gameId)) return done;
        const now = await ownership.ownerOf(gameId);
        if (now === null || now === ownership.node) return null;
        continue;
      }
      const done: Directed | 'moved' = await ownership.direct(owner, gameId, act);
      if (done !== 'moved') return done;
    }
    throw new HttpError(503, 'unavailable', 'The game is moving to another server: try again.');
  }

  /** A director's act on this process's room of the game (loaded for it, but a resume: an adjourned game
   *  whose room is not in memory is not adjourned, and one being loaded may have read its stage adjourned:
   *  it is resumed once loaded); null when there is none, or it is over. */
  async directHere(gameId: string, act: DirectorAct): Promise<Directed> {
    const room =
      act.act === 'adjourn' && !act.on ? await (this.rooms.get(gameId) ?? null) : await this.get(gameId);
    if (room === null || room.finished) return null;
    switch (act.act) {
      case 'forceAct':
        return room.forceAct(act.seat, act.play);
      case 'callTime':
        return room.callTime();
      case 'stopGame':
        return room.stopGame();
      case 'adjourn':
        await room.adjourn(act.on);
        return 'done';
      case 'standIn':
        await this.standIns.attach(room, act.seat, act.play);
        return 'done';
      default:
        return act satisfies never;
    }
  }

  get size(): number {
    return this.rooms.size;
  }

  /** Stops every room's bots and waits for the intents already queued. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.resuming;
    const rooms = await Promise.allSettled(this.rooms.values());
    await Promise.all(rooms.map((r) => (r.status === 'fulfilled' && r.value ? r.value.close() : undefined)));
  }
}

const notSeated: IntentRoute = {
  refused: 'notSeated',
  message: 'Only the player in a seat may act for it.',
  finishedSeat: false,
};
