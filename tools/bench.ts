// `npm run bench`: speed and size, measured on this machine in one run (never asserted by tests).
//   npm run bench [-- --section NAME[,NAME...]] [--json] [--profile DIR]
// Sections, in the order a whole run takes them: engine (games, intents and replayed events per second),
// pglite and postgres (intent round trips over websockets at 1/50/500 games, bare inserts, sockets held,
// restart, room rebuild), echo (a bare ws echo at the same concurrency, with frames as large as the intents
// sent), load (5,000 sockets on 500 rooms at a human pace, issue 16), abuse (one hostile guest, issue 12),
// cluster (several server processes on PostgreSQL and Redis: intents/s with 1 and 3, a kill -9 failover,
// issue 16), client (the browser bundle). With --json the last line is every figure as one JSON object, one key per
// section (stable keys: `echo1.p50`, `postgres.games500.intentsPerSecond`, `load.p99`, ...; ms and per
// second). With --profile DIR the server writes a V8 CPU profile of each measuring window into DIR
// (`postgres-games500.cpuprofile`, `load.cpuprofile`, `abuse-spectators.cpuprofile`, ...).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_DIST, clientBundleSize } from '../web-client/bundleSize';
import { failover, startCluster, stopCluster, throughput } from './bench/cluster';
import { benchEngine } from './bench/engine';
import { benchLoad } from './bench/load';
import {
  benchAbuse,
  benchDatabaseSection,
  benchEchoSection,
  type DatabaseBench,
  DEFAULT_FRAME_BYTES,
  type EchoBench,
  type Percentiles,
  PROFILE_ENV,
} from './bench/server';
import { scratchDatabase } from './localPostgres';
import { localRedis } from './localRedis';

type Figures = Record<string, unknown>;

interface Run {
  /** Intent frames sent by the database sections (the echo sends frames of their mean size). */
  readonly frames: { bytes: number; count: number };
  /** Every section's figures so far (the --json line). */
  readonly figures: Record<string, Figures>;
  readonly progress: (what: string) => void;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? null) : null);

const round = (v: number, digits = 2) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : null);
const pct = (p: Percentiles) => ({ p50: round(p.p50), p99: round(p.p99), n: p.n });
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const p50p99 = (p: Percentiles) => `${ms(p.p50)} / ${ms(p.p99)} ms`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function line(label: string, value: string): void {
  console.log(`${label.padEnd(52)} ${value}`);
}

function engine(run: Run): void {
  console.log('# engine (random-legal bots through decide/evolve)');
  const e = benchEngine();
  line(`complete games per second (${e.games} games, 2-6 players)`, String(e.gamesPerSecond));
  line('intents decided per second (incl. evolve)', String(e.intentsPerSecond));
  line('events replayed per second', String(e.replayEventsPerSecond));
  run.figures.engine = { ...e };
}

