// Where each Battleland hex is drawn: the engine's hexCenter (flat-topped hexes of circumradius 1, y up, A1 at
// the origin) scaled and turned into SVG coordinates (y down), with room around the board for the entrances
// and above it for the turn track.

import { hexCenter } from '../../../shared/data/hexGeometry';
import type { Direction, HexLabel } from '../../../shared/data/types';
import { HEX_LABELS } from '../../../shared/data/types';
import type { Point } from './masterboardGeometry';

/** Circumradius of a hex in SVG units. */
export const HEX_RADIUS = 40;
/** Room around the hexes for the off-board entrances, in hex radii. */
const MARGIN = 2.3;
/** Room above everything for the turn track. */
export const TRACK_HEIGHT = 48;

const centres = HEX_LABELS.map((l) => hexCenter(l));
const minX = Math.min(...centres.map((c) => c.x)) - 1 - MARGIN;
const maxX = Math.max(...centres.map((c) => c.x)) + 1 + MARGIN;
const minY = Math.min(...centres.map((c) => c.y)) - 1 - MARGIN;
const maxY = Math.max(...centres.map((c) => c.y)) + 1 + MARGIN;

export const BATTLELAND_WIDTH = (maxX - minX) * HEX_RADIUS;
export const BATTLELAND_HEIGHT = (maxY - minY) * HEX_RADIUS + TRACK_HEIGHT;

/** The hex's centre in SVG units. */
export function hexPoint(label: HexLabel): Point {
  const c = hexCenter(label);
  return toSvg(c.x, c.y);
}

/** A point given in the engine's hex units (y up) in SVG units (y down). */
export function toSvg(x: number, y: number): Point {
  return { x: (x - minX) * HEX_RADIUS, y: (maxY - y) * HEX_RADIUS + TRACK_HEIGHT };
}

/** The centre of the board (the average of all hex centres), in SVG units. */
export const BOARD_CENTRE: Point = toSvg(
  centres.reduce((s, c) => s + c.x, 0) / centres.length,
  centres.reduce((s, c) => s + c.y, 0) / centres.length,
);

function corner(c: Point, degrees: number, radius: number): Point {
  const a = (degrees * Math.PI) / 180;
  return { x: c.x + radius * Math.cos(a), y: c.y - radius * Math.sin(a) };
}

/** The six corners of a flat-topped hex, counter-clockwise from the right. */
export function hexCorners(label: HexLabel, radius = HEX_RADIUS): Point[] {
  const c = hexPoint(label);
  return [0, 60, 120, 180, 240, 300].map((d) => corner(c, d, radius));
}

/** The two ends of a hexside (direction 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW) and the unit normal pointing out of
 *  the hex across that hexside. */
export function hexsideEnds(label: HexLabel, dir: Direction): { a: Point; b: Point; normal: Point } {
  const c = hexPoint(label);
  const from = 60 - 60 * dir;
  const mid = ((from + 30) * Math.PI) / 180;
  return {
    a: corner(c, from, HEX_RADIUS),
    b: corner(c, from + 60, HEX_RADIUS),
    normal: { x: Math.cos(mid), y: -Math.sin(mid) },
  };
}
