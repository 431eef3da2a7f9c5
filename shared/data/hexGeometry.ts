// Battleland hex geometry: labels, directions, neighbours, distance and range, drawing centres, entry hexes.
// Errata 2.2 labels (columns A..F left to right, row 1 at the bottom of each column); directions and the
// axial coordinates as worked out in reference/GEOMETRY.md section 2.

import type { AttackerSide, Direction, HexLabel } from './types';
import { HEX_LABELS } from './types';

/** Hexside directions of a flat-topped hex: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. */
export const DIRECTIONS: readonly Direction[] = [0, 1, 2, 3, 4, 5];

export const DIRECTION_NAMES: Readonly<Record<Direction, string>> = {
  0: 'N',
  1: 'NE',
  2: 'SE',
  3: 'S',
  4: 'SW',
  5: 'NW',
};

export const COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type Column = (typeof COLUMNS)[number];

/** Errata 2.2: hexes per column (27 in all). */
export const COLUMN_SIZES: Readonly<Record<Column, number>> = { A: 3, B: 4, C: 5, D: 6, E: 5, F: 4 };

/** Axial r = K[column] − number (GEOMETRY.md section 2). */
const AXIAL_K: readonly number[] = [5, 5, 5, 5, 4, 3];

/** Axial offset of the neighbour in each direction (q grows to the right, r grows down-left to up-right). */
const AXIAL_STEP: Readonly<Record<Direction, { readonly dq: number; readonly dr: number }>> = {
  0: { dq: 0, dr: -1 },
  1: { dq: 1, dr: -1 },
  2: { dq: 1, dr: 0 },
  3: { dq: 0, dr: 1 },
  4: { dq: -1, dr: 1 },
  5: { dq: -1, dr: 0 },
};

export function opposite(d: Direction): Direction {
  return ((d + 3) % 6) as Direction;
}

const LABEL_SET: ReadonlySet<string> = new Set(HEX_LABELS);

export function isHexLabel(s: string): s is HexLabel {
  return LABEL_SET.has(s);
}

export function columnIndex(label: HexLabel): number {
  return COLUMNS.indexOf(label[0] as Column);
}

export function rowNumber(label: HexLabel): number {
  return Number(label.slice(1));
}

export function axial(label: HexLabel): { readonly q: number; readonly r: number } {
  const q = columnIndex(label);
  return { q, r: (AXIAL_K[q] as number) - rowNumber(label) };
}

/** The hex at axial (q, r), or null if it is off the battleland. */
export function hexAt(q: number, r: number): HexLabel | null {
  const column = COLUMNS[q];
  const k = AXIAL_K[q];
  if (column === undefined || k === undefined) return null;
  const label = `${column}${k - r}`;
  return isHexLabel(label) ? label : null;
}

export function neighbour(label: HexLabel, dir: Direction): HexLabel | null {
  const { q, r } = axial(label);
  const step = AXIAL_STEP[dir];
  return hexAt(q + step.dq, r + step.dr);
}

/** The on-board neighbours of a hex, in direction order. */
export function neighbours(label: HexLabel): { dir: Direction; hex: HexLabel }[] {
  const result: { dir: Direction; hex: HexLabel }[] = [];
  for (const dir of DIRECTIONS) {
    const hex = neighbour(label, dir);
    if (hex !== null) result.push({ dir, hex });
  }
  return result;
}

/** The direction from `from` to the adjacent hex `to`; null when they are not adjacent. */
export function directionTo(from: HexLabel, to: HexLabel): Direction | null {
  for (const dir of DIRECTIONS) {
    if (neighbour(from, dir) === to) return dir;
  }
  return null;
}

/** The number of steps between two hexes (0 for the same hex, 1 for adjacent hexes). */
export function hexDistance(a: HexLabel, b: HexLabel): number {
  const p = axial(a);
  const t = axial(b);
  const dq = t.q - p.q;
  const dr = t.r - p.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** 13.2: range counts the striker's hex, the target's hex and every hex between: adjacent hexes are at range 2. */
export function range(a: HexLabel, b: HexLabel): number {
  return hexDistance(a, b) + 1;
}

/**
 * Centre of a hex for line of sight (13.3) and drawing: flat-topped hexes of circumradius 1, x to the right,
 * y UP (row 1 at the bottom), A1 at (0, 0). Neighbouring centres are √3 apart; each column is 1.5 to the right
 * of the previous one and the columns B, D, F sit half a hex lower than their left neighbours' rows.
 */
export function hexCenter(label: HexLabel): { readonly x: number; readonly y: number } {
  const { q, r } = axial(label);
  const a1r = (AXIAL_K[0] as number) - 1; // A1 is at axial (0, 4)
  return { x: 1.5 * q, y: Math.sqrt(3) * (a1r - r - q / 2) };
}

/** Errata 2.2, 10.1: the hexes an attacker enters on, by side. */
export const ATTACKER_ENTRY_HEXES: Readonly<Record<AttackerSide, readonly HexLabel[]>> = {
  left: ['A3', 'B4', 'C5', 'D6'],
  right: ['F1', 'F2', 'F3', 'F4'],
  bottom: ['A1', 'B1', 'C1', 'D1'],
};

/** Errata 2.2, 10.1: the hexes the defender enters on, keyed by the ATTACKER's side (the opposite edge). */
export const DEFENDER_ENTRY_HEXES: Readonly<Record<AttackerSide, readonly HexLabel[]>> = {
  left: ['D1', 'E1', 'F1'],
  right: ['A1', 'A2', 'A3'],
  bottom: ['D6', 'E5', 'F4'],
};

/** Errata 2.2, 10.1, 10.2: in a Tower the attacker enters from the bottom and the defender deploys on these. */
export const TOWER_START_HEXES: readonly HexLabel[] = ['C3', 'C4', 'D3', 'D4', 'D5', 'E3', 'E4'];