async function database(run: Run, kind: 'pglite' | 'postgres'): Promise<void> {
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`# ${kind} (server in a child process, websocket clients in this one, all on 127.0.0.1)`);
  const db: DatabaseBench = await benchDatabaseSection(kind, run.frames, { progress: run.progress });
  if (db.skipped !== null) {
    line(name, `*** SKIPPED: ${db.skipped} ***`);
    run.figures[kind] = { skipped: db.skipped };
    return;
  }
  const figures: Figures = {};
  if (db.insertPrisma) {
    line(`${name}: single-row insert (Prisma) p50 / p99`, p50p99(db.insertPrisma));
    figures.insertPrisma = pct(db.insertPrisma);
  }
  if (db.insertRaw) {
    line(`${name}: single-row insert (raw driver) p50 / p99`, p50p99(db.insertRaw));
    figures.insertRaw = pct(db.insertRaw);
  }
  for (const r of db.roundTrips) {
    line(
      `${name}: intent round trip, ${r.games} game${r.games === 1 ? '' : 's'} p50 / p99`,
      `${p50p99(r)} (${r.intentsPerSecond} intents/s, ${r.eventsPerIntent.toFixed(1)} events/intent, n=${r.n})`,
    );
    line(
      `${name}:   server / bench client CPU (cores busy)`,
      `${r.serverCpu.toFixed(2)} / ${r.clientCpu.toFixed(2)}`,
    );
    if (r.refused > 0) line(`${name}:   intents refused, sent again`, `${r.refused} (${r.refusalSample})`);
    if (r.failures > 0)
      line(`${name}:   intents failed, games replaced`, `${r.failures} (${r.failureSample})`);
    figures[`games${r.games}`] = {
      ...pct(r),
      intentsPerSecond: r.intentsPerSecond,
      eventsPerIntent: round(r.eventsPerIntent),
      refused: r.refused,
      failures: r.failures,
      serverCpu: round(r.serverCpu),
      clientCpu: round(r.clientCpu),
    };
  }
  if (db.sockets) {
    const s = db.sockets;
    line(`${name}: idle spectator sockets held`, `${s.held} of ${s.attempted}`);
    line(
      `${name}: server memory per socket (RSS / heap)`,
      `${kB(s.rssBytesPerSocket)} / ${kB(s.heapBytesPerSocket)}`,
    );
    figures.sockets = {
      held: s.held,
      attempted: s.attempted,
      rssBytesPerSocket: Math.round(s.rssBytesPerSocket),
      heapBytesPerSocket: Math.round(s.heapBytesPerSocket),
    };
  }
  if (db.restart) {
    line(`${name}: server start, ${db.restart.games} running games`, `${ms(db.restart.ms)} ms`);
    line(`${name}: spawn to first intent served`, `${ms(db.restart.firstIntentMs)} ms`);
    figures.restart = {
      games: db.restart.games,
      ms: round(db.restart.ms),
      firstIntentMs: round(db.restart.firstIntentMs),
    };
  }
  if (db.rebuild) {
    const b = db.rebuild;
    line(
      `${name}: room rebuild, ${b.events} events, snapshot`,
      `${ms(b.withSnapshotMs)} ms (snapshot at seq ${b.snapshotSeq})`,
    );
    line(`${name}: room rebuild, ${b.events} events, no snapshot`, `${ms(b.withoutSnapshotMs)} ms`);
    figures.rebuild = {
      events: b.events,
      snapshotSeq: b.snapshotSeq,
      withSnapshotMs: round(b.withSnapshotMs),
      withoutSnapshotMs: round(b.withoutSnapshotMs),
    };
  }
  run.figures[kind] = figures;
}

async function echo(run: Run): Promise<void> {
  const measured = run.frames.count > 0;
  const frameBytes = measured ? Math.round(run.frames.bytes / run.frames.count) : DEFAULT_FRAME_BYTES;
  console.log(
    `# echo (a bare ws server in a child process; frames of ${frameBytes} B, ${measured ? 'the mean intent frame of this run' : 'no intent measured in this run'})`,
  );
  const echoes: readonly EchoBench[] = await benchEchoSection(frameBytes, { progress: run.progress });
  for (const e of echoes) {
    line(`bare ws echo, ${e.sockets} sockets p50 / p99`, `${p50p99(e)} (n=${e.n})`);
    run.figures[`echo${e.sockets}`] = pct(e);
  }
  run.figures.echo = { frameBytes };
}

