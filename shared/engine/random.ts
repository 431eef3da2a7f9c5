// Seeded, deterministic randomness for bots, simulations and tests (never for a real game's dice, which the
// server draws from a CSPRNG). Pure: the same seed always gives the same sequence; nothing global is touched.
import type { Dice } from './types';

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded six-sided dice (each roll 1..6). */
export function seededDice(seed: number): Dice {
  const random = seededRandom(seed);
  return { roll: (count: number) => Array.from({ length: count }, () => 1 + Math.floor(random() * 6)) };
}
