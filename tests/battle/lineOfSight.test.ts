// Line of sight for rangestrikes: the paths of 13.3 and every blocking case the Hazards Chart spells out
// ("EFFECT ON RANGESTRIKING" rows, errata 11.7/13.x), each worked out by hand from the rules and the battleland
// data (reference/GEOMETRY.md section 3; neighbours: N (c, n+1); NE A–C (c+1, n+1), D–E (c+1, n); SE A–C (c+1, n),
// D–E (c+1, n−1); ...). Axial coordinates (q, r) are given where a line's shape needs them: q = column index,
// r = K − number with K = A5 B5 C5 D5 E4 F3; a straight line steps by a fixed (dq, dr).
import { describe, expect, it } from 'vitest';
import { directionTo, hexCenter, hexDistance } from '../../shared/data/hexGeometry';
import type { HexLabel, Terrain } from '../../shared/data/types';
import { HEX_LABELS, TERRAINS } from '../../shared/data/types';
import {
  hazardCrossings,
  lineOfSightBlocked,
  pathBlocked,
  pathObstruction,
  rangestrikePaths,
} from '../../shared/engine/battle/lineOfSight';
import { seededRandom } from '../../shared/engine/random';
import { attacker, battle } from './build';

/** A position on `terrain` with a (friendly, it does not matter) character on each of `occupied`. */
function withCharacters(terrain: Terrain, occupied: readonly HexLabel[]) {
  return battle(
    terrain,
    occupied.map((hex) => attacker(`x${hex}`, 'Ogre', hex)),
  );
}

function sortedPaths(paths: readonly (readonly HexLabel[])[]): string[] {
  return paths.map((p) => p.join(' ')).sort();
}

