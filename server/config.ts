// The server's settings, read once from the environment (main.ts) or given directly (tests).
import path from 'node:path';
import { DEFAULT_BOT_BUDGET_MS } from '../shared/bot/index';
import { LIMITS } from '../shared/protocol/messages';
import { SCRYPT_N } from './auth/passwords';
import { PROJECT_ROOT } from './paths';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** postgres://... selects PostgreSQL; null selects the embedded PGlite in `dataDir`. */
  readonly databaseUrl: string | null;
  /** Local data folder (PGlite's files live in `<dataDir>/pglite`). */
  readonly dataDir: string;
  /** HS256 signing key for access tokens; null: generated on first start and kept in the database. */
  readonly jwtSecret: string | null;
  readonly accessTokenSeconds: number;
  readonly refreshTokenSeconds: number;
  /** A refresh token presented again this soon after it was spent gets the pair it was exchanged for (two tabs
   *  or a retried request racing), not a revoked session; later, or once that pair was itself spent, it is theft. */
  readonly refreshReuseGraceSeconds: number;
  /** The proxies in front of the server whose `X-Forwarded-For` names the caller (the per-address caps
   *  count by it): false (none: the caller is the socket's address), the number of proxies in front
   *  (hops), or their addresses and CIDR ranges. */
  readonly trustProxy: false | number | readonly string[];
  /** Origins allowed to open the websocket besides the server's own (browser `Origin` header). */
  readonly allowedOrigins: readonly string[];
  readonly maxFrameBytes: number;
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  readonly malformedFramesBeforeClose: number;
  readonly maxReplayEvents: number;
  /** A bot seat acts this long after its turn comes (0 in tests). */
  readonly botDelayMs: number;
  /** A running clock's time left is written to the database this often (room.ts). */
  readonly clockCheckpointMs: number;
  /** The time a bot seat may think per decision (its search runs off the event loop, in a worker). */
  readonly botBudgetMs: number;
  /** A snapshot of the folded state is stored every this many events. */
  readonly snapshotEvery: number;
  /** Seconds a socket may stay open without authenticating. */
  readonly authTimeoutMs: number;
  /** The websocket heartbeat: a ping this often; a socket that leaves two unanswered is dropped (and its
   *  player counts as gone: presence, absence). */
  readonly heartbeatMs: number;
  /** Games whose time control sets no `absentGraceSeconds` (untimed ones too): a player whose every socket
   *  is gone this long is absent and his seat's bot plays for him until he is back (null: never). So no
   *  game hangs on a player who walked away. */
  readonly absentGraceSeconds: number | null;
  /** Cluster mode: redis://… shared by several server processes on one PostgreSQL (null: one process). */
  readonly redisUrl: string | null;
  /** Cluster mode: what every key and channel of this deployment begins with in Redis, so several deployments
   *  (or test runs) may share one Redis. */
  readonly redisPrefix: string;
  /** Cluster mode: how long a game's lease lasts without renewal (a dead process's games are taken over
   *  after this long). */
  readonly leaseMs: number;
  /** A room with nothing to do and nobody watching is unloaded after this long (0: never); rebuilt from
   *  its log when wanted again. */
  readonly roomIdleSeconds: number;
  /** Caps on what one user or one address may hold or do (issue 12): refusals are 429 with Retry-After
   *  (REST), or close code 4011 / error `tooManyGames` / `rateLimited` (websocket). */
  readonly limits: Limits;
  /** scrypt's N for new password hashes (OWASP: 2^17). Set lower by tests only: no variable reads it. */
  readonly scryptN: number;
  /** When set, GET /metrics needs `Authorization: Bearer <this>`; unset, it answers loopback callers only. */
  readonly metricsToken: string | null;
  /** The built browser client, served at `/` when it exists. */
  readonly webClientDir: string;
  readonly logLevel: string;
}

