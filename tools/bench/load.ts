// `npm run bench -- --section load` (issue 16): the load the server is meant for, at a human pace. 500 rooms,
// each with six seated players and four spectators on their own sockets (5,000 sockets), each room playing
// one intent per second (the player to act picks one of the legal intents the server offered him, as the
// random bot does). Measured: the intent's round trip (sent to `accepted`), the time until the event has
// reached all ten sockets of the room, the server's CPU, and its memory per running room.
//
// The server runs in a child process (server.ts startChild), on PostgreSQL when it is reachable (else
// PGlite), with the per-user and per-address caps lifted (a few users stand for thousands of players).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG, type ServerConfig, UNCAPPED_LIMITS } from '../../server/config';
import { randomPick } from '../../shared/bot/index';
import { seededRandom } from '../../shared/engine/random';
import type { ServerMessageOf } from '../../shared/protocol/messages';
import type { GameSummary, Tokens } from '../../shared/protocol/rest';
import { scratchDatabase } from '../localPostgres';
import { rest } from '../rest';
import {
  type BenchMessage,
  BenchSocket,
  type Percentiles,
  percentiles,
  pooled,
  sleep,
  startChild,
  tempDir,
} from './server';

export interface LoadBench {
  readonly database: 'postgres' | 'pglite';
  readonly rooms: number;
  /** Sockets open and joined when the measure ended. */
  readonly sockets: number;
  /** Intent round trip: sent to `accepted` at the sender (ms). */
  readonly roundTrip: Percentiles;
  /** Sent until the event carrying the accepted seq has reached every socket of the room (ms). */
  readonly delivered: Percentiles;
  readonly intentsPerSecond: number;
  /** The server process's CPU time over the measure, in cores (1 = one core busy all the time). */
  readonly serverCpu: number;
  /** The bench client's own event-loop delay over the measure (ms): the clients share this machine's
   *  cores with the server, and a late client reads its replies late. */
  readonly clientLoopDelay: { readonly p50: number; readonly p99: number; readonly max: number };
  /** The bench process's CPU over the measure, in cores. */
  readonly clientCpu: number;
  /** The server's memory growth per running room (the rooms' games created and started, no socket yet). */
  readonly rssBytesPerRoom: number;
  readonly heapBytesPerRoom: number;
  /** Intents refused (the player synced and chose again) and rooms whose game ended meanwhile. */
  readonly refused: number;
  readonly gamesEnded: number;
}

export interface LoadOptions {
  readonly rooms: number;
  readonly players: number;
  readonly spectators: number;
  /** One intent per room this often (ms). */
  readonly paceMs: number;
  readonly warmUpMs: number;
  readonly measureMs: number;
  readonly progress: (what: string) => void;
}

export const LOAD_DEFAULTS: LoadOptions = {
  rooms: 500,
  players: 6,
  spectators: 4,
  paceMs: 1000,
  warmUpMs: 5000,
  measureMs: 20_000,
  progress: () => {},
};

/** Intents the paced players never pick (they would only slow the game down). */
const SLOW = new Set(['withdraw', 'undoMove', 'resetManeuver']);

/** One room's ten sockets: the player to act sends one intent per pace tick. */
class PacedRoom {
  private seq = 0;
  private due = false;
  private pending: { id: string; at: number; seq: number | null; reached: number } | null = null;
  private counter = 0;
  private over = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly legal = new Map<BenchSocket, ServerMessageOf<'legal'>>();
  private readonly lastSeq = new Map<BenchSocket, number>();
  /** Sockets waiting for their first state or event after joining. */
  private readonly joining = new Map<BenchSocket, () => void>();

  constructor(
    readonly game: string,
    private readonly players: readonly BenchSocket[],
    private readonly spectators: readonly BenchSocket[],
    private readonly random: () => number,
    private readonly tally: LoadTally,
  ) {
    for (const socket of [...players, ...spectators]) {
      this.lastSeq.set(socket, -1);
      socket.listener = (m) => this.receive(socket, m);
    }
  }

  get sockets(): readonly BenchSocket[] {
    return [...this.players, ...this.spectators];
  }

