// Finished games, served from the log with no room (issue 12): once a game is over and its end is as old as
// its broadcast delay (so everyone may know it), whatever its watchers ask — joining (with a last seq to
// resume from, or the final state), a sync, the table chat (both channels are open to all after the game) —
// is answered from the database. Nothing of the game is kept in memory but the few stored facts that decide
// this (bounded) and, while somebody here watches it, its table chat (its rate limits live there). The room
// of a game that ends while watched hands its watchers over (`adopt`) once its spectators have seen the end.
import { type LogNumbering, logSeqOf, seqSeenBy } from '../../shared/engine/index';
import type { GameState } from '../../shared/engine/types';
import type { ChatEntry, ServerMessage } from '../../shared/protocol/messages';
import type { RulesEngine } from '../engine';
import type { Metrics } from '../metrics';
import { textFrame } from '../ws/frame';
import type { Subscriber } from './room';
import type { GameLog, StoredGame } from './store';
import { type ChatLog, type ChatRates, type ChatRefusal, TableChat } from './tableChat';
import { deliver, joinedMessage, numberingOf, type Outgoing, playerOf, seqsAt } from './visibility';

/** Finished games whose stored facts are remembered (the oldest goes first; a finished game never changes). */
const REMEMBERED = 10_000;
/** Final `state` messages kept, encoded, one per finished game and recipient (the least recently used goes
 *  first). Building one reads the latest snapshot and replays the events after it: measured at 85 ms for a
 *  game of 110 events on PGlite (a loaded machine), against a look-up here. */
const STATES_KEPT = 32;
/** Numberings of finished games kept (each is the few events only some viewers number, errata 9.3). */
const NUMBERINGS_KEPT = 1000;

export interface FinishedGamesDeps {
  readonly engine: RulesEngine;
  readonly log: GameLog;
  readonly chatLog: ChatLog;
  /** Cluster mode: the chat's rates, shared by every process (each serves its own watchers of the game). */
  readonly chatRates?: ChatRates;
  readonly metrics: Metrics;
  readonly maxReplayEvents: number;
  /** Cluster mode: a chat message said or a mute written down here is told to the other processes (their
   *  watchers of the game, and their copy of its chat). */
  readonly tellChat?: (gameId: string, news: ChatNews) => void;
}

/** What one process tells the others of a finished game's chat. */
export type ChatNews =
  | { readonly entry: ChatEntry }
  | { readonly mute: { readonly user: string; readonly author: string; readonly on: boolean } };

/** The watchers of one finished game on this process, and its chat (loaded with the first of them). */
interface Watched {
  readonly game: StoredGame;
  readonly subs: Map<string, Subscriber>;
  chat: Promise<TableChat>;
}

export class FinishedGames {
  /** Finished games and when everyone may know it (the last event's time plus the broadcast delay). */
  private readonly known = new Map<string, { readonly game: StoredGame; readonly shownAt: number }>();
  private readonly watched = new Map<string, Watched>();
  /** STATES_KEPT: by game and recipient. */
  private readonly states = new Map<string, Promise<{ message: ServerMessage; frame: Buffer }>>();
  /** How each viewer numbers a finished game's log (errata 9.3), for the last NUMBERINGS_KEPT games asked. */
  private readonly numberings = new Map<string, Promise<LogNumbering>>();

  constructor(private readonly deps: FinishedGamesDeps) {}

  /** The game when it is over for everyone (served from the log here), else null: not finished, or its end
   *  still younger than the broadcast delay (its room holds it back from spectators until then). */
  async served(gameId: string, now = Date.now(), read?: StoredGame | null): Promise<StoredGame | null> {
    let known = this.known.get(gameId);
    if (!known) {
      // `read`: the game as the caller has just read it (a join's one read: Rooms.stored).
      const game = read === undefined ? await this.deps.log.game(gameId) : read;
      if (game?.status !== 'finished') return null;
      const last = await this.deps.log.events(gameId, game.seq - 1, game.seq);
      known = { game, shownAt: (last[0]?.at ?? 0) + game.broadcastDelayMs };
      this.known.set(gameId, known);
      if (this.known.size > REMEMBERED) this.known.delete(this.known.keys().next().value!);
    }
    return known.shownAt <= now ? known.game : null;
  }