describe('13.3: the path is the hexes the centre-to-centre line passes through', () => {
  it('13.3: a straight line along a column or a row of neighbours has one path', () => {
    // D1 (3,4) → D6 (3,−1): straight N through D2..D5.
    expect(rangestrikePaths('Plains', 'D1', 'D6')).toEqual([['D2', 'D3', 'D4', 'D5']]);
    // A1 (0,4) → D4 (3,1): steps (1,−1), NE: B2 (1,3), C3 (2,2).
    expect(rangestrikePaths('Plains', 'A1', 'D4')).toEqual([['B2', 'C3']]);
    expect(rangestrikePaths('Plains', 'D4', 'A1')).toEqual([['C3', 'B2']]);
  });

  it('13.3 ("two paths to E"): a line running along a hexside passes through either hex, the striker chooses', () => {
    // C3 (2,2) and E3 (4,1) are level (columns C and E are not offset): the line runs along the hexside between
    // D4 (3,1) and D3 (3,2), both adjacent to C3 and E3.
    expect(sortedPaths(rangestrikePaths('Plains', 'C3', 'E3'))).toEqual(['D3', 'D4']);
    // Errata example 6's line: D4 (3,1) → B3 (1,2) runs along the C3 (2,2) / C4 (2,1) hexside.
    expect(sortedPaths(rangestrikePaths('Brush', 'D4', 'B3'))).toEqual(['C3', 'C4']);
  });

  it('13.3: a line along two hexsides gives every combination of choices (four paths)', () => {
    // A1 (0,4) → E2 (4,2) is level: along the B1/B2 hexside, through the centre of C2 (2,3), along the D2/D3 one.
    expect(sortedPaths(rangestrikePaths('Plains', 'A1', 'E2'))).toEqual([
      'B1 C2 D2',
      'B1 C2 D3',
      'B2 C2 D2',
      'B2 C2 D3',
    ]);
  });

  it('13.3: the line passes through every hex it crosses, even where that is more than the distance', () => {
    // B1 (centre x 1.5, y −0.87) → E4 (6, 3.46), distance 4: the line leaves C2 by its top side just left of
    // C2's upper-right corner, enters C3, leaves C3 by its lower-right side just below C3's right corner and so
    // clips D3 before entering D4: four intervening hexes (a sampled line of 5 points would miss one).
    expect(rangestrikePaths('Plains', 'B1', 'E4')).toEqual([['C2', 'C3', 'D3', 'D4']]);
  });

  it('13.3: the exact paths agree with dense sampling of the line nudged to either side', () => {
    // An independent float computation: walk the line in 1000 steps (every hex a line meets holds at least a
    // tenth of it), a hair to the left and to the right, and name the hex of each point by its nearest centre.
    // Each side's hex sequence must be one of our paths, and together they must meet every hex of every path.
    const nearest = (x: number, y: number): HexLabel => {
      let best: HexLabel = 'A1';
      let bestD = Number.POSITIVE_INFINITY;
      for (const h of HEX_LABELS) {
        const c = hexCenter(h);
        const d = (c.x - x) ** 2 + (c.y - y) ** 2;
        if (d < bestD) {
          bestD = d;
          best = h;
        }
      }
      return best;
    };
    for (const from of HEX_LABELS) {
      for (const to of HEX_LABELS) {
        if (from === to) continue;
        const a = hexCenter(from);
        const b = hexCenter(to);
        const len = Math.hypot(b.x - a.x, b.y - a.y);
        const nx = -(b.y - a.y) / len;
        const ny = (b.x - a.x) / len;
        const paths = sortedPaths(rangestrikePaths('Plains', from, to));
        const seen = new Set<HexLabel>();
        for (const side of [1e-6, -1e-6]) {
          const walk: HexLabel[] = [];
          for (let i = 0; i <= 1000; i++) {
            const t = i / 1000;
            const h = nearest(a.x + t * (b.x - a.x) + side * nx, a.y + t * (b.y - a.y) + side * ny);
            if (h !== from && h !== to && walk[walk.length - 1] !== h) walk.push(h);
          }
          for (const h of walk) seen.add(h);
          expect(paths, `${from}→${to} nudged ${side}`).toContain(walk.join(' '));
        }
        const inPaths = new Set(paths.flatMap((p) => (p === '' ? [] : p.split(' '))));
        expect([...inPaths].sort(), `${from}→${to}`).toEqual([...seen].sort());
      }
    }
  });

  it('13.3: paths never include the end hexes, step from neighbour to neighbour, and reverse with the line', () => {
    for (const from of HEX_LABELS) {
      for (const to of HEX_LABELS) {
        if (from === to) continue;
        const paths = rangestrikePaths('Plains', from, to);
        expect(paths.length).toBeGreaterThan(0);
        expect(new Set(paths.map((p) => p.join(' '))).size).toBe(paths.length); // deduplicated
        for (const path of paths) {
          expect(path).not.toContain(from);
          expect(path).not.toContain(to);
          const hexes = [from, ...path, to];
          for (let i = 0; i + 1 < hexes.length; i++) {
            expect(directionTo(hexes[i] as HexLabel, hexes[i + 1] as HexLabel)).not.toBeNull();
          }
          expect(path.length).toBeGreaterThanOrEqual(hexDistance(from, to) - 1);
        }
        const back = rangestrikePaths('Plains', to, from).map((p) => [...p].reverse());
        expect(sortedPaths(back)).toEqual(sortedPaths(paths));
      }
    }
  });
});

/**
 * Hand-worked line-of-sight rows: land, from, to, occupied hexes (characters other than the two ends), whether
 * every path is blocked, and for a blocked single-path line what blocks it.
 */
interface Row {
  readonly name: string;
  readonly land: Terrain;
  readonly from: HexLabel;
  readonly to: HexLabel;
  readonly occupied?: readonly HexLabel[];
  readonly blocked: boolean;
  readonly by?: 'tree' | 'character' | 'cliff' | 'dune' | 'slope' | 'wall';
}