async function load(run: Run): Promise<void> {
  const l = await benchLoad({ progress: run.progress });
  console.log(
    `# load (${l.rooms} rooms on ${l.database}: 6 players and 4 spectators each, one intent per room per second)`,
  );
  line('sockets open and joined', String(l.sockets));
  line('intent round trip p50 / p99 (target p99 < 50 ms)', `${p50p99(l.roundTrip)} (n=${l.roundTrip.n})`);
  line('event at all 10 sockets of the room p50 / p99', p50p99(l.delivered));
  line('intents per second (all rooms)', String(l.intentsPerSecond));
  line('server CPU (cores busy)', l.serverCpu.toFixed(2));
  line('bench client CPU (cores busy)', l.clientCpu.toFixed(2));
  const delay = l.clientLoopDelay;
  line(
    'bench client event-loop delay p50 / p99 / max',
    `${ms(delay.p50)} / ${ms(delay.p99)} / ${ms(delay.max)} ms`,
  );
  line('server memory per running room (RSS / heap)', `${kB(l.rssBytesPerRoom)} / ${kB(l.heapBytesPerRoom)}`);
  if (l.refused > 0) line('intents refused (chosen again)', String(l.refused));
  run.figures.load = {
    database: l.database,
    rooms: l.rooms,
    sockets: l.sockets,
    p50: round(l.roundTrip.p50),
    p99: round(l.roundTrip.p99),
    n: l.roundTrip.n,
    deliveredP50: round(l.delivered.p50),
    deliveredP99: round(l.delivered.p99),
    intentsPerSecond: l.intentsPerSecond,
    serverCpu: round(l.serverCpu),
    clientCpu: round(l.clientCpu),
    clientLoopDelayP99: round(l.clientLoopDelay.p99),
    clientLoopDelayMax: round(l.clientLoopDelay.max),
    rssBytesPerRoom: Math.round(l.rssBytesPerRoom),
    heapBytesPerRoom: Math.round(l.heapBytesPerRoom),
    refused: l.refused,
    gamesEnded: l.gamesEnded,
  };
}

async function abuse(run: Run): Promise<void> {
  const a = await benchAbuse({ progress: run.progress });
  console.log('# abuse (seated players, one intent each per 60 ms; server defaults)');
  line('quiet: intent round trip p50 / p99', `${p50p99(a.quiet)} (n=${a.quiet.n})`);
  line(`flood (${a.flood.socketsHeld} of 200 sockets held) p50 / p99`, `${p50p99(a.flood)} (n=${a.flood.n})`);
  line(
    `spectators (${a.spectators.socketsHeld} sockets) p50 / p99`,
    `${p50p99(a.spectators)} (n=${a.spectators.n})`,
  );
  line('games started (one ended: a new one)', String(a.gamesStarted));
  const at = (p: Percentiles) => ({ p50: round(p.p50), p99: round(p.p99) });
  run.figures.abuse = { quiet: at(a.quiet), flood: at(a.flood), spectators: at(a.spectators) };
}

/** Cluster mode: 50 two-player games sending flat out on 1, then 3 processes (every socket on another
 *  process than its game's owner when there are several); then the process owning 50 games is killed. */
async function cluster(run: Run): Promise<void> {
  const games = 50;
  const leaseMs = 3000;
  console.log(
    `# cluster (server processes on PostgreSQL and Redis, ${games} games, leases of ${leaseMs} ms, clients in this process)`,
  );
  const redisUrl = await localRedis();
  const db = redisUrl ? await scratchDatabase('titan_bench_cluster') : null;
  if (!redisUrl || !db) {
    const skipped = !redisUrl ? 'Redis is not reachable' : 'PostgreSQL is not reachable';
    line('cluster', `*** SKIPPED: ${skipped} ***`);
    run.figures.cluster = { skipped };
    return;
  }
  try {
    const figures: Figures = {};
    for (const processes of [1, 3]) {
      run.progress(`intents/s with ${processes} process${processes === 1 ? '' : 'es'}`);
      const nodes = await startCluster(processes, { databaseUrl: db.url, redisUrl, leaseMs });
      try {
        const t = await throughput(nodes, games, 10_000);
        line(
          `intents/s, ${games} games, ${processes} process${processes === 1 ? '' : 'es'}`,
          String(t.intentsPerSecond),
        );
        figures[`intentsPerSecond${processes}`] = t.intentsPerSecond;
      } finally {
        await stopCluster(nodes);
      }
    }
    run.progress('failover');
    const nodes = await startCluster(3, { databaseUrl: db.url, redisUrl, leaseMs });
    try {
      const f = await failover(nodes, db.url, games, { beforeKill: 3, afterKill: 2, timeoutMs: 240_000 });
      line(`kill -9 of the owner of ${games} games: games resumed`, `${f.resumed} of ${f.games}`);
      line("failover: kill to the last game's first accepted intent", `${ms(f.failoverMs)} ms`);
      line('acknowledged intents lost', `${f.lost} of ${f.acknowledged}`);
      Object.assign(figures, {
        failoverMs: round(f.failoverMs, 0),
        lost: f.lost,
        acknowledged: f.acknowledged,
        resumed: f.resumed,
      });
    } finally {
      await stopCluster(nodes);
    }
    run.figures.cluster = figures;
  } finally {
    await db.drop();
  }
}

