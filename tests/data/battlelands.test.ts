import { describe, expect, it } from 'vitest';
import { BATTLELANDS, battleHex, hexsideBetween } from '../../shared/data/battlelands';
import {
  DIRECTION_NAMES,
  DIRECTIONS,
  neighbour,
  opposite,
  TOWER_START_HEXES,
} from '../../shared/data/hexGeometry';
import type { Terrain } from '../../shared/data/types';
import { HEX_LABELS, TERRAINS } from '../../shared/data/types';

const HAZARD_CODE = { slope: 's', cliff: 'c', dune: 'd', wall: 'w' } as const;

/** A land's non-plain hexes written the way GEOMETRY.md's table writes them (hazards on the hex atop them). */
function describeLand(terrain: Terrain): string {
  const parts: string[] = [];
  for (const label of HEX_LABELS) {
    const h = BATTLELANDS[terrain].hexes[label];
    const marks = DIRECTIONS.flatMap((d) => {
      const s = h.hexsides[d];
      return s?.top ? [`${DIRECTION_NAMES[d]}:${HAZARD_CODE[s.hazard]}`] : [];
    });
    if (h.terrain === 'Plains' && h.elevation === 0 && marks.length === 0) continue;
    const name = h.terrain === 'Bramble' ? 'Brambles' : h.terrain; // the table uses the reference's word
    const head = h.terrain === 'Plains' ? `e${h.elevation}` : `${name},e${h.elevation}`;
    parts.push(`${label}(${head}${marks.length > 0 ? `; ${marks.join(' ')}` : ''})`);
  }
  return parts.join(' ');
}

// Rows of the GEOMETRY.md section 3 table, copied verbatim.
const GEOMETRY_ROWS: readonly [Terrain, string][] = [
  [
    'Desert',
    'A1(Sand,e0) A2(Sand,e0; N:d NE:d) B2(Sand,e0; N:d NE:d SE:d S:c) D1(Sand,e0; N:d NW:d) D4(Sand,e0; SE:d S:c SW:c NW:d) D5(Sand,e0; SW:d) D6(Sand,e0) E1(Sand,e0; N:c NE:d NW:d) E4(Sand,e0; SE:d S:d) E5(Sand,e0) F4(Sand,e0)',
  ],
  [
    'Hills',
    'B1(e1; N:s NE:s SE:s NW:s) B3(e1; N:s NE:s SE:s S:s SW:s NW:s) C2(Tree,e1) C4(Tree,e1) D2(e1; N:s NE:s SE:s S:s SW:s NW:s) D6(e1; SE:s S:s SW:s) E3(e1; N:s NE:s SE:s S:s SW:s NW:s) F2(Tree,e1)',
  ],
  [
    'Jungle',
    'A2(Brambles,e0) B4(Tree,e1) C1(Brambles,e0) C3(Brambles,e0) C5(Brambles,e0) D3(Tree,e1) D4(Brambles,e0) E2(Brambles,e0) F3(Tree,e1) F4(Brambles,e0)',
  ],
  [
    'Mountains',
    'A1(e1; N:s) B1(e2; N:s NE:c SE:s NW:s) B2(e1; N:s NE:s SE:s NW:s) B4(e1; S:s SW:s) C1(e1; N:s NE:s SE:s) C4(e1; S:s SW:s) C5(e2; SE:s S:s SW:s) D3(e1; SE:s S:s SW:s NW:s) D4(Volcano,e2; N:s NE:s SE:s S:s SW:c NW:s) D5(e1) D6(e2; SE:s S:s) E3(e1; S:s) E4(e1) E5(e1) F1(e1; SW:s NW:s) F2(e2; N:s S:s SW:c NW:s) F3(e1) F4(e2; S:s SW:s NW:s)',
  ],
  ['Plains', ''],
  [
    'Tower',
    'C3(Tower,e1; S:w SW:w NW:w) C4(Tower,e1; N:w SW:w NW:w) D3(Tower,e1; SE:w S:w SW:w) D4(Tower,e2; N:w NE:w SE:w S:w SW:w NW:w) D5(Tower,e1; N:w NE:w NW:w) E3(Tower,e1; NE:w SE:w S:w) E4(Tower,e1; N:w NE:w SE:w)',
  ],
  ['Woods', 'A3(Tree,e1) C3(Tree,e1) D1(Tree,e1) E3(Tree,e1) E5(Tree,e1)'],
];

