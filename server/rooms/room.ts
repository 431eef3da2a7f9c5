// A game room: the one owner of a running game's state. Everything that touches the game — intents,
// bots, joins, leaves — goes through its queue, one at a time. An intent reads like a sentence
// (style 15): authorise, decide, append, evolve, send each recipient what the one filter allows.
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_BOT_BUDGET_MS } from '../../shared/bot/index';
import type { Decision, GameEvent } from '../../shared/engine/events';
import type { ForcedBy, ForcedPlay } from '../../shared/engine/forced';
import { EMPTY_NUMBERING, type LogNumbering, logSeqOf, seqSeenBy } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import { type Actor, DIRECTOR, type Dice, type GameState } from '../../shared/engine/types';
import type {
  ProtocolRejectionCode,
  Seat,
  ServerMessage,
  ServerMessageOf,
} from '../../shared/protocol/messages';
import type { RulesEngine } from '../engine';
import type { Metrics } from '../metrics';
import { textFrame } from '../ws/frame';
import { afterDecision, type ClockRecord, charge, isTimed, nextExpiry, resumed, startClock } from './clock';
import { recordingDice } from './dice';
import type { LiveBattles } from './liveBattles';
import {
  AppendConflict,
  type GameLog,
  type LoggedEvent,
  RepeatedIntent,
  type StoredGame,
  type StoredSeat,
} from './store';
import { type ChatLog, type ChatRates, type ChatRefusal, TableChat } from './tableChat';
import {
  deliver,
  joinedMessage,
  type Outgoing,
  playerOf,
  type Recipient,
  type Seqs,
  sameForAll,
  seqsAt,
} from './visibility';

export interface RoomDeps {
  readonly engine: RulesEngine;
  readonly log: GameLog;
  readonly chatLog: ChatLog;
  /** Cluster mode: the table chats' rates, shared by every process (else each chat's own). */
  readonly chatRates?: ChatRates;
  readonly logger: FastifyBaseLogger;
  readonly metrics: Metrics;
  readonly botDelayMs: number;
  /** The time a bot may take per decision (default DEFAULT_BOT_BUDGET_MS). */
  readonly botBudgetMs?: number;
  readonly snapshotEvery: number;
  readonly maxReplayEvents: number;
  /** A running clock's time left is written to the database this often (at most this much of a player's
   *  thinking is forgiven when the server dies; a clean shutdown writes it exactly). */
  readonly clockCheckpointMs: number;
  /** Called once the game is over for everyone (its spectators have been shown the end too), with the
   *  room's watchers: they carry on without the room (finishedGames.ts), which is let go. */
  readonly onOver?: (room: Room, watchers: readonly Subscriber[]) => void;
  /** Called once the game is over (its last events are in the log): a tournament records the result. */
  readonly onFinished?: (room: Room) => void;
  /** The battles public games' spectators may see now (the lobby's list). */
  readonly liveBattles?: LiveBattles;
  /** The server's absence grace for games whose time control sets none (config `absentGraceSeconds`). */
  readonly absentGraceSeconds?: number | null;
  /** Whether the tournament director has adjourned the game's stage (tournaments.ts `stageAdjourned`): a room
   *  rebuilt then is adjourned from its first moment (after a restart, or adopted from a process gone). */
  readonly adjourned?: (gameId: string) => Promise<boolean>;
}

/** What spectators have been shown: the game as of `seq` (null before anything is old enough). */
interface Broadcast {
  readonly seq: number;
  readonly state: GameState | null;
  readonly finished: boolean;
}

/** One appended batch of events, held back from spectators until it is as old as the broadcast delay. */
interface HeldBatch {
  readonly events: readonly LoggedEvent[];
  /** The state after them. */
  readonly state: GameState;
  readonly finished: boolean;
  /** A step inside a negotiation (errata 9.3): outsiders get it only with the batch that ends the
   *  negotiation, so that not even the number of its steps reaches them while it goes on. */
  readonly concealed: boolean;
}

/** Errata 9.3 for the players outside a negotiation under way: the game as they hold it (as of the
 *  negotiation's start), the clock as it stood then, and its steps, held back until it ends. */
interface Secret {
  readonly outsiders: Broadcast;
  readonly clock: ClockRecord | null;
  readonly batches: HeldBatch[];
}

/** One message fitted to one subscriber (Room.fit): its frame when he takes them framed (a socket), else the
 *  message; or, in cluster mode, the message unfitted to the sockets of another process. Only what is sent is
 *  kept (a share waits for the commit: the messages a socket's frames were made of are let go at once). */
type Delivery =
  | { readonly sub: Subscriber; readonly frame: Buffer }
  | { readonly sub: Subscriber; readonly message: ServerMessage }
  | { readonly relay: Relay; readonly ids: readonly string[]; readonly out: Outgoing };

/** Sends the messages fitted (Room.fit), in their order. */
function handOut(deliveries: readonly Delivery[]): void {
  for (const d of deliveries) {
    if ('relay' in d) d.relay.send(d.ids, d.out);
    else if ('frame' in d) d.sub.sendFrame?.(d.frame);
    else d.sub.send(d.message);
  }
}

/** A batch's share for the players (Room.playersShare), built while the database commits the batch. */
interface PlayersShare {
  readonly logged: readonly LoggedEvent[];
  /** How each viewer numbers the log after the batch. */
  readonly numbering: LogNumbering;
  /** A step inside a negotiation (HeldBatch.concealed). */
  readonly concealed: boolean;
  /** The players' messages, in order. */
  readonly deliveries: readonly Delivery[];
}

/** Anyone outside every negotiation (the engine's errata 9.3 test, asked about the game itself). */
const OUTSIDER = { spectator: true } as const;

/** Who sent an intent: a user (by id), a bot seat of this room, the server acting for a seat (errata 20.4,
 *  21.0, Law 21.2), or the tournament director (Law 21.1: calling time). */
export type Sender =
  | { readonly user: string }
  | { readonly bot: Seat }
  | { readonly forced: Seat; readonly by: ForcedBy }
  | { readonly director: true };
const senderKey = (s: Sender): string =>
  'user' in s ? s.user : 'bot' in s ? `bot:${s.bot}` : 'forced' in s ? `${s.by}:${s.forced}` : 'director';
/** Spectators (not seated, or watching as the public) get the delayed broadcast. */
const isSpectator = (sub: Subscriber): boolean => !('player' in sub.recipient);

/** A connection watching this room, as the room sees it. */
export interface Subscriber {
  readonly id: string;
  readonly recipient: Recipient;
  /** The signed-in user behind it (the table chat goes by his seat and his mutes). */
  readonly user?: string;
  /** Also send a fresh `state` after every batch. */
  readonly views: boolean;
  send(message: ServerMessage): void;
  /** The same message already encoded as the websocket frame of its JSON text (a socket, frame.ts):
   *  fan-out encodes each message once per distinct recipient and hands every socket of that recipient
   *  the same bytes. */
  sendFrame?(frame: Buffer): void;
  /** Cluster mode: a socket on another server process. Its game messages go out unfiltered, once per
   *  process for all its sockets, and are fitted to each recipient there (server/cluster/node.ts). */
  readonly relay?: Relay;
}

/** The way to the sockets of one other server process (one per process, shared by its subscribers). */
export interface Relay {
  send(subs: readonly string[], out: Outgoing): void;
}

/** A fan-out's grouping key: a seat's player id, the one spectators' view, or everybody's (sameForAll). */
const SPECTATORS = '\u0000spectators';
const EVERYBODY = '\u0000all';
const recipientKey = (r: Recipient): string => playerOf(r) ?? SPECTATORS;

export interface IntentRequest {
  readonly id: string;
  readonly expectedSeq?: number | undefined;
  readonly intent: Intent;
}

export type Reply = ServerMessageOf<'accepted'> | ServerMessageOf<'rejected'>;

/** Replies to remember per room, so a repeated id is answered from memory (the database is the
 *  authority for accepted ones). */
const REMEMBERED_REPLIES = 2048;

const DIRECTOR_IDS = { callTime: 'call-time', stopGame: 'stop-game' } as const;

/** The refusal of every intent while the tournament director has adjourned the game's stage (`adjourn`). */
export const ADJOURNED =
  'The tournament director has adjourned this game; play resumes when the director resumes the stage.';
export const ADJOURNED_RULE = 'tournament rules: a stage adjourned by the director';

