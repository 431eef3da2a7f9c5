// `npm run sim -- --games N --players 2-6 --seed S [--turns T] [--check] [--fighters] [--variant titanPlus]
// [--max-intents M] [--bots strong,random] [--budget MS]`: plays complete games with bots (shared/bot) through
// `decide`/`evolve` only, with seeded dice and seeded bots (the random-legal bot unless `--bots` names levels:
// seat i of game g gets the ((i + g) mod players)-th of the named levels, repeated to fill the seats, so the
// seat order rotates across games). A game still going after T game turns (default 300) has time called by
// the tournament director (21.1), which ends it by the errata 21.1 rule. Prints one line per failed game and, as
// its LAST line, a JSON summary {"games", "completed", "errors", "gamesPerSecond", "turns", "battles",
// "engagements", "winners", "endings", "stoppedByTurnLimit"}, with `--bots` also "winsByBot" (games won per
// level, "none" for no winner), "decisionMs" (per level, the p50 and p99 of its decision times) and "decisionCpuMs"
// (the same in CPU time, which a loaded machine does not stretch); exits 1 if any game failed (an engine error, a
// listed intent rejected, a broken invariant, or no end within M intents). `--check` also checks the invariants
// (shared/engine/invariants.ts) after every event; `--fighters` uses bots that fight their battles out instead of
// conceding at random; `--variant titanPlus` plays the shortened game of 21.3, `--variant ceTitan` Cosmic
// Encounter Titan (rules 004) with the powers drawn at random (`--powers N+1` draws one more than the players),
// its summary adding "powers" (games played with each power, by name).
import { pathToFileURL } from 'node:url';
import { type BotLevel, botIntent, DEFAULT_BOT_BUDGET_MS, isBotLevel, randomPick } from '../shared/bot/index';
import { entry as powerEntry } from '../shared/engine/ce/catalogueEntry';
import { decide } from '../shared/engine/decide';
import type { GameEvent } from '../shared/engine/events';
import { evolve } from '../shared/engine/evolve';
import { checkInvariants, checkStateInvariants, checkTransition } from '../shared/engine/invariants';
import { legalIntents } from '../shared/engine/legal';
import { pending } from '../shared/engine/pending';
import { seededDice, seededRandom } from '../shared/engine/random';
import { createGame } from '../shared/engine/setup';
import type { EngagementOutcome, GameResult, GameState, Variant } from '../shared/engine/types';
import { DIRECTOR, VARIANTS } from '../shared/engine/types';

export interface SimOptions {
  readonly players: number;
  readonly seed: number;
  /** Game turns before time is called (21.1). */
  readonly turnLimit?: number;
  /** Check the invariants after every event. */
  readonly check?: boolean;
  /** Keep the event log (for replay tests). */
  readonly keepEvents?: boolean;
  /** A bound on intents, to turn a runaway game into an error instead of a hang. */
  readonly maxIntents?: number;
  /** 'random': the random-legal bot (shared/bot); 'fighter': the same but it nearly never flees, concedes, agrees
   *  or undoes, so that battles are fought out (exercising the battle sequence). */
  readonly policy?: 'random' | 'fighter';
  /** The bot level of each seat, in seat order (instead of `policy`). */
  readonly bots?: readonly BotLevel[];
  /** The time each bot decision may take (ms). */
  readonly budgetMs?: number;
  /** Called with each bot decision's level and duration (ms). */
  readonly onDecision?: (level: BotLevel, ms: number, cpuMs: number) => void;
  /** 21.3: 'titanPlus' plays TITANplus; 'ceTitan' Cosmic Encounter Titan. */
  readonly variant?: Variant;
  /** Cosmic Encounter Titan: N powers drawn, or N+1. */
  readonly powersDrawn?: 'N' | 'N+1';
}

