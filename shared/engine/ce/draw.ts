// Random draws for the variant's set-up from the game's committed six-sided dice (style 7: dice are arguments),
// each die used recorded so the event carries it.
import type { Dice } from '../types';

/** A fair draw of 0..n-1: base-6 digits read from the dice, drawn again when above the largest multiple of n. */
export function drawIndex(dice: Dice, n: number, rolls: number[]): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`drawIndex: nothing to draw from (${n})`);
  if (n === 1) return 0;
  let digits = 1;
  while (6 ** digits < n) digits++;
  const span = 6 ** digits;
  const limit = span - (span % n);
  for (;;) {
    const drawn = dice.roll(digits);
    rolls.push(...drawn);
    const value = drawn.reduce((v, d) => v * 6 + (d - 1), 0);
    if (value < limit) return value % n;
  }
}

/** A uniformly random order of `items` (Fisher–Yates with `drawIndex`). */
export function shuffled<T>(dice: Dice, items: readonly T[], rolls: number[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = drawIndex(dice, i + 1, rolls);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
