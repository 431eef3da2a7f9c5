// Builds the fastify instance (style 13): the database (migrated on open), accounts, lobby, rooms and
// the websocket gateway, the server's own routes, and the web client. main.ts listens; tests inject.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { accounts } from './auth/accounts';
import { sharedLoginBackoff } from './auth/loginBackoff';
import { passwords } from './auth/passwords';
import { accountRoutes } from './auth/routes';
import { endedSessions, loadEndedSessions } from './auth/sessions';
import { accessTokens, loadSigningKey } from './auth/tokens';
import { openBus } from './cluster/bus';
import { leases } from './cluster/leases';
import { sharedLock } from './cluster/lock';
import { ClusterNode } from './cluster/node';
import type { ServerConfig } from './config';
import { type Database, openDatabase } from './db/database';
import { applyMigrations } from './db/migrate';
import type { RulesEngine } from './engine';
import { serverRoutes } from './http/docs';
import { tooManyRequests } from './http/errors';
import { userRequests } from './http/userRequests';
import { webClient } from './http/webClient';
import { type Lobby, lobby as lobbyService } from './lobby/lobby';
import { lobbyRoutes } from './lobby/routes';
import { createMetrics, type Metrics } from './metrics';
import { PROJECT_ROOT } from './paths';
import { Rooms } from './rooms/rooms';
import { gameLog } from './rooms/store';
import { chatLog, sharedChatRates } from './rooms/tableChat';
import { tournamentRoutes } from './tournaments/routes';
import {
  stageAdjourned,
  type Tournaments,
  tournaments as tournamentService,
} from './tournaments/tournaments';
import { type Gateway, gateway } from './ws/gateway';
import { localJoinBudget, sharedJoinBudget } from './ws/joinBudget';
import { localSocketCap, sharedSocketCap } from './ws/socketCap';

export interface AppOptions {
  readonly config: ServerConfig;
  readonly engine: RulesEngine;
  /** Overrides the pino logger options (tests pass { level: 'silent' } or a stream). */
  readonly logger?: FastifyServerOptions['logger'];
}

/** What the app is made of, for main.ts, tests and tools. */
export interface Titan {
  readonly config: ServerConfig;
  readonly db: Database;
  readonly lobby: Lobby;
  readonly tournaments: Tournaments;
  readonly rooms: Rooms;
  readonly gateway: Gateway;
  readonly metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly titan: Titan;
  }
}

const VERSION = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** fastify's refusals of a request it cannot read, in player words (issue 14). */
const FASTIFY_REFUSALS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's length does not match its body.",
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty: send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON: send one JSON object, in UTF-8.',
};
const UNREADABLE = 'The request could not be read: see the API document at /openapi.json.';

/** Never log a token: the websocket URL may carry one. */
const redactUrl = (url: string | undefined) => url?.replace(/([?&]token=)[^&]*/g, '$1[redacted]');