export interface SimResult {
  readonly completed: boolean;
  readonly error: string | null;
  readonly result: GameResult | null;
  /** Time was called because the turn limit was reached. */
  readonly stoppedByTurnLimit: boolean;
  readonly turns: number;
  readonly intents: number;
  readonly battles: number;
  readonly engagements: Readonly<Partial<Record<EngagementOutcome, number>>>;
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** Plays one game to its end with random-legal bots. */
export function playGame(o: SimOptions): SimResult {
  const turnLimit = o.turnLimit ?? 300;
  const maxIntents = o.maxIntents ?? 2_000_000;
  const dice = seededDice(o.seed * 2 + 1);
  const random = seededRandom(o.seed * 2 + 2);
  const created = createGame({
    players: Array.from({ length: o.players }, (_, i) => ({ id: `p${i + 1}`, name: `Bot ${i + 1}` })),
    options: {
      variant: o.variant ?? 'default',
      ...(o.powersDrawn === undefined ? {} : { powersDrawn: o.powersDrawn }),
    },
  });
  let state = created.state;
  const events: GameEvent[] = o.keepEvents === true ? [...created.events] : [];
  let intents = 0;
  let battles = 0;
  let stoppedByTurnLimit = false;
  const engagements: Partial<Record<EngagementOutcome, number>> = {};
  const finish = (error: string | null): SimResult => ({
    completed: error === null && state.result !== null,
    error,
    result: state.result,
    stoppedByTurnLimit,
    turns: state.turn?.number ?? 0,
    intents,
    battles,
    engagements,
    state,
    events,
  });
  const apply = (batch: readonly GameEvent[]): string | null => {
    for (const event of batch) {
      const before = state;
      state = evolve(state, event);
      if (o.keepEvents === true) events.push(event);
      if (event.type === 'battleStarted') battles++;
      if (event.type === 'engagementResolved')
        engagements[event.outcome] = (engagements[event.outcome] ?? 0) + 1;
      if (o.check === true) {
        const problems = [...checkStateInvariants(state), ...checkTransition(before, state)];
        if (problems.length > 0) return `after ${event.type}: ${problems.join('; ')}`;
      }
    }
    if (o.check === true) {
      const problems = checkInvariants(state);
      if (problems.length > 0) return `at rest: ${problems.join('; ')}`;
    }
    return null;
  };
  try {
    while (state.result === null) {
      if (intents >= maxIntents) return finish(`no end after ${maxIntents} intents`);
      // 21.1: the tournament director calls time once the turn limit is reached.
      if (state.timeCalled === null && (state.turn?.number ?? 0) > turnLimit) {
        const called = decide(state, DIRECTOR, { type: 'callTime' }, dice);
        if ('rejected' in called) return finish(`callTime rejected: ${called.rejected.message}`);
        stoppedByTurnLimit = true;
        const problem = apply(called.events);
        if (problem !== null) return finish(problem);
        continue;
      }
      const actor = pending(state).actor;
      if (actor === null) return finish(`nobody to act at ${state.step.kind}`);
      const level = o.bots?.[state.players.findIndex((p) => p.id === actor)];
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const intent =
        level !== undefined
          ? botIntent(state, actor, level, random, o.budgetMs ?? DEFAULT_BOT_BUDGET_MS)
          : o.policy === 'fighter'
            ? randomPick(legalIntents(state, actor), random, 'fighter')
            : botIntent(state, actor, 'random', random);
      if (level !== undefined) {
        const cpu = process.cpuUsage(cpu0);
        o.onDecision?.(level, performance.now() - t0, (cpu.user + cpu.system) / 1000);
      }
      if (intent === null) return finish(`${actor} has nothing to do at ${state.step.kind}`);
      intents++;
      const decision = decide(state, actor, intent, dice);
      if ('rejected' in decision) {
        return finish(
          `legal intent rejected at ${state.step.kind}: ${JSON.stringify(intent)}: ${decision.rejected.message}`,
        );
      }
      const problem = apply(decision.events);
      if (problem !== null) return finish(problem);
    }
    return finish(null);
  } catch (e) {
    return finish(`engine error at ${state.step.kind}: ${(e as Error).stack ?? String(e)}`);
  }
}

export interface SimSummary {
  readonly games: number;
  readonly completed: number;
  readonly errors: number;
  readonly gamesPerSecond: number;
  readonly turns: number;
  readonly battles: number;
  readonly engagements: Partial<Record<EngagementOutcome, number>>;
  /** Games won per seat; "none" for games ended with no winner (mutual end or a tie on totals). */
  readonly winners: Record<string, number>;
  /** How games ended: lastTitan, noTitans, timeLimit (21.1), stopped. */
  readonly endings: Record<string, number>;
  /** Games in which time was called at the turn limit (completed by the errata 21.1 stop rule). */
  readonly stoppedByTurnLimit: number;
  /** With bot levels: games won per level ("none": no winner). */
  readonly winsByBot?: Record<string, number>;
  /** With bot levels: each level's decision times, p50 and p99 in ms. */
  readonly decisionMs?: Record<string, { p50: number; p99: number }>;
  /** With bot levels: the same for the CPU time each decision took (ms of this process's user and system time,
   *  at the clock's granularity): what a decision costs, however loaded the machine is. */
  readonly decisionCpuMs?: Record<string, { p50: number; p99: number }>;
  /** Cosmic Encounter Titan: games played with each power, by name. */
  readonly powers?: Record<string, number>;
}

/** The levels of the seats of game `game` (seat order rotated across games). */
export function seatsFor(levels: readonly BotLevel[], players: number, game: number): BotLevel[] {
  const filled = Array.from({ length: players }, (_, i) => levels[i % levels.length] as BotLevel);
  return filled.map((_, i) => filled[(i + game) % players] as BotLevel);
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const v = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return Math.round(v * 100) / 100;
}

function quantiles(
  byLevel: ReadonlyMap<BotLevel, readonly number[]>,
): Record<string, { p50: number; p99: number }> {
  return Object.fromEntries(
    [...byLevel].map(([level, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [level, { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }];
    }),
  );
}

/** The players of game i for a range lo..hi: every size in turn. */
export function playersFor(i: number, lo: number, hi: number): number {
  return lo + (i % (hi - lo + 1));
}

export function simulate(
  games: number,
  lo: number,
  hi: number,
  seed: number,
  opts: {
    turnLimit?: number;
    check?: boolean;
    policy?: 'random' | 'fighter';
    bots?: readonly BotLevel[];
    budgetMs?: number;
    variant?: Variant;
    powersDrawn?: 'N' | 'N+1';
    maxIntents?: number;
    log?: (line: string) => void;
  } = {},
): SimSummary {
  const started = process.hrtime.bigint();
  let completed = 0;
  let errors = 0;
  let turns = 0;
  let battles = 0;
  let stopped = 0;
  const engagements: Partial<Record<EngagementOutcome, number>> = {};
  const winners: Record<string, number> = {};
  const endings: Record<string, number> = {};
  const winsByBot: Record<string, number> = {};
  const times = new Map<BotLevel, number[]>();
  const cpuTimes = new Map<BotLevel, number[]>();
  const powers: Record<string, number> = {};
  for (let i = 0; i < games; i++) {
    const players = playersFor(i, lo, hi);
    const bots = opts.bots === undefined ? undefined : seatsFor(opts.bots, players, i);
    const r = playGame({
      ...(bots === undefined
        ? {}
        : {
            bots,
            onDecision: (level: BotLevel, ms: number, cpuMs: number) => {
              for (const [map, value] of [
                [times, ms],
                [cpuTimes, cpuMs],
              ] as const) {
                const list = map.get(level) ?? [];
                list.push(value);
                map.set(level, list);
              }
            },
          }),
      ...(opts.budgetMs === undefined ? {} : { budgetMs: opts.budgetMs }),
      players,
      seed: seed + i,
      ...(opts.turnLimit === undefined ? {} : { turnLimit: opts.turnLimit }),
      ...(opts.check === undefined ? {} : { check: opts.check }),
      ...(opts.policy === undefined ? {} : { policy: opts.policy }),
      ...(opts.variant === undefined ? {} : { variant: opts.variant }),
      ...(opts.powersDrawn === undefined ? {} : { powersDrawn: opts.powersDrawn }),
      ...(opts.maxIntents === undefined ? {} : { maxIntents: opts.maxIntents }),
    });
    if (r.error !== null) {
      errors++;
      opts.log?.(`game ${i} (seed ${seed + i}, ${players} players): ${r.error}`);
    }
    if (r.completed) completed++;
    for (const id of new Set(Object.values(r.state.ce?.powers ?? {}))) {
      const name = powerEntry(id).name;
      powers[name] = (powers[name] ?? 0) + 1;
    }
    turns += r.turns;
    battles += r.battles;
    if (r.stoppedByTurnLimit) stopped++;
    for (const [k, v] of Object.entries(r.engagements)) {
      const key = k as EngagementOutcome;
      engagements[key] = (engagements[key] ?? 0) + (v ?? 0);
    }
    if (r.result !== null) {
      const w = r.result.winner ?? 'none';
      winners[w] = (winners[w] ?? 0) + 1;
      endings[r.result.reason] = (endings[r.result.reason] ?? 0) + 1;
      if (bots !== undefined) {
        const seat = r.state.players.findIndex((p) => p.id === r.result?.winner);
        const by = seat < 0 ? 'none' : (bots[seat] as string);
        winsByBot[by] = (winsByBot[by] ?? 0) + 1;
      }
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    games,
    completed,
    errors,
    gamesPerSecond: Math.round((games / Math.max(seconds, 1e-9)) * 100) / 100,
    turns,
    battles,
    engagements,
    winners,
    endings,
    stoppedByTurnLimit: stopped,
    ...(opts.variant === 'ceTitan' ? { powers } : {}),
    ...(opts.bots === undefined
      ? {}
      : {
          winsByBot,
          decisionMs: quantiles(times),
          decisionCpuMs: quantiles(cpuTimes),
        }),
  };
}

function parseArgs(argv: readonly string[]): {
  games: number;
  lo: number;
  hi: number;
  seed: number;
  turns: number;
  check: boolean;
  policy: 'random' | 'fighter';
  variant: Variant;
  powersDrawn: 'N' | 'N+1';
  maxIntents: number | undefined;
  bots: BotLevel[] | undefined;
  budgetMs: number | undefined;
} {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const games = Number(value('games') ?? '10');
  const [loText, hiText] = (value('players') ?? '2-6').split('-');
  const lo = Number(loText);
  const hi = Number(hiText ?? loText);
  const seed = Number(value('seed') ?? '1');
  const turns = Number(value('turns') ?? '300');
  const variant = value('variant') ?? 'default';
  const powersDrawn = value('powers') ?? 'N';
  const maxIntents = value('max-intents') === undefined ? undefined : Number(value('max-intents'));
  const botsText = value('bots');
  const bots = botsText === undefined ? undefined : botsText.split(',').map((b) => b.trim());
  const budgetMs = value('budget') === undefined ? undefined : Number(value('budget'));
  const integers = [
    games,
    lo,
    hi,
    seed,
    turns,
    ...(maxIntents === undefined ? [] : [maxIntents]),
    ...(budgetMs === undefined ? [] : [budgetMs]),
  ];
  if (
    !integers.every(Number.isInteger) ||
    lo < 2 ||
    hi > 6 ||
    lo > hi ||
    games < 1 ||
    !(VARIANTS as readonly string[]).includes(variant) ||
    (powersDrawn !== 'N' && powersDrawn !== 'N+1') ||
    (bots !== undefined && (bots.length === 0 || !bots.every(isBotLevel)))
  ) {
    throw new Error(
      'usage: sim --games N --players 2-6 --seed S [--turns T] [--check] [--fighters] [--variant titanPlus|ceTitan] [--powers N|N+1] [--max-intents M] [--bots random,normal,strong] [--budget MS]',
    );
  }
  return {
    games,
    lo,
    hi,
    seed,
    turns,
    check: argv.includes('--check'),
    policy: argv.includes('--fighters') ? 'fighter' : 'random',
    variant: variant as Variant,
    powersDrawn,
    maxIntents,
    bots: bots as BotLevel[] | undefined,
    budgetMs,
  };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const summary = simulate(args.games, args.lo, args.hi, args.seed, {
    turnLimit: args.turns,
    check: args.check,
    policy: args.policy,
    variant: args.variant,
    ...(args.variant === 'ceTitan' ? { powersDrawn: args.powersDrawn } : {}),
    ...(args.maxIntents === undefined ? {} : { maxIntents: args.maxIntents }),
    ...(args.bots === undefined ? {} : { bots: args.bots }),
    ...(args.budgetMs === undefined ? {} : { budgetMs: args.budgetMs }),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(summary));
  process.exitCode = summary.errors > 0 || summary.completed < summary.games ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
