// Line of sight for rangestrikes (13.3, the Hazards Chart's "EFFECT ON RANGESTRIKING" rows, errata 11.7/13.x):
// the paths the centre-to-centre line defines, and whether hazards or characters block a path.
//
// Geometry. A battleland is a patch of a regular hex grid, and everything the rules ask of the line (which hexes it
// passes through, where it runs along a hexside) survives any affine map of the plane. So the line is traced in
// axial coordinates scaled by 3, where every hex centre (3q, 3r) and every hex corner is a lattice point, and each
// test is exact integer arithmetic: no floating point, no tolerance.
import { axial, directionTo, neighbours } from '../../data/hexGeometry';
import type { HexLabel, HexsideHazard, Terrain } from '../../data/types';
import { HEX_LABELS } from '../../data/types';
import { elevation, hexsideBetween, terrainAt } from './hazards';
import type { BattlePosition } from './position';
import { characterAt } from './position';

// ---------------------------------------------------------------- 13.3: the path of the line

/** The corners of the hex centred on the origin, in scaled axial coordinates, counter-clockwise. */
const CORNERS: readonly (readonly [number, number])[] = [
  [2, -1],
  [1, 1],
  [-1, 2],
  [-2, 1],
  [-1, -1],
  [1, -2],
];

/** A parameter t of the line as the exact fraction num / den (den > 0). */
interface Fraction {
  readonly num: number;
  readonly den: number;
}

function less(a: Fraction, b: Fraction): boolean {
  return a.num * b.den < b.num * a.den;
}

/** How the segment from a to b meets one hex: through its inside, lengthwise along one of its sides, or not. */
interface Meeting {
  readonly kind: 'through' | 'alongside';
  /** The stretch of the segment (as parameters 0..1) inside or on the hex: orders the path, pairs hexsides. */
  readonly from: Fraction;
  readonly to: Fraction;
}

/**
 * Clip the segment a→b (t in [0, 1]) against the hex centred at c, one side at a time. Each side gives a linear
 * function of t that is positive inside the hex: `k + t·m`. The stretch of t where every function is positive is
 * where the line is inside the hex. When the line is parallel to a side (m = 0) and on it (k = 0), the stretch
 * lies on that side: the line runs lengthwise along the hexside. A stretch of length zero is a touch at a corner,
 * which the line does not pass through.
 */
function meet(
  a: readonly [number, number],
  b: readonly [number, number],
  c: readonly [number, number],
): Meeting | null {
  let lo: Fraction = { num: 0, den: 1 };
  let hi: Fraction = { num: 1, den: 1 };
  let onSide = false;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  for (let i = 0; i < CORNERS.length; i++) {
    const [px, py] = CORNERS[i] as readonly [number, number];
    const [qx, qy] = CORNERS[(i + 1) % CORNERS.length] as readonly [number, number];
    const ex = qx - px;
    const ey = qy - py;
    const k = ex * (a[1] - c[1] - py) - ey * (a[0] - c[0] - px);
    const m = ex * dy - ey * dx;
    if (m === 0) {
      if (k < 0) return null;
      if (k === 0) onSide = true;
    } else if (m > 0) {
      const bound = { num: -k, den: m };
      if (less(lo, bound)) lo = bound;
    } else {
      const bound = { num: k, den: -m };
      if (less(bound, hi)) hi = bound;
    }
  }
  if (!less(lo, hi)) return null;
  return { kind: onSide ? 'alongside' : 'through', from: lo, to: hi };
}

function scaled(hex: HexLabel): readonly [number, number] {
  const { q, r } = axial(hex);
  return [3 * q, 3 * r];
}

/**
 * 13.3: the intervening hexes of the line from the centre of `from` to the centre of `to`, in order, as slots:
 * a slot of one hex the line passes through, or a slot of the two hexes whose common hexside it runs along
 * (the rangestriker picks one of them). The end hexes are never in a slot. The battleland is convex (its hexes
 * are exactly 0 ≤ q ≤ 5, −1 ≤ r ≤ 4, 2 ≤ q + r ≤ 7), so the line never leaves it.
 */
