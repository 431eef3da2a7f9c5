// `npm run bench`: speed and size, measured on this machine in one run (never asserted by tests).
// Sections: the engine (games, intents and replayed events per second), the server (intent round trips over
// websockets on PGlite and PostgreSQL beside a bare echo and a bare insert, sockets held, room rebuild), the
// browser client's bundle size.
import { existsSync } from 'node:fs';
import { CLIENT_DIST, clientBundleSize } from '../web-client/bundleSize';
import { benchEngine } from './bench/engine';
import { benchAbuse, benchServer, type Percentiles } from './bench/server';

// `npm run bench -- --section abuse [--json]`: only the abuse section (issue 12); with --json its figures
// as one JSON object on the last line: { abuse: { quiet, flood, spectators } }, each { p50, p99 } in ms.
const args = process.argv.slice(2);
const section = args.includes('--section') ? args[args.indexOf('--section') + 1] : null;
if (section !== null && section !== 'abuse')
  throw new Error(`unknown section "${section}" (there is: abuse)`);
if (section === 'abuse') {
  const abuse = await benchAbuse({ progress: (what) => process.stderr.write(`  (measuring ${what})\n`) });
  const at = (p: Percentiles) => ({ p50: Number(p.p50.toFixed(2)), p99: Number(p.p99.toFixed(2)) });
  const show = (label: string, p: Percentiles) =>
    console.log(`${label.padEnd(48)} ${at(p).p50} / ${at(p).p99} ms (n=${p.n})`);
  console.log('# abuse (seated players, one intent each per 60 ms; server defaults)');
  show('quiet: intent round trip p50 / p99', abuse.quiet);
  show(`flood (${abuse.flood.socketsHeld} of 200 sockets held) p50 / p99`, abuse.flood);
  show(`spectators (${abuse.spectators.socketsHeld} sockets) p50 / p99`, abuse.spectators);
  console.log(`${'games started (one ended: a new one)'.padEnd(48)} ${abuse.gamesStarted}`);
  if (args.includes('--json')) {
    console.log(
      JSON.stringify({
        abuse: { quiet: at(abuse.quiet), flood: at(abuse.flood), spectators: at(abuse.spectators) },
      }),
    );
  }
  process.exit(0);
}

function line(label: string, value: string): void {
  console.log(`${label.padEnd(48)} ${value}`);
}

console.log('# engine (random-legal bots through decide/evolve)');
const engine = benchEngine();
line(`complete games per second (${engine.games} games, 2-6 players)`, String(engine.gamesPerSecond));
line('intents decided per second (incl. evolve)', String(engine.intentsPerSecond));
line('events replayed per second', String(engine.replayEventsPerSecond));

const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const p50p99 = (p: Percentiles) => `${ms(p.p50)} / ${ms(p.p99)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `x${(a / b).toFixed(1)}` : 'x?');
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('\n# server (server in a child process, websocket clients in this one, all on 127.0.0.1)');
const server = await benchServer(
  process.stderr.isTTY ? { progress: (what) => process.stderr.write(`  (measuring ${what})\n`) } : {},
);
for (const e of server.echo) {
  line(
    `bare ws echo, ${e.sockets} sockets, ${server.frameBytes} B frames p50 / p99`,
    `${p50p99(e)} (n=${e.n})`,
  );
}
for (const db of server.databases) {
  const name = db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  if (db.skipped !== null) {
    line(`${name}`, `*** SKIPPED: ${db.skipped} ***`);
    continue;
  }
  if (db.insertPrisma) line(`${name}: single-row insert (Prisma) p50 / p99`, p50p99(db.insertPrisma));
  if (db.insertRaw) line(`${name}: single-row insert (raw driver) p50 / p99`, p50p99(db.insertRaw));
  for (const r of db.roundTrips) {
    const echo = server.echo.find((e) => e.sockets === r.games);
    line(
      `${name}: intent round trip, ${r.games} game${r.games === 1 ? '' : 's'} p50 / p99`,
      `${p50p99(r)} (${ratio(r.p50, echo?.p50 ?? 0)} echo, ${ratio(r.p50, db.insertPrisma?.p50 ?? 0)} insert; ` +
        `${r.intentsPerSecond} intents/s, ${r.eventsPerIntent.toFixed(1)} events/intent, n=${r.n})`,
    );
    if (r.refused > 0) line(`${name}:   intents refused, sent again`, `${r.refused} (${r.refusalSample})`);
    if (r.failures > 0)
      line(`${name}:   intents failed, games replaced`, `${r.failures} (${r.failureSample})`);
  }
  if (db.sockets) {
    const s = db.sockets;
    line(`${name}: idle spectator sockets held`, `${s.held} of ${s.attempted}`);
    line(
      `${name}: server memory per socket (RSS / heap)`,
      `${kB(s.rssBytesPerSocket)} / ${kB(s.heapBytesPerSocket)}`,
    );
  }
  if (db.restart) {
    line(
      `${name}: server start, ${db.restart.games} running games`,
      `${ms(db.restart.ms)} ms (rooms rebuilt)`,
    );
  }
  if (db.rebuild) {
    const b = db.rebuild;
    line(
      `${name}: room rebuild, ${b.events} events, snapshot`,
      `${ms(b.withSnapshotMs)} ms (snapshot at seq ${b.snapshotSeq})`,
    );
    line(`${name}: room rebuild, ${b.events} events, no snapshot`, `${ms(b.withoutSnapshotMs)} ms`);
  }
}

console.log('\n# web client');
if (existsSync(CLIENT_DIST)) {
  const size = clientBundleSize();
  line('bundle size (all files)', `${size.bytes} B`);
  line('bundle size gzipped', `${size.gzipBytes} B`);
} else {
  line('bundle size', 'not built (npm run build:client)');
}
