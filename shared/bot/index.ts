// The bots (issue 15): one home for every bot choice — the server's bot seats, the absent-player takeover,
// the sim, the bench and the tests all call `botIntent` (or `chooseFromSight` with a sight in hand). A bot
// decides from its seat's sight alone (sight.ts: the view and the legal intents), deterministically given its
// seed. Levels: `random` (the random-legal pick, randomPick.ts), `normal` (one move ahead, greedy.ts),
// `strong` (every intent tried, more dice draws, maneuvers weighed by the strikes they lead to, hidden contents
// drawn as the counts allow, danger by the rolls that bring stronger stacks onto its legions).
import { type GameState, type Intent, type PlayerId, seededRandom } from '../engine/index';
import { botBid } from './bid';
import { greedyIntent } from './greedy';
import { randomPick } from './randomPick';
import { type BotSight, botSight } from './sight';

export const BOT_LEVELS = ['random', 'normal', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** The time a bot may take per decision unless the server says otherwise. */
export const DEFAULT_BOT_BUDGET_MS = 200;

export function isBotLevel(s: string): s is BotLevel {
  return (BOT_LEVELS as readonly string[]).includes(s);
}

/**
 * The bot's choice for `seat` at `level` (null: nothing to do). `seed` makes it deterministic: a number, or a
 * seeded generator (each call draws from it). Only `botSight(state, seat)` is read.
 */
export function botIntent(
  state: GameState,
  seat: PlayerId,
  level: BotLevel,
  seed: number | (() => number),
  budgetMs: number = DEFAULT_BOT_BUDGET_MS,
): Intent | null {
  return chooseFromSight(botSight(state, seat), level, seed, budgetMs);
}

/** The bot's choice from what its seat sees (the server's bot worker calls this with a sight it was sent). */
export function chooseFromSight(
  sight: BotSight,
  level: BotLevel,
  seed: number | (() => number),
  budgetMs: number = DEFAULT_BOT_BUDGET_MS,
): Intent | null {
  const random = typeof seed === 'number' ? seededRandom(seed) : seed;
  // Cosmic Encounter Titan: every level bids the same fixed amounts (bid.ts).
  const bid = botBid(sight);
  if (bid !== null) return bid;
  // A margin for the sight's transfer and the answer.
  const deadline = performance.now() + budgetMs * 0.8;
  switch (level) {
    case 'random':
      return randomPick(sight.legal, random, 'seat');
    case 'normal':
      return greedyIntent(sight, random, {
        samples: 2,
        breadth: 12,
        work: 200,
        deadline,
        lookahead: false,
        draws: 0,
        exact: false,
      });
    case 'strong':
      return greedyIntent(sight, random, {
        samples: 4,
        breadth: 300,
        work: 400,
        deadline,
        lookahead: true,
        draws: 1,
        exact: true,
      });
    default: {
      const unknown: never = level;
      throw new Error(`unknown bot level ${String(unknown)}`);
    }
  }
}

export { type PickStyle, randomPick } from './randomPick';
export { type BotSight, botSight } from './sight';
