// The tournament's published seed: every seating, bye, bracket draw and seeded roll is drawn from it, so anyone
// holding the seed can recompute them and check that nothing was arranged. Pure and deterministic.
import { seededRandom } from '../engine/random';

/** FNV-1a over the UTF-16 code units of `text`: the 32-bit number the generator starts from. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The generator for one draw: the published seed plus what is drawn (e.g. "stage 1 round 2"). */
export function drawRandom(seed: string, purpose: string): () => number {
  return seededRandom(hashSeed(`${seed}\u0000${purpose}`));
}

/** Fisher–Yates with the given generator; the input is not touched. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
