// The websocket gateway at /ws: a thin tier (style 14, lila-ws). It checks the Origin, authenticates
// the socket by token (until that token expires unless `auth` renews it, or its sign-in ends), parses
// every frame into the closed union of client messages with caps on size and rate (malformed frames are
// counted and refused here, before any room sees them), and hands what is left to the rooms. Replies and
// everything else go out through the one filter.
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import {
  CLOSE_CODES,
  type ClientMessage,
  clientMessageSchema,
  type ErrorCode,
  type IntentMessage,
  type JoinMessage,
  PROTOCOL_VERSION,
} from '../../shared/protocol/messages';
import { inWords } from '../../shared/protocol/words';
import type { AccessTokens } from '../auth/tokens';
import type { ClusterNode } from '../cluster/node';
import type { ServerConfig } from '../config';
import type { RulesEngine } from '../engine';
import { HttpError } from '../http/errors';
import { type Lobby, viewerIn } from '../lobby/lobby';
import type { Metrics } from '../metrics';
import { Room, type Subscriber } from '../rooms/room';
import type { JoinedGame, Rooms, StoredRead } from '../rooms/rooms';
import { deliver, type Recipient } from '../rooms/visibility';
import { Connection } from './connection';
import type { JoinBudget } from './joinBudget';
import type { SocketCap } from './socketCap';

export interface GatewayOptions {
  readonly config: ServerConfig;
  readonly tokens: AccessTokens;
  readonly lobby: Lobby;
  readonly rooms: Rooms;
  readonly engine: RulesEngine;
  readonly metrics: Metrics;
  /** Cluster mode: the games this process does not own are reached through it (null: one process). */
  readonly cluster: ClusterNode | null;
  /** Called first at shutdown, before the sockets are closed (the rooms finish their intents). */
  readonly beforeClose: () => Promise<void>;
  /** The cap on each user's open sockets (counted over every process in cluster mode: socketCap.ts). */
  readonly socketCap: SocketCap;
  /** Each user's joins and syncs per second (taken over every process in cluster mode: joinBudget.ts). */
  readonly joinBudget: JoinBudget;
}

export interface Gateway {
  readonly connections: ReadonlySet<Connection>;
  /** Closes (4001, `reason`) every socket signed in with a token of this sign-in session; how many. */
  endSession(session: string, reason: string): number;
}

/** Same-origin (the Origin's host is the Host the request came to), or one of the configured ones. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
) {
  if (origin === undefined) return true; // not a browser: nothing to protect against
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

const httpErrorCode = (error: HttpError): ErrorCode =>
  error.status === 404 ? 'unknownGame' : error.status === 401 ? 'unauthorised' : 'notSeated';

/** The heartbeat's period is cut into this many ticks, each pinging its share of the sockets. */
const HEARTBEAT_SLICES = 50;