  /** Joins every socket (players as their seats, the rest as spectators); true when all are in. */
  async join(): Promise<boolean> {
    const joins = this.sockets.map(
      (socket, i) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            this.joining.delete(socket);
            resolve(false);
          }, 30_000);
          this.joining.set(socket, () => {
            clearTimeout(timer);
            resolve(true);
          });
          socket.send({
            type: 'join',
            game: this.game,
            as: i < this.players.length ? 'player' : 'spectator',
          });
        }),
    );
    return (await Promise.all(joins)).every(Boolean);
  }

  /** One tick per `paceMs` at this room's own phase (random). The ticks are due at fixed times (first +
   *  k × pace, a tick missed in a stall of this process is skipped): with setInterval, which counts from
   *  when its callback ran, the rooms delayed by one stall of this process stayed bunched together for
   *  the rest of the run, and the server saw their intents arrive in one burst every second. */
  start(paceMs: number): void {
    let due = performance.now() + this.random() * paceMs;
    const tick = () => {
      this.due = true;
      this.act();
      const now = performance.now();
      due += paceMs * Math.max(1, Math.ceil((now - due) / paceMs));
      this.timer = setTimeout(tick, due - now);
    };
    this.timer = setTimeout(tick, due - performance.now());
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.over = true;
  }

  private act(): void {
    if (!this.due || this.pending !== null || this.over) return;
    for (const socket of this.players) {
      const legal = this.legal.get(socket);
      if (legal === undefined || legal.seq !== this.seq || legal.intents.length === 0) continue;
      const calm = legal.intents.filter((i) => !SLOW.has(i.type));
      const intent = randomPick(calm.length > 0 ? calm : legal.intents, this.random);
      const id = `load-${++this.counter}`;
      this.due = false;
      this.legal.delete(socket);
      this.pending = { id, at: performance.now(), seq: null, reached: 0 };
      socket.send({ type: 'intent', id, game: this.game, expectedSeq: legal.seq, intent });
      return;
    }
  }

  private receive(socket: BenchSocket, m: BenchMessage): void {
    switch (m.type) {
      case 'state':
        this.seen(socket, m.seq);
        break;
      case 'event':
        this.seen(socket, m.seq);
        break;
      case 'legal':
        this.legal.set(socket, m);
        this.seq = Math.max(this.seq, m.seq);
        this.act();
        break;
      case 'accepted':
        if (this.pending?.id !== m.id) return;
        this.tally.roundTrip(performance.now() - this.pending.at);
        this.pending.seq = m.seq;
        this.seq = Math.max(this.seq, m.seq);
        this.pending.reached = this.sockets.filter((s) => (this.lastSeq.get(s) ?? -1) >= m.seq).length;
        this.settle();
        break;
      case 'rejected':
        if (this.pending?.id !== m.id) return;
        this.tally.refused += 1;
        this.pending = null;
        this.due = true;
        socket.send({ type: 'sync', game: this.game });
        break;
      case 'diceRevealed':
        if (!this.over) this.tally.gamesEnded += 1;
        this.stop();
        break;
      default:
    }
  }

  private seen(socket: BenchSocket, seq: number): void {
    const before = this.lastSeq.get(socket) ?? -1;
    this.lastSeq.set(socket, Math.max(before, seq));
    this.joining.get(socket)?.();
    this.joining.delete(socket);
    if (socket === this.players[0]) this.seq = Math.max(this.seq, seq);
    const p = this.pending;
    if (p?.seq != null && before < p.seq && seq >= p.seq) {
      p.reached += 1;
      this.settle();
    }
  }

  /** The pending intent is done once every socket has its event. */
  private settle(): void {
    const p = this.pending;
    if (p === null || p.seq === null || p.reached < this.lastSeq.size) return;
    this.tally.delivered(performance.now() - p.at);
    this.pending = null;
    this.act();
  }
}

class LoadTally {
  measuring = false;
  readonly roundTrips: number[] = [];
  readonly deliveries: number[] = [];
  refused = 0;
  gamesEnded = 0;

  roundTrip(ms: number): void {
    if (this.measuring) this.roundTrips.push(ms);
  }

  delivered(ms: number): void {
    if (this.measuring) this.deliveries.push(ms);
  }
}