/** fastify's trustProxy: none, the nearest `hops` proxies, or these addresses and ranges. */
const trustedProxies = (proxies: ServerConfig['trustProxy']) =>
  proxies === false
    ? false
    : typeof proxies === 'number'
      ? (_address: string, hop: number) => hop < proxies
      : [...proxies];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, engine } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
      },
    },
    // Behind a proxy the caller is named by X-Forwarded-For, trusted only from the configured proxies.
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    // A URL that is not even a URL (bad percent-encoding, ...) is a 400 in the API's error shape.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).code(400).send({
        error: { code: 'invalidRequest', message: 'This address is not valid: check its spelling.' },
      });
    },
  });

  // An empty JSON body is no body (POST /api/games/:game/start needs none).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, body as string, done),
  );
  app.setErrorHandler(
    (error: Error & { statusCode?: number; code?: string; retryAfterSeconds?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ error: { code: 'internalError', message: 'The server failed.' } });
      }
      // fastify's own refusals (bad JSON, a bad URL, ...) are invalid requests, said in the API's words.
      const own = error.code === undefined || error.code.startsWith('FST_');
      const code = own ? 'invalidRequest' : error.code!;
      const message = own ? (FASTIFY_REFUSALS[error.code ?? ''] ?? UNREADABLE) : error.message;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.code(status).send({ error: { code, message } });
    },
  );

  const metrics = createMetrics();
  // Cluster mode: this process's name, and the bus to the others (Redis).
  const node = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const bus =
    config.redisUrl === null
      ? null
      : await openBus(config.redisUrl, config.redisPrefix, node, config.leaseMs);
  // Per-address caps on the routes that ask for one (addRoute's `perAddress`): 429 with Retry-After
  // (counted in Redis in cluster mode, so that every process counts the same).
  await app.register(rateLimit, {
    global: false,
    ...(bus ? { redis: bus.redis, nameSpace: 'rate:' } : {}),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many requests from your address: try again in ${context.after}.`,
        context.ttl / 1000,
      ),
  });
  // Each signed-in user's REST calls, whatever the route (issue 12; counted in Redis in cluster mode).
  app.decorate('userRequests', userRequests(config.limits.requestsPerMinute, bus?.redis ?? null));
  // Every refusal for a cap (REST) is counted; none is logged as an error.
  app.addHook('onResponse', async (_request, reply) => {
    if (reply.statusCode === 429) metrics.inc('requestsRateLimited');
  });
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // What the server needs of the database before it serves: the migrations, the ended sessions and the signing
  // key. Asked now and awaited once the rest is built: PGlite opens in its worker meanwhile (issue 16: a
  // restart's first intent). The sessions and the key are asked first, so that Prisma plans their queries
  // while the database opens, and read again if migrations were applied after them or they failed (a
  // database without the tables yet); the migrations start once they are answered, so that none of their
  // queries falls inside a migration's transaction.
  const sessions = endedSessions(config.accessTokenSeconds);
  const readStored = () =>
    Promise.all([
      loadEndedSessions(db, sessions, config.accessTokenSeconds),
      loadSigningKey(db, config.jwtSecret),
    ]).then(([, key]) => key);
  const stored = (async () => {
    const early = await readStored().catch(() => null);
    const applied = await applyMigrations(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    return applied.length > 0 || early === null ? readStored() : early;
  })();
  stored.catch(() => {}); // awaited below, once the rest is built
  let key: Uint8Array | null = null;
  const signingKey = () => {
    if (key === null) throw new Error('the signing key is read before the server serves');
    return key;
  };
  const cluster = bus
    ? new ClusterNode(
        bus,
        leases(db, node, config.leaseMs),
        engine,
        app.log.child({ component: 'cluster', node }),
        metrics,
        config.leaseMs,
      )
    : null;
  app.addHook('onClose', async () => {
    await db.close();
  });

  const tokens = accessTokens(signingKey, config.accessTokenSeconds, sessions);
  const log = gameLog(db, app.log.child({ component: 'eventLog' }));
  const rooms = new Rooms(
    {
      engine,
      log,
      chatLog: chatLog(db),
      ...(bus ? { chatRates: sharedChatRates(bus.redis) } : {}),
      logger: app.log.child({ component: 'rooms' }),
      metrics,
      botDelayMs: config.botDelayMs,
      botBudgetMs: config.botBudgetMs,
      snapshotEvery: config.snapshotEvery,
      maxReplayEvents: config.maxReplayEvents,
      clockCheckpointMs: config.clockCheckpointMs,
      absentGraceSeconds: config.absentGraceSeconds,
      adjourned: stageAdjourned(db),
    },
    {
      idleMs: config.roomIdleSeconds * 1000,
      ...(cluster
        ? { ownership: cluster, tellChat: (game, news) => cluster.tellFinishedChat(game, news) }
        : {}),
    },
  );
  const lobby = lobbyService(db, engine, log, rooms, config.limits);
  // The running games to resume, read while the rest is built (issue 16): no request is served before the
  // server is ready, so none can start a game meanwhile (and a game started here loads its room anyway).
  const running = cluster ? null : stored.then(() => lobby.runningGameIds());
  running?.catch(() => {}); // awaited by onReady
  const tournaments = tournamentService(
    db,
    lobby,
    log,
    rooms,
    app.log.child({ component: 'tournaments' }),
    bus ? sharedLock(bus.redis, 'tournament:', config.leaseMs) : undefined,
  );
  // Cluster mode: a tournament game's room built here (adopted, or moved) gets back its stand-ins, which only
  // its room held (one process puts them back at start-up: `catchUp`; the adjournment is read at the load).
  if (cluster) {
    rooms.onRoomLoaded((gameId) => {
      tournaments.roomLoaded(gameId).catch((error) => {
        app.log.error({ err: error, game: gameId }, "the tournament could not put back the game's state");
      });
    });
  }
  rooms.onGameFinished((gameId) => {
    tournaments.gameFinished(gameId).catch((error) => {
      app.log.error({ err: error, game: gameId }, 'the tournament could not record the game');
    });
  });

  const ws = await gateway(app, {
    config,
    tokens,
    lobby,
    rooms,
    engine,
    metrics,
    cluster,
    // Cluster mode: a user's sockets are counted over every process (Redis), self-healing when one dies.
    socketCap: bus
      ? sharedSocketCap(bus.redis, node, config.limits.socketsPerUser, config.leaseMs)
      : localSocketCap(config.limits.socketsPerUser),
    // And his joins taken from one budget over every process (Redis).
    joinBudget: bus
      ? sharedJoinBudget(bus.redis, config.limits.joinsPerSecond)
      : localJoinBudget(config.limits.joinsPerSecond),
    beforeClose: async () => {
      await rooms.close();
      await cluster?.close();
    },
  });
  // A sign-in session that ends (logout, or a stolen refresh token detected) takes its sockets with it.
  const refreshPolicy = {
    refreshSeconds: config.refreshTokenSeconds,
    reuseGraceSeconds: config.refreshReuseGraceSeconds,
    get key() {
      return signingKey();
    },
  };
  const accountService = accounts(db, tokens, refreshPolicy, sessions, passwords(config.scryptN), {
    sessionEnded: (session, why) => {
      ws.endSession(session, why === 'signedOut' ? 'signed out' : 'session revoked');
      cluster?.tellSessionEnded(session, why);
    },
  });
  // Cluster mode: a session ended on another process ends here too (its tokens, its sockets).
  cluster?.onSessionEnded((session, why) => {
    sessions.end(session);
    ws.endSession(session, why === 'signedOut' ? 'signed out' : 'session revoked');
  });
  // And those told while this process was not listening are read from the database.
  cluster?.onReconnected(() => {
    loadEndedSessions(db, sessions, config.accessTokenSeconds).then(
      (ended) => {
        for (const session of ended) ws.endSession(session, 'session revoked');
      },
      (error: unknown) => app.log.error({ err: error }, 'could not read the ended sessions again'),
    );
  });
  await app.register(accountRoutes, {
    tokens,
    accounts: accountService,
    limits: config.limits,
    // Cluster mode: wrong passwords are counted in Redis, so every process makes a guesser wait alike.
    ...(bus ? { backoff: sharedLoginBackoff(bus.redis, config.limits.loginFailures) } : {}),
  });
  await app.register(lobbyRoutes, { tokens, lobby });
  await app.register(tournamentRoutes, { tokens, tournaments });
  await app.register(serverRoutes, {
    db,
    rooms,
    gateway: ws,
    metrics,
    metricsToken: config.metricsToken,
    version: VERSION,
  });
  await webClient(app, config.webClientDir);

  try {
    key = await stored;
  } catch (error) {
    // Nothing serves yet, and the cluster node has not started: the database and the bus are all to close.
    await db.close().catch(() => {});
    await bus?.close();
    throw error;
  }
  cluster?.start(rooms);
  app.decorate('titan', { config, db, lobby, tournaments, rooms, gateway: ws, metrics } satisfies Titan);
  // After a restart, every running game's room is rebuilt from its log in the background, so that its bots
  // and clocks carry on; the server answers meanwhile (a room wanted first is loaded at once).
  // In cluster mode the processes share them out instead: each adopts the games nobody holds (node.ts).
  app.addHook('onReady', async () => {
    if (running) rooms.resume(await running);
    // Tournaments record the games that ended while the server was down and move on.
    await tournaments.catchUp();
  });
  return app;
}