function client(run: Run): void {
  console.log('# web client');
  if (!existsSync(CLIENT_DIST)) {
    line('bundle size', 'not built (npm run build:client)');
    return;
  }
  const size = clientBundleSize();
  line('bundle size (all files)', `${size.bytes} B`);
  line('bundle size gzipped', `${size.gzipBytes} B`);
  run.figures.client = { bytes: size.bytes, gzipBytes: size.gzipBytes };
}

const SECTIONS: Record<string, (run: Run) => void | Promise<void>> = {
  engine,
  pglite: (run) => database(run, 'pglite'),
  postgres: (run) => database(run, 'postgres'),
  echo,
  load,
  abuse,
  cluster,
  client,
};

/** Issue 16's table, from the figures of this run (what it has of them). */
function goals(figures: Record<string, Figures>): void {
  const get = (pathOf: string): number | null => {
    let v: unknown = figures;
    for (const k of pathOf.split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
    return typeof v === 'number' ? v : null;
  };
  const shown: string[] = [];
  for (const kind of ['postgres', 'pglite']) {
    const trip = get(`${kind}.games1.p50`);
    const limit = (get('echo1.p50') ?? Number.NaN) + (get(`${kind}.insertRaw.p50`) ?? Number.NaN);
    if (trip !== null && Number.isFinite(limit)) {
      shown.push(
        `${kind}: round trip, 1 game, p50 ${trip} ms = x${(trip / limit).toFixed(1)} (echo + raw insert) (goal <= x1.5)`,
      );
    }
    const rate = get(`${kind}.games500.intentsPerSecond`);
    if (rate !== null) {
      shown.push(
        `${kind}: intents/s at 500 games ${rate} (goal >= ${kind === 'postgres' ? '10,000' : '4,000'})`,
      );
    }
    const first = get(`${kind}.restart.firstIntentMs`);
    if (first !== null) shown.push(`${kind}: spawn to first intent served ${first} ms (goal < 500 ms)`);
  }
  const p99 = get('load.p99');
  if (p99 !== null) shown.push(`load: round trip p99 ${p99} ms (goal < 50 ms)`);
  if (shown.length === 0) return;
  console.log('# goals (issue 16)');
  for (const s of shown) console.log(s);
}

const chosen = (option('--section') ?? Object.keys(SECTIONS).join(',')).split(',');
for (const name of chosen) {
  if (!(name in SECTIONS)) {
    throw new Error(`unknown section "${name}" (there are: ${Object.keys(SECTIONS).join(', ')})`);
  }
}
const profile = option('--profile');
if (profile !== null) {
  mkdirSync(profile, { recursive: true });
  process.env[PROFILE_ENV] = path.resolve(profile);
}
const run: Run = {
  frames: { bytes: 0, count: 0 },
  figures: {},
  progress: (what) => process.stderr.write(`  (measuring ${what})\n`),
};
for (const name of chosen) {
  await SECTIONS[name]!(run);
  console.log('');
}
goals(run.figures);
if (args.includes('--json')) console.log(JSON.stringify(run.figures));
process.exit(0);