export interface Limits {
  /** Open websockets per user (the next one is closed 4011). */
  readonly socketsPerUser: number;
  /** Games one socket may have joined at once. */
  readonly gamesPerSocket: number;
  /** `join`s and `sync`s per second per user, over all his sockets (bursts of three times that); an intent
   *  to a game not in memory (a database look-up) counts as one too. */
  readonly joinsPerSecond: number;
  /** REST calls per user per minute (bursts of a sixth of it); also per address for the token refresh and
   *  sign-out, which carry no access token. */
  readonly requestsPerMinute: number;
  /** Games a user may have created and not started yet; and games not started he may hold a seat in. */
  readonly openGamesPerUser: number;
  /** Games a user may create per hour. */
  readonly gamesPerHour: number;
  /** Sign-ins (`/api/auth/login`) per address per minute. */
  readonly signInsPerMinute: number;
  /** Accounts registered per address per hour. */
  readonly signUpsPerHour: number;
  /** Guests created per address per hour. */
  readonly guestsPerHour: number;
  /** Wrong passwords for one username before each further try waits (1 s, doubling, at most 15 min). */
  readonly loginFailures: number;
}

export const DEFAULT_LIMITS: Limits = {
  socketsPerUser: 20,
  gamesPerSocket: 20,
  joinsPerSecond: 5,
  requestsPerMinute: 600,
  openGamesPerUser: 10,
  gamesPerHour: 30,
  signInsPerMinute: 30,
  signUpsPerHour: 20,
  guestsPerHour: 30,
  loginFailures: 5,
};

/** No cap worth the name: for tests and benches that stand many users on one address. */
export const UNCAPPED_LIMITS: Limits = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS).map((k) => [k, 1_000_000]),
) as unknown as Limits;

export const DEFAULT_CONFIG: ServerConfig = {
  port: 3000,
  host: '0.0.0.0',
  databaseUrl: null,
  dataDir: path.join(PROJECT_ROOT, '.data'),
  jwtSecret: null,
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 3600,
  refreshReuseGraceSeconds: 30,
  trustProxy: false,
  allowedOrigins: [],
  maxFrameBytes: LIMITS.maxFrameBytes,
  messagesPerSecond: LIMITS.messagesPerSecond,
  messageBurst: LIMITS.messageBurst,
  malformedFramesBeforeClose: LIMITS.malformedFramesBeforeClose,
  maxReplayEvents: LIMITS.maxReplayEvents,
  botDelayMs: 600,
  clockCheckpointMs: 15_000,
  botBudgetMs: DEFAULT_BOT_BUDGET_MS,
  snapshotEvery: 200,
  authTimeoutMs: 10_000,
  heartbeatMs: 15_000,
  absentGraceSeconds: 900,
  roomIdleSeconds: 300,
  redisUrl: null,
  redisPrefix: 'titan:',
  leaseMs: 10_000,
  limits: DEFAULT_LIMITS,
  scryptN: SCRYPT_N,
  metricsToken: null,
  webClientDir: path.join(PROJECT_ROOT, 'web-client', 'dist'),
  logLevel: 'info',
};

/** The environment variable of each limit (README, "The server"). */
export const LIMIT_VARIABLES: Readonly<Record<keyof Limits, string>> = {
  socketsPerUser: 'TITAN_LIMIT_SOCKETS_PER_USER',
  gamesPerSocket: 'TITAN_LIMIT_GAMES_PER_SOCKET',
  joinsPerSecond: 'TITAN_LIMIT_JOINS_PER_SECOND',
  requestsPerMinute: 'TITAN_LIMIT_REQUESTS_PER_MINUTE',
  openGamesPerUser: 'TITAN_LIMIT_OPEN_GAMES_PER_USER',
  gamesPerHour: 'TITAN_LIMIT_GAMES_PER_HOUR',
  signInsPerMinute: 'TITAN_LIMIT_SIGNINS_PER_MINUTE',
  signUpsPerHour: 'TITAN_LIMIT_SIGNUPS_PER_HOUR',
  guestsPerHour: 'TITAN_LIMIT_GUESTS_PER_HOUR',
  loginFailures: 'TITAN_LIMIT_LOGIN_FAILURES',
};

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, not "${value}"`);
  return n;
};

const positive = (value: string | undefined, fallback: number, name: string): number => {
  const n = int(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be at least 1 (seconds)`);
  return n;
};