describe('battlelands (10.0, 11.7, errata 2.2)', () => {
  it('10.0: one battleland per terrain, 11 in all, each with the 27 standard hexes', () => {
    expect(Object.keys(BATTLELANDS).sort()).toEqual([...TERRAINS].sort());
    for (const terrain of TERRAINS) {
      const land = BATTLELANDS[terrain];
      expect(land.terrain).toBe(terrain);
      expect(Object.keys(land.hexes).sort()).toEqual([...HEX_LABELS].sort());
      for (const label of HEX_LABELS) expect(land.hexes[label].label).toBe(label);
    }
  });

  it('errata 2.2: the Mountains volcano is D4 (the only Volcano on any land)', () => {
    const volcanoes = TERRAINS.flatMap((t) =>
      HEX_LABELS.filter((l) => BATTLELANDS[t].hexes[l].terrain === 'Volcano').map((l) => `${t} ${l}`),
    );
    expect(volcanoes).toEqual(['Mountains D4']);
  });

  it('errata 2.2: the Jungle tree hexes are B4, D3 and F3', () => {
    expect(HEX_LABELS.filter((l) => BATTLELANDS.Jungle.hexes[l].terrain === 'Tree')).toEqual([
      'B4',
      'D3',
      'F3',
    ]);
  });

  it('errata 2.2, 10.2: only the Tower has start hexes: C3 C4 D3 D4 D5 E3 E4, the Tower hexes', () => {
    expect(BATTLELANDS.Tower.startHexes).toEqual(['C3', 'C4', 'D3', 'D4', 'D5', 'E3', 'E4']);
    expect(BATTLELANDS.Tower.startHexes).toEqual(TOWER_START_HEXES);
    expect(HEX_LABELS.filter((l) => BATTLELANDS.Tower.hexes[l].terrain === 'Tower')).toEqual(
      TOWER_START_HEXES,
    );
    for (const t of TERRAINS) if (t !== 'Tower') expect(BATTLELANDS[t].startHexes).toBeNull();
  });

  it('11.7: every hazard hexside is on both of its hexes, same hazard, exactly one of them on top', () => {
    let count = 0;
    for (const terrain of TERRAINS) {
      for (const label of HEX_LABELS) {
        BATTLELANDS[terrain].hexes[label].hexsides.forEach((side, i) => {
          if (side === null) return;
          const dir = DIRECTIONS[i]!;
          const other = neighbour(label, dir);
          expect(other, `${terrain} ${label} ${dir} leads off the board`).not.toBeNull();
          const back = BATTLELANDS[terrain].hexes[other!].hexsides[opposite(dir)];
          expect(back?.hazard).toBe(side.hazard);
          expect(back?.top).toBe(!side.top);
          count++;
        });
      }
    }
    expect(count % 2).toBe(0);
  });

  it('11.7: the top of a hazard is never lower; equal only for Desert cliffs/dunes and Hills slopes to trees', () => {
    const level: string[] = [];
    for (const terrain of TERRAINS) {
      for (const label of HEX_LABELS) {
        const hex = BATTLELANDS[terrain].hexes[label];
        hex.hexsides.forEach((side, i) => {
          if (side === null || !side.top) return;
          const below = BATTLELANDS[terrain].hexes[neighbour(label, DIRECTIONS[i]!)!];
          expect(hex.elevation).toBeGreaterThanOrEqual(below.elevation);
          if (hex.elevation === below.elevation) level.push(`${terrain} ${side.hazard} ${below.terrain}`);
        });
      }
    }
    expect(new Set(level)).toEqual(
      new Set(['Desert dune Plains', 'Desert cliff Plains', 'Hills slope Tree']),
    );
  });

  it('GEOMETRY.md section 3: the non-plain hexes of the lands match the reference table', () => {
    for (const [terrain, row] of GEOMETRY_ROWS) expect(describeLand(terrain), terrain).toBe(row);
  });

  it('GEOMETRY.md section 3: Brush, Marsh, Swamp and Tundra hex terrains (Brambles → Bramble)', () => {
    const nonPlain = (t: Terrain) =>
      HEX_LABELS.filter((l) => BATTLELANDS[t].hexes[l].terrain !== 'Plains')
        .map((l) => `${l}:${BATTLELANDS[t].hexes[l].terrain}`)
        .join(' ');
    expect(nonPlain('Brush')).toBe(
      'A3:Bramble B2:Bramble C4:Bramble D1:Bramble D2:Bramble D5:Bramble E3:Bramble F4:Bramble',
    );
    expect(nonPlain('Marsh')).toBe('A3:Bog C2:Bog C3:Bog D5:Bog E1:Bog E3:Bog');
    expect(nonPlain('Swamp')).toBe('B2:Bog C2:Tree C4:Tree C5:Bog D1:Bog D3:Bog E4:Tree F2:Bog');
    expect(nonPlain('Tundra')).toBe(
      'A1:Drift B2:Drift C2:Drift C4:Drift C5:Drift D3:Drift E1:Drift E4:Drift F2:Drift',
    );
  });

  it('11.7: hexsideBetween reads a hazard from either side', () => {
    // Mountains: the cliff on the Volcano's SW hexside, toward C3
    expect(hexsideBetween('Mountains', 'D4', 'C3')).toEqual({ hazard: 'cliff', top: true });
    expect(hexsideBetween('Mountains', 'C3', 'D4')).toEqual({ hazard: 'cliff', top: false });
    expect(hexsideBetween('Tower', 'D4', 'D5')).toEqual({ hazard: 'wall', top: true });
    expect(hexsideBetween('Plains', 'A1', 'A2')).toBeNull();
    expect(() => hexsideBetween('Plains', 'A1', 'A3')).toThrow();
    expect(battleHex('Mountains', 'D4')).toMatchObject({ terrain: 'Volcano', elevation: 2 });
  });
});