const ROWS: readonly Row[] = [
  // ---- 13.3: two paths to E (Plains, no hazards): only characters can block.
  {
    name: '13.3: C3→E3 with D3 occupied goes by D4',
    land: 'Plains',
    from: 'C3',
    to: 'E3',
    occupied: ['D3'],
    blocked: false,
  },
  {
    name: '13.3: C3→E3 with D4 occupied goes by D3',
    land: 'Plains',
    from: 'C3',
    to: 'E3',
    occupied: ['D4'],
    blocked: false,
  },
  {
    name: '13.3: C3→E3 with D3 and D4 occupied is blocked',
    land: 'Plains',
    from: 'C3',
    to: 'E3',
    occupied: ['D3', 'D4'],
    blocked: true,
  },
  {
    name: 'Character row: a character on the only path blocks (Plains, all level)',
    land: 'Plains',
    from: 'A1',
    to: 'D4',
    occupied: ['C3'],
    blocked: true,
    by: 'character',
  },

  // ---- Tree row (Woods trees A3 C3 D1 E3 E5; Jungle trees B4 D3 F3).
  // Woods B2 (1,3) → D4 (3,1): NE through C3, a Tree.
  {
    name: 'Tree row: Woods B2→D4 passes through the Tree C3',
    land: 'Woods',
    from: 'B2',
    to: 'D4',
    blocked: true,
    by: 'tree',
  },
  // Woods B2 (1,3) → D2 (3,3): SE through C2, plain.
  {
    name: 'Tree row: Woods B2→D2 through plain C2 is clear',
    land: 'Woods',
    from: 'B2',
    to: 'D2',
    blocked: false,
  },
  // Jungle D2 → D4: straight up column D through the Tree D3.
  {
    name: 'Tree row: Jungle D2→D4 passes through the Tree D3',
    land: 'Jungle',
    from: 'D2',
    to: 'D4',
    blocked: true,
    by: 'tree',
  },
  // Jungle C3 → E3: along the D3/D4 hexside; D3 is a Tree, D4 a Bramble (no block): open by D4.
  {
    name: 'Tree row, 13.3: Jungle C3→E3 goes by the Bramble D4 when the Tree D3 blocks the other path',
    land: 'Jungle',
    from: 'C3',
    to: 'E3',
    blocked: false,
  },

  // ---- Cliff row, Mountains (cliffs B1 atop C2, D4 atop C3, F2 atop E2).
  // C3 (2,2) → E4 (4,0): NE through D4; C3→D4 goes up the Cliff atop which D4 (an intervening hex) stands.
  {
    name: 'Cliff row: Mountains C3→E4 climbs the D4 cliff from its base',
    land: 'Mountains',
    from: 'C3',
    to: 'E4',
    blocked: true,
    by: 'cliff',
  },
  // F2 atop the Cliff, E2 at its base, adjacent: the target is at the base of the Cliff the striker is atop.
  {
    name: 'Cliff row: Mountains F2→E2, atop a Cliff to its base',
    land: 'Mountains',
    from: 'F2',
    to: 'E2',
    blocked: true,
    by: 'cliff',
  },
  {
    name: 'Cliff row (vice versa): Mountains E2→F2, from the base to the top',
    land: 'Mountains',
    from: 'E2',
    to: 'F2',
    blocked: true,
    by: 'cliff',
  },
  // D4 (3,1) → B2 (1,3): SW through C3. Down the Cliff from D4 (striker atop, B2 not its base), then up the
  // Slope atop which B2 stands: "a Slope after a Cliff if the striker or target is atop the Cliff".
  {
    name: 'Cliff and Slope rows: Mountains D4→B2, down the Cliff then up a Slope',
    land: 'Mountains',
    from: 'D4',
    to: 'B2',
    blocked: false,
  },
  // B1 (1,4) → D3 (3,3): through C2. Down B1's Cliff (striker atop), up the Slope into D3 (target atop).
  { name: 'Cliff and Slope rows: Mountains B1→D3', land: 'Mountains', from: 'B1', to: 'D3', blocked: false },
  // B1 (1,4) → D4 (3,1): the line leaves B1 by its NE side into C2 and crosses the C2/C3 hexside at its midpoint:
  // C2, C3. Down B1's Cliff, level C2→C3, up D4's Cliff. Each Cliff has an end atop it and the other end not at
  // its base (our reading: each Cliff is judged by itself; both ends stand high above the valley).
  {
    name: 'Cliff row: Mountains B1→D4 crosses two Cliffs, each with an end atop it',
    land: 'Mountains',
    from: 'B1',
    to: 'D4',
    blocked: false,
  },
  // Character row (2): D4 → B3 runs along the C3/C4 hexside. C4 (e1) is not below B3 (e0): blocks. C3 (e0) is
  // not below B3 either, but it is at the base of the Cliff the striker D4 is directly atop: no block.
  {
    name: 'Character row (2): Mountains D4→B3, a character at the base of the Cliff the striker is atop',
    land: 'Mountains',
    from: 'D4',
    to: 'B3',
    occupied: ['C3', 'C4'],
    blocked: false,
  },
  {
    name: 'Character row (2) vice versa: Mountains B3→D4, the target atop the Cliff',
    land: 'Mountains',
    from: 'B3',
    to: 'D4',
    occupied: ['C3', 'C4'],
    blocked: false,
  },

  // ---- Cliff row, Desert (all e0; cliffs B2 atop B1, D4 atop D3 and C3, E1 atop E2).
  // B1 → B3 up column B through B2: up the Cliff atop which the intervening B2 stands.
  {
    name: 'Cliff row: Desert B1→B3 climbs the B2 cliff from its base',
    land: 'Desert',
    from: 'B1',
    to: 'B3',
    blocked: true,
    by: 'cliff',
  },
  // D4 → D2 down column D through D3: down D4's Cliff, the striker atop, D2 not its base.
  {
    name: 'Cliff row: Desert D4→D2, striker atop, target beyond the base',
    land: 'Desert',
    from: 'D4',
    to: 'D2',
    blocked: false,
  },
  {
    name: 'Cliff row: Desert D4→D3, atop the Cliff to its base',
    land: 'Desert',
    from: 'D4',
    to: 'D3',
    blocked: true,
    by: 'cliff',
  },
  // E3 → E1 down column E through E2: up E1's Cliff into the target E1; the striker E3 is not at its base.
  {
    name: 'Cliff row (vice versa): Desert E3→E1, the target atop the Cliff',
    land: 'Desert',
    from: 'E3',
    to: 'E1',
    blocked: false,
  },
  // B2 (1,3) → D4 (3,1) NE through C3: down B2's Dune (striker atop), up D4's Cliff (target atop).
  {
    name: 'Cliff row: Desert B2→D4, a Cliff/Dune combination with one end atop each',
    land: 'Desert',
    from: 'B2',
    to: 'D4',
    blocked: false,
  },
  // A1 (0,4) → D4 (3,1) NE through B2, C3: B2's Dune has the intervening B2 atop it.
  {
    name: 'Cliff and Dune rows: Desert A1→D4, the Dune is atop neither end',
    land: 'Desert',
    from: 'A1',
    to: 'D4',
    blocked: true,
    by: 'dune',
  },

  // ---- Dune row, Desert (errata 11.7: the hex "connected to" a Dune is the hex atop it; "of" reads "or").
  // A2 (0,3) → C4 (2,1) NE through B3: down A2's Dune, the striker atop it.
  {
    name: 'Dune row: Desert A2→C4 crosses one Dune, the striker atop it',
    land: 'Desert',
    from: 'A2',
    to: 'C4',
    blocked: false,
  },
  {
    name: 'Dune row: Desert C4→A2 crosses one Dune, the target atop it',
    land: 'Desert',
    from: 'C4',
    to: 'A2',
    blocked: false,
  },
  // A1 (0,4) → C3 (2,2) NE through B2: down B2's Dune into C3; B2 is intervening.
  {
    name: 'Dune row: Desert A1→C3 crosses one Dune atop which neither end stands',
    land: 'Desert',
    from: 'A1',
    to: 'C3',
    blocked: true,
    by: 'dune',
  },
  // A2 (0,3) → D5 (3,0) NE through B3, C4: down A2's Dune, then up D5's Dune (D5 SW: Dune atop C4).
  {
    name: 'Dune row: Desert A2→D5 crosses two Dunes, the striker atop one and the target atop the other',
    land: 'Desert',
    from: 'A2',
    to: 'D5',
    blocked: false,
  },
  // C4 (2,1) → E3 (4,1) SE through D4: up D4's NW Dune, down its SE Dune: both atop the intervening D4.
  {
    name: 'Dune row: Desert C4→E3 crosses two Dunes atop the intervening D4',
    land: 'Desert',
    from: 'C4',
    to: 'E3',
    blocked: true,
    by: 'dune',
  },
  // Errata 11.7: a Dune raises no one: A2 (atop a Dune) → C4 over a character on B3, all at plain height.
  {
    name: 'errata 11.7: Desert A2→C4 over a character on B3: the Dune does not raise the striker',
    land: 'Desert',
    from: 'A2',
    to: 'C4',
    occupied: ['B3'],
    blocked: true,
    by: 'character',
  },

  // ---- Slope row, Mountains and Hills.
  // Mountains A1 (e1) → A3 up column A through A2 (e0): down A1's Slope, the striker atop it.
  {
    name: 'Slope row: Mountains A1→A3 crosses one Slope, the striker atop it',
    land: 'Mountains',
    from: 'A1',
    to: 'A3',
    blocked: false,
  },
  // Mountains B3 (1,2) → D5 (3,0) NE through C4 (e1): up the Slope atop which the intervening C4 stands.
  {
    name: 'Slope row: Mountains B3→D5 crosses one Slope atop which neither end stands',
    land: 'Mountains',
    from: 'B3',
    to: 'D5',
    blocked: true,
    by: 'slope',
  },
  // Mountains B4 (e1) → B2 (e1) down column B through B3 (e0): down B4's Slope, up B2's Slope.
  {
    name: 'Slope row: Mountains B4→B2 crosses two Slopes, each end atop one',
    land: 'Mountains',
    from: 'B4',
    to: 'B2',
    blocked: false,
  },
  // Hills A3 (0,2) → C3 (2,2) SE through the hill B3 (e1): up and down B3's Slopes, atop neither end.
  {
    name: 'Slope row: Hills A3→C3 crosses two Slopes of the hill between them',
    land: 'Hills',
    from: 'A3',
    to: 'C3',
    blocked: true,
    by: 'slope',
  },
  // Hills B3 (1,2, e1) → D3 (3,2) SE through C3 (e0): down B3's Slope only.
  {
    name: 'Slope row: Hills B3→D3 crosses one Slope, the striker atop it',
    land: 'Hills',
    from: 'B3',
    to: 'D3',
    blocked: false,
  },
  // Mountains B1 (e2) → B4 (e1) up column B through B2 (e1), B3 (e0): down B1's Slope (striker atop the first),
  // down B2's, up B4's (target atop the third).
  {
    name: 'Slope row: Mountains B1→B4 crosses three Slopes, striker atop the first and target atop the third',
    land: 'Mountains',
    from: 'B1',
    to: 'B4',
    blocked: false,
  },
  // Hills B1 (e1) → B4 up column B through B2 (e0), B3 (e1): down B1's Slope, up and down the hill B3's: the
  // third Slope is atop B3, not the target.
  {
    name: 'Slope row: Hills B1→B4 crosses three Slopes, the third atop an intervening hill',
    land: 'Hills',
    from: 'B1',
    to: 'B4',
    blocked: true,
    by: 'slope',
  },
  // Mountains A2 (0,3) → E2 (4,2): B2, C3, C2, D3 (the line crosses the C3/C2 hexside at its midpoint): up and
  // down the hill B2 (e1), up and down the hill D3 (e1): four Slopes, no Cliff.
  {
    name: 'Slope row: Mountains A2→E2, four Slopes are too many',
    land: 'Mountains',
    from: 'A2',
    to: 'E2',
    blocked: true,
    by: 'slope',
  },

  // ---- Character row (3), errata 11.7 heights.
  // Mountains B4 (e1) → B2 (e1) over B3 (e0): the character is lower than both.
  {
    name: 'Character row (3): Mountains B4→B2 over a character on B3 (e0), lower than both ends (e1)',
    land: 'Mountains',
    from: 'B4',
    to: 'B2',
    occupied: ['B3'],
    blocked: false,
  },
  // Mountains C5 (e2) → C3 (e0) down column C through C4 (e1): two Slopes, C5 atop the first; the character on
  // C4 is lower than C5 but not than C3.
  {
    name: 'Character row (3): Mountains C5→C3 over a character on C4 (e1), not lower than the target (e0)',
    land: 'Mountains',
    from: 'C5',
    to: 'C3',
    occupied: ['C4'],
    blocked: true,
    by: 'character',
  },
  {
    name: 'Slope row: Mountains C5→C3 without the character is clear',
    land: 'Mountains',
    from: 'C5',
    to: 'C3',
    blocked: false,
  },
  // Errata 11.7: the Volcano is as high as the highest plain (e2). D6 (e2) → D4 down column D over D5 (e1): down
  // D6's Slope, up the Volcano's Slope; the character on D5 is lower than both.
  {
    name: 'errata 11.7: Mountains D6→D4 (the Volcano, highest level) over a character on D5 (e1)',
    land: 'Mountains',
    from: 'D6',
    to: 'D4',
    occupied: ['D5'],
    blocked: false,
  },
  // Mountains D3 (3,2, e1) → B2 (1,3, e1) runs along the C2/C3 hexside (both e0): each path goes down D3's Slope
  // and up B2's; characters on C2 and C3 are lower than both ends.
  {
    name: 'Character row (3), 13.3: Mountains D3→B2 over characters on C2 and C3 (e0)',
    land: 'Mountains',
    from: 'D3',
    to: 'B2',
    occupied: ['C2', 'C3'],
    blocked: false,
  },

  // ---- Wall row, Tower (centre D4 e2 walled all round; ring C3 C4 D3 D5 E3 E4 e1 walled outward).
  // C3 (2,2) → A1 (0,4) SW through B2: down C3's Wall, the striker atop it.
  {
    name: 'Wall row: Tower C3→A1 crosses one Wall, the striker atop it',
    land: 'Tower',
    from: 'C3',
    to: 'A1',
    blocked: false,
  },
  {
    name: 'Wall row: Tower A1→C3 crosses one Wall, the target atop it',
    land: 'Tower',
    from: 'A1',
    to: 'C3',
    blocked: false,
  },
  // B3 (1,2) → D3 (3,2) SE through C3: up C3's Wall; C3 is intervening.
  {
    name: 'Wall row: Tower B3→D3 crosses one Wall atop which neither end stands',
    land: 'Tower',
    from: 'B3',
    to: 'D3',
    blocked: true,
    by: 'wall',
  },
  // D4 (3,1) → A1 (0,4) SW through C3, B2: down D4's Wall and C3's; the striker is in the centre hex and A1 is
  // beneath no outer Wall.
  {
    name: 'Wall row: Tower D4→A1 crosses two Walls from the centre hex',
    land: 'Tower',
    from: 'D4',
    to: 'A1',
    blocked: false,
  },
  {
    name: 'Wall row: Tower A1→D4 crosses two Walls into the centre hex',
    land: 'Tower',
    from: 'A1',
    to: 'D4',
    blocked: false,
  },
  // D4 → B2 SW through C3: two Walls from the centre, but B2 is directly beneath C3's outer Wall.
  {
    name: 'Wall row: Tower D4→B2, two Walls but the target is beneath an outer Wall',
    land: 'Tower',
    from: 'D4',
    to: 'B2',
    blocked: true,
    by: 'wall',
  },
  // C3 (2,2) → E4 (4,0) NE through D4: up and down the centre's Walls; neither end is in the centre.
  {
    name: 'Wall row: Tower C3→E4 crosses two Walls, neither end in the centre hex',
    land: 'Tower',
    from: 'C3',
    to: 'E4',
    blocked: true,
    by: 'wall',
  },
  // A1 (0,4) → E4 (4,0) NE through B2, C3, D4: three Walls (up C3's, up D4's, down D4's).
  {
    name: 'Wall row: Tower A1→E4 crosses three Walls',
    land: 'Tower',
    from: 'A1',
    to: 'E4',
    blocked: true,
    by: 'wall',
  },
  // B2 (1,3) → C4 (2,1): along the B3/C3 hexside. By B3: up C4's Wall into the target. By C3: up C3's Wall (C3
  // intervening). Open by B3.
  {
    name: 'Wall row, 13.3: Tower B2→C4 goes by B3 where the other path climbs C3',
    land: 'Tower',
    from: 'B2',
    to: 'C4',
    blocked: false,
  },
];