/** The configuration from environment variables (documented in README, "The server"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded database)');
  }
  const redisUrl = env.TITAN_REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new Error('TITAN_REDIS_URL must be a redis:// URL (leave it unset for a single process)');
  }
  if (redisUrl !== null && databaseUrl === null) {
    throw new Error('TITAN_REDIS_URL (several processes) needs DATABASE_URL: PostgreSQL shared by them');
  }
  const redisPrefix = env.TITAN_REDIS_PREFIX?.trim() || DEFAULT_CONFIG.redisPrefix;
  if (!/^[\w.:-]{1,64}$/.test(redisPrefix)) {
    throw new Error('TITAN_REDIS_PREFIX must be 1 to 64 letters, digits, or . : - _ (default titan:)');
  }
  const jwtSecret = env.TITAN_JWT_SECRET?.trim() || null;
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new Error('TITAN_JWT_SECRET must be at least 32 characters');
  }
  const d = DEFAULT_CONFIG;
  const proxies = env.TITAN_TRUST_PROXY?.trim() ?? '';
  const trustProxy = /^\d+$/.test(proxies)
    ? Number(proxies) || false
    : proxies === ''
      ? false
      : proxies.split(',').map((p) => p.trim());
  return {
    ...d,
    port: int(env.PORT, d.port, 'PORT'),
    host: env.HOST?.trim() || d.host,
    databaseUrl,
    dataDir: env.TITAN_DATA_DIR ? path.resolve(env.TITAN_DATA_DIR) : d.dataDir,
    jwtSecret,
    accessTokenSeconds: positive(
      env.TITAN_ACCESS_TOKEN_SECONDS,
      d.accessTokenSeconds,
      'TITAN_ACCESS_TOKEN_SECONDS',
    ),
    refreshTokenSeconds: positive(
      env.TITAN_REFRESH_TOKEN_SECONDS,
      d.refreshTokenSeconds,
      'TITAN_REFRESH_TOKEN_SECONDS',
    ),
    trustProxy,
    allowedOrigins: (env.TITAN_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    botDelayMs: int(env.TITAN_BOT_DELAY_MS, d.botDelayMs, 'TITAN_BOT_DELAY_MS'),
    clockCheckpointMs: int(env.TITAN_CLOCK_CHECKPOINT_MS, d.clockCheckpointMs, 'TITAN_CLOCK_CHECKPOINT_MS'),
    messagesPerSecond: positive(
      env.TITAN_MESSAGES_PER_SECOND,
      d.messagesPerSecond,
      'TITAN_MESSAGES_PER_SECOND',
    ),
    messageBurst: positive(env.TITAN_MESSAGE_BURST, d.messageBurst, 'TITAN_MESSAGE_BURST'),
    heartbeatMs: positive(env.TITAN_HEARTBEAT_MS, d.heartbeatMs, 'TITAN_HEARTBEAT_MS'),
    absentGraceSeconds: ((s) => (s === 0 ? null : s))(
      int(env.TITAN_ABSENT_GRACE_SECONDS, d.absentGraceSeconds ?? 0, 'TITAN_ABSENT_GRACE_SECONDS'),
    ),
    redisUrl,
    redisPrefix,
    leaseMs: positive(env.TITAN_LEASE_MS, d.leaseMs, 'TITAN_LEASE_MS'),
    roomIdleSeconds: int(env.TITAN_ROOM_IDLE_SECONDS, d.roomIdleSeconds, 'TITAN_ROOM_IDLE_SECONDS'),
    botBudgetMs: int(env.TITAN_BOT_BUDGET_MS, d.botBudgetMs, 'TITAN_BOT_BUDGET_MS'),
    limits: Object.fromEntries(
      (Object.keys(LIMIT_VARIABLES) as (keyof Limits)[]).map((k) => [
        k,
        int(env[LIMIT_VARIABLES[k]], d.limits[k], LIMIT_VARIABLES[k]),
      ]),
    ) as unknown as Limits,
    metricsToken: env.TITAN_METRICS_TOKEN?.trim() || null,
    logLevel: env.LOG_LEVEL?.trim() || d.logLevel,
  };
}
