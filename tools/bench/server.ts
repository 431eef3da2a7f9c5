// Server benchmark (issue 6, "Benchmark"): measured in one run on this machine, never asserted by tests.
//
// - The round trip of an intent through real websockets: a socket player sends one of the legal intents the
//   server offered it; the clock stops once the sender has its `accepted` AND every player of that game has
//   received the event carrying the accepted seq. 1, 50 and 500 concurrent games of two socket players each,
//   every game with one intent in flight at a time (closed loop, no think time), on PGlite and on PostgreSQL.
// - Beside it: a bare `ws` echo server (same frame size, same concurrency) and a bare single-row insert into
//   the event table (through the server's own Prisma client and adapter, and through the raw driver), so the
//   overhead reads as a ratio.
// - Idle authenticated sockets held, joined to games as spectators, with the server's memory per socket
//   (measured on a freshly restarted server holding the games' rooms; the restart itself is timed too).
// - The time to rebuild a room (Room.load) from a 10,000-event log, from its latest snapshot and without one.
//
// The server (and the echo server) runs in a child process (child.ts, then runChild here), the clients in this
// one, so on a 2-core machine each side has a core. Nothing leaves 127.0.0.1; every loop is bounded in count
// and in time; temporary folders and databases are removed afterwards.

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../../server/app';
import { DEFAULT_CONFIG, type ServerConfig, UNCAPPED_LIMITS } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/database';
import { applyMigrations } from '../../server/db/migrate';
import { rulesEngine } from '../../server/engine';
import type { Prisma } from '../../server/generated/prisma/client';
import { createMetrics } from '../../server/metrics';
import { commitmentOf, newSeed } from '../../server/rooms/dice';
import { Room } from '../../server/rooms/room';
import { gameLog, SNAPSHOT_FORMAT } from '../../server/rooms/store';
import { chatLog } from '../../server/rooms/tableChat';
import { botIntent, DEFAULT_BOT_BUDGET_MS, randomPick } from '../../shared/bot/index';
import type { GameEvent } from '../../shared/engine/events';
import { createGame, decide, evolve, legalIntents, pending } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import { seededDice, seededRandom } from '../../shared/engine/random';
import type { GameState, PlayerId } from '../../shared/engine/types';
import type { ServerMessage, ServerMessageOf } from '../../shared/protocol/messages';
import type { GameSummary, Tokens } from '../../shared/protocol/rest';
import { buildServer } from '../buildServer';
import { type ScratchDatabase, scratchDatabase } from '../localPostgres';
import { rest } from '../rest';

// ------------------------------------------------------------------------------------ results

export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
  /** Samples measured. */
  readonly n: number;
}

export interface EchoBench extends Percentiles {
  readonly sockets: number;
}

export interface RoundTripBench extends Percentiles {
  readonly games: number;
  readonly intentsPerSecond: number;
  readonly eventsPerIntent: number;
  /** Intents rejected, timed out or cut by a closed socket (their games were replaced). */
  readonly failures: number;
  readonly failureSample: string | null;
  /** Intents refused with 'unavailable' or 'internalError': the game was unchanged and an intent was sent
   *  again (not counted in the round trips). */
  readonly refused: number;
  readonly refusalSample: string | null;
  /** The server process's CPU time over the measure, in cores (1 = one core busy all the time). */
  readonly serverCpu: number;
  /** The bench process's (the clients') CPU over the measure, in cores. */
  readonly clientCpu: number;
}

export interface SocketsBench {
  readonly attempted: number;
  /** Sockets the server counted open once all had joined. */
  readonly held: number;
  readonly rssBytesPerSocket: number;
  readonly heapBytesPerSocket: number;
}

export interface RestartBench {
  /** Running games whose rooms the server rebuilt while starting. */
  readonly games: number;
  /** From building the app (database opened and migrated) to listening. */
  readonly ms: number;
  /** From the server process's spawn to the first intent accepted on one of the running games (a player's
   *  socket connects, joins and sends a legal intent; its room is rebuilt on demand). */
  readonly firstIntentMs: number;
}

export interface RebuildBench {
  readonly events: number;
  readonly snapshotSeq: number;
  readonly withSnapshotMs: number;
  readonly withoutSnapshotMs: number;
}

export interface DatabaseBench {
  readonly kind: 'pglite' | 'postgres';
  /** Why this database was not measured, or null. */
  readonly skipped: string | null;
  readonly roundTrips: readonly RoundTripBench[];
  readonly insertPrisma: Percentiles | null;
  readonly insertRaw: Percentiles | null;
  readonly sockets: SocketsBench | null;
  readonly restart: RestartBench | null;
  readonly rebuild: RebuildBench | null;
}

// ------------------------------------------------------------------------------------ settings

export interface ServerBenchOptions {
  /** Concurrent games, the intents measured per game at most, and the time budget of each level. */
  readonly levels: readonly { readonly games: number; readonly perGame: number; readonly budgetMs: number }[];
  /** Games created per server: the largest level plus spares for games that end while measured. */
  readonly poolGames: number;
  readonly spectatorSockets: number;
  readonly inserts: number;
  readonly longLogEvents: number;
  /** Told what is being measured (e.g. written to stderr); silent by default. */
  readonly progress: (what: string) => void;
}

export const SERVER_BENCH_DEFAULTS: ServerBenchOptions = {
  levels: [
    { games: 1, perGame: 300, budgetMs: 10_000 },
    { games: 50, perGame: 20, budgetMs: 12_000 },
    // 20 intents a game: with 3 the window held little more than the burst of first intents (6,198 intents/s
    // where 20 a game, the same server, measured 2,303).
    { games: 500, perGame: 20, budgetMs: 15_000 },
  ],
  poolGames: 520,
  spectatorSockets: 2000,
  inserts: 1000,
  longLogEvents: 10_000,
  progress: () => {},
};

/** The server's refusals after which the same intent may simply be sent again (server/rooms/room.ts). */
const SEND_AGAIN: ReadonlySet<string> = new Set(['unavailable', 'internalError']);
/** The child's spec (ChildSpec, JSON), read by runChild (and child.ts). */
const CHILD_SPEC_ENV = 'TITAN_BENCH_CHILD';
/** A pino level for the bench's servers (warn: a room's append conflict, a failed batch of appends). */
const SERVER_LOG_ENV = 'TITAN_BENCH_SERVER_LOG';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `promise`, at most `ms` (the timer does not outlive the wait). */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { p50: at(0.5) ?? Number.NaN, p99: at(0.99) ?? Number.NaN, n: sorted.length };
}

const median = (values: readonly number[]) => percentiles(values).p50;

/** Runs `fn` over `items` with at most `width` at a time, in order of start. */
export async function pooled<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T, i: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

// ------------------------------------------------------------------------------------ the child process

