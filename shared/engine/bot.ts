// Random-legal bots. `uniformIntent` picks uniformly among everything `legalIntents` offers (withdrawal
// included: a fuzzer of the rules, whose players leave early). `chooseIntent`, the bot that holds a seat,
// picks an intent kind at random among those offered, then one intent of that kind; it never withdraws unless
// nothing else is legal, and rarely takes a move or maneuver back, so its games go forward. `random` returns
// numbers in [0, 1) (a seeded generator in tests).
import type { Intent, IntentType } from './intents';
import { legalIntents } from './legal';
import type { GameState, PlayerId } from './types';

/** Kinds the bot takes only now and then: they undo progress or end engagements (and games) early. */
const RARELY: ReadonlySet<IntentType> = new Set(['undoMove', 'resetManeuver', 'concede']);
const RARELY_CHANCE = 0.05;

/** Uniform among the legal intents of `player` (null: nothing to do). */
export function uniformIntent(state: GameState, player: PlayerId, random: () => number): Intent | null {
  const all = legalIntents(state, player);
  return all.length === 0 ? null : pick(all, random);
}

export function chooseIntent(state: GameState, player: PlayerId, random: () => number): Intent | null {
  return chooseFrom(legalIntents(state, player), random);
}

/** The bot's choice among a list of legal intents (what the server sends the player who must act). */
export function chooseFrom(all: readonly Intent[], random: () => number): Intent | null {
  if (all.length === 0) return null;
  const forward = all.filter((i) => i.type !== 'withdraw');
  if (forward.length === 0) return pick(all, random);
  const usual = forward.filter((i) => !RARELY.has(i.type));
  const pool = usual.length === 0 || random() < RARELY_CHANCE ? forward : usual;
  const kinds = [...new Set(pool.map((i) => i.type))];
  const kind = pick(kinds, random);
  return pick(
    pool.filter((i) => i.type === kind),
    random,
  );
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.min(items.length - 1, Math.floor(random() * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
