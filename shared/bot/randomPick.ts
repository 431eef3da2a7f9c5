// The random-legal pick: the one place a bot chooses at random among legal intents. Used by the `random`
// bot level, by the sim's fighters, by the server test players and by the bench, which all answer a list of
// legal intents (what the engine's `legalIntents` gives, or the server's `legal` message).
import type { Intent, IntentType } from '../engine/index';

/**
 * - `uniform`: uniformly among everything offered, withdrawal included (a fuzzer of the rules, whose players
 *   leave early).
 * - `seat`: the bot that holds a seat: an intent kind at random among those offered, then one intent of that
 *   kind; it never withdraws unless nothing else is legal, and only now and then takes a move or maneuver
 *   back or concedes, so its games go forward.
 * - `fighter`: like `seat`, but it nearly never flees, concedes, negotiates or undoes, so that battles are
 *   fought out (exercising the battle sequence).
 */
export type PickStyle = 'uniform' | 'seat' | 'fighter';

/** Per style: the kinds taken only now and then, and how often the pick may be anything forward. */
const STYLES: Readonly<
  Record<Exclude<PickStyle, 'uniform'>, { rarely: ReadonlySet<IntentType>; chance: number }>
> = {
  seat: { rarely: new Set(['undoMove', 'resetManeuver', 'concede']), chance: 0.05 },
  fighter: {
    rarely: new Set(['flee', 'concede', 'propose', 'acceptProposal', 'undoMove', 'resetManeuver']),
    chance: 0.02,
  },
};

/** A random choice among `legal` (null when it is empty); `random` returns numbers in [0, 1). */
export function randomPick(
  legal: readonly Intent[],
  random: () => number,
  style: PickStyle = 'seat',
): Intent | null {
  if (legal.length === 0) return null;
  if (style === 'uniform') return pick(legal, random);
  const { rarely, chance } = STYLES[style];
  const forward = legal.filter((i) => i.type !== 'withdraw');
  if (forward.length === 0) return pick(legal, random);
  const usual = forward.filter((i) => !rarely.has(i.type));
  const pool = usual.length === 0 || random() < chance ? forward : usual;
  const kinds = [...new Set(pool.map((i) => i.type))];
  const kind = pick(kinds, random);
  return pick(
    pool.filter((i) => i.type === kind),
    random,
  );
}

export function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.min(items.length - 1, Math.floor(random() * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