export type ChildSpec = { readonly kind: 'echo' } | { readonly kind: 'titan'; readonly config: ServerConfig };
type ToChild =
  | { readonly type: 'memory' }
  | { readonly type: 'cpu' }
  | { readonly type: 'profile'; readonly name: string | null }
  | { readonly type: 'stop' };
interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}
type FromChild =
  | { readonly type: 'ready'; readonly port: number; readonly startMs: number }
  | ({ readonly type: 'memory' } & Memory)
  | { readonly type: 'cpu'; readonly micros: number }
  | { readonly type: 'profiled' }
  | { readonly type: 'failed'; readonly message: string };

/** The bench's server child (child.ts imports this module, then runs it). */
export async function runChild(): Promise<void> {
  const send = (m: FromChild) => process.send?.(m);
  // The parent is gone (crashed or killed): nothing of ours may outlive it.
  process.on('disconnect', () => process.exit(1));
  const spec = JSON.parse(process.env[CHILD_SPEC_ENV] ?? '{}') as ChildSpec;
  let port: number;
  let close: () => Promise<void>;
  const t0 = performance.now();
  try {
    if (spec.kind === 'echo') {
      const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      wss.on('connection', (socket) => {
        socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
      });
      await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
      port = (wss.address() as AddressInfo).port;
      close = () =>
        new Promise<void>((resolve) => {
          for (const c of wss.clients) c.terminate();
          wss.close(() => resolve());
        });
    } else {
      // Silent, unless TITAN_BENCH_SERVER_LOG names a level: the server's log lines then go to stderr.
      const level = process.env[SERVER_LOG_ENV];
      const app = await buildApp({
        config: spec.config,
        engine: rulesEngine,
        logger: level ? { level, stream: process.stderr } : false,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
      close = () => app.close();
    }
  } catch (error) {
    send({ type: 'failed', message: (error as Error).stack ?? String(error) });
    process.exit(1);
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (m: ToChild) => {
    if (m.type === 'memory') {
      gc?.();
      gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed });
    } else if (m.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', micros: user + system });
    } else if (m.type === 'profile') {
      void profileWindow(m.name).then(() => send({ type: 'profiled' }));
    } else if (m.type === 'stop') {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
  send({ type: 'ready', port, startMs: performance.now() - t0 });
}

export /** The CPU profile of one measure (PROFILE_ENV): started with a name, written to `<dir>/<name>.cpuprofile`
 *  when stopped (name null). */
let profiling: { readonly session: Session; readonly name: string } | null = null;

async function profileWindow(name: string | null): Promise<void> {
  const dir = process.env[PROFILE_ENV];
  if (!dir) return;
  if (name !== null) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    profiling = { session, name };
    return;
  }
  if (profiling === null) return;
  const { session, name: done } = profiling;
  profiling = null;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(path.join(dir, `${done}.cpuprofile`), JSON.stringify(profile));
  session.disconnect();
}

interface Child {
  readonly port: number;
  /** When the process was spawned (this process's performance.now()). */
  readonly spawnedAt: number;
  /** From building the app (database opened and migrated) to listening. */
  readonly startMs: number;
  memory(): Promise<Memory>;
  /** The server process's CPU time so far (user + system, µs). */
  cpuMicros(): Promise<number>;
  /** With PROFILE_ENV: starts a CPU profile of the server named `name`, or (null) writes the one started. */
  profile(name: string | null): Promise<void>;
  stop(): Promise<void>;
}

/** `npm run bench -- --profile DIR`: the server writes there a V8 CPU profile of each measure (the
 *  sections' measuring windows only, without their set-up: `<section>-<measure>.cpuprofile`). */
export const PROFILE_ENV = 'TITAN_BENCH_PROFILE';

/** The child (child.ts, then this file) bundled as the real server is (tools/buildServer.ts), built once per
 *  run: the child starts as `npm start` does, without tsx's loader, its embedded database first. */
let childBundle: Promise<string> | null = null;

/** Forks the child as a server (bundled, with `--expose-gc` for the memory figures). */
export async function startChild(spec: ChildSpec): Promise<Child> {
  childBundle ??= buildServer('tools/bench/child.ts', 'bench-server');
  const entry = await childBundle;
  const spawnedAt = performance.now();
  const child: ChildProcess = fork(entry, [], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, [CHILD_SPEC_ENV]: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const nextMessage = <T extends FromChild['type']>(type: T, timeoutMs: number) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', listener);
        child.off('exit', onExit);
        reject(new Error(`the bench server sent no ${type} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onExit = () => {
        clearTimeout(timer);
        child.off('message', listener);
        reject(new Error(`the bench server exited before its ${type} message`));
      };
      child.once('exit', onExit);
      const listener = (m: FromChild) => {
        if (m.type === 'failed' || m.type === type) child.off('exit', onExit);
        if (m.type === 'failed') {
          clearTimeout(timer);
          child.off('message', listener);
          reject(new Error(`the bench server failed: ${m.message}`));
        } else if (m.type === type) {
          clearTimeout(timer);
          child.off('message', listener);
          resolve(m as Extract<FromChild, { type: T }>);
        }
      };
      child.on('message', listener);
    });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  let ready: Extract<FromChild, { type: 'ready' }>;
  try {
    ready = await nextMessage('ready', 120_000);
  } catch (error) {
    await kill();
    throw error;
  }
  return {
    port: ready.port,
    spawnedAt,
    startMs: ready.startMs,
    async memory() {
      const reply = nextMessage('memory', 30_000);
      child.send({ type: 'memory' } satisfies ToChild);
      const { rss, heapUsed } = await reply;
      return { rss, heapUsed };
    },
    async profile(name) {
      const reply = nextMessage('profiled', 30_000);
      child.send({ type: 'profile', name } satisfies ToChild);
      await reply;
    },
    async cpuMicros() {
      const reply = nextMessage('cpu', 30_000);
      child.send({ type: 'cpu' } satisfies ToChild);
      return (await reply).micros;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.connected) {
        child.send({ type: 'stop' } satisfies ToChild);
        await atMost(exited, 30_000);
      }
      await kill();
    },
  };
}

// ------------------------------------------------------------------------------------ clients

/** A server message as the bench's clients read it: an event down to its seq and its event's type, which is
 *  all they look at (EVENT_HEAD); any other message whole. */
export type BenchMessage =
  | Exclude<ServerMessage, { type: 'event' }>
  | {
      readonly type: 'event';
      readonly game: string;
      readonly seq: number;
      readonly event: { readonly type: string };
    };

/** The head of an event frame as the server writes it (server/rooms/visibility.ts deliver). A frame it does not
 *  match is parsed whole, so a change of the server's field order costs time, never a wrong figure. Events are
 *  most of the frames a game's sockets receive (2 x 2.4 of some 7 per intent); JSON.parse of one took 2.6 us
 *  on this machine, the match 0.5 us, and the bench's message handler at 500 games went from 48 to 29 us of
 *  CPU per intent (CPU profile of the bench process, issue 16). */
const EVENT_HEAD = /^\{"type":"event","game":"([^"]*)","seq":(\d+),"event":\{"type":"(\w+)"/;

/** One websocket client: every message is read (BenchMessage) and handed to `listener`. */
export class BenchSocket {
  listener: (m: BenchMessage) => void = () => {};
  onClose: (code: number) => void = () => {};
  private open = true;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      const head = EVENT_HEAD.exec(text);
      this.listener(
        head === null
          ? (JSON.parse(text) as ServerMessage)
          : { type: 'event', game: head[1]!, seq: Number(head[2]), event: { type: head[3]! } },
      );
    });
    ws.on('close', (code) => {
      this.open = false;
      this.onClose(code);
    });
    ws.on('error', () => {});
  }

  /** Opens an authenticated socket and waits for the welcome. */
  static async connect(wsUrl: string, token: string, timeoutMs = 20_000): Promise<BenchSocket> {
    const socket = new BenchSocket(new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.ws.terminate();
        reject(new Error('no welcome'));
      }, timeoutMs);
      socket.listener = (m) => {
        if (m.type !== 'welcome') return;
        clearTimeout(timer);
        socket.listener = () => {};
        resolve();
      };
      socket.onClose = (code) => {
        clearTimeout(timer);
        reject(new Error(`closed ${code} before the welcome`));
      };
    });
    socket.onClose = () => {};
    return socket;
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Sends one JSON frame; answers its size in bytes. */
  send(message: unknown): number {
    const frame = JSON.stringify(message);
    this.ws.send(frame);
    return Buffer.byteLength(frame);
  }

  close(): Promise<void> {
    if (!this.open) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 5000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}

interface Player {
  readonly socket: BenchSocket;
  /** The highest seq this player has received (event or state). */
  lastSeq: number;
  legal: ServerMessageOf<'legal'> | null;
}

type Outcome<T> = { readonly ok: T } | { readonly failed: string };

/** A running game driven by its two socket players, one intent in flight at a time. */
class DrivenGame {
  private seq = -1;
  over = false;
  private failure: string | null = null;
  private inFlight: { readonly id: string; acceptedSeq: number | null; refused: string | null } | null = null;
  private wake: (() => void) | null = null;
  /** Events received by the first player, and the size of the last intent frame sent. */
  events = 0;
  lastFrameBytes = 0;

  private constructor(
    readonly id: string,
    private readonly seats: readonly Player[],
  ) {
    seats.forEach((seat) => {
      seat.socket.listener = (m) => this.receive(seat, m);
      seat.socket.onClose = (code) => {
        this.failure ??= `a player's socket closed (${code})`;
        this.wake?.();
      };
    });
  }

  /** Connects one socket per player and joins the game as that player. */
  static async open(wsUrl: string, id: string, tokens: readonly string[]): Promise<DrivenGame> {
    const sockets = await Promise.all(tokens.map((t) => BenchSocket.connect(wsUrl, t)));
    const game = new DrivenGame(
      id,
      sockets.map((socket) => ({ socket, lastSeq: -1, legal: null })),
    );
    for (const s of sockets) s.send({ type: 'join', game: id, as: 'player' });
    const joined = await game.until(
      () => (game.seats.every((s) => s.lastSeq >= 0) ? game.seats[0]!.lastSeq : undefined),
      20_000,
      'state after join',
    );
    if ('failed' in joined) {
      await game.close();
      throw new Error(`game ${id}: ${joined.failed}`);
    }
    game.seq = joined.ok;
    return game;
  }

  private receive(seat: Player, m: BenchMessage): void {
    switch (m.type) {
      case 'state':
        seat.lastSeq = Math.max(seat.lastSeq, m.seq);
        break;
      case 'event':
        seat.lastSeq = m.seq;
        if (seat === this.seats[0]) this.events += 1;
        if (m.event.type === 'gameOver') this.over = true;
        break;
      case 'legal':
        seat.legal = m;
        break;
      case 'accepted':
        if (this.inFlight?.id === m.id) this.inFlight.acceptedSeq = m.seq;
        break;
      case 'rejected':
        if (this.inFlight?.id !== m.id) break;
        // 'unavailable' and 'internalError' leave the game unchanged: the intent may be sent again.
        if (SEND_AGAIN.has(m.code)) this.inFlight.refused = `${m.code}: ${m.message}`;
        else this.failure ??= `rejected ${m.code}: ${m.message}`;
        break;
      case 'diceRevealed':
        this.over = true;
        break;
      case 'error':
        this.failure ??= `error ${m.code}: ${m.message}`;
        break;
      default:
        return;
    }
    this.wake?.();
  }

  /** Resolves when `check` answers (re-checked on every message), fails on a failure or the timeout. */
  private until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<Outcome<T>> {
    const probe = (): Outcome<T> | undefined => {
      if (this.failure !== null) return { failed: this.failure };
      const v = check();
      return v === undefined ? undefined : { ok: v };
    };
    const now = probe();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve({ failed: `no ${what} within ${timeoutMs} ms` });
      }, timeoutMs);
      this.wake = () => {
        const v = probe();
        if (v === undefined) return;
        clearTimeout(timer);
        this.wake = null;
        resolve(v);
      };
    });
  }

  /** One measured intent: its round trip in ms, 'over' when the game has ended, a passing refusal (the game
   *  is unchanged), or a failure. */
  async step(
    random: () => number,
    intentId: string,
  ): Promise<Outcome<number | 'over' | { refused: string }>> {
    const turn = await this.until(
      () =>
        this.over ? 'over' : this.seats.find((s) => s.legal?.seq === this.seq && s.legal.intents.length > 0),
      10_000,
      'legal intents',
    );
    if ('failed' in turn) return turn;
    if (turn.ok === 'over') return { ok: 'over' };
    const legal = turn.ok.legal!;
    const intent = randomPick(legal.intents, random)!;
    const flight = { id: intentId, acceptedSeq: null as number | null, refused: null as string | null };
    this.inFlight = flight;
    const t0 = performance.now();
    this.lastFrameBytes = turn.ok.socket.send({
      type: 'intent',
      id: intentId,
      game: this.id,
      expectedSeq: legal.seq,
      intent,
    });
    const done = await this.until(
      () => {
        if (flight.refused !== null) return { refused: flight.refused };
        const s = flight.acceptedSeq;
        return s !== null && this.seats.every((p) => p.lastSeq >= s) ? performance.now() : undefined;
      },
      30_000,
      'accepted and events',
    );
    this.inFlight = null;
    if ('failed' in done) return done;
    if (typeof done.ok !== 'number') return done;
    this.seq = flight.acceptedSeq!;
    return { ok: done.ok - t0 };
  }

  async close(): Promise<void> {
    for (const s of this.seats) s.socket.onClose = () => {};
    await Promise.all(this.seats.map((s) => s.socket.close()));
  }
}