function lineSlots(from: HexLabel, to: HexLabel): readonly (readonly HexLabel[])[] {
  const a = scaled(from);
  const b = scaled(to);
  const met: { hex: HexLabel; meeting: Meeting }[] = [];
  for (const hex of HEX_LABELS) {
    if (hex === from || hex === to) continue;
    const meeting = meet(a, b, scaled(hex));
    if (meeting !== null) met.push({ hex, meeting });
  }
  met.sort((x, y) =>
    less(x.meeting.from, y.meeting.from) ? -1 : less(y.meeting.from, x.meeting.from) ? 1 : 0,
  );
  const slots: HexLabel[][] = [];
  const paired = new Set<HexLabel>();
  for (const { hex, meeting } of met) {
    if (paired.has(hex)) continue;
    if (meeting.kind === 'through') {
      slots.push([hex]);
      continue;
    }
    // The other hex of the hexside the line runs along meets it over the very same stretch.
    const partner = met.find(
      (m) => m.hex !== hex && m.meeting.kind === 'alongside' && sameStretch(m.meeting, meeting),
    );
    if (partner !== undefined) paired.add(partner.hex);
    slots.push(partner === undefined ? [hex] : [hex, partner.hex]);
  }
  return slots;
}

function sameStretch(x: Meeting, y: Meeting): boolean {
  return !less(x.from, y.from) && !less(y.from, x.from) && !less(x.to, y.to) && !less(y.to, x.to);
}

/**
 * 13.3: every path a rangestrike from `from` to `to` may take, each the list of its intervening hexes in order
 * from `from`. Where the line runs lengthwise along a hexside the rangestriker chooses either hex of it, so
 * there is one path per combination of choices (two where the line runs along one hexside, four along two).
 * The line is the same on every battleland; `terrain` is kept so callers need not know that.
 */