/** Refusals that say nothing about the intent itself: not remembered, so its id may be sent again. */
const PASSING: ReadonlySet<ProtocolRejectionCode> = new Set([
  'staleSeq',
  'unavailable',
  'adjourned',
  'internalError',
]);

/** A refusal's code, message, rule and log context (Room.reject). */
type RefusalArgs = [
  code: ProtocolRejectionCode,
  message: string,
  rule?: string,
  context?: Record<string, unknown>,
];

export class Room {
  private state: GameState;
  private seq: number;
  private diceCursor: number;
  private status: StoredGame['status'];
  /** The latest events (at least the last maxReplayEvents, at most twice as many: the oldest are dropped
   *  in one go, not one copy of the whole buffer per intent), for reconnecting clients. */
  private recent: LoggedEvent[];
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly replies = new Map<string, Reply>();
  /** Seats the tournament director has taken from their players (errata 20.0): their intents are refused. */
  private readonly directed = new Set<string>();
  /** Seats whose player has connected at least once (a later drop is announced). */
  private readonly seen = new Set<Seat>();
  /** Since when each human seat has had no socket (a room is rebuilt with nobody connected). */
  private readonly goneSince = new Map<Seat, number>();
  /** Seats gone longer than `absentGraceSeconds`: the server plays them until their player is back. */
  private readonly absent = new Set<Seat>();
  private absenceTimer: NodeJS.Timeout | null = null;
  /** The spectators' game: behind the players' by the broadcast delay (the same when there is none). */
  private broadcasted: Broadcast;
  /** The state last shown to the live battles list (it changes only when the broadcast moves). */
  private battleShown: GameState | null | undefined = undefined;
  private held: HeldBatch[];
  /** How each viewer numbers the log (errata 9.3): every seq leaving the room is the recipient's own. */
  private numbering: LogNumbering;
  /** A negotiation's steps so far, for the seated players outside it (null: none under way). */
  private secret: Secret | null;
  private releaseTimer: NodeJS.Timeout | null = null;
  /** Presence and notices not yet as old as the broadcast delay, for its spectators; the last one shown. */
  private news: { readonly at: number; readonly out: Outgoing }[] = [];
  private newsTimer: NodeJS.Timeout | null = null;
  private shownPresence: Outgoing | null = null;
  /** Loaded with the first subscriber or message. */
  private chat: TableChat | null = null;
  /** When the last batch happened (an append's time never goes back, whatever the wall clock does). */
  private lastAt: number;
  private queue: Promise<unknown> = Promise.resolve();
  /** The presence message queued (presenceSoon), until it is sent. */
  private presenceDue: Promise<void> | null = null;
  /** Tasks queued and not yet done, and when the last one ended (the room's idleness, `idleFor`). */
  private pending = 0;
  private quietSince = Date.now();
  private botTimer: NodeJS.Timeout | null = null;
  private botStalled = false;
  private closing = false;
  /** A timed game's clock as of its `at` (null: untimed), and the timer of its next expiry. */
  private clock: ClockRecord | null;
  private clockTimer: NodeJS.Timeout | null = null;
  private checkpointTimer: NodeJS.Timeout | null = null;
  /** The server's action at the last expiry was refused: nothing more until the game moves on. */
  private clockStalled = false;
  /** The tournament director has adjourned the game's stage: no clock runs, nobody plays, until resumed. */
  private adjourned = false;
  /** The game is over for everyone and the watchers were handed over (onOver): the room is being let go. */
  private over = false;

  private constructor(
    readonly game: StoredGame,
    state: GameState,
    recent: LoggedEvent[],
    numbering: LogNumbering,
    broadcast: {
      readonly broadcasted: Broadcast;
      readonly held: HeldBatch[];
      readonly secret: Secret | null;
    },
    private readonly deps: RoomDeps,
  ) {
    this.broadcasted = broadcast.broadcasted;
    this.held = broadcast.held;
    this.secret = broadcast.secret;
    this.lastAt = recent.at(-1)?.at ?? 0;
    this.state = state;
    this.seq = game.seq;
    this.diceCursor = game.diceCursor;
    this.status = game.status;
    this.recent = recent;
    this.numbering = numbering;
    const now = Date.now();
    this.clock = this.loadedClock(now);
    for (const s of game.seats) if (!s.bot) this.goneSince.set(s.seat, now);
  }

  /** Rebuilds a started game from its log: the latest snapshot plus the events after it. */
  static async load(gameId: string, deps: RoomDeps, stored?: StoredGame | null): Promise<Room | null> {
    // `stored`: the game as read just now, while no room of it was in memory (Rooms.get).
    const game = stored === undefined ? await deps.log.game(gameId) : stored;
    if (!game || game.status === 'open') return null;
    const adjourned = game.status === 'running' ? deps.adjourned?.(gameId) : undefined;
    adjourned?.catch(() => undefined); // awaited below, unless the load fails first
    // The latest snapshot and the whole log, asked at once (issue 16: a join after a restart): the numbering
    // is built from all of the log anyway, and the state from the snapshot and the events after it.
    const [snapshot, all] = await Promise.all([
      deps.log.latestSnapshot(gameId, game.seq),
      deps.log.events(gameId, 0, game.seq),
    ]);
    const from = Math.min(snapshot?.seq ?? 0, Math.max(0, game.seq - deps.maxReplayEvents));
    const logged = all.slice(from);
    if (logged.length !== game.seq - from || logged.some((e, i) => e.seq !== from + 1 + i)) {
      throw new Error(`game ${gameId}: the log from seq ${from + 1} to ${game.seq} has gaps`);
    }
    const state = snapshot
      ? logged
          .filter((e) => e.seq > snapshot.seq)
          .reduce((s, e) => deps.engine.evolve(s, e.event), snapshot.state)
      : deps.engine.replay(logged.map((e) => e.event));
    deps.metrics.inc('roomsLoaded');
    // Held back only while the last event is younger than the delay (a finished game watched later is not),
    // or while a negotiation goes on (errata 9.3).
    const lastAt = logged.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
    const broadcast =
      lastAt + game.broadcastDelayMs > Date.now() || deps.engine.outsideNegotiation(state, OUTSIDER)
        ? Room.heldBack(game, all, deps)
        : {
            broadcasted: { seq: game.seq, state, finished: game.status === 'finished' },
            held: [],
            secret: null,
          };
    // Each viewer's numbering comes from the whole log (errata 9.3, shared/engine/seqs.ts).
    const numbering = deps.engine.numberLog(
      EMPTY_NUMBERING,
      all.map((e) => e.event),
    );
    const room = new Room(game, state, logged.slice(-deps.maxReplayEvents), numbering, broadcast, deps);
    // Adjourned before any bot, clock or player can move (its clock stands at what was left: `adjourn`).
    room.adjourned = (await adjourned) ?? false;
    room.release();
    room.scheduleBot();
    room.scheduleClock();
    room.scheduleAbsence();
    return room;
  }

  /** A delayed or negotiating game's outsiders after a (re)load: what spectators may have seen by now, the
   *  batches still held back from them (events appended together share their time), and what the players
   *  outside a negotiation under way hold (errata 9.3: up to its start). */
  private static heldBack(game: StoredGame, all: readonly LoggedEvent[], deps: RoomDeps) {
    // The state after each seq (none before the first event), and whether it is inside a negotiation.
    const states: (GameState | null)[] = [null];
    for (const e of all) {
      const before = states.at(-1)!;
      states.push(before === null ? deps.engine.replay([e.event]) : deps.engine.evolve(before, e.event));
    }
    const inside = states.map((st) => st !== null && deps.engine.outsideNegotiation(st, OUTSIDER));
    // The last seq up to `upto` an outsider may hold: never one of a negotiation's steps.
    const visible = (upto: number) => {
      let seq = upto;
      while (seq > 0 && inside[seq] && inside[seq - 1]) seq -= 1;
      return seq;
    };
    const cutoff = Date.now() - game.broadcastDelayMs;
    const shown = visible(all.findLastIndex((e) => e.at <= cutoff) + 1);
    const broadcasted: Broadcast = {
      seq: shown,
      state: states[shown]!,
      finished: shown === all.length && game.status === 'finished',
    };
    const held: HeldBatch[] = [];
    for (const e of all.slice(shown)) {
      const last = held.at(-1);
      // A negotiation's first step closes its batch (the steps after it are concealed).
      const joins = last && last.events[0]!.at === e.at && !(inside[e.seq - 1] && !inside[e.seq - 2]);
      const events = joins ? [...last.events, e] : [e];
      const batch: HeldBatch = {
        events,
        state: states[e.seq]!,
        finished: false,
        concealed: inside[events[0]!.seq - 1]! && inside[e.seq]!,
      };
      if (joins) held[held.length - 1] = batch;
      else held.push(batch);
    }
    const last = held.at(-1);
    if (last && game.status === 'finished') held[held.length - 1] = { ...last, finished: true };
    const begun = visible(all.length);
    const secret: Secret | null =
      begun === all.length
        ? null
        : {
            outsiders: { seq: begun, state: states[begun]!, finished: false },
            clock: null,
            batches: [{ events: all.slice(begun), state: states.at(-1)!, finished: false, concealed: true }],
          };
    return { broadcasted, held, secret };
  }