/** The games of one server: which are over or broken, which are being driven. */
class GamePool {
  private readonly done = new Set<string>();
  private readonly inUse = new Set<string>();
  constructor(readonly ids: readonly string[]) {}

  take(): string | null {
    const id = this.ids.find((g) => !this.done.has(g) && !this.inUse.has(g)) ?? null;
    if (id !== null) this.inUse.add(id);
    return id;
  }

  release(id: string, finished: boolean): void {
    this.inUse.delete(id);
    if (finished) this.done.add(id);
  }

  running(): string[] {
    return this.ids.filter((g) => !this.done.has(g));
  }
}

interface TitanServer {
  readonly base: string;
  readonly wsUrl: string;
  readonly players: readonly [Tokens, Tokens];
  readonly pool: GamePool;
  readonly child: Child;
}

let intentCounter = 0;
const RUN = randomBytes(4).toString('hex');

/** `games` games at once, each one intent in flight, until `perGame` intents each or the budget is spent. */
async function roundTrips(
  server: TitanServer,
  level: { games: number; perGame: number; budgetMs: number },
  random: () => number,
  frames: { bytes: number; count: number },
  profile: string | null = null,
): Promise<RoundTripBench> {
  const tokens = server.players.map((p) => p.accessToken);
  const ids = Array.from({ length: level.games }, () => server.pool.take()).filter((g) => g !== null);
  const games = await pooled(ids, 25, (id) => DrivenGame.open(server.wsUrl, id, tokens));
  const samples: number[] = [];
  let failures = 0;
  let failureSample: string | null = null;
  let refused = 0;
  let refusalSample: string | null = null;
  let events = 0;
  if (profile !== null) await server.child.profile(profile);
  const cpu0 = await server.child.cpuMicros();
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + level.budgetMs;
  await Promise.all(
    games.map(async (first, slot) => {
      let game: DrivenGame | null = first;
      let count = 0;
      while (game !== null && count < level.perGame && performance.now() < deadline) {
        const id = `bench-${RUN}-${++intentCounter}`;
        const before = game.events;
        const r = await game.step(random, id);
        if ('ok' in r && typeof r.ok === 'object') {
          refused += 1;
          refusalSample ??= r.ok.refused;
          continue;
        }
        if ('ok' in r && typeof r.ok === 'number') {
          samples.push(r.ok);
          events += game.events - before;
          frames.bytes += game.lastFrameBytes;
          frames.count += 1;
          count += 1;
          continue;
        }
        if ('failed' in r) {
          failures += 1;
          failureSample ??= `game ${game.id}: ${r.failed}`;
        }
        // The game is over (or broken): its seat in the load goes to a spare game.
        server.pool.release(game.id, true);
        await game.close();
        const spare = server.pool.take();
        game =
          spare === null
            ? null
            : await DrivenGame.open(server.wsUrl, spare, tokens).catch((error: Error) => {
                failures += 1;
                failureSample ??= error.message;
                return null;
              });
      }
      games[slot] = game ?? first;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(own0);
  const cpu1 = await server.child.cpuMicros();
  if (profile !== null) await server.child.profile(null);
  for (const g of games) {
    server.pool.release(g.id, g.over);
    await g.close();
  }
  return {
    ...percentiles(samples),
    games: level.games,
    intentsPerSecond: Math.round(samples.length / seconds),
    eventsPerIntent: samples.length === 0 ? 0 : events / samples.length,
    failures,
    failureSample,
    refused,
    refusalSample,
    serverCpu: (cpu1 - cpu0) / 1e6 / seconds,
    clientCpu: (own.user + own.system) / 1e6 / seconds,
  };
}

/** From the server's spawn to its first intent accepted (a game of the pool: both players connect and join,
 *  then the one to act sends a legal intent). */
async function firstIntent(server: TitanServer, random: () => number): Promise<number> {
  const id = server.pool.take();
  if (id === null) throw new Error('no running game for the first intent');
  const game = await DrivenGame.open(
    server.wsUrl,
    id,
    server.players.map((p) => p.accessToken),
  );
  try {
    for (;;) {
      const r = await game.step(random, `bench-${RUN}-${++intentCounter}`);
      if ('failed' in r) throw new Error(`first intent, game ${id}: ${r.failed}`);
      if (typeof r.ok === 'number') return performance.now() - server.child.spawnedAt;
      if (r.ok === 'over') throw new Error(`first intent, game ${id}: the game is over`);
    }
  } finally {
    server.pool.release(id, game.over);
    await game.close();
  }
}

/** Idle authenticated sockets joined as spectators across the running games, and the server's memory. */
async function socketsHeld(server: TitanServer, count: number): Promise<SocketsBench> {
  const watchers = await pooled(
    Array.from({ length: 10 }, (_, i) => i),
    5,
    (i) =>
      rest<Tokens>(server.base, 'POST', '/api/auth/guest', undefined, { displayName: `Watcher ${i + 1}` }),
  );
  const games = server.pool.running();
  // The restart rebuilds every running game's room in the background (app.ts onReady): until it has, the
  // process's memory also moves with the rooms (and, on PGlite, with the database's WASM memory as it reads
  // their logs), which is not the sockets' cost.
  const resumedBy = performance.now() + 60_000;
  while (performance.now() < resumedBy) {
    const { gauges } = await rest<{ gauges: { rooms: number } }>(server.base, 'GET', '/metrics');
    if (gauges.rooms >= games.length) break;
    await sleep(100);
  }
  await sleep(500);
  await server.child.memory();
  await sleep(500);
  const before = await server.child.memory();
  const tried = await pooled(
    Array.from({ length: count }, (_, i) => i),
    100,
    async (i): Promise<BenchSocket | null> => {
      const socket = await BenchSocket.connect(
        server.wsUrl,
        watchers[i % watchers.length]!.accessToken,
      ).catch(() => null);
      if (socket === null) return null;
      const game = games[i % games.length]!;
      const joined = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 20_000);
        socket.listener = (m) => {
          if ((m.type === 'state' && m.game === game) || m.type === 'error') {
            clearTimeout(timer);
            resolve(m.type === 'state');
          }
        };
        socket.send({ type: 'join', game, as: 'spectator' });
      });
      socket.listener = () => {};
      if (joined) return socket;
      await socket.close();
      return null;
    },
  );
  const sockets = tried.filter((s) => s !== null);
  await sleep(1000);
  const after = await server.child.memory();
  const metrics = await rest<{ gauges: { sockets: number } }>(server.base, 'GET', '/metrics');
  const open = sockets.filter((s) => s.isOpen).length;
  await pooled(sockets, 200, (s) => s.close());
  const n = Math.max(1, sockets.length);
  return {
    attempted: count,
    held: Math.min(metrics.gauges.sockets, open),
    rssBytesPerSocket: (after.rss - before.rss) / n,
    heapBytesPerSocket: (after.heapUsed - before.heapUsed) / n,
  };
}