describe('Hazards Chart "EFFECT ON RANGESTRIKING" rows (lineOfSightBlocked)', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const pos = withCharacters(row.land, row.occupied ?? []);
      expect(lineOfSightBlocked(pos, row.from, row.to)).toBe(row.blocked);
      // Every blocking rule here reads the same both ways (see the symmetry property below).
      expect(lineOfSightBlocked(pos, row.to, row.from)).toBe(row.blocked);
      if (row.by !== undefined) {
        const paths = rangestrikePaths(row.land, row.from, row.to);
        expect(paths).toHaveLength(1);
        expect(pathObstruction(pos, row.from, row.to, paths[0] as HexLabel[])?.kind).toBe(row.by);
      }
    });
  }
});

describe('13.3 paths one by one', () => {
  it('13.3: Tower B2→C4: the path by B3 is open, the path by C3 is blocked by its Wall', () => {
    const pos = withCharacters('Tower', []);
    expect(pathBlocked(pos, 'B2', 'C4', ['B3'])).toBe(false);
    expect(pathObstruction(pos, 'B2', 'C4', ['C3'])?.kind).toBe('wall');
  });

  it('Wall row: the walls a path crosses, with which hex is atop and whether it goes up', () => {
    expect(hazardCrossings('Tower', 'A1', 'D4', ['B2', 'C3'])).toEqual([
      { hazard: 'wall', top: 'C3', base: 'B2', up: true },
      { hazard: 'wall', top: 'D4', base: 'C3', up: true },
    ]);
    expect(hazardCrossings('Tower', 'D4', 'A1', ['C3', 'B2'])).toEqual([
      { hazard: 'wall', top: 'D4', base: 'C3', up: false },
      { hazard: 'wall', top: 'C3', base: 'B2', up: false },
    ]);
  });

  it("13.5: a Warlock's path is never blocked, whatever stands or rises in it", () => {
    const pos = withCharacters('Tower', ['C3']);
    // Tower B2 → D4 through C3: a character, and two Walls with B2 beneath an outer Wall.
    expect(pathBlocked(pos, 'B2', 'D4', ['C3'])).toBe(true);
    expect(pathBlocked(pos, 'B2', 'D4', ['C3'], true)).toBe(false);
    const woods = withCharacters('Woods', []);
    expect(pathBlocked(woods, 'B2', 'D4', ['C3'], true)).toBe(false); // through the Tree C3
  });

  it('lineOfSight: adjacent hexes have a path with no intervening hex; only a hexside between them can block', () => {
    expect(rangestrikePaths('Plains', 'C3', 'C4')).toEqual([[]]);
    expect(lineOfSightBlocked(withCharacters('Plains', []), 'C3', 'C4')).toBe(false);
    // Mountains C3 is at the base of D4's Cliff: the target is at the base of the Cliff the striker is atop.
    expect(lineOfSightBlocked(withCharacters('Mountains', []), 'D4', 'C3')).toBe(true);
  });
});