  get id(): string {
    return this.game.id;
  }

  get currentSeq(): number {
    return this.seq;
  }

  get finished(): boolean {
    return this.status === 'finished';
  }

  /** The game is over for everyone: this room hands (or has handed) its watchers over and takes no more. */
  get handedOver(): boolean {
    return this.over;
  }

  /** The engine state (tests and tools only; nothing from it leaves the server unfiltered). */
  get currentState(): GameState {
    return this.state;
  }

  seatOf(userId: string): StoredSeat | null {
    return this.game.seats.find((s) => s.userId === userId) ?? null;
  }

  // ------------------------------------------------------------------------------------ intents

  submit(sender: Sender, request: IntentRequest): Promise<Reply> {
    return this.enqueue(() => this.handle(sender, request));
  }

  private handle(sender: Sender, { id, expectedSeq, intent }: IntentRequest): Promise<Reply> {
    return this.decideAndAppend(sender, id, expectedSeq, { intent: intent.type }, (actor, dice) =>
      this.deps.engine.decide(this.state, actor, intent, dice),
    );
  }

  /** The server acts for `seat` (errata 20.4, 21.0, Law 21.2): the engine says what, everyone sees it. */
  private forced(seat: Seat, by: ForcedBy, play: ForcedPlay): Promise<Reply> {
    const id = `${by}-${this.seq}`;
    return this.decideAndAppend(
      { forced: seat, by },
      id,
      undefined,
      { forced: by, play: play.kind },
      (actor, dice) =>
        actor === DIRECTOR
          ? { rejected: { code: 'notAllowed', message: 'Not a seat.', rule: 'protocol' } }
          : this.deps.engine.decideForced(this.state, actor, by, play, dice),
    );
  }

  private async decideAndAppend(
    sender: Sender,
    id: string,
    expectedSeq: number | undefined,
    context: Record<string, unknown>,
    decide: (actor: Actor, dice: Dice) => Decision,
  ): Promise<Reply> {
    const key = `${senderKey(sender)}\u0000${id}`;
    // A repeated id gets its first reply, whatever has happened since (a later seq, the game over, the
    // server closing): from memory, else from the log when it was accepted (after a restart, or when
    // the memory has let it go): `refuse` looks there before any refusal, and the append finds a repeat
    // itself (RepeatedIntent), so an intent that goes through costs no look-up.
    const repeated = this.replies.get(key);
    if (repeated) {
      this.deps.metrics.inc('intentsRepeated');
      return repeated;
    }
    // Bound, not an arrow: esbuild keepNames (tsx, dist/server.mjs) names each named arrow as it is made.
    const reject = this.refuse.bind(this, sender, key, id);
    const actor = this.authorise(sender);
    if (actor === null) return reject('notSeated', 'Only the player in a seat may act for it.');
    if ('user' in sender && typeof actor === 'string' && this.directed.has(actor)) {
      return reject(
        'notAllowed',
        'The tournament director has taken this seat: the server plays it for you now.',
        'errata 20.0',
      );
    }
    if (this.closing) return reject('unavailable', 'The server is shutting down: send it again.');
    if (this.finished) return reject('gameNotRunning', 'The game is over.');
    // The director may still end an adjourned game (a forfeit); nobody plays in it.
    if (this.adjourned && !('director' in sender)) return reject('adjourned', ADJOURNED, ADJOURNED_RULE);
    // A limit that ran out before its timer fired is applied first: the intent then meets the game as it is.
    if ('user' in sender && this.expiryDue()) {
      await this.expire();
      if (this.finished) return reject('gameNotRunning', 'The game is over.');
    }
    // A player outside a negotiation holds the seq of its start (errata 9.3): any other is stale for him.
    if (
      expectedSeq !== undefined &&
      expectedSeq !== this.seqFor(actor === DIRECTOR ? null : { player: actor })
    ) {
      return reject(
        'staleSeq',
        'The game moved on before your move arrived: look at the board again and choose again.',
      );
    }
    const at = Math.max(Date.now(), this.lastAt);
    const dice = recordingDice(this.game.diceSeed!, this.diceCursor);
    const decision = decide(actor, dice);
    if ('rejected' in decision) {
      const { code, message, rule } = decision.rejected;
      return reject(code, message, rule, { actor, ...context });
    }
    const events = decision.events;
    const next = events.reduce((s, e) => this.deps.engine.evolve(s, e), this.state);
    const finished = next.step.kind === 'gameOver';
    const seq = this.seq + events.length;
    const snapshotDue =
      Math.floor(seq / this.deps.snapshotEvery) > Math.floor(this.seq / this.deps.snapshotEvery);
    const clock = this.clockAfter(next, seq, actor === DIRECTOR ? null : (actor as Seat), Date.now());
    const appended = this.deps.log.append({
      gameId: this.id,
      expectedSeq: this.seq,
      events,
      sender: senderKey(sender),
      intentId: id,
      dice: dice.rolled,
      diceCursor: dice.cursor,
      finished,
      at,
      snapshot: snapshotDue ? next : null,
      clock,
    });
    // While the database commits, the players' share of the batch is fitted and framed (the engine lists
    // the next position's legal intents for it): once the commit is in, it only has to be handed to the
    // sockets. Begun once the append is on its way; should it fail, `apply` builds it again and meets the
    // failure as before.
    let share: PlayersShare | null = null;
    const playersShare = () => (share ??= this.playersShare(events, next, finished, at));
    const ahead = setImmediate(() => {
      try {
        playersShare();
      } catch {
        // apply builds it again, and reports what went wrong
      }
    });
    try {
      await appended;
    } catch (error) {
      clearImmediate(ahead);
      if (error instanceof RepeatedIntent) {
        this.deps.metrics.inc('intentsRepeated');
        return this.remember(key, {
          type: 'accepted',
          id,
          game: this.id,
          seq: this.replySeq(sender, error.seq),
        });
      }
      if (error instanceof AppendConflict) {
        // One process alone never meets one (its rooms are their games' only writers): what the log holds
        // says who wrote — another writer (the log ahead), this very intent all the same (`written`), or a
        // room ahead of its log.
        this.deps.metrics.inc('appendConflicts');
        const expectedSeq = this.seq;
        try {
          await this.reload();
        } finally {
          this.deps.logger.warn(
            {
              game: this.id,
              expectedSeq,
              loggedSeq: this.seq,
              status: this.status,
              written: error.written,
              batch: error.batch,
            },
            'the append met a conflict: the room is reloaded from the log',
          );
        }
        return reject('unavailable', 'The game moved on meanwhile: look again and resend.');
      }
      throw error;
    }
    this.deps.metrics.inc('intentsAccepted');
    this.deps.metrics.inc('eventsAppended', events.length);
    if (snapshotDue) this.deps.metrics.inc('snapshotsWritten');
    this.apply(playersShare(), next, dice.cursor, finished, at, clock);
    this.scheduleBot();
    this.scheduleClock();
    this.scheduleAbsence();
    return this.remember(key, { type: 'accepted', id, game: this.id, seq: this.replySeq(sender, this.seq) });
  }

  /** The log seq `seq` as the sender of an intent numbers it (the director, the log's own). */
  private replySeq(sender: Sender, seq: number): number {
    const actor = this.authorise(sender);
    return actor === null || actor === DIRECTOR ? seq : seqSeenBy(this.numbering, { player: actor }, seq);
  }

  /** The game's seats: the players every Outgoing numbers a seq for. */
  private get players(): readonly string[] {
    // The seats never change: listed once (every message of a batch asks).
    this.seatIds ??= this.game.seats.map((s) => s.seat);
    return this.seatIds;
  }
  private seatIds: readonly string[] | null = null;

