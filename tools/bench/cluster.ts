// Several server processes on this machine (issue 16, "Past one machine"): real `server/main.ts` processes on
// one PostgreSQL and one Redis, socket players that reconnect and resume like the web client (last seq,
// unanswered intent sent again with its id), used by the `cluster` bench section and by the failover test.
//
// - throughput: games started round-robin on the processes (each owns those started on it), every
//   player's socket on another process than its game's owner when there are several, each game one intent in
//   flight at a time; accepted intents per second.
// - failover: every game owned by one process, which is killed with SIGKILL mid-play; the others adopt the
//   games once their leases expire. failoverMs: from the kill to the last game's first accepted intent after
//   it; lost: acknowledged intents (an `accepted` a player received) missing from the log afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { randomPick } from '../../shared/bot/index';
import type { Intent } from '../../shared/engine/intents';
import { seededRandom } from '../../shared/engine/random';
import type { ServerMessage } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import { rest } from '../rest';
import { PROFILE_ENV } from './server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ClusterNodeProcess {
  readonly url: string;
  readonly wsUrl: string;
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
  alive: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const UNCAPPED = Object.fromEntries(
  [
    'SOCKETS_PER_USER',
    'GAMES_PER_SOCKET',
    'JOINS_PER_SECOND',
    'OPEN_GAMES_PER_USER',
    'GAMES_PER_HOUR',
    'SIGNINS_PER_MINUTE',
    'SIGNUPS_PER_HOUR',
    'GUESTS_PER_HOUR',
  ].map((k) => [`TITAN_LIMIT_${k}`, '1000000']),
);

/** The clusters started so far (the profiles' folders: `cluster-<run>-<process>`). */
let clusters = 0;

