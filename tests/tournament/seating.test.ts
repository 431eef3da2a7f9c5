// Table plans and seating (tournaments: WBC heats, Swiss rounds, seeded brackets), reproducible from the seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketSlots,
  drawRandom,
  nextBracketRound,
  planTables,
  seatBracket,
  seatByStandings,
  seatKeepApart,
} from '../../shared/tournament';

const names = (n: number) => Array.from({ length: n }, (_, i) => `e${i + 1}`);

describe('table plans', () => {
  it('prefers 4 and 3 before 5 (WBC heats)', () => {
    expect(planTables(10, [4, 3, 5])).toEqual({ sizes: [4, 3, 3], byes: 0 });
    expect(planTables(8, [4, 3, 5])).toEqual({ sizes: [4, 4], byes: 0 });
    expect(planTables(5, [4, 3, 5])).toEqual({ sizes: [5], byes: 0 });
    expect(planTables(12, [3, 4])).toEqual({ sizes: [3, 3, 3, 3], byes: 0 });
  });

  it('gives byes only when the count does not divide', () => {
    expect(planTables(9, [3])).toEqual({ sizes: [3, 3, 3], byes: 0 });
    expect(planTables(10, [3])).toEqual({ sizes: [3, 3, 3], byes: 1 });
    expect(planTables(7, [2])).toEqual({ sizes: [2, 2, 2], byes: 1 });
    expect(planTables(1, [2])).toEqual({ sizes: [], byes: 1 });
  });

  it('seats everyone it can, at tables of the allowed sizes only', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.uniqueArray(fc.integer({ min: 2, max: 6 }), { minLength: 1, maxLength: 5 }),
        (count, preference) => {
          const plan = planTables(count, preference);
          expect(plan.sizes.reduce((a, b) => a + b, 0) + plan.byes).toBe(count);
          for (const s of plan.sizes) expect(preference).toContain(s);
          // Fewer byes than the smallest table: otherwise they could have made one more table.
          if (plan.sizes.length > 0 || count >= Math.min(...preference)) {
            expect(plan.byes).toBeLessThan(Math.min(...preference));
          }
        },
      ),
    );
  });
});

describe('seating', () => {
  it('keeps the top-ranked apart and seats every entrant once, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), fc.string(), (count, seed) => {
        const plan = planTables(count, [4, 3, 5]);
        const ranked = names(count).slice(0, count - plan.byes);
        const seating = seatKeepApart(ranked, plan.sizes, drawRandom(seed, 'heat 1'));
        expect(seating.map((t) => t.length)).toEqual(plan.sizes);
        expect(seating.flat().sort()).toEqual([...ranked].sort());
        const top = new Set(ranked.slice(0, plan.sizes.length));
        for (const table of seating) expect(table.filter((e) => top.has(e))).toHaveLength(1);
        expect(seatKeepApart(ranked, plan.sizes, drawRandom(seed, 'heat 1'))).toEqual(seating);
      }),
    );
  });

  it('a different seed draws a different seating', () => {
    const a = seatKeepApart(names(16), [4, 4, 4, 4], drawRandom('a', 'heat 1'));
    const b = seatKeepApart(names(16), [4, 4, 4, 4], drawRandom('b', 'heat 1'));
    expect(a).not.toEqual(b);
  });

  it('Swiss rounds seat by standings and avoid rematches where they can', () => {
    const ranked = names(9);
    const first = seatByStandings(ranked, [3, 3, 3], () => 0);
    expect(first).toEqual([
      ['e1', 'e2', 'e3'],
      ['e4', 'e5', 'e6'],
      ['e7', 'e8', 'e9'],
    ]);
    const met = (a: string, b: string) => (first.some((t) => t.includes(a) && t.includes(b)) ? 1 : 0);
    const second = seatByStandings(ranked, [3, 3, 3], met);
    expect(second[0]?.[0]).toBe('e1');
    for (const table of second) {
      for (const a of table) for (const b of table) if (a !== b) expect(met(a, b)).toBe(0);
    }
  });

  it('a seeded bracket keeps the top seeds apart until the late rounds', () => {
    expect(bracketSlots(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const bracket = seatBracket(names(8));
    expect(bracket).toEqual([
      ['e1', 'e8'],
      ['e4', 'e5'],
      ['e2', 'e7'],
      ['e3', 'e6'],
    ]);
    // Seeds 1 and 2 are in different halves: they meet only in the final.
    expect(nextBracketRound(['e1', 'e4', 'e2', 'e3'])).toEqual([
      ['e1', 'e4'],
      ['e2', 'e3'],
    ]);
  });

  it('a bracket short of a power of two gives the top seeds the byes', () => {
    const bracket = seatBracket(names(6));
    expect(bracket).toEqual([['e1'], ['e4', 'e5'], ['e2'], ['e3', 'e6']]);
  });
});