  /** The log seq `seq` (or the event there, `event`) as each recipient numbers it (by `numbering`: the
   *  room's, or the one after a batch not yet applied). */
  private seqs(seq: number, event = false, numbering = this.numbering): Seqs {
    return seqsAt(numbering, this.players, seq, event);
  }

  /** Who this sender may act as (a seat's player id, or the director), or null. */
  private authorise(sender: Sender): Actor | null {
    if ('director' in sender) return DIRECTOR;
    if ('forced' in sender) return sender.forced;
    const seat =
      'user' in sender
        ? this.game.seats.find((s) => s.userId === sender.user)
        : this.game.seats.find((s) => s.bot && s.seat === sender.bot);
    return seat?.seat ?? null;
  }

  /** Every player's share of the batch `events` (leading to `next`), fitted and framed, changing nothing
   *  (the room applies the batch once it is in the log: `apply`): the players get it at once, except a
   *  negotiation's steps, which the players outside it get when it ends (errata 9.3). */
  private playersShare(
    events: readonly GameEvent[],
    next: GameState,
    finished: boolean,
    at: number,
  ): PlayersShare {
    const first = this.seq + 1;
    const seq = this.seq + events.length;
    const logged = events.map((event, i) => ({ seq: first + i, event, at }));
    const numbering = this.deps.engine.numberLog(this.numbering, events);
    const { outsideNegotiation } = this.deps.engine;
    const concealed = outsideNegotiation(this.state, OUTSIDER) && outsideNegotiation(next, OUTSIDER);
    const players = [...this.subscribers.values()].filter((sub) => !isSpectator(sub));
    const deliveries: Delivery[] = [];
    let recipients = players;
    if (concealed) {
      recipients = players.filter((sub) => !outsideNegotiation(next, sub.recipient));
    } else if (this.secret !== null) {
      // The negotiation is over: the players outside it get its outcome, with whatever of its steps they
      // number (none: `numberedBy`) — one batch, as if the negotiation had been one step.
      const outsiders = players.filter((sub) => outsideNegotiation(this.state, sub.recipient));
      const steps = this.secret.batches.flatMap((held) => held.events);
      this.fitBatch(outsiders, [...steps, ...logged], seq, next, finished, numbering, deliveries);
      recipients = players.filter((sub) => !outsiders.includes(sub));
    }
    this.fitBatch(recipients, logged, seq, next, finished, numbering, deliveries);
    return { logged, numbering, concealed, deliveries };
  }

  /** The appended events become the room's: state, seq, replay buffer, clock, and the players are handed
   *  their share (`playersShare`); the spectators' share waits for the broadcast delay and the end of a
   *  negotiation (`release`). */
  private apply(
    share: PlayersShare,
    next: GameState,
    diceCursor: number,
    finished: boolean,
    at: number,
    clock: ClockRecord | null,
  ): void {
    const before: Broadcast = { seq: this.seq, state: this.state, finished: false };
    const clockBefore = this.clock;
    this.clock = clock;
    this.botStalled = false; // the game moved on: a bot that had nothing to play may have now
    this.clockStalled = false;
    this.state = next;
    this.seq += share.logged.length;
    this.diceCursor = diceCursor;
    this.lastAt = at;
    this.numbering = share.numbering;
    this.recent.push(...share.logged);
    if (this.recent.length > 2 * this.deps.maxReplayEvents) {
      this.recent.splice(0, this.recent.length - this.deps.maxReplayEvents);
    }
    if (finished) this.status = 'finished';
    const batch: HeldBatch = { events: share.logged, state: next, finished, concealed: share.concealed };
    if (batch.concealed) {
      this.secret ??= { outsiders: before, clock: clockBefore, batches: [] };
      this.secret.batches.push(batch);
    } else {
      this.secret = null;
    }
    handOut(share.deliveries);
    this.sendClock();
    this.held.push(batch);
    // The spectators' share is a queue task begun on the next tick, after the one that uncorks the players'
    // sockets (connection.ts corkThisTick, queued first): their frames are written before the crowd's are
    // even built, so spectators never hold up the answer to the player who moved (issue 12). A spectator who
    // joins meanwhile is shown what was released before (`broadcasted`).
    // With no spectator watching, what `release` does (the broadcast moves on, the live battles list, which
    // takes a spectator's view of a battle) waits for nobody's sockets: done on the next tick too, without a
    // queue task per batch (as a timer's release is), so the player who moved is not kept waiting for it.
    if (this.game.broadcastDelayMs === 0 && !this.hasSpectators()) process.nextTick(() => this.release());
    else process.nextTick(() => void this.enqueue(async () => this.release()));
    if (finished) this.deps.onFinished?.(this);
  }

  /** A batch to these subscribers, fitted into `into`: its events, the view after them to those who asked,
   *  the legal intents, and the dice seed when the batch ended the game, numbered by `numbering`. Each
   *  socket gets them in that order. */
  private fitBatch(
    subs: readonly Subscriber[],
    logged: readonly LoggedEvent[],
    seq: number,
    state: GameState,
    finished: boolean,
    numbering: LogNumbering,
    into: Delivery[],
  ): void {
    if (subs.length === 0) return;
    for (const { seq, event } of logged) {
      this.fit(subs, { kind: 'event', game: this.id, seq: this.seqs(seq, true, numbering), event }, into);
    }
    this.fit(
      subs.filter((sub) => sub.views),
      { kind: 'state', game: this.id, seq: this.seqs(seq, false, numbering), state },
      into,
    );
    this.fit(subs, { kind: 'legal', game: this.id, seq: this.seqs(seq, false, numbering), state }, into);
    if (finished) {
      this.fit(
        subs,
        {
          kind: 'diceRevealed',
          game: this.id,
          commitment: this.game.diceCommitment!,
          seed: this.game.diceSeed!,
        },
        into,
      );
    }
  }

  /** Shows spectators every held batch that is now as old as the broadcast delay (all of them when there is
   *  none), and sets a timer for the next one. A spectator never receives an event younger than the delay. */
  private release(): void {
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    const delay = this.game.broadcastDelayMs;
    const now = Date.now();
    // A negotiation's steps go out only with the batch that ends it, once that one is old enough (errata 9.3).
    let shown = this.held.findIndex((b) => !b.concealed);
    while (shown >= 0 && this.held[shown]!.events[0]!.at + delay <= now) {
      // A negotiation's steps go out in one batch with its outcome (as if it had been one step).
      let steps: LoggedEvent[] = [];
      for (const batch of this.held.splice(0, shown + 1)) {
        if (batch.concealed) {
          steps = [...steps, ...batch.events];
          continue;
        }
        const seq = batch.events.at(-1)!.seq;
        this.broadcasted = { seq, state: batch.state, finished: batch.finished };
        const spectators = [...this.subscribers.values()].filter(isSpectator);
        const deliveries: Delivery[] = [];
        const shown = [...steps, ...batch.events];
        this.fitBatch(spectators, shown, seq, batch.state, batch.finished, this.numbering, deliveries);
        handOut(deliveries);
        steps = [];
        // The game is over for everyone: the chat's two channels are open to all.
        const chat = this.chat;
        if (batch.finished && chat)
          for (const sub of this.subscribers.values()) this.sendChatHistory(sub, chat);
      }
      shown = this.held.findIndex((b) => !b.concealed);
    }
    // The list follows what spectators were sent: told again only when that moved (a spectator's read of
    // the seq or status releases too, and must not cost the list a refresh).
    if (this.battleShown !== this.broadcasted.state) {
      this.battleShown = this.broadcasted.state;
      this.deps.liveBattles?.show(this.game, this.broadcasted.state, this.deps.engine);
    }
    const next = this.held[shown];
    if (next && !this.closing) {
      this.releaseTimer = setTimeout(() => this.release(), next.events[0]!.at + delay - now);
    }
    // Everyone has seen the end: the watchers go on without the room (after what is queued now).
    if (this.broadcasted.finished && !this.over && !this.closing) {
      this.over = true; // a join queued from now on is refused: it joins the finished game instead
      void this.enqueue(async () => this.handOver());
    }
  }

  /** What spectators have been shown so far: its seq. */
  get broadcastSeq(): number {
    return this.broadcasted.seq;
  }

  /** The seq `viewer` holds (null: the server): a spectator's is the broadcast's, a player's outside a
   *  negotiation the seq of its start (errata 9.3), anyone else's the game's. The lobby and the history
   *  endpoint stop there too. */
  seqFor(viewer: Recipient | null): number {
    const { seq } = this.shownTo(viewer);
    return viewer === null ? seq : seqSeenBy(this.numbering, viewer, seq);
  }

