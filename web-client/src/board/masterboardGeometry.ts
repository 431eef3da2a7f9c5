// Where each Land of the Masterboard is drawn. The board is a grid of triangles (the `drawing` cell of each
// Land: 15 columns of half a side, 8 rows); a Land is drawn as its triangle with the corners cut off, which
// gives the board's hexagonal lands with three long sides (the borders with neighbours, where the Signs are
// printed) and three short ones.
import { land } from '../../../shared/data/masterboard';
import type { Land, LandNumber } from '../../../shared/data/types';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Side of a land's triangle in SVG units. */
export const SIDE = 120;
/** Height of a land's triangle. */
export const TRIANGLE_HEIGHT = (SIDE * Math.sqrt(3)) / 2;
/** The grid is 15 half-sides wide (16 with the last triangle's far corner) and 8 rows high. */
export const BOARD_WIDTH = 8 * SIDE;
export const BOARD_HEIGHT = 8 * TRIANGLE_HEIGHT;
/** Fraction of a side cut off each corner. */
const CORNER_CUT = 0.14;
/** Gap between neighbouring lands, as a shrink toward the centroid. */
const SHRINK = 0.965;

/** The triangle's three corners: for a land pointing up, apex then bottom-left, bottom-right; for one pointing
 *  down, top-left, top-right, then the apex at the bottom. */
export function triangle(l: Land): readonly [Point, Point, Point] {
  const { col, row, pointsUp } = l.drawing;
  const cx = ((col + 1) * SIDE) / 2;
  const top = row * TRIANGLE_HEIGHT;
  const bottom = top + TRIANGLE_HEIGHT;
  return pointsUp
    ? [
        { x: cx, y: top },
        { x: cx - SIDE / 2, y: bottom },
        { x: cx + SIDE / 2, y: bottom },
      ]
    : [
        { x: cx - SIDE / 2, y: top },
        { x: cx + SIDE / 2, y: top },
        { x: cx, y: bottom },
      ];
}

export function centroid(l: Land): Point {
  const [a, b, c] = triangle(l);
  return { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3 };
}

function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** The land's outline: the triangle with its corners cut (six points). */
export function landOutline(l: Land): Point[] {
  const [a, b, c] = triangle(l);
  const g = centroid(l);
  const pts = [
    lerp(a, b, CORNER_CUT),
    lerp(b, a, CORNER_CUT),
    lerp(b, c, CORNER_CUT),
    lerp(c, b, CORNER_CUT),
  ];
  pts.push(lerp(c, a, CORNER_CUT), lerp(a, c, CORNER_CUT));
  return pts.map((p) => lerp(g, p, SHRINK));
}

export function pointsAttr(points: readonly Point[]): string {
  return points.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

export function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The long side of `from` bordering the neighbour `to`: its two ends, its midpoint, and the unit normal
 *  pointing out of `from` (toward `to`). Throws when the two lands are not neighbours on the grid (a bug). */
export function borderToward(
  from: LandNumber,
  to: LandNumber,
): { readonly a: Point; readonly b: Point; readonly mid: Point; readonly normal: Point } {
  const f = land(from);
  const t = land(to);
  const [p0, p1, p2] = triangle(f);
  let a: Point;
  let b: Point;
  const dc = t.drawing.col - f.drawing.col;
  if (t.drawing.row === f.drawing.row && dc === -1) {
    [a, b] = f.drawing.pointsUp ? [p0, p1] : [p0, p2];
  } else if (t.drawing.row === f.drawing.row && dc === 1) {
    [a, b] = f.drawing.pointsUp ? [p0, p2] : [p1, p2];
  } else if (dc === 0 && t.drawing.row === f.drawing.row + (f.drawing.pointsUp ? 1 : -1)) {
    [a, b] = f.drawing.pointsUp ? [p1, p2] : [p0, p1];
  } else {
    throw new Error(`lands ${from} and ${to} do not share a border on the drawing grid`);
  }
  const mid = lerp(a, b, 0.5);
  const g = centroid(f);
  const len = Math.hypot(mid.x - g.x, mid.y - g.y);
  return { a, b, mid, normal: { x: (mid.x - g.x) / len, y: (mid.y - g.y) / len } };
}

/** Where text and markers go inside a land: the number toward the apex, the legions at the centroid, the
 *  terrain's name along the flat side (the widest part). */
export function landLayout(l: Land): {
  readonly number: Point;
  readonly name: Point;
  readonly legions: Point;
} {
  const x = ((l.drawing.col + 1) * SIDE) / 2;
  const top = l.drawing.row * TRIANGLE_HEIGHT;
  const at = (fromTop: number): Point => ({ x, y: top + fromTop * TRIANGLE_HEIGHT });
  return l.drawing.pointsUp
    ? { number: at(0.3), legions: at(0.56), name: at(0.83) }
    : { name: at(0.17), legions: at(0.44), number: at(0.7) };
}