  /** Whether `sub` watches this game here. */
  watches(gameId: string, subId: string): boolean {
    return this.watched.get(gameId)?.subs.has(subId) ?? false;
  }

  /** `sub` joins the finished game: `joined`, then the events after `lastSeq` when it holds a recent
   *  enough one, else the final state (as a room would), then the chat. */
  async join(game: StoredGame, sub: Subscriber, lastSeq: number | undefined): Promise<void> {
    const { seq } = game;
    // `lastSeq` and `held` are his numbers, `seq` the log's (errata 9.3, shared/engine/seqs.ts).
    const numbering = await this.numbering(game.id, game.seq);
    const players = game.seats.map((s) => s.seat);
    const held = seqSeenBy(numbering, sub.recipient, seq);
    const replay = lastSeq !== undefined && lastSeq <= held && held - lastSeq <= this.deps.maxReplayEvents;
    this.send(
      sub,
      joinedMessage(game, sub.recipient, seqsAt(numbering, players, seq), replay ? 'events' : 'state', true),
    );
    if (replay) {
      const from = logSeqOf(numbering, sub.recipient, lastSeq);
      for (const e of await this.deps.log.events(game.id, from, seq)) {
        this.send(sub, {
          kind: 'event',
          game: game.id,
          seq: seqsAt(numbering, players, e.seq, true),
          event: e.event,
        });
      }
    } else {
      await this.sendState(game, sub);
    }
    const watched = this.watch(game);
    watched.subs.set(sub.id, sub);
    this.sendChatHistory(sub, await watched.chat, game.id);
  }

  /** The watchers of a room whose game is over (and shown to all) carry on here (the chat is read again:
   *  the room's would keep the room). */
  adopt(game: StoredGame, subs: readonly Subscriber[]): void {
    if (subs.length === 0) return;
    const watched = this.watch(game);
    for (const sub of subs) watched.subs.set(sub.id, sub);
  }

  /** A fresh final state for one watcher (false: he does not watch this game here). */
  async sync(gameId: string, subId: string): Promise<boolean> {
    const watched = this.watched.get(gameId);
    const sub = watched?.subs.get(subId);
    if (!watched || !sub) return false;
    await this.sendState(watched.game, sub);
    return true;
  }

  leave(gameId: string, subId: string): void {
    const watched = this.watched.get(gameId);
    if (!watched?.subs.delete(subId)) return;
    if (watched.subs.size === 0) this.watched.delete(gameId);
  }

  /** A chat message in a finished game: to its readers here (and, cluster mode, on the other processes). */
  async say(gameId: string, user: string, name: string, text: string): Promise<ChatRefusal | null> {
    const watched = this.watched.get(gameId);
    if (!watched) return null;
    const chat = await watched.chat;
    const said = await chat.say(user, name, text);
    if ('refused' in said) return said.refused;
    this.sendChat(watched, chat, said.entry);
    this.deps.tellChat?.(gameId, { entry: said.entry });
    return null;
  }

  async mute(gameId: string, user: string, author: string, on: boolean): Promise<ChatRefusal | null> {
    const watched = this.watched.get(gameId);
    if (!watched) return null;
    const chat = await watched.chat;
    const refused = await chat.mute(user, author, on);
    if (refused) return refused;
    this.sendMuted(watched, chat, user);
    this.deps.tellChat?.(gameId, { mute: { user, author, on } });
    return null;
  }

  /** What another process's watchers did in this game's chat (cluster mode): for the chat and readers here. */
  async heard(gameId: string, news: ChatNews): Promise<void> {
    const watched = this.watched.get(gameId);
    if (!watched) return;
    const chat = await watched.chat;
    if ('entry' in news) {
      chat.remember(news.entry);
      this.sendChat(watched, chat, news.entry);
    } else {
      chat.rememberMute(news.mute.user, news.mute.author, news.mute.on);
      this.sendMuted(watched, chat, news.mute.user);
    }
  }

  /** A chat message to its readers here. */
  private sendChat(watched: Watched, chat: TableChat, entry: ChatEntry): void {
    for (const sub of watched.subs.values()) {
      if (chat.reaches({ user: sub.user ?? null }, entry))
        sub.send({ type: 'chat', game: watched.game.id, message: entry });
    }
  }