/** `count` two-player games started by Ann, with Bob in the other seat (REST): their ids. */
function startGames(base: string, [ann, bob]: readonly [Tokens, Tokens], count: number): Promise<string[]> {
  return pooled(
    Array.from({ length: count }, (_, i) => i),
    8,
    async () => {
      const created = await rest<GameSummary>(base, 'POST', '/api/games', ann.accessToken, { seats: 2 });
      await rest(base, 'POST', `/api/games/${created.id}/join`, bob.accessToken, {});
      await rest(base, 'POST', `/api/games/${created.id}/start`, ann.accessToken);
      return created.id;
    },
  );
}

/** The warm-up's intents on games of its own, one at a time: with the 60 on the measured game alone, both
 *  processes were still compiling while 1 game was measured (--trace-opt: 73 functions optimised by TurboFan
 *  in the server during those 300 intents; its helper threads ~25% in the compiler, perf), and its p50 came
 *  out 15-25% higher than after this many more (the same positions measured, issue 16). */
const WARM_UP_INTENTS = 1500;
/** Games started for it: a bench game lasts some 200 intents (8 of 20 ended in one warm-up). */
const WARM_UP_GAMES = 20;

/** Starts the server on this database, creates the games, and measures through sockets. */
async function benchTitan(
  databaseUrl: string | null,
  dataDir: string,
  frames: { bytes: number; count: number },
  options: ServerBenchOptions,
  name: string,
): Promise<{ roundTrips: RoundTripBench[]; sockets: SocketsBench | null; restart: RestartBench }> {
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    botDelayMs: 0,
    // The bench's players answer at machine speed (as in tests/server/support/server.ts).
    messagesPerSecond: 10_000,
    messageBurst: 10_000,
    // Two users stand for the players of every game, ten for thousands of spectators: no per-user or
    // per-address cap may get in the way (the `abuse` section measures the caps at their defaults).
    limits: UNCAPPED_LIMITS,
    logLevel: 'silent',
    webClientDir: path.join(dataDir, 'no-web-client'),
  };
  // First server: the games are created (REST over 127.0.0.1), then it stops.
  options.progress(`${name}: ${options.poolGames} games`);
  const setup = await startChild({ kind: 'titan', config });
  let players: [Tokens, Tokens];
  let ids: string[];
  try {
    const base = `http://127.0.0.1:${setup.port}`;
    const guest = (displayName: string) =>
      rest<Tokens>(base, 'POST', '/api/auth/guest', undefined, { displayName });
    players = [await guest('Ann'), await guest('Bob')];
    ids = await startGames(base, players, options.poolGames);
  } finally {
    await setup.stop();
  }

  // Second server: a restart, timed to its first intent served on a running game (while it rebuilds the
  // others' rooms in the background), then the measures, sockets first (on a fresh process holding the
  // rooms and nothing else yet, so its memory moves with the sockets alone).
  options.progress(`${name}: restart with ${ids.length} running games`);
  const child = await startChild({ kind: 'titan', config });
  try {
    const base = `http://127.0.0.1:${child.port}`;
    const server: TitanServer = {
      base,
      wsUrl: `ws://127.0.0.1:${child.port}/ws`,
      players,
      pool: new GamePool(ids),
      child,
    };
    const firstIntentMs = await firstIntent(server, seededRandom(1616));
    options.progress(`${name}: ${options.spectatorSockets} spectator sockets`);
    const sockets = options.spectatorSockets > 0 ? await socketsHeld(server, options.spectatorSockets) : null;
    const random = seededRandom(6006);
    // Warm-up (not reported): the first intents pay for JIT compilation and the first queries. 60 intents on
    // the first game of the pool (which 1 game then goes on measuring), then WARM_UP_INTENTS one at a time on
    // games of their own, started now (the restart above held the pool's games alone) and dropped after.
    options.progress(`${name}: warm-up`);
    await roundTrips(server, { games: 1, perGame: 60, budgetMs: 5000 }, random, { bytes: 0, count: 0 });
    const warmUp = new GamePool(await startGames(base, players, WARM_UP_GAMES));
    await roundTrips(
      { ...server, pool: warmUp },
      { games: 1, perGame: WARM_UP_INTENTS, budgetMs: 30_000 },
      seededRandom(7007),
      { bytes: 0, count: 0 },
    );
    const results: RoundTripBench[] = [];
    for (const level of options.levels) {
      options.progress(`${name}: intent round trips, ${level.games} games`);
      results.push(
        await roundTrips(server, level, random, frames, `${name.toLowerCase()}-games${level.games}`),
      );
    }
    return { roundTrips: results, sockets, restart: { games: ids.length, ms: child.startMs, firstIntentMs } };
  } finally {
    await child.stop();
  }
}

