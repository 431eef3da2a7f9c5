import { describe, expect, it } from 'vitest';
import {
  exitBetween,
  isLandNumber,
  LAND_NUMBERS,
  LANDS,
  land,
  TOWER_LANDS,
} from '../../shared/data/masterboard';
import type { Sign } from '../../shared/data/types';
import { TERRAINS } from '../../shared/data/types';

const ALL_LANDS = [...LANDS.values()];
const SINGLE: readonly Sign[] = ['block', 'arch', 'arrow'];

describe('masterboard (2.1, 7.0)', () => {
  it('2.1: 96 lands numbered 1..42, 101..142, 100..600 and 1000..6000', () => {
    expect(LANDS.size).toBe(96);
    const range = (a: number, b: number, step = 1) =>
      Array.from({ length: (b - a) / step + 1 }, (_, i) => a + i * step);
    const expected = [
      ...range(1, 42),
      ...range(100, 600, 100),
      ...range(101, 142),
      ...range(1000, 6000, 1000),
    ];
    expect(LAND_NUMBERS).toEqual(expected.sort((a, b) => a - b));
    for (const n of LAND_NUMBERS) expect(land(n).number).toBe(n);
    expect(isLandNumber(43)).toBe(false);
    expect(() => land(43)).toThrow();
  });

  it('2.1: lands of all 11 terrains; the six towers are the Tower lands', () => {
    expect(new Set(ALL_LANDS.map((l) => l.terrain))).toEqual(new Set(TERRAINS));
    expect(TOWER_LANDS).toEqual([100, 200, 300, 400, 500, 600]);
    expect(ALL_LANDS.filter((l) => l.terrain === 'Tower').map((l) => l.number)).toEqual([...TOWER_LANDS]);
    // the inner ring 1000..6000 alternates Mountains and Tundra
    expect([1000, 2000, 3000, 4000, 5000, 6000].map((n) => land(n).terrain)).toEqual([
      'Mountains',
      'Tundra',
      'Mountains',
      'Tundra',
      'Mountains',
      'Tundra',
    ]);
  });

  it('7.3: every sign points to a neighbouring land; neighbours are those joined by a sign either way', () => {
    for (const l of ALL_LANDS) {
      const joined = new Set(l.exits.map((e) => e.to));
      for (const other of ALL_LANDS) if (other.exits.some((e) => e.to === l.number)) joined.add(other.number);
      expect([...joined].sort((a, b) => a - b)).toEqual(l.neighbours);
      for (const n of l.neighbours) expect(land(n).neighbours).toContain(l.number);
      expect(l.neighbours.length).toBeLessThanOrEqual(3); // a triangle has three sides
    }
  });

  it('7.3: each single-symbol sign (block, arch, arrow) has a single-symbol sign on the neighbour pointing back', () => {
    for (const l of ALL_LANDS) {
      for (const e of l.exits) {
        const back = exitBetween(e.to, l.number);
        if (SINGLE.includes(e.sign)) {
          expect(back, `${l.number} -> ${e.to}`).not.toBeNull();
          expect(SINGLE).toContain(back!.sign);
        } else {
          // a triple arrow is one-way
          expect(back, `${l.number} -> ${e.to}`).toBeNull();
        }
      }
    }
  });

  it('7.3: the data pairs blocks with arches, arrows with arches or arrows, arches with any single sign', () => {
    const pairs = new Map<string, number>();
    for (const l of ALL_LANDS) {
      for (const e of l.exits) {
        const back = exitBetween(e.to, l.number);
        if (back === null) continue;
        const key = `${e.sign}/${back.sign}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(pairs)).toEqual({
      'arch/arch': 12,
      'arch/arrow': 18,
      'arch/block': 18,
      'arrow/arch': 18,
      'arrow/arrow': 12,
      'block/arch': 18,
    });
    const signs = new Map<Sign, number>();
    for (const l of ALL_LANDS) for (const e of l.exits) signs.set(e.sign, (signs.get(e.sign) ?? 0) + 1);
    expect(Object.fromEntries(signs)).toEqual({ arch: 48, arrow: 30, arrows: 84, block: 18 });
  });

  it('7.3: each tower has three single arrows (not triple), each answered by an arch', () => {
    for (const n of TOWER_LANDS) {
      const tower = land(n);
      expect(tower.exits.map((e) => e.sign)).toEqual(['arrow', 'arrow', 'arrow']);
      for (const e of tower.exits) expect(exitBetween(e.to, n)?.sign).toBe('arch');
    }
    expect(land(100).exits.map((e) => e.to)).toEqual([3, 41, 101]);
  });

  it('errata 2.2, 10.1: Mountains 1000 from Tundra 6000 is left, from Tundra 2000 right, from Plains 1 bottom', () => {
    expect(exitBetween(6000, 1000)?.entry).toBe('left');
    expect(exitBetween(2000, 1000)?.entry).toBe('right');
    expect(exitBetween(1, 1000)?.entry).toBe('bottom');
  });

  it('errata 10.1: every step into a tower enters from the bottom', () => {
    const intoTowers = ALL_LANDS.flatMap((l) => l.exits.filter((e) => TOWER_LANDS.includes(e.to)));
    expect(intoTowers).toHaveLength(18);
    for (const e of intoTowers) expect(e.entry).toBe('bottom');
  });

  it('10.1: 180 steps; the steps into one land enter on different sides, from {left, right, bottom}', () => {
    const steps = ALL_LANDS.flatMap((l) => l.exits.map((e) => ({ from: l.number, ...e })));
    expect(steps).toHaveLength(180);
    for (const l of ALL_LANDS) {
      if (l.terrain === 'Tower') continue;
      const sides = steps.filter((s) => s.to === l.number).map((s) => s.entry);
      expect(sides.length).toBeGreaterThanOrEqual(1);
      expect(new Set(sides).size, `${l.number}`).toBe(sides.length);
    }
  });

  it('drawing: neighbours share a side of the 15x8 grid; triangles alternate like a checkerboard', () => {
    for (const l of ALL_LANDS) {
      const { col, row, pointsUp } = l.drawing;
      expect(col).toBeGreaterThanOrEqual(0);
      expect(col).toBeLessThan(15);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(row).toBeLessThan(8);
      for (const n of l.neighbours) {
        const o = land(n).drawing;
        if (o.row === row) {
          expect(Math.abs(o.col - col)).toBe(1);
          expect(o.pointsUp).toBe(!pointsUp);
        } else {
          // the flat side: below an up-pointing triangle, above a down-pointing one
          expect(o.col).toBe(col);
          expect(o.row).toBe(pointsUp ? row + 1 : row - 1);
        }
      }
    }
    // Mountains 1000 points up: Plains 1 below it is its bottom side (errata 10.1: bottom attack)
    expect(land(1000).drawing).toEqual({ col: 7, row: 4, pointsUp: true });
    expect(land(1).drawing).toEqual({ col: 7, row: 5, pointsUp: false });
  });
});