  /** The log seq of `viewer`'s seq `seen` (the history's `after`). */
  logSeqFor(viewer: Recipient, seen: number): number {
    return logSeqOf(this.numbering, viewer, seen);
  }

  /** How each viewer numbers the log so far (the history of a game whose room is here). */
  get logNumbering(): LogNumbering {
    return this.numbering;
  }

  /** Whether `viewer` may know that the game is over: a spectator of a delayed game only once the end is
   *  as old as the delay (the lobby's status, the replay and the dice proof wait for it too). */
  finishedFor(viewer: Recipient): boolean {
    return this.shownTo(viewer).finished;
  }

  private shownTo(viewer: Recipient | null): Broadcast {
    // What is old enough by now goes out first (a timer may fire a little late).
    if (viewer !== null && !('player' in viewer)) this.release();
    return this.gameOf(viewer);
  }

  /** A refusal: answered, logged at info with its code (style 17), and remembered unless it is a
   *  passing one (the same id may then be sent again and be decided afresh). */
  /** A refusal, unless this id was accepted before (after a restart, or once the memory let it go): then
   *  the reply it got then, never a second application. */
  private async refuse(sender: Sender, key: string, id: string, ...refusal: RefusalArgs): Promise<Reply> {
    const earlier = await this.deps.log.acceptedReply(this.id, senderKey(sender), id);
    if (earlier !== null) {
      this.deps.metrics.inc('intentsRepeated');
      return this.remember(key, { type: 'accepted', id, game: this.id, seq: this.replySeq(sender, earlier) });
    }
    return this.reject(key, id, ...refusal);
  }

  private reject(
    key: string,
    id: string,
    code: ProtocolRejectionCode,
    message: string,
    rule = 'protocol',
    context: Record<string, unknown> = {},
  ) {
    this.deps.metrics.inc('intentsRejected');
    this.deps.logger.info({ game: this.id, code, rule, ...context }, 'intent rejected');
    const reply: Reply = { type: 'rejected', id, game: this.id, code, message, rule };
    return PASSING.has(code) ? reply : this.remember(key, reply);
  }

  private remember(key: string, reply: Reply): Reply {
    this.replies.set(key, reply);
    if (this.replies.size > REMEMBERED_REPLIES) this.replies.delete(this.replies.keys().next().value!);
    return reply;
  }

  private async reload(): Promise<void> {
    const fresh = await Room.load(this.id, { ...this.deps, botDelayMs: Number.POSITIVE_INFINITY });
    if (!fresh) return;
    this.state = fresh.state;
    this.seq = fresh.seq;
    this.diceCursor = fresh.diceCursor;
    this.status = fresh.status;
    this.recent = fresh.recent;
    this.numbering = fresh.numbering;
    this.lastAt = fresh.lastAt;
    this.clock = fresh.clock;
    this.broadcasted = fresh.broadcasted;
    this.held = fresh.held;
    this.secret = fresh.secret;
    await fresh.close();
    this.release();
    for (const sub of this.subscribers.values()) this.catchUp(sub, undefined);
    this.botStalled = false;
    this.scheduleBot();
    this.scheduleClock();
  }

  // ------------------------------------------------------------------------------------ bots