/** Starts `count` server processes on this database and Redis; resolves once each answers /health. */
export async function startCluster(
  count: number,
  options: { databaseUrl: string; redisUrl: string | null; redisPrefix?: string; leaseMs: number },
): Promise<ClusterNodeProcess[]> {
  const nodes: ClusterNodeProcess[] = [];
  clusters += 1;
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'titan-cluster-'));
    // With the bench's --profile: each process writes its whole run's V8 CPU profiles (one per thread: the
    // largest is the server's) into `<dir>/cluster-<run>-<process>/` when it stops.
    const profile = process.env[PROFILE_ENV];
    const profiling = profile
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profile, `cluster-${clusters}-${i + 1}`)}`]
      : [];
    const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...UNCAPPED,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        ...(options.redisUrl ? { TITAN_REDIS_URL: options.redisUrl } : {}),
        ...(options.redisPrefix ? { TITAN_REDIS_PREFIX: options.redisPrefix } : {}),
        TITAN_LEASE_MS: String(options.leaseMs),
        TITAN_DATA_DIR: dataDir,
        TITAN_JWT_SECRET: 'cluster-bench-secret-cluster-bench-secret',
        TITAN_ABSENT_GRACE_SECONDS: '0',
        TITAN_MESSAGES_PER_SECOND: '100000',
        TITAN_MESSAGE_BURST: '100000',
        LOG_LEVEL: 'error',
      },
    });
    const node: ClusterNodeProcess = {
      url: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      process: child,
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
      alive: true,
    };
    void node.exited.then(() => {
      node.alive = false;
      rmSync(dataDir, { recursive: true, force: true });
    });
    nodes.push(node);
  }
  for (const node of nodes) {
    for (let tries = 0; ; tries++) {
      if (!node.alive) throw new Error('a server process exited while starting');
      const ok = await fetch(`${node.url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error('a server process did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return nodes;
}

export async function stopCluster(nodes: readonly ClusterNodeProcess[]): Promise<void> {
  for (const node of nodes) if (node.alive) node.process.kill('SIGTERM');
  await Promise.all(nodes.map((n) => n.exited));
}

export interface StartedGame {
  readonly id: string;
  readonly players: readonly Tokens[];
}

/** A two-player game of two guests, started on `node` (which takes its lease). */
export async function startTwoPlayerGame(node: ClusterNodeProcess, n: number): Promise<StartedGame> {
  const a = await rest<Tokens>(node.url, 'POST', '/api/auth/guest', undefined, { displayName: `Ann ${n}` });
  const b = await rest<Tokens>(node.url, 'POST', '/api/auth/guest', undefined, { displayName: `Bob ${n}` });
  const game = await rest<{ id: string }>(node.url, 'POST', '/api/games', a.accessToken, {
    seats: 2,
    takeSeat: true,
  });
  await rest(node.url, 'POST', `/api/games/${game.id}/join`, b.accessToken, {});
  await rest(node.url, 'POST', `/api/games/${game.id}/start`, a.accessToken);
  return { id: game.id, players: [a, b] };
}

export interface Acknowledged {
  readonly game: string;
  readonly user: string;
  readonly id: string;
  readonly seq: number;
  readonly at: number;
}

/** A socket player that plays on whatever happens: a closed socket reconnects to a live process (after
 *  `retryMs`), joins with its last seq and sends its unanswered intent again with the same id. */
export class ResilientPlayer {
  private socket: WebSocket | null = null;
  private lastSeq: number | undefined;
  private pending: { id: string; expectedSeq: number; intent: Intent } | null = null;
  private lastLegal: { seq: number; intents: readonly Intent[] } | null = null;
  private n = 0;
  private stopped = false;
  readonly random: () => number;
  reconnects = 0;
  over = false;

  constructor(
    readonly game: string,
    private readonly tokens: Tokens,
    private readonly pickNode: () => ClusterNodeProcess,
    private readonly onAccepted: (ack: Acknowledged) => void,
    seed: number,
    private readonly retryMs = 100,
  ) {
    this.random = seededRandom(seed);
  }

  connect(): void {
    if (this.stopped) return;
    const node = this.pickNode();
    const socket = new WebSocket(`${node.wsUrl}?token=${encodeURIComponent(this.tokens.accessToken)}`);
    this.socket = socket;
    socket.on('message', (data) => this.receive(JSON.parse(data.toString()) as ServerMessage));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.socket !== socket || this.stopped) return;
      this.reconnects += 1;
      setTimeout(() => this.connect(), this.retryMs);
    });
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private rejoin(): void {
    this.send({
      type: 'join',
      game: this.game,
      as: 'player',
      ...(this.lastSeq === undefined ? {} : { lastSeq: this.lastSeq }),
    });
    this.sendPending();
  }

  private sendPending(): void {
    const p = this.pending;
    if (p)
      this.send({ type: 'intent', id: p.id, game: this.game, expectedSeq: p.expectedSeq, intent: p.intent });
  }

  private act(): void {
    const legal = this.lastLegal;
    if (this.pending || this.stopped || this.over || !legal || legal.intents.length === 0) return;
    if (this.lastSeq !== undefined && legal.seq < this.lastSeq) return;
    const intent = randomPick(legal.intents, this.random) as Intent;
    this.pending = { id: `p-${this.tokens.user.id.slice(0, 8)}-${++this.n}`, expectedSeq: legal.seq, intent };
    this.lastLegal = null;
    this.sendPending();
  }

  private receive(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome':
        this.send({
          type: 'join',
          game: this.game,
          as: 'player',
          ...(this.lastSeq === undefined ? {} : { lastSeq: this.lastSeq }),
        });
        this.sendPending();
        return;
      case 'event':
      case 'state':
        if (m.game === this.game) this.lastSeq = m.seq;
        return;
      case 'legal':
        if (m.game !== this.game) return;
        this.lastLegal = { seq: m.seq, intents: m.intents as Intent[] };
        this.act();
        return;
      case 'accepted':
        if (m.id !== this.pending?.id) return;
        this.pending = null;
        this.onAccepted({ game: this.game, user: this.tokens.user.id, id: m.id, seq: m.seq, at: Date.now() });
        this.act();
        return;
      case 'rejected':
        if (m.id !== this.pending?.id) return;
        if (m.code === 'unavailable' || m.code === 'internalError') {
          setTimeout(() => this.sendPending(), this.retryMs);
          return;
        }
        this.pending = null;
        this.send({ type: 'sync', game: this.game });
        return;
      case 'error':
        // The game's process is gone and not yet taken over: join again in a moment.
        if (m.game === this.game && (m.code === 'unavailable' || m.code === 'gameNotRunning')) {
          setTimeout(() => this.rejoin(), this.retryMs);
        }
        return;
      case 'diceRevealed':
        if (m.game === this.game) this.over = true;
        return;
      default:
        return;
    }
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}

/** Every acknowledged intent whose reply the log does not hold with the same seq. */
export async function lostIntents(databaseUrl: string, acks: readonly Acknowledged[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ gameId: string; sender: string; intentId: string; seq: number }>(
      `SELECT "gameId"::text, "sender", "intentId", "seq" FROM "GameEvent"
       WHERE "gameId" = ANY($1::uuid[]) AND "intentId" IS NOT NULL`,
      [[...new Set(acks.map((a) => a.game))]],
    );
    const logged = new Map(rows.rows.map((r) => [`${r.gameId} ${r.sender} ${r.intentId}`, r.seq]));
    return acks.filter((a) => logged.get(`${a.game} ${a.user} ${a.id}`) !== a.seq).length;
  } finally {
    await client.end();
  }
}

export interface ThroughputResult {
  readonly processes: number;
  readonly games: number;
  readonly intentsPerSecond: number;
}

