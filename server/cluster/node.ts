// Cluster mode (issue 16, "Past one machine"): several server processes behind one address, on one
// PostgreSQL and one Redis. Each running game is owned by one process at a time (its lease, leases.ts);
// a socket may be on any process: its intents, joins and chat are forwarded to the owner over the bus
// (bus.ts), and the owner's room sends that process each game message once, unfiltered, for all its sockets
// of the game, where the one filter (visibility.ts `deliver`) fits it to each socket's recipient (the legal
// intents alone are fitted by the owner: `relay`). When a
// process dies, its leases expire and the others adopt its games (rebuilt from the log); the sockets that
// were joined to them through another process are closed with 1001, and clients reconnect and resume with
// their last seq as after a restart.
import type { FastifyBaseLogger } from 'fastify';
import type { IntentMessage, ServerMessage } from '../../shared/protocol/messages';
import type { LiveBattle } from '../../shared/protocol/rest';
import type { RulesEngine } from '../engine';
import { HttpError } from '../http/errors';
import type { Metrics } from '../metrics';
import type { ChatNews } from '../rooms/finishedGames';
import type { Reply, Room, Subscriber } from '../rooms/room';
import type { Directed, DirectorAct, GameFacts, JoinedGame, Ownership, Rooms } from '../rooms/rooms';
import type { ChatRefusal } from '../rooms/tableChat';
import { deliver, type Outgoing, playerOf, type Recipient } from '../rooms/visibility';
import { type Bus, CallTimeout } from './bus';
import type { Leases } from './leases';

/** How long a forwarded call may take (at most) before its socket is told to send it again (a call to a
 *  process found dead meanwhile fails at once). */
const CALL_TIMEOUT_MS = 5_000;
/** Games adopted per tick from dead processes (the rest on the next ticks). */
const ADOPT_PER_TICK = 200;
/** The director's acts that, done twice, are done once (a second adjournment or stand-in changes nothing, a
 *  second stop finds the game over): asked again of an owner that did not answer. */
const REPEATABLE: ReadonlySet<DirectorAct['act']> = new Set(['adjourn', 'standIn', 'stopGame']);
/** How long the lobby waits for an owner's facts of a game before it reads them from the log instead. */
const FACTS_TIMEOUT_MS = 1_000;
/** An owner looked up is believed this long (a wrong guess is answered `moved` and looked up again). */
const OWNER_CACHE_MS = 1_000;

/** A local socket joined to a game another process owns. */
export interface LocalSocket {
  readonly recipient: Recipient;
  send(message: ServerMessage): void;
  sendEncoded(text: string): void;
  /** The owner is gone: the client must reconnect (and resume with its last seq). */
  lost(): void;
}

type Call =
  | { readonly op: 'intent'; readonly game: string; readonly user: string; readonly message: IntentMessage }
  | {
      readonly op: 'join';
      readonly game: string;
      readonly sub: string;
      readonly user: string;
      readonly recipient: Recipient;
      readonly views: boolean;
      readonly lastSeq: number | undefined;
    }
  | { readonly op: 'leave'; readonly game: string; readonly sub: string }
  | { readonly op: 'sync'; readonly game: string; readonly sub: string }
  | {
      readonly op: 'say';
      readonly game: string;
      readonly user: string;
      readonly name: string;
      readonly text: string;
    }
  | {
      readonly op: 'mute';
      readonly game: string;
      readonly user: string;
      readonly author: string;
      readonly on: boolean;
    }
  | { readonly op: 'direct'; readonly game: string; readonly act: DirectorAct }
  | { readonly op: 'facts'; readonly game: string; readonly viewer: Recipient };

type Push =
  | { readonly op: 'out'; readonly subs: readonly string[]; readonly out: Outgoing }
  | { readonly op: 'msg'; readonly game: string; readonly sub: string; readonly m: ServerMessage }
  /** A message fitted by the owner for these subscribers (the legal intents: see `relay`). */
  | {
      readonly op: 'fitted';
      readonly game: string;
      readonly subs: readonly string[];
      readonly m: ServerMessage;
    };