export function rangestrikePaths(_terrain: Terrain, from: HexLabel, to: HexLabel): HexLabel[][] {
  let paths: HexLabel[][] = [[]];
  for (const slot of lineSlots(from, to)) {
    paths = paths.flatMap((path) => slot.map((hex) => [...path, hex]));
  }
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = path.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------- Hazards Chart: what blocks a path

/** One hazard hexside a path crosses, with the hexes atop it and at its base. */
export interface HazardCrossing {
  readonly hazard: HexsideHazard;
  /** The hex atop the hazard (errata 11.7: the hex a dune or wall is "connected to"). */
  readonly top: HexLabel;
  readonly base: HexLabel;
  /** True when the path crosses it going up (from its base into the hex atop it). */
  readonly up: boolean;
}

/**
 * The hazard hexsides a path crosses, in order from `from`: those between each two consecutive hexes of
 * `from`, the path's hexes, `to`. (Where the line runs along a hexside, the chosen hex is part of the path and
 * the hexside along which the line runs is not crossed.)
 */
export function hazardCrossings(
  terrain: Terrain,
  from: HexLabel,
  to: HexLabel,
  path: readonly HexLabel[],
): HazardCrossing[] {
  const hexes = [from, ...path, to];
  const crossings: HazardCrossing[] = [];
  for (let i = 0; i + 1 < hexes.length; i++) {
    const here = hexes[i] as HexLabel;
    const next = hexes[i + 1] as HexLabel;
    if (here === next) continue; // a line from a hex to itself crosses nothing
    const side = hexsideBetween(terrain, here, next);
    if (side === null) continue;
    crossings.push(
      side.fromIsTop
        ? { hazard: side.hazard, top: here, base: next, up: false }
        : { hazard: side.hazard, top: next, base: here, up: true },
    );
  }
  return crossings;
}

/** Why a path is blocked, with the rule that blocks it. */
export type Obstruction =
  | { readonly kind: 'tree'; readonly hex: HexLabel; readonly rule: string }
  | { readonly kind: 'character'; readonly hex: HexLabel; readonly rule: string }
  | { readonly kind: HexsideHazard; readonly rule: string };

/**
 * Errata 11.7: hexes' heights for rangestriking over a character. Bog, bramble, drift and sand hexes are at
 * plain height and the volcano at the highest plain level of the Mountains (as the battleland data has them);
 * Tree hexes are higher than any other hex of their land (in the Hills the data puts them at hill height).
 */
function heightForRangestrike(pos: BattlePosition, hex: HexLabel): number {
  const terrain = pos.terrain;
  if (terrainAt(pos, hex) !== 'Tree') return elevation(terrain, hex);
  let highest = 0;
  for (const other of HEX_LABELS) {
    if (terrainAt(pos, other) !== 'Tree') highest = Math.max(highest, elevation(terrain, other));
  }
  return Math.max(elevation(terrain, hex), highest + 1);
}

/** Is `upper` directly atop a Cliff whose base is `lower` (adjacent hexes)? */
function atopCliffOver(terrain: Terrain, upper: HexLabel, lower: HexLabel): boolean {
  if (directionTo(upper, lower) === null) return false;
  const side = hexsideBetween(terrain, upper, lower);
  return side !== null && side.hazard === 'cliff' && side.fromIsTop;
}

/**
 * Hazards Chart, Character row: a character in an intervening hex blocks unless (2) it is at the base of a Cliff
 * and the rangestriker or target is directly atop that Cliff, or (3) it is lower than both the rangestriker and
 * the target (errata 11.7 heights; dunes raise nothing). Exception (1), the Warlock, is the caller's.
 */
function characterBlocks(pos: BattlePosition, from: HexLabel, to: HexLabel, hex: HexLabel): boolean {
  const terrain = pos.terrain;
  if (atopCliffOver(terrain, from, hex) || atopCliffOver(terrain, to, hex)) return false;
  const height = heightForRangestrike(pos, hex);
  return !(height < heightForRangestrike(pos, from) && height < heightForRangestrike(pos, to));
}

/** The Tower's centre hex (Hazards Chart, Wall: "the Tower's center hex"). */
const TOWER_CENTRE: HexLabel = 'D4';

/**
 * The Hazards Chart's hexside rows (Dune, Cliff, Slope, Wall) for the hazards one path from `from` (the
 * rangestriker's hex) to `to` (the target's) crosses. Each family's condition must hold. Errata 11.7: a dune or
 * wall is "connected to" the hex atop it; the chart's "of" in the Dune row reads "or".
 */
function hexsidesBlock(
  terrain: Terrain,
  from: HexLabel,
  to: HexLabel,
  crossings: readonly HazardCrossing[],
): Obstruction | null {
  const atEnd = (hex: HexLabel) => hex === from || hex === to;
  const of = (hazard: HexsideHazard) => crossings.filter((c) => c.hazard === hazard);
  const cliffs = of('cliff');
  const dunes = of('dune');
  const slopes = of('slope');
  const walls = of('wall');

  // Cliff row: a Cliff may be crossed only if the rangestriker is atop it and the target is not at its base, or
  // the other way round. (Each Cliff a path crosses must pass; the chart sets no limit on their number.)
  for (const cliff of cliffs) {
    const fromAtop = cliff.top === from && cliff.base !== to;
    const toAtop = cliff.top === to && cliff.base !== from;
    if (!fromAtop && !toAtop) {
      return {
        kind: 'cliff',
        rule: 'Hazards Chart, Cliff: the rangestriker or target must be atop each Cliff',
      };
    }
  }

  // Dune row (errata 11.7): one Dune only if the rangestriker or target is atop it; two Dunes only if the
  // rangestriker is atop one and the target atop the other. Cliff row: a Cliff/Dune combination only if one of
  // them occupies the Dune's hex and the other the Cliff's hex.
  if (dunes.length > 0) {
    const [first, second] = dunes;
    const duneOk =
      dunes.length === 1
        ? atEnd((first as HazardCrossing).top)
        : dunes.length === 2 &&
          ((first?.top === from && second?.top === to) || (first?.top === to && second?.top === from));
    if (!duneOk) {
      return {
        kind: 'dune',
        rule: 'Hazards Chart, Dune (errata 11.7): the rangestriker or target must be atop it',
      };
    }
    const comboOk = cliffs.every((cliff) =>
      dunes.some(
        (dune) => (dune.top === from && cliff.top === to) || (dune.top === to && cliff.top === from),
      ),
    );
    if (!comboOk) {
      return { kind: 'cliff', rule: 'Hazards Chart, Cliff: a Cliff/Dune combination needs one atop each' };
    }
  }

  // Slope row: slopes before or after a Cliff if the rangestriker or target is atop the Cliff (the Cliff check
  // above already asks that); otherwise one or two Slopes only if one of them is atop at least one Slope, and
  // three only if one of them is atop the first Slope and the other atop the third.
  if (slopes.length > 0 && cliffs.length === 0) {
    const ok =
      slopes.length <= 2
        ? slopes.some((slope) => atEnd(slope.top))
        : slopes.length === 3 &&
          ((slopes[0]?.top === from && slopes[2]?.top === to) ||
            (slopes[0]?.top === to && slopes[2]?.top === from));
    if (!ok) {
      return {
        kind: 'slope',
        rule: 'Hazards Chart, Slope: the rangestriker or target must be atop the Slopes it crosses',
      };
    }
  }

  // Wall row (errata 11.7): one Wall only if the rangestriker or target is atop it; two only if one of them is
  // in the Tower's centre hex and neither is directly beneath any outer Wall.
  if (walls.length > 0) {
    const ok =
      walls.length === 1
        ? atEnd((walls[0] as HazardCrossing).top)
        : walls.length === 2 &&
          atEnd(TOWER_CENTRE) &&
          !beneathOuterWall(terrain, from) &&
          !beneathOuterWall(terrain, to);
    if (!ok) {
      return { kind: 'wall', rule: 'Hazards Chart, Wall: the rangestriker or target must be atop the Walls' };
    }
  }
  return null;
}

/** Is the hex at the base of an outer Wall (a Wall not connected to the Tower's centre hex)? */
function beneathOuterWall(terrain: Terrain, hex: HexLabel): boolean {
  return neighbours(hex).some(({ hex: other }) => {
    if (other === TOWER_CENTRE) return false;
    const side = hexsideBetween(terrain, hex, other);
    return side !== null && side.hazard === 'wall' && !side.fromIsTop;
  });
}

/**
 * Whether one path (13.3) of a rangestrike from `from` to `to` is blocked, and by what: Tree hexes (Tree row),
 * characters in intervening hexes (Character row), and the hazard hexsides crossed (Dune, Cliff, Slope, Wall
 * rows). A Warlock's rangestrike is never blocked (13.5).
 */
export function pathObstruction(
  pos: BattlePosition,
  from: HexLabel,
  to: HexLabel,
  path: readonly HexLabel[],
  strikerIsWarlock = false,
  throughTrees = false,
): Obstruction | null {
  if (strikerIsWarlock) return null; // 13.5
  const terrain = pos.terrain;
  for (const hex of path) {
    // CE Titan: a power's rangestrikes may pass through Trees (10 ENT B1).
    if (!throughTrees && terrainAt(pos, hex) === 'Tree') {
      return { kind: 'tree', hex, rule: 'Hazards Chart, Tree: rangestrikes may not pass through a Tree hex' };
    }
  }
  for (const hex of path) {
    if (characterAt(pos, hex) !== null && characterBlocks(pos, from, to, hex)) {
      return {
        kind: 'character',
        hex,
        rule: '13.3, Hazards Chart, Character: a character in the path blocks',
      };
    }
  }
  return hexsidesBlock(terrain, from, to, hazardCrossings(terrain, from, to, path));
}

/** Whether one path (13.3) of a rangestrike from `from` to `to` is blocked (see pathObstruction). */
export function pathBlocked(
  pos: BattlePosition,
  from: HexLabel,
  to: HexLabel,
  path: readonly HexLabel[],
  strikerIsWarlock = false,
): boolean {
  return pathObstruction(pos, from, to, path, strikerIsWarlock) !== null;
}

/**
 * 13.3: whether every path from hex `from` to hex `to` is blocked for a non-Warlock, ignoring range, skill and
 * who strikes (the probe's `lineOfSight`). Characters on `from` and `to` are the rangestriker and target.
 */
export function lineOfSightBlocked(pos: BattlePosition, from: HexLabel, to: HexLabel): boolean {
  return rangestrikePaths(pos.terrain, from, to).every((path) => pathBlocked(pos, from, to, path));
}