// ---------------------------------------------------------------- properties on random positions

describe('line of sight on random positions of all 11 battlelands', () => {
  it('13.3, Hazards Chart: never throws, and blocking reads the same from either end (symmetry)', () => {
    // Symmetry holds by the rules: the line and its hexes are the same both ways; the Tree and Character rows
    // name no direction; the Character exceptions speak of "the rangestriker or target" / "both"; the Dune,
    // Cliff, Slope and Wall rows all say "the rangestriker or the target" (the Cliff row adds "and vice versa",
    // the three-Slope case needs one end atop the first and "the other" atop the third, which swap when the line
    // is reversed). Only the Wall's skill loss "going up" depends on the direction, and that does not block.
    const next = seededRandom(20240613);
    let blockedCount = 0;
    let openCount = 0;
    for (const land of TERRAINS) {
      for (let n = 0; n < 60; n++) {
        const hexes = [...HEX_LABELS].sort(() => next() - 0.5).slice(0, Math.floor(next() * 10));
        const pos = withCharacters(land, hexes);
        for (let k = 0; k < 20; k++) {
          const from = HEX_LABELS[Math.floor(next() * HEX_LABELS.length)] as HexLabel;
          const to = HEX_LABELS[Math.floor(next() * HEX_LABELS.length)] as HexLabel;
          const there = lineOfSightBlocked(pos, from, to);
          expect(lineOfSightBlocked(pos, to, from), `${land} ${from}↔${to} over ${hexes.join(',')}`).toBe(
            there,
          );
          for (const path of rangestrikePaths(land, from, to)) {
            if (from !== to) expect(path.includes(from) || path.includes(to)).toBe(false);
          }
          if (there) blockedCount++;
          else openCount++;
        }
      }
    }
    // The sample exercises both outcomes.
    expect(blockedCount).toBeGreaterThan(100);
    expect(openCount).toBeGreaterThan(100);
  });
});