  /** A reader's mutes changed: his history again, to each of his sockets here. */
  private sendMuted(watched: Watched, chat: TableChat, user: string): void {
    for (const sub of watched.subs.values())
      if (sub.user === user) this.sendChatHistory(sub, chat, watched.game.id);
  }

  /** How many finished games have watchers here (tests: nothing is kept of the others). */
  get watchedGames(): number {
    return this.watched.size;
  }

  private watch(game: StoredGame): Watched {
    let watched = this.watched.get(game.id);
    if (!watched) {
      const seatOf = (user: string) => game.seats.find((s) => s.userId === user)?.seat ?? null;
      watched = {
        game,
        subs: new Map(),
        chat: TableChat.load(game.id, this.deps.chatLog, seatOf, () => true, this.deps.chatRates),
      };
      // A chat that fails to load is loaded again by the next watcher.
      const failed = watched;
      failed.chat.catch(() => {
        if (this.watched.get(game.id) === failed) this.watched.delete(game.id);
      });
      this.watched.set(game.id, watched);
    }
    return watched;
  }

  /** The game's final `state` as `sub`'s recipient sees it: kept encoded (STATES_KEPT), else built. */
  private async sendState(game: StoredGame, sub: Subscriber): Promise<void> {
    const key = `${game.id}\u0000${playerOf(sub.recipient) ?? ''}`;
    let fitted = this.states.get(key);
    if (fitted) {
      this.states.delete(key); // the most recently used
    } else {
      fitted = Promise.all([this.finalState(game), this.numbering(game.id, game.seq)]).then(
        ([state, numbering]) => {
          const seq = seqsAt(
            numbering,
            game.seats.map((s) => s.seat),
            game.seq,
          );
          const out: Outgoing = { kind: 'state', game: game.id, seq, state };
          const message = deliver(this.deps.engine, sub.recipient, out)!;
          return { message, frame: textFrame(JSON.stringify(message)) };
        },
      );
      fitted.catch(() => this.states.delete(key)); // built again next time
    }
    this.states.set(key, fitted);
    if (this.states.size > STATES_KEPT) this.states.delete(this.states.keys().next().value!);
    const { message, frame } = await fitted;
    if (sub.sendFrame) sub.sendFrame(frame);
    else sub.send(message);
  }

  /** How each viewer numbers a finished game's log (its last seq `seq`): kept (NUMBERINGS_KEPT games: the
   *  lobby lists finished games with each caller's seq), else read from the log. */
  numbering(gameId: string, seq: number): Promise<LogNumbering> {
    let numbering = this.numberings.get(gameId);
    if (numbering) {
      this.numberings.delete(gameId); // the most recently used
    } else {
      numbering = numberingOf(this.deps.engine, this.deps.log, gameId, seq);
      numbering.catch(() => this.numberings.delete(gameId)); // read again next time
    }
    this.numberings.set(gameId, numbering);
    if (this.numberings.size > NUMBERINGS_KEPT) this.numberings.delete(this.numberings.keys().next().value!);
    return numbering;
  }

  /** The game's last state: its latest snapshot and the events after it. */
  private async finalState(game: StoredGame): Promise<GameState> {
    const { engine, log } = this.deps;
    const snapshot = await log.latestSnapshot(game.id, game.seq);
    const events = await log.events(game.id, snapshot?.seq ?? 0, game.seq);
    this.deps.metrics.inc('finishedStatesBuilt');
    return snapshot
      ? events.reduce((s, e) => engine.evolve(s, e.event), snapshot.state)
      : engine.replay(events.map((e) => e.event));
  }

  private sendChatHistory(sub: Subscriber, chat: TableChat, gameId: string): void {
    sub.send({ type: 'chatHistory', game: gameId, ...chat.history({ user: sub.user ?? null }) });
  }

  /** Through the one filter, like everything a room sends. */
  private send(sub: Subscriber, out: Outgoing): void {
    const message: ServerMessage | null = deliver(this.deps.engine, sub.recipient, out);
    if (message !== null) sub.send(message);
  }
}