// ------------------------------------------------------------------------------------ echo

/** `sockets` echo clients at once, each with one frame in flight. */
async function echo(port: number, sockets: number, perSocket: number, budgetMs: number, frame: string) {
  const url = `ws://127.0.0.1:${port}`;
  const clients = await pooled(
    Array.from({ length: sockets }, (_, i) => i),
    50,
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
  );
  const roundTrip = (ws: WebSocket) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no echo within 10 s')), 10_000);
      const t0 = performance.now();
      ws.once('message', () => {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      });
      ws.send(frame);
    });
  for (const ws of clients.slice(0, 1)) for (let i = 0; i < 200; i++) await roundTrip(ws); // warm-up
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  await Promise.all(
    clients.map(async (ws) => {
      for (let i = 0; i < perSocket && performance.now() < deadline; i++) samples.push(await roundTrip(ws));
    }),
  );
  for (const ws of clients) ws.terminate();
  return { ...percentiles(samples), sockets } satisfies EchoBench;
}

// ------------------------------------------------------------------------------------ the database alone

const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silentLogger,
};

const json = (value: unknown) => value as Prisma.InputJsonValue;

async function createBenchGame(db: Database, status: 'running' | 'finished', seq: number): Promise<string> {
  const creatorId = randomUUID();
  await db.prisma.user.create({ data: { id: creatorId, displayName: 'Bench', guest: true } });
  const id = randomUUID();
  const seed = newSeed();
  await db.prisma.game.create({
    data: {
      id,
      creatorId,
      status,
      seatCount: 6,
      options: json({ variant: 'default', handicapMulligans: {} }),
      inviteOnly: false,
      spectatorsAllowed: true,
      seq,
      diceSeed: seed,
      diceCommitment: commitmentOf(seed),
      startedAt: new Date(),
      seats: {
        create: Array.from({ length: 6 }, (_, index) => ({ index, bot: true, name: `Bot ${index + 1}` })),
      },
    },
  });
  return id;
}

/** Single-row inserts of one event, one at a time: through Prisma (the server's client and adapter), then
 *  through the raw driver (PGlite's query / node-postgres) on the same database. */
