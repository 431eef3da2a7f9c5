// Dice for the engine tests: a script of exact rolls, or no dice at all. Seeded dice and numbers come from
// shared/engine/random.ts (never Math.random).
import type { Dice } from '../../../shared/engine/types';

/** Rolls exactly these values in order; throws when a roll is asked for beyond the script. */
export function scriptedDice(rolls: readonly number[]): Dice & { readonly left: () => number } {
  let i = 0;
  return {
    roll(count: number): number[] {
      const out = rolls.slice(i, i + count);
      if (out.length < count)
        throw new Error(`scriptedDice: ${count} roll(s) asked, ${rolls.length - i} left`);
      i += count;
      return [...out];
    },
    left: () => rolls.length - i,
  };
}

/** Dice that must not be rolled (an intent that should roll nothing). */
export const noDice: Dice = {
  roll(): number[] {
    throw new Error('no dice were expected to be rolled');
  },
};
