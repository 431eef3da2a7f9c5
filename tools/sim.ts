// `npm run sim -- --games N --players 2-6 --seed S [--turns T] [--check] [--fighters] [--variant titanPlus]
// [--max-intents M]`: plays complete games with random-legal bots (shared/engine/bot.ts) through `decide`/`evolve`
// only, with seeded dice and a seeded bot. A game still going after T game turns (default 300) has time called by
// the tournament director (21.1), which ends it by the errata 21.1 rule. Prints one line per failed game and, as
// its LAST line, a JSON summary {"games", "completed", "errors", "gamesPerSecond", "turns", "battles",
// "engagements", "winners", "endings", "stoppedByTurnLimit"}; exits 1 if any game failed (an engine error, a
// listed intent rejected, a broken invariant, or no end within M intents). `--check` also checks the invariants
// (shared/engine/invariants.ts) after every event; `--fighters` uses bots that fight their battles out instead of
// conceding at random; `--variant titanPlus` plays the shortened game of 21.3.
import { pathToFileURL } from 'node:url';
import { chooseIntent } from '../shared/engine/bot';
import { decide } from '../shared/engine/decide';
import type { GameEvent } from '../shared/engine/events';
import { evolve } from '../shared/engine/evolve';
import type { Intent, IntentType } from '../shared/engine/intents';
import { checkInvariants, checkStateInvariants, checkTransition } from '../shared/engine/invariants';
import { legalIntents } from '../shared/engine/legal';
import { pending } from '../shared/engine/pending';
import { seededDice, seededRandom } from '../shared/engine/random';
import { createGame } from '../shared/engine/setup';
import type { EngagementOutcome, GameResult, GameState, PlayerId, Variant } from '../shared/engine/types';
import { DIRECTOR } from '../shared/engine/types';

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
  /** 'random': the random-legal bot of bot.ts; 'fighter': the same but it nearly never flees, concedes, agrees
   *  or undoes, so that battles are fought out (exercising the battle sequence). */
  readonly policy?: 'random' | 'fighter';
  /** 21.3: 'titanPlus' plays TITANplus. */
  readonly variant?: Variant;
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

/** Kinds a fighter avoids: they end engagements without a battle, or undo progress. */
const AVOIDED: ReadonlySet<IntentType> = new Set([
  'flee',
  'concede',
  'propose',
  'acceptProposal',
  'withdraw',
  'undoMove',
  'resetManeuver',
]);

/** A random-legal choice that nearly always fights battles out (one in fifty picks may be anything). */
export function fighterIntent(state: GameState, player: PlayerId, random: () => number): Intent | null {
  const all = legalIntents(state, player);
  if (all.length === 0) return null;
  const preferred = all.filter((i) => !AVOIDED.has(i.type));
  const pool = preferred.length === 0 || random() < 0.02 ? all : preferred;
  const kinds = [...new Set(pool.map((i) => i.type))];
  const kind = kinds[Math.floor(random() * kinds.length)] ?? kinds[0];
  const ofKind = pool.filter((i) => i.type === kind);
  return ofKind[Math.floor(random() * ofKind.length)] ?? null;
}

/** Plays one game to its end with random-legal bots. */
export function playGame(o: SimOptions): SimResult {
  const turnLimit = o.turnLimit ?? 300;
  const maxIntents = o.maxIntents ?? 2_000_000;
  const dice = seededDice(o.seed * 2 + 1);
  const random = seededRandom(o.seed * 2 + 2);
  const created = createGame({
    players: Array.from({ length: o.players }, (_, i) => ({ id: `p${i + 1}`, name: `Bot ${i + 1}` })),
    options: { variant: o.variant ?? 'default' },
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
      const intent =
        o.policy === 'fighter' ? fighterIntent(state, actor, random) : chooseIntent(state, actor, random);
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
    variant?: Variant;
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
  for (let i = 0; i < games; i++) {
    const players = playersFor(i, lo, hi);
    const r = playGame({
      players,
      seed: seed + i,
      ...(opts.turnLimit === undefined ? {} : { turnLimit: opts.turnLimit }),
      ...(opts.check === undefined ? {} : { check: opts.check }),
      ...(opts.policy === undefined ? {} : { policy: opts.policy }),
      ...(opts.variant === undefined ? {} : { variant: opts.variant }),
      ...(opts.maxIntents === undefined ? {} : { maxIntents: opts.maxIntents }),
    });
    if (r.error !== null) {
      errors++;
      opts.log?.(`game ${i} (seed ${seed + i}, ${players} players): ${r.error}`);
    }
    if (r.completed) completed++;
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
  maxIntents: number | undefined;
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
  const maxIntents = value('max-intents') === undefined ? undefined : Number(value('max-intents'));
  const integers = [games, lo, hi, seed, turns, ...(maxIntents === undefined ? [] : [maxIntents])];
  if (
    !integers.every(Number.isInteger) ||
    lo < 2 ||
    hi > 6 ||
    lo > hi ||
    games < 1 ||
    (variant !== 'default' && variant !== 'titanPlus')
  ) {
    throw new Error(
      'usage: sim --games N --players 2-6 --seed S [--turns T] [--check] [--fighters] [--variant titanPlus] [--max-intents M]',
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
    variant,
    maxIntents,
  };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const summary = simulate(args.games, args.lo, args.hi, args.seed, {
    turnLimit: args.turns,
    check: args.check,
    policy: args.policy,
    variant: args.variant,
    ...(args.maxIntents === undefined ? {} : { maxIntents: args.maxIntents }),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(summary));
  process.exitCode = summary.errors > 0 || summary.completed < summary.games ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