async function inserts(
  db: Database,
  event: GameEvent,
  count: number,
): Promise<{ prisma: Percentiles; raw: Percentiles }> {
  const gameId = await createBenchGame(db, 'finished', 0);
  let seq = 0;
  const timed = async (count: number, insert: () => Promise<unknown>) => {
    const samples: number[] = [];
    const deadline = performance.now() + 15_000;
    for (let i = 0; i < count && performance.now() < deadline; i++) {
      const t0 = performance.now();
      await insert();
      samples.push(performance.now() - t0);
    }
    return samples;
  };
  const viaPrisma = () =>
    db.prisma.gameEvent.create({ data: { gameId, seq: ++seq, type: event.type, payload: json(event) } });
  await timed(100, viaPrisma);
  const prisma = percentiles(await timed(count, viaPrisma));
  const raw = await db.exclusive(async (session) => {
    const viaDriver = () =>
      session.query('INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload") VALUES ($1, $2, $3, $4)', [
        gameId,
        ++seq,
        event.type,
        JSON.stringify(event),
      ]);
    await timed(100, viaDriver);
    return percentiles(await timed(count, viaDriver));
  });
  await db.prisma.game.delete({ where: { id: gameId } });
  return { prisma, raw };
}

interface LongLog {
  readonly events: readonly GameEvent[];
  /** The latest snapshot the server would hold (it keeps one, written when a batch crosses a multiple of
   *  snapshotEvery). */
  readonly snapshot: { readonly seq: number; readonly state: GameState };
}

/** A bot that never moves into an enemy's land (so its games run long) and otherwise picks like the
 *  random-legal bot; a few kinds it never picks: withdrawing, and taking moves back. */
function cautiousIntent(state: GameState, player: PlayerId, random: () => number): Intent | null {
  const all = legalIntents(state, player);
  if (all.length === 0) return null;
  const enemyLands = new Set(
    Object.values(state.legions)
      .filter((l) => l.owner !== player)
      .map((l) => l.land),
  );
  const calm = all.filter(
    (i) =>
      i.type !== 'withdraw' &&
      i.type !== 'undoMove' &&
      i.type !== 'resetManeuver' &&
      !(i.type === 'moveLegion' && enemyLands.has(i.land)),
  );
  return calm.length === 0 ? botIntent(state, player, 'random', random) : randomPick(calm, random);
}

/** A real log of at least `minEvents` events: six cautious bots through decide/evolve, seeds tried in turn
 *  (games that end sooner are dropped); the batches are the intents, as the server would append them. */
function longLog(minEvents: number, snapshotEvery: number): LongLog {
  for (let seed = 1; seed <= 40; seed++) {
    const dice = seededDice(seed * 2 + 1);
    const random = seededRandom(seed * 2 + 2);
    const created = createGame({
      players: Array.from({ length: 6 }, (_, i) => ({ id: `p${i + 1}`, name: `Bot ${i + 1}` })),
    });
    let state = created.state;
    const events: GameEvent[] = [...created.events];
    let snapshot: LongLog['snapshot'] | null = null;
    // The log ends about half a snapshot interval after the snapshot, as a restart would find it on average.
    const end = minEvents + Math.floor(snapshotEvery / 2);
    for (let intents = 0; intents < 40_000 && state.result === null && events.length < end; intents++) {
      const actor = pending(state).actor;
      if (actor === null) break;
      const intent = cautiousIntent(state, actor, random);
      if (intent === null) break;
      const decision = decide(state, actor, intent, dice);
      if ('rejected' in decision) break;
      const before = events.length;
      for (const e of decision.events) {
        state = evolve(state, e);
        events.push(e);
      }
      if (Math.floor(events.length / snapshotEvery) > Math.floor(before / snapshotEvery)) {
        snapshot = { seq: events.length, state };
      }
    }
    if (events.length >= end && state.result === null && snapshot !== null) return { events, snapshot };
  }
  throw new Error(`no game of 40 reached ${minEvents} events`);
}

/** Room.load of a game with `log` as its event log: from its latest snapshot, then with none. */
async function rebuild(db: Database, log: LongLog): Promise<RebuildBench> {
  const gameId = await createBenchGame(db, 'running', log.events.length);
  for (let from = 0; from < log.events.length; from += 1000) {
    await db.prisma.gameEvent.createMany({
      data: log.events.slice(from, from + 1000).map((event, i) => ({
        gameId,
        seq: from + i + 1,
        type: event.type,
        payload: json(event),
      })),
    });
  }
  await db.prisma.gameSnapshot.create({
    data: { gameId, seq: log.snapshot.seq, format: SNAPSHOT_FORMAT, state: json(log.snapshot.state) },
  });
  const deps = {
    engine: rulesEngine,
    log: gameLog(db),
    chatLog: chatLog(db),
    logger: silentLogger,
    metrics: createMetrics(),
    botDelayMs: Number.POSITIVE_INFINITY, // bot seats stay still
    botBudgetMs: DEFAULT_BOT_BUDGET_MS,
    snapshotEvery: DEFAULT_CONFIG.snapshotEvery,
    maxReplayEvents: DEFAULT_CONFIG.maxReplayEvents,
    clockCheckpointMs: DEFAULT_CONFIG.clockCheckpointMs,
  };
  const timeLoads = async (times: number) => {
    const ms: number[] = [];
    for (let i = 0; i <= times; i++) {
      const t0 = performance.now();
      const room = await Room.load(gameId, deps);
      const elapsed = performance.now() - t0;
      if (room?.currentSeq !== log.events.length) throw new Error('the rebuilt room is not at the log end');
      await room.close();
      if (i > 0) ms.push(elapsed); // the first load warms up
    }
    return median(ms);
  };
  const withSnapshotMs = await timeLoads(5);
  await db.prisma.gameSnapshot.deleteMany({ where: { gameId } });
  const withoutSnapshotMs = await timeLoads(3);
  await db.prisma.game.delete({ where: { id: gameId } });
  return { events: log.events.length, snapshotSeq: log.snapshot.seq, withSnapshotMs, withoutSnapshotMs };
}

// ------------------------------------------------------------------------------------ PostgreSQL

/** A fresh `titan_bench_<random>` database on 127.0.0.1:5432, or null when no server can be reached. */
function benchDatabase(): Promise<ScratchDatabase | null> {
  return scratchDatabase('titan_bench');
}

// ------------------------------------------------------------------------------------ the whole section

async function benchDatabaseKind(
  kind: 'pglite' | 'postgres',
  url: string | null,
  dataDir: string,
  log: LongLog,
  frames: { bytes: number; count: number },
  options: ServerBenchOptions,
): Promise<DatabaseBench> {
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const { roundTrips: trips, sockets, restart } = await benchTitan(url, dataDir, frames, options, name);
  // The server has stopped: the same database, now opened here, for the bare inserts and the rebuild.
  const db = await openDatabase({ url, dataDir });
  try {
    await applyMigrations(db);
    options.progress(`${name}: single-row inserts`);
    const sample = log.events.find((e) => e.type === 'legionMoved') ?? log.events[0]!;
    const insert = await inserts(db, sample, options.inserts);
    options.progress(`${name}: room rebuild`);
    const rebuilt = await rebuild(db, log);
    return {
      kind,
      skipped: null,
      roundTrips: trips,
      insertPrisma: insert.prisma,
      insertRaw: insert.raw,
      sockets,
      restart,
      rebuild: rebuilt,
    };
  } finally {
    await db.close();
  }
}