  /** If a bot seat must act, it acts after the configured delay, through the same intent path. */
  private scheduleBot(): void {
    if (this.closing || this.finished || this.adjourned || this.botTimer || this.botStalled) return;
    if (!Number.isFinite(this.deps.botDelayMs)) return;
    const actor = this.deps.engine.pending(this.state).actor;
    const seat = this.game.seats.find((s) => s.seat === actor);
    if (!seat?.bot) return;
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      void this.enqueue(() => this.botTurn(seat.seat)).catch((error) => this.fault(error, 'bot'));
    }, this.deps.botDelayMs);
  }

  private async botTurn(seat: Seat): Promise<void> {
    if (this.closing || this.finished || this.deps.engine.pending(this.state).actor !== seat) return;
    const level = this.game.seats.find((s) => s.seat === seat)?.botLevel ?? 'random';
    const choice = await this.deps.engine
      .botIntent(this.state, seat, level, randomInt(2 ** 47), this.deps.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS)
      .catch((error: unknown) => {
        this.deps.logger.error({ game: this.id, seat, level, err: error }, 'the bot failed to choose');
        return null;
      });
    if (this.closing || this.finished || this.deps.engine.pending(this.state).actor !== seat) return;
    const choices = [
      ['choice', choice],
      ['default', this.deps.engine.defaultIntent(this.state, seat)],
    ] as const;
    for (const [kind, intent] of choices) {
      if (intent === null) continue;
      this.deps.metrics.inc('botIntents');
      // Each of the bot's tries has its own id: the fallback is decided even when it is of the same
      // type as the refused choice (the same id would be answered with the remembered refusal).
      const id = `bot-${this.seq}-${kind}-${intent.type}`;
      const reply = await this.handle({ bot: seat }, { id, intent });
      if (reply.type === 'accepted') return;
      this.deps.logger.error(
        { game: this.id, seat, intent, reply },
        'the bot chose an intent the engine refused',
      );
    }
    this.botStalled = true;
    this.deps.logger.error(
      { game: this.id, seat, step: this.state.step.kind },
      'the bot has nothing to play',
    );
  }

  // ------------------------------------------------------------------------------------ clocks

  /** The clock of a room (re)built from the database: where it was (the downtime is not charged), or a
   *  fresh one at the start of a timed game. */
  private loadedClock(now: number): ClockRecord | null {
    const tc = this.game.timeControl;
    if (this.status !== 'running' || tc === null || !isTimed(tc)) return null;
    const stored = this.game.clock;
    if (stored !== null && stored.seq === this.seq) return resumed(stored, now);
    const pending = this.deps.engine.pending(this.state);
    const phase = this.deps.engine.timedPhase(this.state);
    const fresh = startClock(
      tc,
      this.game.seats.map((s) => s.seat),
      this.seq,
      pending.actor as Seat | null,
      phase,
      now,
    );
    return stored === null ? fresh : { ...fresh, banks: stored.banks, gameMs: stored.gameMs };
  }

  /** The clock after a batch that leaves the game in `next` at `seq`, `decider` having decided. */
  private clockAfter(next: GameState, seq: number, decider: Seat | null, now: number): ClockRecord | null {
    const tc = this.game.timeControl;
    if (this.clock === null || tc === null) return null;
    return afterDecision(
      this.clock,
      tc,
      {
        seq,
        decider,
        actor: this.deps.engine.pending(next).actor as Seat | null,
        phase: this.deps.engine.timedPhase(next),
        timeCalled: next.timeCalled !== null,
      },
      now,
    );
  }

  /** The next limit to run out; none while the game is adjourned or the server's last action was refused. */
  private expiry(): ReturnType<typeof nextExpiry> {
    return this.clock === null || this.clockStalled || this.adjourned ? null : nextExpiry(this.clock);
  }

  private expiryDue(): boolean {
    const expiry = this.expiry();
    return expiry !== null && expiry.at <= Date.now();
  }

  /** The clock charged up to `now`; an adjourned game's is not charged (it was charged when adjourned). */
  private clockAt(clock: ClockRecord, now: number): ClockRecord {
    return this.adjourned ? clock : charge(clock, now);
  }

  /** Arms the timer of the next limit to run out, and the checkpoint of a running clock. */
  private scheduleClock(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const expiry = this.expiry();
    if (this.closing || this.finished || expiry === null) {
      if (this.checkpointTimer) clearInterval(this.checkpointTimer);
      this.checkpointTimer = null;
      return;
    }
    this.clockTimer = setTimeout(
      () => {
        this.clockTimer = null;
        void this.enqueue(() => this.expire()).catch((error) => this.fault(error, 'clock'));
      },
      Math.max(0, expiry.at - Date.now()),
    );
    this.checkpointTimer ??= setInterval(() => {
      void this.enqueue(() => this.checkpoint()).catch((error) => this.fault(error, 'clock checkpoint'));
    }, this.deps.clockCheckpointMs);
  }

  /** The limit that ran out is applied: Law 21.1 calls time; Law 21.2 plays its consequence; a decision or
   *  bank limit makes the player refuse (errata 21.0, 20.4) or lets his seat's bot decide (`onExpiry`). */
  private async expire(): Promise<void> {
    const tc = this.game.timeControl;
    if (this.closing || this.finished || this.clock === null || tc === null || !this.expiryDue()) {
      this.scheduleClock();
      return;
    }
    const expiry = nextExpiry(this.clock)!;
    const actor = this.clock.actor;
    this.deps.metrics.inc('clockExpiries');
    let reply: Reply;
    if (expiry.kind === 'game') {
      reply = await this.decideAndAppend({ director: true }, `time-${this.seq}`, undefined, {}, (who, dice) =>
        this.deps.engine.decide(this.state, who, { type: 'callTime' }, dice),
      );
    } else if (actor === null) {
      return;
    } else {
      reply = await this.forced(
        actor,
        'time',
        await this.playFor(actor, expiry.kind === 'phase', tc.onExpiry),
      );
    }
    if (reply.type === 'rejected') {
      this.clockStalled = true;
      this.scheduleClock();
      this.deps.logger.error(
        { game: this.id, expiry, reply },
        'the clock ran out and nothing could be played',
      );
    }
  }

  /** What is played for a seat whose limit ran out (or who is absent). */
  private async playFor(seat: Seat, phaseLimit: boolean, onExpiry: 'refuse' | 'bot'): Promise<ForcedPlay> {
    if (phaseLimit) return { kind: 'phaseLimit' };
    if (onExpiry === 'bot') {
      // A human's seat is played by the 'normal' bot (a bot seat by its own level), from the seat's sight.
      const level = this.game.seats.find((s) => s.seat === seat)?.botLevel ?? 'normal';
      const budget = this.deps.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS;
      const intent = await this.deps.engine.botIntent(this.state, seat, level, randomInt(2 ** 47), budget);
      if (intent !== null) return { kind: 'bot', intent };
    }
    return { kind: 'refuse' };
  }

  private async checkpoint(): Promise<void> {
    if (this.clock === null || this.finished) return;
    this.clock = this.clockAt(this.clock, Date.now());
    await this.deps.log.saveClock(this.id, this.clock);
  }

  private clockMessage(): ServerMessageOf<'clock'> | null {
    const tc = this.game.timeControl;
    if (this.clock === null || tc === null) return null;
    const now = Date.now();
    const c = this.clockAt(this.clock, now);
    const expiry = this.finished || this.adjourned ? null : nextExpiry(c);
    return {
      type: 'clock',
      game: this.id,
      seq: this.seq,
      serverTime: now,
      timeControl: tc,
      running: this.finished || this.adjourned ? null : c.actor,
      ...(this.adjourned ? { adjourned: true } : {}),
      decisionMs: c.decisionMs,
      banks: c.banks,
      phase: c.phase === null || c.phase.paused ? null : { kind: c.phase.kind, ms: c.phase.ms },
      gameMs: c.gameMs,
      deadlineMs: expiry === null || expiry.kind === 'game' ? null : expiry.at - now,
    };
  }

  /** The clocks for one subscriber: every player sees every clock; spectators too, unless the game is
   *  broadcast with a delay (the running clock would tell them who is to act now). Those outside a
   *  negotiation see the clocks as they stood at its start, none running (errata 9.3: whose turn it is
   *  inside it is secret). */
  private clockFor(sub: Subscriber): ServerMessageOf<'clock'> | null {
    if (isSpectator(sub) && this.game.broadcastDelayMs > 0) return null;
    if (!this.outsider(sub.recipient)) return this.clockMessage();
    const { outsiders, clock } = this.secret!;
    const tc = this.game.timeControl;
    if (clock === null || tc === null) return null;
    return {
      type: 'clock',
      game: this.id,
      seq: outsiders.seq,
      serverTime: Date.now(),
      timeControl: tc,
      running: null,
      decisionMs: clock.decisionMs,
      banks: clock.banks,
      phase:
        clock.phase === null || clock.phase.paused ? null : { kind: clock.phase.kind, ms: clock.phase.ms },
      gameMs: clock.gameMs,
      deadlineMs: null,
    };
  }

  /** The clocks to every subscriber who may see them running (clockFor). */
  private sendClock(): void {
    const message = this.clockMessage();
    if (!message) return;
    const delayed = this.game.broadcastDelayMs > 0;
    const subs = [...this.subscribers.values()].filter(
      (sub) => !(delayed && isSpectator(sub)) && !this.outsider(sub.recipient),
    );
    this.fanOut(subs, { kind: 'clock', seq: this.seqs(message.seq), message });
  }

  // ------------------------------------------------------------------------------------ absent players

  /** Arms the timer of the next absence to begin, or of the server's next move for an absent seat that
   *  must act (after the bot delay, like a bot seat). */
  private scheduleAbsence(): void {
    if (this.absenceTimer) clearTimeout(this.absenceTimer);
    this.absenceTimer = null;
    const grace = this.absence()?.graceSeconds;
    if (grace === undefined || this.closing || this.finished || this.adjourned) return;
    const now = Date.now();
    let wake = Number.POSITIVE_INFINITY;
    for (const [seat, since] of this.goneSince) {
      if (!this.absent.has(seat)) wake = Math.min(wake, since + grace * 1000);
    }
    const actor = this.deps.engine.pending(this.state).actor as Seat | null;
    if (actor !== null && this.absent.has(actor) && !this.clockStalled) {
      wake = Math.min(wake, now + (Number.isFinite(this.deps.botDelayMs) ? this.deps.botDelayMs : 0));
    }
    if (!Number.isFinite(wake)) return;
    this.absenceTimer = setTimeout(
      () => {
        this.absenceTimer = null;
        void this.enqueue(() => this.absenceTick()).catch((error) => this.fault(error, 'absence'));
      },
      Math.max(0, wake - now),
    );
  }

  /** How an absent player is handled: the game's own `absentGraceSeconds` and `onExpiry`, else the server's
   *  grace with the seat's bot playing (an untimed game never hangs on a player who walked away). */
  private absence(): { readonly graceSeconds: number; readonly onExpiry: 'refuse' | 'bot' } | null {
    const tc = this.game.timeControl;
    if (tc?.absentGraceSeconds !== undefined)
      return { graceSeconds: tc.absentGraceSeconds, onExpiry: tc.onExpiry };
    const fallback = this.deps.absentGraceSeconds ?? null;
    return fallback === null ? null : { graceSeconds: fallback, onExpiry: tc?.onExpiry ?? 'bot' };
  }

  /** Seats gone past the grace become absent (everyone is told); an absent seat that must act is played:
   *  by its bot or as refusing (`onExpiry`), as a public `playerForced` by 'absence'. */
  private async absenceTick(): Promise<void> {
    const policy = this.absence();
    if (policy === null || this.closing || this.finished || this.adjourned) return;
    const now = Date.now();
    let changed = false;
    for (const [seat, since] of this.goneSince) {
      if (!this.absent.has(seat) && since + policy.graceSeconds * 1000 <= now) {
        this.absent.add(seat);
        changed = true;
      }
    }
    if (changed) this.presence();
    const actor = this.deps.engine.pending(this.state).actor as Seat | null;
    if (actor !== null && this.absent.has(actor)) {
      const reply = await this.forced(actor, 'absence', await this.playFor(actor, false, policy.onExpiry));
      if (reply.type === 'rejected') {
        this.clockStalled = true;
        this.deps.logger.error(
          { game: this.id, seat: actor, reply },
          'nothing could be played for an absent seat',
        );
      }
    }
    this.scheduleAbsence();
  }

  // ------------------------------------------------------------------------------------ the tournament director

  /**
   * The tournament director acts for `seat`, which must act now (errata 20.4: unsporting conduct is treated as
   * refusing to play; also a stand-in for an absent player): `play` 'refuse' plays errata 20.4's list, 'bot'
   * the seat's bot's choice. Everyone sees a `playerForced` by 'director'. Rejected (nothing changes) when
   * the seat is not the one to act.
   */
  /**
   * The tournament director takes `seat` from its player (a stand-in plays it by `forceAct`): a player
   * removed for unsporting conduct (errata 20.0) or replaced while absent can no longer act for it himself.
   */
  directSeat(seat: Seat): void {
    this.directed.add(seat);
  }

  forceAct(seat: Seat, play: 'refuse' | 'bot' = 'refuse'): Promise<Reply> {
    return this.enqueue(async () => {
      if (this.deps.engine.pending(this.state).actor !== seat) {
        return this.reject(
          `director\u0000force-${this.seq}`,
          `force-${this.seq}`,
          'notYourTurn',
          `It is not ${seat}'s turn to act.`,
          'errata 20.4',
        );
      }
      return this.forced(seat, 'director', await this.playFor(seat, false, play));
    });
  }

  /**
   * The tournament director adjourns the game's stage (`on`) or resumes it. Adjourned: the clock is charged up
   * to now and stops (no limit can run out), no bot or absent seat is played, and every intent is refused.
   * Resumed: the clock runs again from what was left (the adjournment is charged to nobody, like a restart,
   * clock.ts `resumed`), absence graces start again, and whoever must act is told again. Not persisted
   * here: the tournament's stage status is, and a room rebuilt reads it (`load`, RoomDeps `adjourned`).
   */
  adjourn(on: boolean): Promise<void> {
    return this.enqueue(async () => {
      if (this.adjourned === on || this.finished) return;
      const now = Date.now();
      if (on) {
        if (this.clock !== null) this.clock = charge(this.clock, now);
        this.adjourned = true;
        if (this.botTimer) clearTimeout(this.botTimer);
        this.botTimer = null;
      } else {
        this.adjourned = false;
        if (this.clock !== null) this.clock = resumed(this.clock, now);
        for (const seat of this.goneSince.keys()) if (!this.absent.has(seat)) this.goneSince.set(seat, now);
      }
      if (this.clock !== null) await this.deps.log.saveClock(this.id, this.clock);
      this.scheduleClock();
      this.scheduleAbsence();
      this.scheduleBot();
      this.sendClock();
      if (!on) {
        for (const sub of this.subscribers.values()) {
          const { seq, state } = this.gameFor(sub);
          if (state !== null && !isSpectator(sub))
            this.send(sub, { kind: 'legal', game: this.id, seq: this.seqs(seq), state });
        }
      }
    });
  }

  /** The tournament director calls time (Law 21.1, errata 21.1): the player on turn finishes it, then each
   *  remaining player gets one more full turn, and the game is scored by 21.1/20.5. */
  callTime(): Promise<Reply> {
    return this.directorIntent('callTime');
  }

  /** The tournament director stops the game now (the engine's `stopGame`: a public `gameOver`, reason
   *  'stopped', scored by 21.1/20.5), e.g. when he awards a forfeit: the table's result is his. */
  stopGame(): Promise<Reply> {
    return this.directorIntent('stopGame');
  }

  private directorIntent(type: 'callTime' | 'stopGame'): Promise<Reply> {
    return this.enqueue(() =>
      this.decideAndAppend(
        { director: true },
        `${DIRECTOR_IDS[type]}-${this.seq}`,
        undefined,
        {},
        (who, dice) => this.deps.engine.decide(this.state, who, { type }, dice),
      ),
    );
  }

  // ------------------------------------------------------------------------------------ subscribers

  /** Adds a subscriber and brings it up to date: the events after `lastSeq` when it holds a recent one,
   *  else a fresh state; then the legal intents if it is his turn, and everyone gets the new presence.
   *  False when the room has handed its watchers over (the game is over for everyone: join it there). */
  async join(sub: Subscriber, lastSeq: number | undefined): Promise<boolean> {
    const joined = await this.joined(sub, lastSeq);
    await this.presenceSent();
    return joined;
  }

  private joined(sub: Subscriber, lastSeq: number | undefined): Promise<boolean> {
    return this.enqueue(async () => {
      if (this.over) return false;
      const chat = await this.tableChat();
      const catchUp = this.catchUp(sub, lastSeq);
      this.subscribers.set(sub.id, sub);
      this.sendChatHistory(sub, chat);
      const player = playerOf(sub.recipient) as Seat | null;
      if (player && this.connections(player) === 1) {
        if (this.seen.has(player)) this.notice('playerReturned', player);
        this.seen.add(player);
        // Back: he takes his seat again (the server stops playing it).
        this.goneSince.delete(player);
        this.absent.delete(player);
        this.scheduleAbsence();
      }
      // A spectator of a delayed game starts from the presence his fellows see.
      if (isSpectator(sub) && this.game.broadcastDelayMs > 0 && this.shownPresence !== null) {
        this.send(sub, this.shownPresence);
      }
      this.presenceSoon();
      this.deps.logger.debug({ game: this.id, sub: sub.id, lastSeq, catchUp }, 'joined');
      return true;
    });
  }

  // ------------------------------------------------------------------------------------ table chat

  private async tableChat(): Promise<TableChat> {
    this.chat ??= await TableChat.load(
      this.id,
      this.deps.chatLog,
      (user) => this.seatOf(user)?.seat ?? null,
      // Over for the chat when the spectators have seen the end (the broadcast delay): then everyone
      // reads both channels.
      () => this.broadcasted.finished,
      this.deps.chatRates,
    );
    return this.chat;
  }

  /** The table chat decides who reads what (tableChat.ts); these messages hold nothing of the game. */
  private sendChatHistory(sub: Subscriber, chat: TableChat): void {
    sub.send({ type: 'chatHistory', game: this.id, ...chat.history({ user: sub.user ?? null }) });
  }

  /** A chat message from `user`: passed to the readers of its channel who have not muted him, or refused. */
  say(user: string, name: string, text: string): Promise<ChatRefusal | null> {
    return this.enqueue(async () => {
      const chat = await this.tableChat();
      const said = await chat.say(user, name, text);
      if ('refused' in said) return said.refused;
      for (const sub of this.subscribers.values()) {
        if (chat.reaches({ user: sub.user ?? null }, said.entry)) {
          sub.send({ type: 'chat', game: this.id, message: said.entry });
        }
      }
      return null;
    });
  }

  /** `user` mutes (or unmutes) `author` for himself: his sockets get their chat history again (or the
   *  refusal is answered: too many mutes). */
  mute(user: string, author: string, on: boolean): Promise<ChatRefusal | null> {
    return this.enqueue(async () => {
      const chat = await this.tableChat();
      const refused = await chat.mute(user, author, on);
      if (refused) return refused;
      for (const sub of this.subscribers.values()) if (sub.user === user) this.sendChatHistory(sub, chat);
      return null;
    });
  }

  /** The game as this subscriber may have it now: the players' game, the spectators' delayed one, or the
   *  one of the players outside a negotiation under way. */
  private gameFor(sub: Subscriber): Broadcast {
    return this.gameOf(sub.recipient);
  }

  private gameOf(viewer: Recipient | null): Broadcast {
    if (viewer !== null && !('player' in viewer)) return this.broadcasted;
    if (viewer !== null && this.outsider(viewer)) return this.secret!.outsiders;
    return { seq: this.seq, state: this.state, finished: this.finished };
  }

  /** Errata 9.3: `viewer` is outside the negotiation under way (he holds the game as of its start). */
  private outsider(viewer: Recipient): boolean {
    return this.secret !== null && this.deps.engine.outsideNegotiation(this.state, viewer);
  }

  private catchUp(sub: Subscriber, lastSeq: number | undefined): 'events' | 'state' {
    const { seq, state, finished } = this.gameFor(sub);
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    // `lastSeq` and `held` are his numbers, `from` and `seq` the log's (errata 9.3, seqs.ts).
    const held = seqSeenBy(this.numbering, sub.recipient, seq);
    const from = lastSeq === undefined ? 0 : logSeqOf(this.numbering, sub.recipient, lastSeq);
    // Nothing shown yet (a delayed broadcast's first minutes): the events follow when they are old enough.
    const canReplay =
      state === null ||
      (lastSeq !== undefined &&
        lastSeq <= held &&
        held - lastSeq <= this.deps.maxReplayEvents &&
        (lastSeq === held || oldest <= from + 1));
    const catchUp = canReplay ? 'events' : 'state';
    this.send(sub, joinedMessage(this.game, sub.recipient, this.seqs(seq), catchUp, finished));
    if (state === null) return catchUp;
    if (canReplay) {
      for (const e of this.recent) {
        if (e.seq > from && e.seq <= seq) {
          this.send(sub, { kind: 'event', game: this.id, seq: this.seqs(e.seq, true), event: e.event });
        }
      }
    } else {
      this.send(sub, { kind: 'state', game: this.id, seq: this.seqs(seq), state });
    }
    this.send(sub, { kind: 'legal', game: this.id, seq: this.seqs(seq), state });
    const clock = this.clockFor(sub);
    if (clock) this.send(sub, { kind: 'clock', seq: this.seqs(clock.seq), message: clock });
    return catchUp;
  }

  /** A fresh state (and legal intents) for one subscriber. */
  sync(subId: string): Promise<boolean> {
    return this.enqueue(async () => {
      const sub = this.subscribers.get(subId);
      if (!sub) return false;
      const { seq, state } = this.gameFor(sub);
      if (state === null) return true;
      this.send(sub, { kind: 'state', game: this.id, seq: this.seqs(seq), state });
      this.send(sub, { kind: 'legal', game: this.id, seq: this.seqs(seq), state });
      return true;
    });
  }

  leave(subId: string): Promise<void> {
    return this.left(subId).then(() => this.presenceSent());
  }

  private left(subId: string): Promise<void> {
    return this.enqueue(async () => {
      const sub = this.subscribers.get(subId);
      if (!sub) return;
      this.subscribers.delete(subId);
      const player = playerOf(sub.recipient) as Seat | null;
      if (player && this.connections(player) === 0 && !this.closing) {
        this.notice('playerDropped', player);
        this.goneSince.set(player, Date.now());
        this.scheduleAbsence();
      }
      if (!this.closing) this.presenceSoon();
    });
  }

  /** The game is over for everyone: the watchers are handed over (onOver) and the room takes no more. */
  private handOver(): void {
    const watchers = [...this.subscribers.values()];
    this.subscribers.clear();
    this.deps.onOver?.(this, watchers);
  }

  isSubscribed(subId: string): boolean {
    return this.subscribers.has(subId);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private hasSpectators(): boolean {
    for (const s of this.subscribers.values()) if (isSpectator(s)) return true;
    return false;
  }

  private connections(player: Seat): number {
    let n = 0;
    for (const s of this.subscribers.values()) if (playerOf(s.recipient) === player) n += 1;
    return n;
  }

  /** The presence after the joins and leaves queued now: a crowd arriving at once costs one message to
   *  each subscriber, not one per arrival (the task after the ones already queued sends it). */
  private presenceSoon(): void {
    this.presenceDue ??= this.enqueue(async () => {
      this.presenceDue = null;
      if (!this.closing) this.presence();
    });
  }

  /** Resolves once the presence queued by now (if any) is sent: a join or leave is done when everyone
   *  has heard of it. */
  private presenceSent(): Promise<void> {
    return this.presenceDue ?? Promise.resolve();
  }

  private presence(): void {
    let spectators = 0;
    for (const s of this.subscribers.values()) if (!('player' in s.recipient)) spectators += 1;
    this.broadcast({
      kind: 'presence',
      message: {
        type: 'presence',
        game: this.id,
        seats: this.game.seats.map((s) => ({
          seat: s.seat,
          name: s.name ?? s.seat,
          bot: s.bot,
          connected: s.bot || this.connections(s.seat) > 0,
          absent: this.absent.has(s.seat),
        })),
        spectators,
      },
    });
  }

  private notice(kind: 'playerDropped' | 'playerReturned', seat: Seat): void {
    const name = this.game.seats.find((s) => s.seat === seat)?.name ?? seat;
    this.broadcast({ kind: 'notice', message: { type: 'notice', game: this.id, kind, seat, name } });
  }

  /** Presence and notices: to the players at once; to spectators of a delayed game once as old as the delay
   *  (issue 11: who is connected now would tell them what the players are doing now). */
  private broadcast(out: Outgoing): void {
    if (this.game.broadcastDelayMs === 0) {
      this.fanOut(this.subscribers.values(), out);
      return;
    }
    this.fanOut(
      [...this.subscribers.values()].filter((sub) => !isSpectator(sub)),
      out,
    );
    this.news.push({ at: Date.now(), out });
    this.releaseNews();
  }

  /** Sends spectators the presence and notices now as old as the delay (of several due presences only the
   *  latest, each being whole), and sets a timer for the next. */
  private releaseNews(): void {
    if (this.newsTimer) clearTimeout(this.newsTimer);
    this.newsTimer = null;
    const delay = this.game.broadcastDelayMs;
    const now = Date.now();
    const due = (n: { at: number; out: Outgoing }) => n.at + delay <= now;
    const spectators = [...this.subscribers.values()].filter(isSpectator);
    while (this.news[0] !== undefined && due(this.news[0])) {
      const { out } = this.news.shift()!;
      if (out.kind === 'presence') {
        if (this.news.some((n) => n.out.kind === 'presence' && due(n))) continue;
        this.shownPresence = out;
      }
      this.fanOut(spectators, out);
    }
    const next = this.news[0];
    if (next && !this.closing) this.newsTimer = setTimeout(() => this.releaseNews(), next.at + delay - now);
  }

  private send(sub: Subscriber, out: Outgoing): void {
    this.fanOut([sub], out);
  }

  /** Every message to subscribers goes through the one filter, once per distinct view (a seat's player,
   *  the spectators, or everybody when the message is the same for all: sameForAll), and is encoded once
   *  per view: every socket of a view gets the same text, so a crowd of spectators costs one `deliver` and
   *  one encoding, not one per socket, and a public event one for the whole table. */
  private fanOut(subs: Iterable<Subscriber>, out: Outgoing): void {
    const deliveries: Delivery[] = [];
    this.fit(subs, out, deliveries);
    handOut(deliveries);
  }

  /** `out` fitted to each of `subs` (fanOut), into `into`, to be handed out later (handOut). */
  private fit(subs: Iterable<Subscriber>, out: Outgoing, into: Delivery[]): void {
    const shared = sameForAll(this.deps.engine, out);
    // The views fitted so far, side by side (a table has a few: a seat's player each, the spectators).
    const keys: string[] = [];
    const fitted: { message: ServerMessage | null; frame?: Buffer }[] = [];
    let relayed: Map<Relay, string[]> | null = null;
    for (const sub of subs) {
      if (sub.relay) {
        relayed ??= new Map();
        const ids = relayed.get(sub.relay);
        if (ids) ids.push(sub.id);
        else relayed.set(sub.relay, [sub.id]);
        continue;
      }
      const key = shared ? EVERYBODY : recipientKey(sub.recipient);
      const at = keys.indexOf(key);
      let view = at < 0 ? undefined : fitted[at];
      if (!view) {
        view = { message: deliver(this.deps.engine, sub.recipient, out) };
        keys.push(key);
        fitted.push(view);
      }
      if (view.message === null) continue;
      if (!sub.sendFrame) {
        into.push({ sub, message: view.message });
        continue;
      }
      if (view.frame === undefined) {
        view.frame = textFrame(JSON.stringify(view.message));
        this.deps.metrics.inc('messagesEncoded');
      }
      into.push({ sub, frame: view.frame });
    }
    if (relayed) for (const [relay, ids] of relayed) into.push({ relay, ids, out });
  }

  // ------------------------------------------------------------------------------------ lifecycle

  /** Runs `task` after everything queued before it; a failure is the task's own, never the queue's. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const run = this.queue.then(task).finally(() => {
      this.pending -= 1;
      this.quietSince = Date.now();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** How long this room has had nothing to do (ms), or 0 while it has: somebody watching, work queued, or
   *  a timer of the server's own armed (a bot to move, a clock or an absence to run out, a batch held back
   *  from spectators), or state kept only in memory (adjourned, seats the director has taken). An idle
   *  room can be unloaded and rebuilt from its log when it is wanted again. */
  idleFor(now: number): number {
    const busy =
      this.subscribers.size > 0 ||
      this.pending > 0 ||
      this.botTimer !== null ||
      this.clockTimer !== null ||
      this.absenceTimer !== null ||
      this.releaseTimer !== null ||
      this.adjourned ||
      this.directed.size > 0;
    return busy ? 0 : Math.max(0, now - this.quietSince);
  }

  /** The seat that must act now, if any (the lobby's "your turn" for a room not in memory). */
  get actor(): Seat | null {
    return this.finished ? null : (this.deps.engine.pending(this.state).actor as Seat | null);
  }

  private fault(error: unknown, during: string): void {
    this.deps.metrics.inc('faults');
    this.deps.logger.error({ err: error, game: this.id, during }, 'room fault');
  }

  /** Stops the bots and refuses new intents; resolves once the intents already queued are done. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.botTimer) clearTimeout(this.botTimer);
    this.botTimer = null;
    this.scheduleClock(); // clears the clock's timers
    if (this.absenceTimer) clearTimeout(this.absenceTimer);
    this.absenceTimer = null;
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    if (this.newsTimer) clearTimeout(this.newsTimer);
    this.newsTimer = null;
    await this.queue;
    // What is left is written as of now: the time until the next start is not charged (clock.ts).
    if (this.clock !== null && !this.finished) await this.checkpoint().catch((e) => this.fault(e, 'clock'));
  }
}