/** What one process tells all the others. */
type Told =
  | { readonly op: 'sessionEnded'; readonly session: string; readonly why: 'signedOut' | 'revoked' }
  | { readonly op: 'finishedChat'; readonly game: string; readonly news: ChatNews }
  | { readonly op: 'battle'; readonly game: string; readonly battle: LiveBattle | null };

/** The live battles of every process's games (in Redis, for a process that starts later): game ->
 *  `{ node, battle }`, `node` the process that listed it. */
const BATTLES = 'battles';

const MOVED = { moved: true } as const;
const isMoved = (v: unknown): v is typeof MOVED => (v as { moved?: unknown } | null)?.moved === true;

/** Where a game is: here, on another live process, on a dead one (until its lease expires and someone
 *  takes it over: send it again), or nowhere (not started). */
export type Located =
  | { readonly room: Room }
  | { readonly remote: string }
  | { readonly ownerGone: true }
  | null;

export class ClusterNode implements Ownership {
  private rooms: Rooms | null = null;
  /** The owners looked up lately. */
  private readonly owners = new Map<string, { owner: string | null; until: number }>();
  /** Subscribers of other processes in this process's rooms: process -> `${sub} ${game}` -> each. */
  private readonly remoteSubs = new Map<
    string,
    Map<string, { readonly sub: string; readonly game: string; readonly recipient: Recipient }>
  >();
  private readonly relays = new Map<string, { send(subs: readonly string[], out: Outgoing): void }>();
  /** Local sockets joined to games owned elsewhere: `${sub} ${game}` -> socket, and the owner. */
  private readonly local = new Map<string, { socket: LocalSocket; owner: string; game: string }>();
  private ticker: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private closing = false;
  private sessionEnded: (session: string, why: 'signedOut' | 'revoked') => void = () => {};

  constructor(
    private readonly bus: Bus,
    private readonly leases: Leases,
    private readonly engine: RulesEngine,
    private readonly logger: FastifyBaseLogger,
    private readonly metrics: Metrics,
    private readonly leaseMs: number,
  ) {
    bus.serve((body, from) => this.serve(body as Call, from));
    bus.onPush((body) => this.receive(body as Push));
    bus.onAll((body) => {
      const told = body as Told;
      if (told.op === 'sessionEnded') this.sessionEnded(told.session, told.why);
      if (told.op === 'finishedChat') void this.rooms?.finished.heard(told.game, told.news);
      if (told.op === 'battle') this.rooms?.liveBattles.heard(told.game, told.battle);
    });
  }

  /** Tells every other process that this sign-in session ended (its tokens die there too). */
  tellSessionEnded(session: string, why: 'signedOut' | 'revoked'): void {
    this.bus.tellAll({ op: 'sessionEnded', session, why } satisfies Told);
  }

  /** Tells every other process a chat message said or a mute written down here in a finished game (for its
   *  watchers there: a finished game has no owner, each process serves its own sockets from the log). */
  tellFinishedChat(game: string, news: ChatNews): void {
    this.bus.tellAll({ op: 'finishedChat', game, news } satisfies Told);
  }

  onSessionEnded(handler: (session: string, why: 'signedOut' | 'revoked') => void): void {
    this.sessionEnded = handler;
  }

  /** Calls `handler` each time this process's subscription to the others was down and is back: what they
   *  told meanwhile (ended sessions) never reached it. */
  onReconnected(handler: () => void): void {
    this.bus.onReconnected(handler);
  }

  get node(): string {
    return this.bus.node;
  }

