// How many tables of which size a stage needs: table sizes 2–6 in the director's order of preference
// (e.g. 4 and 3 before 5, as at the WBC heats), with the fewest byes first. Pure.

export const MIN_TABLE = 2;
export const MAX_TABLE = 6;

export interface TablePlan {
  /** The tables' sizes, most preferred first. */
  readonly sizes: readonly number[];
  /** How many entrants sit out this round (a bye). */
  readonly byes: number;
}

/** Whether `count` can be made of tables of these sizes, for every count up to `limit`. */
function makeable(sizes: readonly number[], limit: number): boolean[] {
  const can = Array.from({ length: limit + 1 }, (_, n) => n === 0);
  for (let n = 1; n <= limit; n++) can[n] = sizes.some((s) => s <= n && can[n - s] === true);
  return can;
}

/**
 * The tables for `count` entrants: the fewest byes; then as few tables of the least preferred size as
 * possible, then of the next, and so on (so 10 players at [4, 3, 5] sit 4+3+3, never 5+5).
 */
export function planTables(count: number, preference: readonly number[]): TablePlan {
  const sizes = [...new Set(preference)].filter((s) => s >= MIN_TABLE && s <= MAX_TABLE);
  if (sizes.length === 0) throw new Error('a table size preference needs at least one size from 2 to 6');
  for (let byes = 0; byes <= count; byes++) {
    const seated = count - byes;
    const plan = compose(seated, sizes);
    if (plan !== null) return { sizes: plan, byes };
  }
  return { sizes: [], byes: count };
}

/** The composition of `n` least heavy in the less preferred sizes, or null when there is none. */
function compose(n: number, sizes: readonly number[]): number[] | null {
  if (n === 0) return null;
  const out: number[] = [];
  let rest = n;
  // From the least preferred size to the most: the fewest tables of it that leave a makeable remainder.
  for (let k = sizes.length - 1; k >= 0; k--) {
    const size = sizes[k] as number;
    const others = sizes.slice(0, k);
    if (k === 0) {
      if (rest % size !== 0) return null;
      for (let i = 0; i < rest / size; i++) out.push(size);
      rest = 0;
      break;
    }
    const can = makeable(others, rest);
    let count = 0;
    while (count * size <= rest && !can[rest - count * size]) count++;
    if (count * size > rest) return null;
    for (let i = 0; i < count; i++) out.push(size);
    rest -= count * size;
  }
  const rank = (s: number) => sizes.indexOf(s);
  return out.sort((a, b) => rank(a) - rank(b));
}
