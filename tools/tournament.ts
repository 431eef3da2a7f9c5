// `npm run tournament -- --players 9 --table-size 3 --rounds 3 --absent 2 --per-decision 1 --seed 11
// [--stall-seconds 120]`: a whole tournament of Swiss-style rounds, headless, through the real server: its own
// embedded database in a temporary folder, the director on REST over HTTP, the server's bots for the present
// entrants, and registered entrants that never connect for the absent ones (their tables rely on the time
// control: every decision within `--per-decision` seconds, a player out of time treated as refusing, errata
// 21.0). Stops when the tournament is finished, or when nothing has moved for `--stall-seconds` (the tables
// still playing are then counted as hung). Prints as its LAST line a JSON summary
// {"rounds", "games", "finished", "hung", "forcedByTime", "standings": [...]}; exits 1 unless it finished.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { DEFAULT_CONFIG, UNCAPPED_LIMITS } from '../server/config';
import { rulesEngine } from '../server/engine';
import type { Tokens } from '../shared/protocol/rest';
import type { TournamentDetail } from '../shared/protocol/tournament';
import { rest } from './rest';

interface Options {
  players: number;
  tableSize: number;
  rounds: number;
  absent: number;
  perDecision: number | null;
  seed: string;
  stallSeconds: number;
}

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i < 0 ? undefined : argv[i + 1];
  };
  const int = (name: string, fallback: number) => {
    const v = value(name);
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number`);
    return n;
  };
  const options: Options = {
    players: int('players', 9),
    tableSize: int('table-size', 3),
    rounds: int('rounds', 3),
    absent: int('absent', 0),
    perDecision: value('per-decision') === undefined ? null : int('per-decision', 1),
    seed: value('seed') ?? '1',
    stallSeconds: int('stall-seconds', 120),
  };
  if (options.tableSize < 2 || options.tableSize > 6) throw new Error('--table-size is 2 to 6');
  if (options.absent > options.players) throw new Error('--absent cannot exceed --players');
  if (options.players < 2) throw new Error('--players is at least 2');
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'titan-tournament-'));
  const app = await buildApp({
    config: {
      ...DEFAULT_CONFIG,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      botDelayMs: 0,
      // Every entrant registers from this one address.
      limits: UNCAPPED_LIMITS,
      logLevel: 'silent',
      webClientDir: path.join(dataDir, 'no-web-client'),
    },
    engine: rulesEngine,
    logger: false,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const register = (username: string) =>
      rest<Tokens>(base, 'POST', '/api/auth/register', undefined, {
        username,
        password: 'tournament-password',
      });

    const director = await register('director');
    const token = director.accessToken;
    const timeControl =
      options.perDecision === null
        ? undefined
        : { perDecisionSeconds: options.perDecision, onExpiry: 'refuse' };
    const created = await rest<TournamentDetail>(base, 'POST', '/api/tournaments', token, {
      name: `Headless Swiss (seed ${options.seed})`,
      seed: options.seed,
      stages: [{ kind: 'swiss', rounds: options.rounds, tableSizes: [options.tableSize], timeControl }],
    });
    const id = created.id;
    for (let i = 0; i < options.players - options.absent; i++) {
      await rest(base, 'POST', `/api/tournaments/${id}/bots`, token, { name: `Present ${i + 1}` });
    }
    for (let i = 0; i < options.absent; i++) {
      const absent = await register(`absent${i + 1}`);
      await rest(base, 'POST', `/api/tournaments/${id}/register`, absent.accessToken, {});
    }
    await rest(base, 'POST', `/api/tournaments/${id}/start`, token);

    // Waits for the end; "moved" = a table finished or any game's log grew.
    let detail = await rest<TournamentDetail>(base, 'GET', `/api/tournaments/${id}`, token);
    let lastProgress = Date.now();
    let lastMark = '';
    const prisma = app.titan.db.prisma;
    while (detail.status !== 'finished' && Date.now() - lastProgress < options.stallSeconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      detail = await rest<TournamentDetail>(base, 'GET', `/api/tournaments/${id}`, token);
      const games = detail.stages.flatMap((s) => s.tables.map((t) => t.game)).filter((g): g is string => !!g);
      const events = await prisma.gameEvent.count({ where: { gameId: { in: games } } });
      const mark = `${detail.log.length}/${events}`;
      if (mark !== lastMark) {
        lastMark = mark;
        lastProgress = Date.now();
      }
    }
    const tables = detail.stages.flatMap((s) => s.tables).filter((t) => t.game !== null);
    const forcedByTime = await prisma.gameEvent.count({
      where: {
        gameId: { in: tables.map((t) => t.game as string) },
        payload: { path: ['forced', 'by'], equals: 'time' },
      },
    });
    const stage = detail.stages[0];
    const rows = new Map((stage?.standings ?? []).map((r) => [r.entrant, r]));
    const summary = {
      rounds: stage?.round ?? 0,
      games: tables.length,
      finished: detail.status === 'finished',
      hung: tables.filter((t) => t.status === 'playing').length,
      forcedByTime,
      standings: detail.standings.map((s) => {
        const row = rows.get(s.entrant);
        return {
          rank: s.rank,
          name: s.name,
          games: row?.games ?? 0,
          wins: row?.counts[0] ?? 0,
          seconds: row?.counts[1] ?? 0,
          titansKilled: row?.counts[5] ?? 0,
          score: row?.score ?? 0,
        };
      }),
    };
    console.log(JSON.stringify(summary));
    process.exitCode = summary.finished ? 0 : 1;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