  /** Starts renewing this process's leases and adopting dead processes' games, and sharing the live
   *  battles of the games owned here. */
  start(rooms: Rooms): void {
    this.rooms = rooms;
    rooms.liveBattles.shareWith((game, battle) => {
      const redis = this.bus.redis;
      const saved =
        battle === null
          ? redis.hdel(BATTLES, game)
          : redis.hset(BATTLES, game, JSON.stringify({ node: this.node, battle }));
      void saved.catch(() => undefined);
      this.bus.tellAll({ op: 'battle', game, battle } satisfies Told);
    });
    this.ticking = this.listedBattles()
      .then(() => this.tick())
      .catch((error) => this.logger.error({ err: error }, 'cluster tick failed'));
    this.ticker = setInterval(
      () => {
        this.ticking = this.ticking
          .then(() => this.tick())
          .catch((error) => {
            this.logger.error({ err: error }, 'cluster tick failed');
          });
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    this.ticker.unref();
  }

  /** The battles the other processes listed before this one started; those of processes gone are
   *  dropped (their games' new owners list them again). */
  private async listedBattles(): Promise<void> {
    const listed = Object.entries(await this.bus.redis.hgetall(BATTLES)).map(([game, text]) => ({
      game,
      ...(JSON.parse(text) as { node: string; battle: LiveBattle }),
    }));
    const alive = await this.bus.alive([...new Set(listed.map((l) => l.node))]);
    const stale = listed.filter((l) => !alive.has(l.node)).map((l) => l.game);
    for (const l of listed) if (alive.has(l.node)) this.rooms?.liveBattles.heard(l.game, l.battle);
    if (stale.length > 0) await this.bus.redis.hdel(BATTLES, ...stale);
  }

  // ------------------------------------------------------------------------------------ ownership

  async claim(gameId: string): Promise<number | null> {
    const token = await this.leases.claim(gameId);
    this.owners.set(gameId, { owner: token === null ? null : this.node, until: 0 });
    return token;
  }

  released(gameId: string): void {
    this.owners.delete(gameId);
    if (!this.closing) void this.leases.release([gameId]).catch(() => undefined);
  }

  async ownerOf(gameId: string): Promise<string | null> {
    const known = this.owners.get(gameId);
    if (known && known.until > Date.now()) return known.owner;
    const owner = await this.leases.ownerOf(gameId);
    this.owners.set(gameId, { owner, until: Date.now() + OWNER_CACHE_MS });
    return owner;
  }

  private forget(gameId: string): void {
    this.owners.delete(gameId);
  }

  /** Processes seen alive or dead lately (asked again after a sixth of a lease). */
  private readonly liveness = new Map<string, { alive: boolean; until: number }>();

  private async isAlive(node: string): Promise<boolean> {
    const known = this.liveness.get(node);
    if (known && known.until > Date.now()) return known.alive;
    const alive = (await this.bus.alive([node])).has(node);
    this.liveness.set(node, { alive, until: Date.now() + this.leaseMs / 6 });
    return alive;
  }

  private ownerGone(game: string, id: string): Reply {
    return {
      type: 'rejected',
      id,
      game,
      code: 'unavailable',
      message: 'The server holding this game is gone; another takes it over in a few seconds: send it again.',
      rule: 'protocol',
    };
  }

  /** One beat: renew the leases (a room whose lease was taken is dropped), adopt the games of dead
   *  processes, and let go of what dead processes' sockets held here, and of local sockets whose game's
   *  owner died. */
  private async tick(): Promise<void> {
    const rooms = this.rooms;
    if (!rooms || this.closing) return;
    const held = await this.leases.renew();
    for (const id of rooms.loadedIds()) {
      const room = rooms.loaded(id);
      if (room && !room.finished && !held.has(id)) {
        this.logger.warn({ game: id }, 'the lease of this game was taken: its room is dropped');
        rooms.unload(id);
      }
    }
    const adopted = await this.leases.adopt(ADOPT_PER_TICK);
    if (adopted.length > 0) {
      this.logger.info({ games: adopted.length }, 'adopted the games of a process that is gone');
      this.metrics.inc('gamesAdopted', adopted.length);
      rooms.resume(adopted.map((l) => l.gameId));
    }
    const nodes = new Set([
      ...this.remoteSubs.keys(),
      ...[...this.local.values()].map((l) => l.owner),
      ...this.bus.waitingFor(),
    ]);
    if (nodes.size === 0) return;
    const alive = await this.bus.alive([...nodes]);
    for (const node of nodes) if (!alive.has(node)) await this.gone(node);
  }

  /** Process `node` is gone: its sockets leave this process's rooms; this process's sockets joined to
   *  its games are closed (the clients reconnect; the games are adopted meanwhile). */
  private async gone(node: string): Promise<void> {
    this.bus.abandon(node);
    this.liveness.set(node, { alive: false, until: Date.now() + this.leaseMs / 6 });
    const subs = this.remoteSubs.get(node);
    this.remoteSubs.delete(node);
    this.relays.delete(node);
    for (const { sub, game } of subs?.values() ?? []) await this.rooms?.joinedHere(game).leave(sub);
    for (const [key, l] of this.local) {
      if (l.owner !== node) continue;
      this.local.delete(key);
      this.forget(l.game);
      l.socket.lost();
    }
  }

  // ------------------------------------------------------------------------------------ the socket's side

  /** Where a game is: its room here (loaded, or loaded now under a lease taken now), or its owner. */
  async locate(gameId: string): Promise<Located> {
    const rooms = this.rooms!;
    const loaded = rooms.loaded(gameId);
    if (loaded) return { room: loaded };
    const owner = await this.ownerOf(gameId);
    if (owner !== null && owner !== this.node) {
      return (await this.isAlive(owner)) ? { remote: owner } : { ownerGone: true };
    }
    const room = await rooms.get(gameId);
    if (room) return { room };
    const now = await this.leases.ownerOf(gameId);
    return now !== null && now !== this.node ? { remote: now } : null;
  }

  /** An intent of a seated player, handled by the game's owner; `unavailable` when it does not answer. */
  async forwardIntent(owner: string, user: string, message: IntentMessage): Promise<Reply | null> {
    if (!(await this.isAlive(owner))) return this.ownerGone(message.game, message.id);
    try {
      const reply = await this.bus.call(
        owner,
        { op: 'intent', game: message.game, user, message },
        CALL_TIMEOUT_MS,
      );
      if (isMoved(reply)) {
        this.forget(message.game);
        return null;
      }
      this.metrics.inc('intentsForwarded');
      return reply as Reply;
    } catch (error) {
      this.forget(message.game);
      this.liveness.delete(owner);
      this.logger.warn({ err: error, game: message.game, owner }, 'a forwarded intent was not answered');
      return this.ownerGone(message.game, message.id);
    }
  }

  /** Joins a local socket to a game another process owns; null when that process no longer owns it. */
  async join(
    owner: string,
    game: string,
    sub: string,
    user: string,
    recipient: Recipient,
    views: boolean,
    lastSeq: number | undefined,
    socket: Omit<LocalSocket, 'recipient'>,
  ): Promise<JoinedGame | null> {
    const key = `${sub} ${game}`;
    this.local.set(key, { socket: { ...socket, recipient }, owner, game });
    const answer = await this.bus
      .call(owner, { op: 'join', game, sub, user, recipient, views, lastSeq }, CALL_TIMEOUT_MS)
      .catch((error: unknown) => (error instanceof CallTimeout ? MOVED : Promise.reject(error)));
    if (isMoved(answer)) {
      this.local.delete(key);
      this.forget(game);
      return null;
    }
    const call = (body: Call) => this.bus.call(owner, body, CALL_TIMEOUT_MS);
    return {
      leave: async (subId) => {
        this.local.delete(`${subId} ${game}`);
        await call({ op: 'leave', game, sub: subId }).catch(() => undefined);
      },
      sync: async (subId) => (await call({ op: 'sync', game, sub: subId })) === true,
      say: async (u, name, text) =>
        (await call({ op: 'say', game, user: u, name, text })) as ChatRefusal | null,
      mute: async (u, author, on) =>
        (await call({ op: 'mute', game, user: u, author, on })) as ChatRefusal | null,
    };
  }

  /** A director's act on a game another process owns, done there; 'moved' when it owns it no longer, or
   *  the act is to be asked again (Rooms.direct): the owner is gone and its lease has lapsed (the act is
   *  done by whoever takes the game now), or it is alive and did not answer, and the act is one that, done
   *  twice, is done once (REPEATABLE; any other is not asked again: an HttpError 503). */
  async direct(owner: string, game: string, act: DirectorAct): Promise<Directed | 'moved'> {
    try {
      if (!(await this.isAlive(owner))) return await this.lapsed(owner, game);
      const answer = await this.bus.call(owner, { op: 'direct', game, act } satisfies Call, CALL_TIMEOUT_MS);
      return isMoved(answer) ? 'moved' : (answer as Directed);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.logger.warn({ err: error, game, owner, act }, "a director's act was not answered");
      if (error instanceof CallTimeout) {
        if (!(await this.answering(owner))) return await this.lapsed(owner, game);
        if (REPEATABLE.has(act.act)) return 'moved';
      }
      throw new HttpError(
        503,
        'unavailable',
        'The server holding this game did not answer: look at the game, then try again if need be.',
      );
    } finally {
      this.forget(game);
    }
  }

  /** Whether a process that did not answer a call is alive still: asked until its alive key lapses (it is
   *  gone) or a lease's length has passed with it alive (it is stuck, or the call was lost). */
  private async answering(node: string): Promise<boolean> {
    const until = Date.now() + this.leaseMs;
    for (;;) {
      this.liveness.delete(node);
      if (!(await this.isAlive(node))) return false;
      if (Date.now() >= until) return true;
      await new Promise((wake) => setTimeout(wake, this.leaseMs / 6));
    }
  }

  /** 'moved' once process `node`, gone, no longer holds the game's lease (it lapses a lease's length after
   *  its last renewal at most): whoever takes the game now does the act. */
  private async lapsed(node: string, game: string): Promise<'moved'> {
    const until = Date.now() + this.leaseMs + 1_000;
    while ((await this.leases.ownerOf(game)) === node) {
      if (Date.now() >= until) {
        throw new HttpError(
          503,
          'unavailable',
          'The server holding this game is gone; another takes it over in a few seconds: try again.',
        );
      }
      await new Promise((wake) => setTimeout(wake, this.leaseMs / 10));
    }
    return 'moved';
  }

  /** Who must act in a game another process owns, and the seq `viewer` holds there; null when that process
   *  does not answer soon (or owns it no longer). */
  async facts(owner: string, game: string, viewer: Recipient): Promise<GameFacts | null> {
    if (!(await this.isAlive(owner))) return null;
    const answer = await this.bus
      .call(owner, { op: 'facts', game, viewer } satisfies Call, FACTS_TIMEOUT_MS)
      .catch(() => MOVED);
    if (!isMoved(answer)) return answer as GameFacts;
    this.forget(game);
    return null;
  }

  /** A game message from an owner for local sockets: fitted here to each recipient (once per recipient). */
  private receive(push: Push): void {
    if (push.op === 'msg') {
      this.local.get(`${push.sub} ${push.game}`)?.socket.send(push.m);
      return;
    }
    if (push.op === 'fitted') {
      const text = JSON.stringify(push.m);
      for (const sub of push.subs) this.local.get(`${sub} ${push.game}`)?.socket.sendEncoded(text);
      return;
    }
    const game = 'game' in push.out ? push.out.game : push.out.message.game;
    const fitted = new Map<string | null, string | null>();
    for (const sub of push.subs) {
      const l = this.local.get(`${sub} ${game}`);
      if (!l) continue;
      const key = playerOf(l.socket.recipient);
      let text = fitted.get(key);
      if (text === undefined) {
        const message = deliver(this.engine, l.socket.recipient, push.out);
        text = message === null ? null : JSON.stringify(message);
        fitted.set(key, text);
      }
      if (text !== null) l.socket.sendEncoded(text);
    }
  }

  // ------------------------------------------------------------------------------------ the owner's side

  /** How the room sends process `node` a message for its subscribers there: unfitted, once (fitted there),
   *  but the legal intents, fitted here once per player (pushed only to the one who must act): they would
   *  carry the whole state to every process to be worked out again there, while here the engine has them
   *  already (it checks the next intent against them). */
  private relay(node: string) {
    let relay = this.relays.get(node);
    if (!relay) {
      relay = {
        send: (subs, out) => {
          if (out.kind !== 'legal') {
            this.bus.push(node, { op: 'out', subs, out } satisfies Push);
            return;
          }
          const remote = this.remoteSubs.get(node);
          const byPlayer = new Map<string, string[]>();
          for (const sub of subs) {
            const player = playerOf(remote?.get(`${sub} ${out.game}`)?.recipient ?? { spectator: true });
            if (player !== null) byPlayer.set(player, [...(byPlayer.get(player) ?? []), sub]);
          }
          for (const [player, ids] of byPlayer) {
            const m = deliver(this.engine, { player }, out);
            if (m !== null)
              this.bus.push(node, { op: 'fitted', game: out.game, subs: ids, m } satisfies Push);
          }
        },
      };
      this.relays.set(node, relay);
    }
    return relay;
  }

  /** This process's room of a game it owns (loaded now if need be), or null: it is not the owner. */
  private async owned(game: string): Promise<Room | null> {
    const rooms = this.rooms!;
    const loaded = rooms.loaded(game);
    if (loaded) return loaded;
    const owner = await this.leases.ownerOf(game);
    if (owner !== null && owner !== this.node) return null;
    return rooms.get(game);
  }

  private async ownedElsewhere(game: string): Promise<boolean> {
    const owner = await this.leases.ownerOf(game);
    return owner !== null && owner !== this.node;
  }

  private async serve(call: Call, from: string): Promise<unknown> {
    const rooms = this.rooms;
    if (!rooms || this.closing) return MOVED;
    switch (call.op) {
      case 'intent': {
        const room = await this.owned(call.game);
        if (!room) return MOVED;
        if (!room.seatOf(call.user)) {
          return {
            type: 'rejected',
            id: call.message.id,
            game: call.game,
            code: 'notSeated',
            message: 'Only the player in a seat may act for it.',
            rule: 'protocol',
          } satisfies Reply;
        }
        return room.submit({ user: call.user }, call.message);
      }
      case 'join': {
        const room = await this.owned(call.game);
        if (!room) return MOVED;
        const subs = this.remoteSubs.get(from) ?? new Map();
        this.remoteSubs.set(from, subs);
        subs.set(`${call.sub} ${call.game}`, { sub: call.sub, game: call.game, recipient: call.recipient });
        const sub: Subscriber = {
          id: call.sub,
          recipient: call.recipient,
          user: call.user,
          views: call.views,
          relay: this.relay(from),
          send: (m) => this.bus.push(from, { op: 'msg', game: call.game, sub: call.sub, m } satisfies Push),
        };
        await rooms.join(room, sub, call.lastSeq);
        return { ok: true };
      }
      // The game's room, or once it handed its watchers over (the game over), the finished game here.
      case 'leave':
        this.remoteSubs.get(from)?.delete(`${call.sub} ${call.game}`);
        await rooms.joinedHere(call.game).leave(call.sub);
        return { ok: true };
      case 'sync':
        return rooms.joinedHere(call.game).sync(call.sub);
      case 'say':
        return rooms.joinedHere(call.game).say(call.user, call.name, call.text);
      case 'mute':
        return rooms.joinedHere(call.game).mute(call.user, call.author, call.on);
      case 'direct': {
        // A resume reaches a loaded room only: no room is loaded for it (Rooms.directHere).
        const loaded = rooms.loaded(call.game) !== null;
        if (!loaded && (await this.ownedElsewhere(call.game))) return MOVED;
        const done = await rooms.directHere(call.game, call.act);
        return done === null && !loaded && (await this.ownedElsewhere(call.game)) ? MOVED : done;
      }
      case 'facts': {
        const room = rooms.loaded(call.game);
        return room ? ({ seq: room.seqFor(call.viewer), actor: room.actor } satisfies GameFacts) : MOVED;
      }
      default:
        return call satisfies never;
    }
  }

  /** Stops beating and lets this process's leases go at once (the others adopt its games now). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.ticker) clearInterval(this.ticker);
    await this.ticking;
    await this.leases.release().catch(() => undefined);
    await this.bus.close();
  }
}