export async function gateway(app: FastifyInstance, options: GatewayOptions): Promise<Gateway> {
  const { config, tokens, lobby, rooms, engine, metrics, cluster, socketCap, joinBudget } = options;
  const connections = new Set<Connection>();
  /** Sockets following the list of live battles (`watchBattles`): each change is sent to them. */
  const battleWatchers = new Set<Connection>();
  rooms.liveBattles.onChange(() => {
    if (battleWatchers.size === 0) return;
    const message = { type: 'battles', battles: rooms.liveBattles.list() } as const;
    for (const conn of battleWatchers) conn.send(message);
  });
  const { limits } = config;
  /** Each signed-in user's sockets. */
  const users = new Map<string, Set<Connection>>();

  // The heartbeat (issue 12): every socket is pinged once per heartbeatMs; one that left two pings
  // unanswered is dropped, so a vanished client stops counting as connected (presence, and absence in timed
  // games). The sockets are pinged in HEARTBEAT_SLICES slices spread over the period (a socket's slice is
  // fixed when it opens): pinging 5,000 sockets at once held the event loop for 50-70 ms every 15 s, the
  // worst of the load's round trips (issue 16).
  const beatSlice = new WeakMap<Connection, number>();
  let nextSlice = 0;
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = tick++ % HEARTBEAT_SLICES;
    for (const c of connections) {
      if (beatSlice.get(c) !== slice || c.beat()) continue;
      metrics.inc('socketsDroppedHeartbeat');
      c.terminate();
    }
  }, config.heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();

  await app.register(websocket, {
    options: { maxPayload: config.maxFrameBytes },
    preClose: async () => {
      clearInterval(heartbeat);
      await options.beforeClose();
      for (const c of connections) c.close(CLOSE_CODES.goingAway, 'server shutting down');
      await Promise.all([...connections].map((c) => c.idle));
      socketCap.close();
    },
  });

  const refuseOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request.headers.origin, request.headers.host, config.allowedOrigins)) {
      request.log.info({ origin: request.headers.origin }, 'websocket origin refused');
      return reply.code(403).send({ error: { code: 'forbidden', message: 'This origin may not connect.' } });
    }
  };

  app.get(
    '/ws',
    { websocket: true, preValidation: refuseOrigin },
    (socket: WebSocket, request: FastifyRequest) => {
      const id = randomUUID();
      const conn: Connection = new Connection(
        id,
        socket,
        request.log.child({ conn: id }),
        { perSecond: config.messagesPerSecond, burst: config.messageBurst },
        () => {
          metrics.inc('socketsClosedSlow');
          conn.close(CLOSE_CODES.tooSlow, 'too many unread messages');
        },
      );
      connections.add(conn);
      beatSlice.set(conn, nextSlice++ % HEARTBEAT_SLICES);
      metrics.inc('socketsOpened');
      conn.log.info('socket opened');

      const query = request.query as { token?: unknown; protocol?: unknown };
      if (query.protocol !== undefined && Number(query.protocol) !== PROTOCOL_VERSION) {
        conn.close(CLOSE_CODES.unsupportedProtocol, `this server speaks protocol ${PROTOCOL_VERSION}`);
      }
      const authTimer = setTimeout(() => {
        if (conn.user) return;
        metrics.inc('socketsClosedUnauthorised');
        conn.close(CLOSE_CODES.unauthorised, 'no access token');
      }, config.authTimeoutMs);
      if (typeof query.token === 'string') {
        const token = query.token;
        conn.serially(() => authenticate(conn, token));
      }

      socket.on('message', (data: RawData, isBinary: boolean) => {
        metrics.inc('framesReceived');
        if (!conn.takeToken()) {
          // Counted once: the frames still arriving while it closes are dropped.
          if (!conn.isOpen) return;
          metrics.inc('socketsClosedRateLimit');
          conn.close(CLOSE_CODES.rateLimited, 'rate limit exceeded');
          return;
        }
        const text = isBinary ? null : data.toString();
        conn.serially(() => receive(conn, text));
      });

      socket.on('pong', () => conn.pong());

      socket.on('close', () => {
        clearTimeout(authTimer);
        conn.clearExpiry();
        connections.delete(conn);
        battleWatchers.delete(conn);
        const mine = conn.user ? users.get(conn.user.userId) : undefined;
        if (mine?.delete(conn)) {
          socketCap.release(conn.user!.userId, conn.id);
          if (mine.size === 0) {
            users.delete(conn.user!.userId);
            joinBudget.forget(conn.user!.userId);
          }
        }
        conn.serially(async () => {
          for (const { room } of conn.joined.values()) await room.leave(conn.id);
          conn.joined.clear();
          conn.log.info('socket closed');
        });
      });
    },
  );

  /** Signs the socket in with `token` (hello, the URL), or renews its sign-in (`auth`): either way it
   *  is welcomed with the token's expiry, and closed (tokenExpired) then unless renewed again. */
  async function authenticate(conn: Connection, token: string): Promise<void> {
    const claims = await tokens.verify(token);
    const current = conn.user;
    if (current && (!claims || claims.userId !== current.userId)) {
      // A failed renewal changes nothing: the socket keeps its token until that one expires.
      conn.send({
        type: 'error',
        code: 'unauthorised',
        message: claims
          ? 'This token is for another user: this socket stays signed in as before.'
          : 'Invalid or expired access token: this socket keeps its current one until it expires.',
      });
      return;
    }
    if (!claims) {
      metrics.inc('socketsClosedUnauthorised');
      conn.close(CLOSE_CODES.unauthorised, 'invalid or expired access token');
      return;
    }
    if (!conn.isOpen) return;
    if (!current) {
      if (!(await socketCap.take(claims.userId, conn.id))) {
        metrics.inc('socketsClosedTooMany');
        conn.close(CLOSE_CODES.tooManySockets, `at most ${limits.socketsPerUser} sockets per user`);
        return;
      }
      // Closed while its place was being taken: the place is given back (the close did not count it).
      if (!conn.isOpen) {
        socketCap.release(claims.userId, conn.id);
        return;
      }
      let mine = users.get(claims.userId);
      if (!mine) {
        mine = new Set();
        users.set(claims.userId, mine);
      }
      mine.add(conn);
    }
    conn.authorise(claims, claims.expiresAt, () => conn.serially(async () => expire(conn)));
    conn.log.info(
      { user: claims.userId, expiresAt: claims.expiresAt.toISOString() },
      current ? 'socket authorisation renewed' : 'socket authenticated',
    );
    conn.send({
      type: 'welcome',
      protocolVersion: PROTOCOL_VERSION,
      connection: conn.id,
      user: { id: claims.userId, name: claims.name, guest: claims.guest },
      tokenExpiresAt: claims.expiresAt.toISOString(),
      limits: {
        maxFrameBytes: config.maxFrameBytes,
        messagesPerSecond: config.messagesPerSecond,
        messageBurst: config.messageBurst,
        maxReplayEvents: config.maxReplayEvents,
      },
    });
  }

  /** The socket's token expired without renewal: it is closed (after the messages it sent before). */
  function expire(conn: Connection): void {
    if (!conn.isOpen || !conn.authExpired) return;
    metrics.inc('socketsClosedTokenExpired');
    conn.close(CLOSE_CODES.tokenExpired, 'access token expired');
  }

  /** Parses one frame; a malformed one is answered and counted, and never reaches a room. */
  async function receive(conn: Connection, text: string | null): Promise<void> {
    if (!conn.isOpen) return;
    let raw: unknown = null;
    try {
      raw = text === null ? null : JSON.parse(text);
    } catch {
      raw = null;
    }
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      malformed(
        conn,
        raw,
        raw === null ? 'A frame must be one JSON object (text).' : inWords(parsed.error, 'message'),
      );
      return;
    }
    await handle(conn, parsed.data);
  }

  function malformed(conn: Connection, raw: unknown, problem: string): void {
    metrics.inc('framesMalformed');
    conn.malformed += 1;
    const r = raw as { type?: unknown; id?: unknown; game?: unknown } | null;
    const id = typeof r?.id === 'string' && r.id.length > 0 && r.id.length <= 64 ? r.id : null;
    const game = z.uuid().safeParse(r?.game);
    if (r?.type === 'intent' && id && game.success) {
      conn.send({
        type: 'rejected',
        id,
        game: game.data,
        code: 'malformed',
        message: problem,
        rule: 'protocol',
      });
    } else {
      conn.send({ type: 'error', code: 'malformed', message: problem });
    }
    conn.log.info({ problem }, 'malformed frame');
    if (conn.malformed >= config.malformedFramesBeforeClose) {
      metrics.inc('socketsClosedMalformed');
      conn.close(CLOSE_CODES.tooManyMalformed, 'too many malformed frames');
    }
  }

  async function handle(conn: Connection, message: ClientMessage): Promise<void> {
    if (message.type === 'hello') {
      if (message.protocolVersion !== PROTOCOL_VERSION) {
        conn.close(CLOSE_CODES.unsupportedProtocol, `this server speaks protocol ${PROTOCOL_VERSION}`);
      } else if (conn.user) {
        conn.send({
          type: 'error',
          code: 'alreadyAuthenticated',
          message: 'This socket is already signed in.',
        });
      } else if (message.token) {
        await authenticate(conn, message.token);
      } else {
        conn.close(CLOSE_CODES.unauthorised, 'no access token');
      }
      return;
    }
    if (message.type === 'auth') {
      await authenticate(conn, message.token);
      return;
    }
    if (!conn.user) {
      metrics.inc('socketsClosedUnauthorised');
      conn.close(CLOSE_CODES.unauthorised, 'send hello with a token first');
      return;
    }
    if (conn.authExpired) {
      expire(conn);
      return;
    }
    switch (message.type) {
      // A client's join or intent goes before the rooms' background resume after a restart (Rooms.foreground).
      case 'join':
        return rooms.foreground(join(conn, message));
      case 'leave': {
        const joined = conn.joined.get(message.game);
        if (!joined) return notJoined(conn, message.game);
        conn.joined.delete(message.game);
        return joined.room.leave(conn.id);
      }
      case 'intent':
        return rooms.foreground(intent(conn, message));
      case 'sync': {
        const joined = conn.joined.get(message.game);
        if (!joined) return notJoined(conn, message.game);
        if (!(await mayJoin(conn, message.game))) return;
        await joined.room.sync(conn.id);
        return;
      }
      case 'ping':
        conn.send({ type: 'pong', ...(message.nonce === undefined ? {} : { nonce: message.nonce }) });
        return;
      case 'chat': {
        const joined = conn.joined.get(message.game);
        if (!joined) {
          conn.send({
            type: 'chatRefused',
            game: message.game,
            reason: 'notJoined',
            message: 'Join the game before writing in its chat.',
          });
          return;
        }
        const user = conn.user;
        const refused = await joined.room.say(user.userId, user.name, message.text);
        if (refused) conn.send({ type: 'chatRefused', game: message.game, ...refused });
        return;
      }
      case 'watchBattles':
        if (!message.on) {
          battleWatchers.delete(conn);
          return;
        }
        battleWatchers.add(conn);
        conn.send({ type: 'battles', battles: rooms.liveBattles.list() });
        return;
      case 'chatMute': {
        const joined = conn.joined.get(message.game);
        if (!joined) return notJoined(conn, message.game);
        const refused = await joined.room.mute(conn.user.userId, message.user, message.muted);
        if (refused) conn.send({ type: 'chatRefused', game: message.game, ...refused });
        return;
      }
      default:
        return message satisfies never;
    }
  }

  function notJoined(conn: Connection, game: string): void {
    conn.send({ type: 'error', code: 'notJoined', message: 'Join the game first.', game });
  }

  /** A join or a sync costs the room a view, and an intent to a game not in memory a database look-up:
   *  each user has a budget of them per second (shared by his sockets, and in cluster mode by every
   *  process: joinBudget.ts). */
  async function takeJoin(conn: Connection): Promise<boolean> {
    return joinBudget.take(conn.user!.userId);
  }

  /** A join or a sync within the user's budget; false (and the socket told) when it is spent. */
  async function mayJoin(conn: Connection, game: string): Promise<boolean> {
    if (await takeJoin(conn)) return true;
    metrics.inc('joinsRefused');
    conn.send({
      type: 'error',
      code: 'rateLimited',
      message: `At most ${limits.joinsPerSecond} joins per second: send it again in a moment.`,
      game,
    });
    return false;
  }

  async function join(conn: Connection, message: JoinMessage): Promise<void> {
    const user = conn.user!;
    if (!conn.joined.has(message.game) && conn.joined.size >= limits.gamesPerSocket) {
      metrics.inc('joinsRefused');
      conn.send({
        type: 'error',
        code: 'tooManyGames',
        message: `A socket may watch at most ${limits.gamesPerSocket} games at once: leave one first.`,
        game: message.game,
      });
      return;
    }
    if (!(await mayJoin(conn, message.game))) return;
    // A loaded room knows who may watch it; any other game is read once: who may watch it, whether it is over
    // for everyone (served from the log), and its room's load (issue 16: the first join after a restart).
    const loaded = rooms.loaded(message.game);
    const read = loaded ? null : await rooms.stored(message.game);
    const finished = read && (await rooms.finished.served(message.game, Date.now(), read.game));
    let recipient: Recipient;
    try {
      const known = loaded?.game ?? read?.game;
      recipient = known
        ? viewerIn(known, user.userId, message.as, message.inviteCode)
        : await lobby.viewerOf(user, message.game, message.as, message.inviteCode);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const code =
        error.code === 'forbidden' && message.as === 'spectator'
          ? 'spectatorsNotAllowed'
          : httpErrorCode(error);
      conn.send({ type: 'error', code, message: error.message, game: message.game });
      return;
    }
    const earlier = conn.joined.get(message.game);
    if (earlier) {
      conn.joined.delete(message.game);
      await earlier.room.leave(conn.id);
    }
    const views = message.views ?? false;
    const sub: Subscriber = {
      id: conn.id,
      recipient,
      user: user.userId,
      views,
      send: (m) => conn.send(m),
      sendFrame: (frame) => conn.sendFrame(frame),
    };
    // A game over for everyone is served from the log, in any process, with no room (issue 12).
    if (finished) {
      conn.joined.set(message.game, { room: rooms.joinedHere(message.game), recipient });
      await rooms.finished.join(finished, sub, message.lastSeq);
      return;
    }
    const joined = loaded
      ? loaded
      : await joinWhereItIs(conn, message.game, recipient, views, message.lastSeq, read ?? undefined);
    if (joined === 'ownerGone') {
      conn.send({
        type: 'error',
        code: 'unavailable',
        message: 'The server holding this game is gone; another takes it over in a few seconds: join again.',
        game: message.game,
      });
      return;
    }
    if (!joined) {
      conn.send({
        type: 'error',
        code: 'gameNotRunning',
        message: 'The game has not started.',
        game: message.game,
      });
      return;
    }
    if (joined instanceof Room) {
      // The gateway holds the game, never its room: the room may hand its watchers over (the game over).
      conn.joined.set(message.game, { room: rooms.joinedHere(message.game), recipient });
      await rooms.join(joined, sub, message.lastSeq);
    } else {
      conn.joined.set(message.game, { room: joined, recipient });
    }
  }

  /** The game's room here, or (cluster mode) the socket joined through the process owning it (already
   *  caught up); null when the game has not started. */
  async function joinWhereItIs(
    conn: Connection,
    game: string,
    recipient: Recipient,
    views: boolean,
    lastSeq: number | undefined,
    read?: StoredRead,
  ): Promise<Room | JoinedGame | 'ownerGone' | null> {
    if (!cluster) return rooms.get(game, false, read);
    for (let tries = 0; tries < 3; tries++) {
      const where = await cluster.locate(game);
      if (where === null || 'room' in where) return where?.room ?? null;
      if ('ownerGone' in where) return 'ownerGone';
      const remote = await cluster.join(
        where.remote,
        game,
        conn.id,
        conn.user!.userId,
        recipient,
        views,
        lastSeq,
        {
          send: (m) => conn.send(m),
          sendEncoded: (text) => conn.sendEncoded(text),
          lost: () => conn.close(CLOSE_CODES.goingAway, 'the server holding this game went away: reconnect'),
        },
      );
      if (remote) return remote;
    }
    return 'ownerGone';
  }

  /** An intent reaches a room only from a player seated in that running game; anything else is refused
   *  here, from memory (Rooms.routeIntent), before it costs the room anything. */
  async function intent(conn: Connection, message: IntentMessage): Promise<void> {
    const user = conn.user!;
    // A game neither loaded nor remembered here is looked up in the database: from the user's joins budget,
    // so intents to made-up games cannot keep the database (and every room's appends) busy (issue 12).
    if (!rooms.knows(message.game) && !(await takeJoin(conn))) {
      metrics.inc('intentsRefusedLookUps');
      conn.send({
        type: 'rejected',
        id: message.id,
        game: message.game,
        code: 'unavailable',
        message: `At most ${limits.joinsPerSecond} games looked up per second: send it again in a moment.`,
        rule: 'protocol',
      });
      return;
    }
    let route = await rooms.routeIntent(message.game, user.userId);
    for (let tries = 0; 'remote' in route && cluster && tries < 3; tries++) {
      const reply = await cluster.forwardIntent(route.remote, user.userId, message);
      if (reply) {
        conn.send(reply);
        return;
      }
      route = await rooms.routeIntent(message.game, user.userId); // it moved meanwhile
    }
    if ('remote' in route) {
      conn.send({
        type: 'rejected',
        id: message.id,
        game: message.game,
        code: 'unavailable',
        message: 'The game is moving to another server: send it again.',
        rule: 'protocol',
      });
      return;
    }
    if ('refused' in route) {
      const earlier = route.finishedSeat
        ? await rooms.acceptedSeq(message.game, user.userId, message.id)
        : null;
      if (earlier !== null) {
        metrics.inc('intentsRepeated');
        conn.send({ type: 'accepted', id: message.id, game: message.game, seq: earlier });
        return;
      }
      metrics.inc('intentsRefusedAtGateway');
      conn.log.debug({ game: message.game, code: route.refused }, 'intent refused at the gateway');
      conn.send({
        type: 'rejected',
        id: message.id,
        game: message.game,
        code: route.refused,
        message: route.message,
        rule: 'protocol',
      });
      return;
    }
    const { room } = route;
    const seat = room.seatOf(user.userId)!;
    const recipient: Recipient = { player: seat.seat };
    let reply: Awaited<ReturnType<typeof room.submit>>;
    try {
      reply = await room.submit({ user: user.userId }, message);
    } catch (error) {
      metrics.inc('faults');
      conn.log.error({ err: error, game: message.game, intent: message.intent }, 'intent failed');
      reply = {
        type: 'rejected',
        id: message.id,
        game: message.game,
        code: 'internalError',
        message: 'The server failed to handle this intent; the game is unchanged.',
        rule: 'protocol',
      };
    }
    const out = deliver(engine, recipient, { kind: 'reply', to: recipient, message: reply });
    if (out) conn.send(out);
  }

  function endSession(session: string, reason: string): number {
    let closed = 0;
    for (const conn of connections) {
      if (conn.user?.session !== session || !conn.isOpen) continue;
      metrics.inc('socketsClosedSignedOut');
      conn.close(CLOSE_CODES.unauthorised, reason);
      closed += 1;
    }
    return closed;
  }

  return { connections, endSession };
}
