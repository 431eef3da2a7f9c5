import { describe, expect, it } from 'vitest';
import {
  ATTACKER_ENTRY_HEXES,
  axial,
  DEFENDER_ENTRY_HEXES,
  DIRECTIONS,
  directionTo,
  hexCenter,
  hexDistance,
  neighbour,
  neighbours,
  opposite,
  range,
  TOWER_START_HEXES,
} from '../../shared/data/hexGeometry';
import type { Direction, HexLabel } from '../../shared/data/types';
import { ATTACKER_SIDES, HEX_LABELS } from '../../shared/data/types';

/** Hexes whose neighbours in both directions are off the board: one straight edge of the battleland. */
function edge(d1: Direction, d2: Direction): HexLabel[] {
  return HEX_LABELS.filter((l) => neighbour(l, d1) === null && neighbour(l, d2) === null);
}

describe('battle hex geometry (errata 2.2, GEOMETRY.md section 2)', () => {
  it('2.2: 27 hexes, columns A..F of 3, 4, 5, 6, 5, 4', () => {
    expect(HEX_LABELS).toHaveLength(27);
    const perColumn = ['A', 'B', 'C', 'D', 'E', 'F'].map((c) => HEX_LABELS.filter((l) => l[0] === c).length);
    expect(perColumn).toEqual([3, 4, 5, 6, 5, 4]);
  });

  it('2.2: the number grows upward in a column: N of X n is X n+1', () => {
    expect(neighbour('A1', 0)).toBe('A2');
    expect(neighbour('D5', 0)).toBe('D6');
    expect(neighbour('D6', 0)).toBeNull();
    expect(neighbour('D1', 3)).toBeNull();
  });

  it('GEOMETRY table: neighbours across columns (A..C up-right is n+1, D..E is n)', () => {
    expect(neighbour('A1', 1)).toBe('B2');
    expect(neighbour('A1', 2)).toBe('B1');
    expect(neighbour('C3', 1)).toBe('D4');
    expect(neighbour('D3', 1)).toBe('E3');
    expect(neighbour('D3', 2)).toBe('E2');
    expect(neighbour('E2', 2)).toBe('F1');
    expect(neighbour('E1', 2)).toBeNull();
    expect(neighbour('B2', 4)).toBe('A1');
    expect(neighbour('D3', 4)).toBe('C2');
    expect(neighbour('D3', 5)).toBe('C3');
    expect(neighbour('E3', 4)).toBe('D3');
    expect(neighbour('E3', 5)).toBe('D4');
    expect(neighbour('F4', 5)).toBe('E5');
  });

  it('adjacency is symmetric: neighbour(a, d) = b iff neighbour(b, opposite(d)) = a', () => {
    for (const a of HEX_LABELS) {
      for (const d of DIRECTIONS) {
        const b = neighbour(a, d);
        if (b !== null) expect(neighbour(b, opposite(d))).toBe(a);
      }
    }
    // 63 shared hexsides: 21 inside the columns (2+3+4+5+4+3) and 42 between them (2 × the smaller column),
    // each seen from both of its hexes
    const ends = HEX_LABELS.reduce((n, l) => n + neighbours(l).length, 0);
    expect(ends).toBe(2 * 63);
  });

  it('opposite(d) = (d + 3) mod 6', () => {
    expect(DIRECTIONS.map(opposite)).toEqual([3, 4, 5, 0, 1, 2]);
  });

  it('directionTo finds the hexside between adjacent hexes only', () => {
    expect(directionTo('C3', 'D4')).toBe(1);
    expect(directionTo('D4', 'C3')).toBe(4);
    expect(directionTo('A1', 'A3')).toBeNull();
    expect(directionTo('A1', 'A1')).toBeNull();
  });

  it('13.2: range counts both end hexes: range(A1, A2) = 2', () => {
    expect(range('A1', 'A2')).toBe(2);
    expect(range('A1', 'A1')).toBe(1);
    expect(range('A1', 'A3')).toBe(3);
    expect(hexDistance('A1', 'F4')).toBe(5);
    expect(range('A3', 'F1')).toBe(6);
    expect(hexDistance('A1', 'D1')).toBe(3);
    // 13.2 errata example 6 route: D4 to B3 is 3 hexes (through C3 or C4)
    expect(range('D4', 'B3')).toBe(3);
  });

  it('hexDistance is 1 exactly for neighbours and is symmetric', () => {
    for (const a of HEX_LABELS) {
      for (const b of HEX_LABELS) {
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, b) === 1).toBe(directionTo(a, b) !== null);
      }
    }
  });

  it('hexCenter: A1 at the origin, y up, neighbours √3 apart in their direction', () => {
    expect(hexCenter('A1')).toEqual({ x: 0, y: 0 });
    expect(hexCenter('A2').y).toBeCloseTo(Math.sqrt(3));
    expect(hexCenter('B1')).toEqual({ x: 1.5, y: expect.closeTo(-Math.sqrt(3) / 2) });
    for (const a of HEX_LABELS) {
      for (const { dir, hex } of neighbours(a)) {
        const p = hexCenter(a);
        const q = hexCenter(hex);
        expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeCloseTo(Math.sqrt(3));
        // direction d points at angle 90° − 60°·d (N up, NE up-right, ...)
        const angle = (Math.PI / 180) * (90 - 60 * dir);
        expect(q.x - p.x).toBeCloseTo(Math.sqrt(3) * Math.cos(angle));
        expect(q.y - p.y).toBeCloseTo(Math.sqrt(3) * Math.sin(angle));
      }
    }
  });

  it('axial coordinates: q = column, r = K − number', () => {
    expect(axial('A1')).toEqual({ q: 0, r: 4 });
    expect(axial('D6')).toEqual({ q: 3, r: -1 });
    expect(axial('F4')).toEqual({ q: 5, r: -1 });
  });

  it('errata 2.2, 10.1: entry hexes of each side are the hexes of one board edge', () => {
    expect(ATTACKER_ENTRY_HEXES.left).toEqual(['A3', 'B4', 'C5', 'D6']);
    expect(ATTACKER_ENTRY_HEXES.right).toEqual(['F1', 'F2', 'F3', 'F4']);
    expect(ATTACKER_ENTRY_HEXES.bottom).toEqual(['A1', 'B1', 'C1', 'D1']);
    expect(DEFENDER_ENTRY_HEXES.left).toEqual(['D1', 'E1', 'F1']);
    expect(DEFENDER_ENTRY_HEXES.right).toEqual(['A1', 'A2', 'A3']);
    expect(DEFENDER_ENTRY_HEXES.bottom).toEqual(['D6', 'E5', 'F4']);
    // the same, derived from the geometry: the edge facing N/NW, NE/SE, S/SW and the opposite edges
    const attackerEdge = { left: [0, 5], right: [1, 2], bottom: [3, 4] } as const;
    for (const side of ATTACKER_SIDES) {
      const [d1, d2] = attackerEdge[side];
      expect(edge(d1, d2)).toEqual(ATTACKER_ENTRY_HEXES[side]);
      expect(edge(opposite(d1), opposite(d2))).toEqual(DEFENDER_ENTRY_HEXES[side]);
    }
  });

  it('errata 2.2, 10.1, 10.2: Tower start hexes C3 C4 D3 D4 D5 E3 E4 (the centre D4 and its ring)', () => {
    expect(TOWER_START_HEXES).toEqual(['C3', 'C4', 'D3', 'D4', 'D5', 'E3', 'E4']);
    expect(
      neighbours('D4')
        .map((n) => n.hex)
        .sort(),
    ).toEqual(TOWER_START_HEXES.filter((l) => l !== 'D4'));
  });
});