/** Intents accepted per second with `games` games on these processes (see the file's head). A game that ends
 *  gives its slot to a new one (random players end a two-player game in a few hundred intents: without new
 *  games the window measured the games' ends, down to 59 intents/s with every game over). */
export async function throughput(
  nodes: readonly ClusterNodeProcess[],
  games: number,
  measureMs: number,
): Promise<ThroughputResult> {
  let accepted = 0;
  let stopped = false;
  const playing = new Set<ResilientPlayer>();
  let made = 0;
  const slot = async (g: number): Promise<void> => {
    while (!stopped) {
      const n = made++;
      const game = await startTwoPlayerGame(nodes[n % nodes.length]!, n);
      const players = game.players.map((tokens, i) => {
        const node = nodes[(n + i + 1) % nodes.length]!;
        return new ResilientPlayer(
          game.id,
          tokens,
          () => node,
          () => (accepted += 1),
          g * 2 + i + n * 7,
        );
      });
      for (const p of players) {
        playing.add(p);
        p.connect();
      }
      while (!stopped && !players.some((p) => p.over)) await new Promise((r) => setTimeout(r, 50));
      for (const p of players) {
        p.stop();
        playing.delete(p);
      }
    }
  };
  const slots = Array.from({ length: games }, (_, g) => slot(g));
  await new Promise((r) => setTimeout(r, Math.min(3000, measureMs / 3))); // warm up
  const from = accepted;
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, measureMs));
  const n = accepted - from;
  const seconds = (Date.now() - t0) / 1000;
  stopped = true;
  for (const p of playing) p.stop();
  await Promise.all(slots);
  return { processes: nodes.length, games, intentsPerSecond: Math.round(n / seconds) };
}

export interface FailoverResult {
  readonly games: number;
  /** Games that had an intent accepted after the kill (by another process). */
  readonly resumed: number;
  readonly acknowledged: number;
  readonly lost: number;
  /** From the kill to the last game's first accepted intent after it. */
  readonly failoverMs: number;
  readonly reconnects: number;
}

/** Kills (SIGKILL) the process owning all `games` games mid-play; see the file's head. */
export async function failover(
  nodes: readonly ClusterNodeProcess[],
  databaseUrl: string,
  games: number,
  options: { beforeKill: number; afterKill: number; timeoutMs: number },
): Promise<FailoverResult> {
  const [owner, ...others] = nodes as [ClusterNodeProcess, ...ClusterNodeProcess[]];
  const started: StartedGame[] = [];
  for (let g = 0; g < games; g++) started.push(await startTwoPlayerGame(owner, g));
  const acks: Acknowledged[] = [];
  const perGame = new Map<string, Acknowledged[]>(started.map((g) => [g.id, []]));
  const onAccepted = (ack: Acknowledged) => {
    acks.push(ack);
    perGame.get(ack.game)!.push(ack);
  };
  let turn = 0;
  const live = () => {
    const candidates = nodes.filter((n) => n.alive);
    return candidates[turn++ % candidates.length]!;
  };
  // One player of each game on the owner itself (its socket dies with it), one on another process.
  const players = started.flatMap((game, g) =>
    game.players.map((tokens, i) => {
      let first = true;
      const pick = () => {
        if (!first) return live();
        first = false;
        return i === 0 ? owner : others[g % others.length]!;
      };
      return new ResilientPlayer(game.id, tokens, pick, onAccepted, 1000 + g * 2 + i);
    }),
  );
  for (const p of players) p.connect();
  const until = Date.now() + options.timeoutMs;
  const waitUntil = async (condition: () => boolean, what: string) => {
    while (!condition()) {
      if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const finished = (id: string) => players.some((p) => p.game === id && p.over);
  await waitUntil(
    () => started.every((g) => perGame.get(g.id)!.length >= options.beforeKill || finished(g.id)),
    'the games to be under way',
  );
  const killedAt = Date.now();
  owner.process.kill('SIGKILL');
  await owner.exited;
  const after = (id: string) => perGame.get(id)!.filter((a) => a.at > killedAt);
  try {
    await waitUntil(
      () => started.every((g) => after(g.id).length >= options.afterKill || finished(g.id)),
      'every game to resume on another process',
    );
  } finally {
    for (const p of players) p.stop();
  }
  const firsts = started.map((g) => after(g.id)[0]?.at).filter((t): t is number => t !== undefined);
  return {
    games,
    resumed: started.filter((g) => after(g.id).length > 0).length,
    acknowledged: acks.length,
    lost: await lostIntents(databaseUrl, acks),
    failoverMs: firsts.length === 0 ? Number.NaN : Math.max(...firsts) - killedAt,
    reconnects: players.reduce((n, p) => n + p.reconnects, 0),
  };
}