export async function benchLoad(overrides: Partial<LoadOptions> = {}): Promise<LoadBench> {
  const options: LoadOptions = { ...LOAD_DEFAULTS, ...overrides };
  const { progress } = options;
  const dataDir = tempDir();
  const postgres = await scratchDatabase('titan_bench');
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: postgres?.url ?? null,
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    limits: UNCAPPED_LIMITS,
    logLevel: 'silent',
    webClientDir: path.join(dataDir, 'no-web-client'),
  };
  const child = await startChild({ kind: 'titan', config });
  const rooms: PacedRoom[] = [];
  try {
    const base = `http://127.0.0.1:${child.port}`;
    const wsUrl = `ws://127.0.0.1:${child.port}/ws`;
    const guest = (displayName: string) =>
      rest<Tokens>(base, 'POST', '/api/auth/guest', undefined, { displayName });
    const players = await pooled(
      Array.from({ length: options.players }, (_, i) => i),
      options.players,
      (i) => guest(`Player ${i + 1}`),
    );
    const watchers = await pooled(
      Array.from({ length: 20 }, (_, i) => i),
      10,
      (i) => guest(`Watcher ${i + 1}`),
    );
    await sleep(500);
    await child.memory();
    const empty = await child.memory();

    progress(`load: ${options.rooms} games of ${options.players} players`);
    const [creator, ...others] = players;
    const games = await pooled(
      Array.from({ length: options.rooms }, (_, i) => i),
      8,
      async () => {
        const created = await rest<GameSummary>(base, 'POST', '/api/games', creator!.accessToken, {
          seats: options.players,
        });
        for (const p of others) await rest(base, 'POST', `/api/games/${created.id}/join`, p.accessToken, {});
        await rest(base, 'POST', `/api/games/${created.id}/start`, creator!.accessToken);
        return created.id;
      },
    );
    await sleep(500);
    const loaded = await child.memory();

    const perRoom = options.players + options.spectators;
    progress(`load: ${options.rooms * perRoom} sockets`);
    const tally = new LoadTally();
    const random = seededRandom(1616);
    const built = await pooled(games, 20, async (game, g) => {
      const sockets = await Promise.all(
        Array.from({ length: perRoom }, (_, i) =>
          BenchSocket.connect(
            wsUrl,
            i < options.players
              ? players[i]!.accessToken
              : watchers[(g * options.spectators + i) % watchers.length]!.accessToken,
            60_000,
          ),
        ),
      );
      const room = new PacedRoom(
        game,
        sockets.slice(0, options.players),
        sockets.slice(options.players),
        random,
        tally,
      );
      rooms.push(room);
      return (await room.join()) ? room : null;
    });
    const joined = built.filter((r) => r !== null);

    progress(`load: ${joined.length} rooms at one intent per ${options.paceMs} ms (warm-up)`);
    for (const room of joined) room.start(options.paceMs);
    await sleep(options.warmUpMs);
    progress('load: measuring');
    // The profiler's start stops the server for 100 ms or more: it is not part of the measure.
    await child.profile('load');
    tally.measuring = true;
    const cpu0 = await child.cpuMicros();
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const own0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(options.measureMs);
    tally.measuring = false;
    const own = process.cpuUsage(own0);
    loopDelay.disable();
    const cpu1 = await child.cpuMicros();
    const seconds = (performance.now() - t0) / 1000;
    await child.profile(null);
    for (const room of rooms) room.stop();
    const sockets = joined.flatMap((r) => r.sockets).filter((s) => s.isOpen).length;
    return {
      database: postgres === null ? 'pglite' : 'postgres',
      rooms: joined.length,
      sockets,
      roundTrip: percentiles(tally.roundTrips),
      delivered: percentiles(tally.deliveries),
      intentsPerSecond: Math.round(tally.roundTrips.length / seconds),
      serverCpu: (cpu1 - cpu0) / 1e6 / seconds,
      clientLoopDelay: {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      },
      clientCpu: (own.user + own.system) / 1e6 / seconds,
      rssBytesPerRoom: (loaded.rss - empty.rss) / games.length,
      heapBytesPerRoom: (loaded.heapUsed - empty.heapUsed) / games.length,
      refused: tally.refused,
      gamesEnded: tally.gamesEnded,
    };
  } finally {
    for (const room of rooms) room.stop();
    await pooled(
      rooms.flatMap((r) => r.sockets),
      200,
      (s) => s.close(),
    );
    await child.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