/** What must not outlive the bench, also when it is interrupted (Ctrl-C): temporary folders, the database. */
function cleanupOnInterrupt() {
  const tasks = new Set<() => Promise<void> | void>();
  const interrupted = () => {
    void Promise.allSettled([...tasks].map(async (task) => task())).then(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  return {
    /** Runs `task` when `body` is done (or the process is interrupted meanwhile). */
    async around<T>(task: () => Promise<void> | void, body: () => Promise<T>): Promise<T> {
      tasks.add(task);
      try {
        return await body();
      } finally {
        tasks.delete(task);
        await task();
      }
    },
    dispose() {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
    },
  };
}

export const tempDir = () => mkdtempSync(path.join(tmpdir(), 'titan-bench-'));
const removeDir = (dir: string) => () => rmSync(dir, { recursive: true, force: true });

let longLogMemo: LongLog | null = null;

/** One database's section (`pglite` or `postgres`): intent round trips, sockets held and the restart through a
 *  server, then the bare inserts and the room rebuild on the same database. `frames` gathers the intent
 *  frames' sizes (the echo section sends frames of their mean size). */
export async function benchDatabaseSection(
  kind: 'pglite' | 'postgres',
  frames: { bytes: number; count: number },
  overrides: Partial<ServerBenchOptions> = {},
): Promise<DatabaseBench> {
  const options: ServerBenchOptions = { ...SERVER_BENCH_DEFAULTS, ...overrides };
  const cleanup = cleanupOnInterrupt();
  try {
    if (longLogMemo === null) options.progress('a long game log for the rebuild');
    longLogMemo ??= longLog(options.longLogEvents, DEFAULT_CONFIG.snapshotEvery);
    const log = longLogMemo;
    const dataDir = tempDir(); // PGlite's data folder; the server's data folder on PostgreSQL (kept empty)
    if (kind === 'pglite') {
      return await cleanup.around(removeDir(dataDir), () =>
        benchDatabaseKind('pglite', null, dataDir, log, frames, options),
      );
    }
    const postgres = await benchDatabase();
    if (postgres === null) {
      removeDir(dataDir)();
      return {
        kind: 'postgres',
        skipped: 'PostgreSQL is not reachable at 127.0.0.1:5432 and pg_ctlcluster could not start it',
        roundTrips: [],
        insertPrisma: null,
        insertRaw: null,
        sockets: null,
        restart: null,
        rebuild: null,
      };
    }
    return await cleanup.around(removeDir(dataDir), () =>
      cleanup.around(postgres.drop, () =>
        benchDatabaseKind('postgres', postgres.url, dataDir, log, frames, options),
      ),
    );
  } finally {
    cleanup.dispose();
  }
}

/** The echo frames' size when no intent frame was measured in this run. */
export const DEFAULT_FRAME_BYTES = 200;

/** A bare `ws` echo server at each level's concurrency, with frames of `frameBytes`. */
export async function benchEchoSection(
  frameBytes: number,
  overrides: Partial<ServerBenchOptions> = {},
): Promise<EchoBench[]> {
  const options: ServerBenchOptions = { ...SERVER_BENCH_DEFAULTS, ...overrides };
  const envelope = JSON.stringify({ type: 'ping', nonce: '' });
  const frame = JSON.stringify({
    type: 'ping',
    nonce: 'x'.repeat(Math.max(0, frameBytes - envelope.length)),
  });
  const echoes: EchoBench[] = [];
  const echoServer = await startChild({ kind: 'echo' });
  try {
    for (const level of options.levels) {
      options.progress(`bare ws echo, ${level.games} sockets`);
      echoes.push(await echo(echoServer.port, level.games, Math.ceil(4000 / level.games), 5000, frame));
    }
  } finally {
    await echoServer.stop();
  }
  return echoes;
}

// ------------------------------------------------------------------------------------ abuse (issue 12)

export interface AbuseBench {
  /** Two seated players, one intent each per 60 ms: the intent's round trip (send to `accepted`). */
  readonly quiet: Percentiles;
  /** The same while one guest's 200 sockets send junk intents and joins to their game. */
  readonly flood: Percentiles & { readonly socketsHeld: number; readonly framesSent: number };
  /** The same with 1,000 spectator sockets on their game. */
  readonly spectators: Percentiles & { readonly socketsHeld: number };
  /** Games that ended during the measures (a new one was started for the players). */
  readonly gamesStarted: number;
}

/** Drives one game's two seated players at one intent per `paceMs`; a new game when it ends. */
class PacedPlayers {
  game = '';
  gamesStarted = 0;
  samples: number[] = [];
  /** When set, only this game's intents are sampled. */
  only: string | null = null;
  /** When the current measure began: an intent sent before it is not sampled (one sent while the crowd was
   *  still joining waited behind the joins, outside any measuring window). */
  private since = 0;
  private stopped = false;
  private sockets: BenchSocket[] = [];

  constructor(
    private readonly server: { base: string; wsUrl: string },
    private readonly players: readonly [Tokens, Tokens],
    private readonly paceMs: number,
    private readonly random: () => number,
  ) {}

  /** Creates and starts a game, joins both players; their loop runs until `stop`. */
  async start(): Promise<void> {
    const [ann, bob] = this.players;
    const created = await rest<GameSummary>(this.server.base, 'POST', '/api/games', ann.accessToken, {
      seats: 2,
    });
    await rest(this.server.base, 'POST', `/api/games/${created.id}/join`, bob.accessToken, {});
    await rest(this.server.base, 'POST', `/api/games/${created.id}/start`, ann.accessToken);
    this.game = created.id;
    this.gamesStarted += 1;
    for (const s of this.sockets) await s.close();
    this.sockets = await Promise.all(
      this.players.map((p) => BenchSocket.connect(this.server.wsUrl, p.accessToken)),
    );
    for (const socket of this.sockets) this.drive(socket, created.id);
  }

  private drive(socket: BenchSocket, game: string): void {
    let pending: { id: string; at: number } | null = null;
    /** The latest `legal` offered: it may arrive before the reply to the intent before it. */
    let offered: ServerMessageOf<'legal'> | null = null;
    let counter = 0;
    const act = () => {
      const legal = offered;
      if (legal === null || pending !== null) return;
      offered = null;
      const calm = legal.intents.filter((i) => !['withdraw', 'undoMove', 'resetManeuver'].includes(i.type));
      const intent = randomPick(calm.length > 0 ? calm : legal.intents, this.random);
      const id = `p-${++counter}-${randomUUID()}`;
      pending = { id, at: Number.NaN };
      setTimeout(() => {
        if (this.stopped || this.game !== game) return;
        pending = { id, at: performance.now() };
        socket.send({ type: 'intent', id, game, expectedSeq: legal.seq, intent });
      }, this.paceMs);
    };
    socket.listener = (m) => {
      if (this.stopped || this.game !== game) return;
      if (m.type === 'diceRevealed') {
        if (socket === this.sockets[0]) void this.start();
        return;
      }
      if ((m.type === 'accepted' || m.type === 'rejected') && pending && m.id === pending.id) {
        const sampled = (this.only === null || this.only === game) && pending.at >= this.since;
        if (m.type === 'accepted' && sampled) {
          this.samples.push(performance.now() - pending.at);
        }
        pending = null;
        if (m.type === 'rejected') socket.send({ type: 'sync', game });
        act();
        return;
      }
      if (m.type !== 'legal' || m.game !== game) return;
      offered = m;
      act();
    };
    socket.send({ type: 'join', game, as: 'player' });
  }

  /** The samples taken until `count` more arrive (or `budgetMs` passes, or, with `game`, that game ends:
   *  only its intents are sampled). */
  async measure(count: number, budgetMs: number, game: string | null = null): Promise<Percentiles> {
    this.samples = [];
    this.only = game;
    this.since = performance.now();
    const until = Date.now() + budgetMs;
    while (this.samples.length < count && Date.now() < until && (game === null || this.game === game)) {
      await sleep(50);
    }
    this.only = null;
    return percentiles(this.samples);
  }

  /** The samples of the last `measure`, as they are (for a measure taken in parts). */
  get taken(): readonly number[] {
    return this.samples;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.sockets.map((s) => s.close()));
  }
}

/**
 * `npm run bench -- --section abuse`: the seated players' intent round trip on a quiet game, while one
 * guest floods it (200 sockets sending junk intents and joins, each within the per-socket rate), and
 * with 1,000 spectator sockets on it. The server runs with the default limits, except the guests per
 * address (every bench user signs up from 127.0.0.1, where real ones come from many addresses).
 */
export async function benchAbuse(
  options: { samples?: number; progress?: (what: string) => void } = {},
): Promise<AbuseBench> {
  const samples = options.samples ?? 150;
  const progress = options.progress ?? (() => {});
  const dataDir = tempDir();
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    botDelayMs: 0,
    limits: { ...DEFAULT_CONFIG.limits, guestsPerHour: 1_000_000 },
    logLevel: 'silent',
    webClientDir: path.join(dataDir, 'no-web-client'),
  };
  const child = await startChild({ kind: 'titan', config });
  const open: BenchSocket[] = [];
  try {
    const base = `http://127.0.0.1:${child.port}`;
    const server = { base, wsUrl: `ws://127.0.0.1:${child.port}/ws` };
    const guest = (displayName: string) =>
      rest<Tokens>(base, 'POST', '/api/auth/guest', undefined, { displayName });
    const players = [await guest('Ann'), await guest('Bob')] as const;
    const driven = new PacedPlayers(server, players, 60, seededRandom(1212));
    await driven.start();
    progress('abuse: warm-up');
    await driven.measure(40, 20_000);
    progress('abuse: quiet');
    await child.profile('abuse-quiet');
    const quiet = await driven.measure(samples, 60_000);
    await child.profile(null);

    progress('abuse: flood (200 sockets of one guest)');
    const mallory = await guest('Mallory');
    const flooders = (
      await pooled(
        Array.from({ length: 200 }, (_, i) => i),
        50,
        (_i) => BenchSocket.connect(server.wsUrl, mallory.accessToken, 5000).catch(() => null),
      )
    ).filter((s): s is BenchSocket => s !== null);
    await sleep(500);
    const held = flooders.filter((s) => s.isOpen);
    open.push(...flooders);
    let framesSent = 0;
    let flooding = true;
    const junk = async (socket: BenchSocket) => {
      let n = 0;
      while (flooding && socket.isOpen) {
        // 15 frames a second: under the per-socket rate (20 a second), so the rate limit does not close it.
        socket.send(
          n % 3 === 0
            ? { type: 'join', game: driven.game, as: 'spectator' }
            : { type: 'intent', id: `junk-${n}`, game: driven.game, intent: { type: 'rollTower' } },
        );
        framesSent += 1;
        n += 1;
        await sleep(1000 / 15);
      }
    };
    const floods = held.map((s) => junk(s));
    await child.profile('abuse-flood');
    const flood = await driven.measure(samples, 60_000);
    await child.profile(null);
    flooding = false;
    await Promise.all(floods);
    await pooled(flooders, 100, (s) => s.close());

    progress('abuse: 1,000 spectator sockets');
    const watchers = await pooled(
      Array.from({ length: 50 }, (_, i) => i),
      10,
      (i) => guest(`Watcher ${i + 1}`),
    );
    const spectators = (
      await pooled(
        Array.from({ length: 1000 }, (_, i) => i),
        50,
        (i) => BenchSocket.connect(server.wsUrl, watchers[i % 50]!.accessToken).catch(() => null),
      )
    ).filter((s): s is BenchSocket => s !== null);
    open.push(...spectators);
    /** Every spectator joins `game` (a user's joins per second are capped: a refused join waits). */
    const watch = (game: string) =>
      pooled(spectators, 50, async (socket) => {
        for (let attempt = 0; attempt < 30 && socket.isOpen; attempt++) {
          const joined = await new Promise<boolean | null>((resolve) => {
            const timer = setTimeout(() => resolve(false), 20_000);
            socket.listener = (m) => {
              if (m.type === 'joined' && m.game === game) {
                clearTimeout(timer);
                resolve(true);
              } else if (m.type === 'error') {
                clearTimeout(timer);
                resolve(m.code === 'rateLimited' ? null : false);
              }
            };
            socket.send({ type: 'join', game, as: 'spectator' });
          });
          if (joined !== null) break;
          await sleep(1000);
        }
        socket.listener = () => {};
      });
    // The players' game may end meanwhile: the spectators follow them to the next one, and only intents
    // of a game they all watch are sampled.
    const crowdSamples: number[] = [];
    const until = Date.now() + 120_000;
    await child.profile('abuse-spectators');
    while (crowdSamples.length < samples && Date.now() < until) {
      const game = driven.game;
      await watch(game);
      if (driven.game !== game) continue;
      await driven.measure(samples - crowdSamples.length, until - Date.now(), game);
      crowdSamples.push(...driven.taken);
    }
    await child.profile(null);
    const watching = spectators.filter((s) => s.isOpen).length;
    const crowd = percentiles(crowdSamples);
    await driven.stop();
    return {
      quiet,
      flood: { ...flood, socketsHeld: held.length, framesSent },
      spectators: { ...crowd, socketsHeld: watching },
      gamesStarted: driven.gamesStarted,
    };
  } finally {
    await pooled(open, 200, (s) => s.close());
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
