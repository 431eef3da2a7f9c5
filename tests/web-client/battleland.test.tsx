import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BATTLELANDS } from '../../shared/data/battlelands';
import { ATTACKER_ENTRY_HEXES, DEFENDER_ENTRY_HEXES, neighbour } from '../../shared/data/hexGeometry';
import { CHARACTER_NAMES, type Direction, HEX_LABELS, TERRAINS, type Terrain } from '../../shared/data/types';
import { Battleland } from '../../web-client/src/board/Battleland';
import { HEX_RADIUS, hexPoint, hexsideEnds } from '../../web-client/src/board/battlelandGeometry';
import { CreatureGlyph } from '../../web-client/src/board/Creature';
import { elements, translation, withClass } from './markup';

const HALF_HEX = (HEX_RADIUS * Math.sqrt(3)) / 2;
const close = (a: number, b: number) => Math.abs(a - b) < 0.01;

describe('Battleland geometry', () => {
  it('errata 2.2: row 1 is at the bottom of each column (A1 below A2 below A3)', () => {
    expect(hexPoint('A1').y).toBeGreaterThan(hexPoint('A2').y);
    expect(hexPoint('A2').y).toBeGreaterThan(hexPoint('A3').y);
    expect(close(hexPoint('A1').y - hexPoint('A2').y, 2 * HALF_HEX)).toBe(true);
    expect(close(hexPoint('A1').x, hexPoint('A3').x)).toBe(true);
  });

  it('errata 2.2: columns A..F run left to right; B sits half a hex lower than A, C level with A1', () => {
    expect(close(hexPoint('B1').x - hexPoint('A1').x, 1.5 * HEX_RADIUS)).toBe(true);
    expect(close(hexPoint('B1').y - hexPoint('A1').y, HALF_HEX)).toBe(true);
    expect(close(hexPoint('C1').y - hexPoint('A1').y, 2 * HALF_HEX)).toBe(true);
    expect(close(hexPoint('D6').y, Math.min(...HEX_LABELS.map((l) => hexPoint(l).y)))).toBe(true);
    expect(hexPoint('F1').x).toBeGreaterThan(hexPoint('E1').x);
  });

  it('11.7: each hexside drawn lies halfway between its hex and the neighbour across it', () => {
    for (const label of HEX_LABELS) {
      for (const dir of [0, 1, 2, 3, 4, 5] as Direction[]) {
        const other = neighbour(label, dir);
        if (other === null) continue;
        const { a, b } = hexsideEnds(label, dir);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const p = hexPoint(label);
        const q = hexPoint(other);
        expect(close(mid.x, (p.x + q.x) / 2) && close(mid.y, (p.y + q.y) / 2), `${label} ${dir}`).toBe(true);
      }
    }
  });
});

function hazardsIn(terrain: Terrain) {
  const land = BATTLELANDS[terrain];
  return HEX_LABELS.flatMap((label) =>
    land.hexes[label].hexsides.flatMap((side, dir) =>
      side?.top ? [{ hex: label, dir: String(dir), hazard: side.hazard }] : [],
    ),
  );
}

describe('Battleland drawing', () => {
  for (const terrain of TERRAINS) {
    it(`errata 2.2, 11.7: ${terrain} has its 27 labelled hexes, terrains, elevations and every hazard hexside`, () => {
      const markup = renderToStaticMarkup(<Battleland terrain={terrain} />);
      const labels = withClass(markup, 'hex-label').map((e) => e.text);
      expect([...labels].sort()).toEqual([...HEX_LABELS].sort());
      const hexes = withClass(markup, 'hex');
      expect(hexes).toHaveLength(27);
      for (const h of hexes) {
        const data = BATTLELANDS[terrain].hexes[h.attrs['data-hex'] as (typeof HEX_LABELS)[number]];
        expect(h.attrs['data-terrain']).toBe(data.terrain);
        expect(Number(h.attrs['data-elevation'])).toBe(data.elevation);
      }
      const drawn = withClass(markup, 'hexside').map((e) => ({
        hex: e.attrs['data-hex'],
        dir: e.attrs['data-dir'],
        hazard: e.attrs['data-hazard'],
      }));
      expect(drawn).toEqual(hazardsIn(terrain));
      // Every elevated hex shows its elevation in words, not only as shading.
      const elevated = HEX_LABELS.filter((l) => BATTLELANDS[terrain].hexes[l].elevation > 0);
      expect(withClass(markup, 'elevation')).toHaveLength(elevated.length);
    });
  }

  it('hazards chart: the Mountains volcano is D4 at elevation 2 with a cliff to its south-west', () => {
    const markup = renderToStaticMarkup(<Battleland terrain="Mountains" />);
    const d4 = withClass(markup, 'hex').find((e) => e.attrs['data-hex'] === 'D4');
    expect(d4?.attrs['data-terrain']).toBe('Volcano');
    expect(d4?.attrs['data-elevation']).toBe('2');
    const sides = withClass(markup, 'hexside').filter((e) => e.attrs['data-hex'] === 'D4');
    expect(sides.map((e) => `${e.attrs['data-dir']}:${e.attrs['data-hazard']}`)).toEqual([
      '0:slope',
      '1:slope',
      '2:slope',
      '3:slope',
      '4:cliff',
      '5:slope',
    ]);
    expect(markup).toContain('▲2');
  });

  it('hazards chart: the Desert has dunes and cliffs, the Tower its walls, the Plains nothing', () => {
    const kinds = (t: Terrain) =>
      new Set(
        withClass(renderToStaticMarkup(<Battleland terrain={t} />), 'hexside').map(
          (e) => e.attrs['data-hazard'],
        ),
      );
    expect(kinds('Desert')).toEqual(new Set(['dune', 'cliff']));
    expect(kinds('Tower')).toEqual(new Set(['wall']));
    expect(kinds('Hills')).toEqual(new Set(['slope']));
    expect(kinds('Plains').size).toBe(0);
    const tower = withClass(renderToStaticMarkup(<Battleland terrain="Tower" />), 'hexside');
    expect(tower.filter((e) => e.attrs['data-hex'] === 'D4')).toHaveLength(6);
  });

  it('10.5: the turn track shows turns 1 to 7 with the current one marked', () => {
    const markup = renderToStaticMarkup(<Battleland terrain="Plains" round={4} />);
    expect(withClass(markup, 'turn').map((e) => e.attrs['data-turn'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(withClass(markup, 'current').map((e) => e.attrs['data-turn'])).toEqual(['4']);
  });

  it('errata 2.2, 10.1: the entrances of a left attack are by A3-D6 (attacker) and D1-F1 (defender)', () => {
    const markup = renderToStaticMarkup(<Battleland terrain="Woods" attackerEntry="left" />);
    const zones = withClass(markup, 'entrance').map((e) => [e.attrs['data-side'], e.attrs['data-hexes']]);
    expect(zones).toEqual([
      ['attacker', ATTACKER_ENTRY_HEXES.left.join(' ')],
      ['defender', DEFENDER_ENTRY_HEXES.left.join(' ')],
    ]);
  });

  it('12.3, 12.6: characters show type, power-skill, hits and their owner (colour code and glyph); slain ones are marked; off-board ones wait at the entrance', () => {
    const markup = renderToStaticMarkup(
      <Battleland
        terrain="Plains"
        attackerEntry="bottom"
        characters={[
          { id: 'Rd01-1', side: 'attacker', type: 'Titan', power: 7, hex: 'C3', hits: 2, color: 'Red' },
          { id: 'Rd01-2', side: 'attacker', type: 'Angel', power: 6, hex: null, hits: 0, color: 'Red' },
          { id: 'Gd02-1', side: 'defender', type: 'Ogre', power: 6, hex: 'C4', hits: 6, color: 'Gold' },
        ]}
        legalHexes={['B2', 'B3']}
        targets={['Gd02-1']}
        selected="Rd01-1"
      />,
    );
    const chits = withClass(markup, 'character');
    expect(chits.map((e) => e.attrs['data-id'])).toEqual(['Rd01-2', 'Rd01-1', 'Gd02-1']);
    const titan = chits.find((e) => e.attrs['data-id'] === 'Rd01-1');
    expect(titan?.attrs['aria-label']).toBe('attacker (Red) Titan 7-4, 2 hits on C3');
    // The owner's colour is written (its glyph), not only shown as a fill.
    expect(titan?.attrs['data-color']).toBe('Red');
    const owners = withClass(markup, 'owner').map((e) => e.text);
    expect(owners).toEqual(['✚ ATT', '✚ ATT', '★ DEF']);
    // Each piece shows its creature's glyph (issue 14).
    expect(withClass(markup, 'creature-glyph').map((e) => e.attrs['data-creature'])).toEqual([
      'Angel',
      'Titan',
      'Ogre',
    ]);
    expect(translation(titan as never)).toEqual({
      x: Math.round(hexPoint('C3').x * 10) / 10,
      y: Math.round(hexPoint('C3').y * 10) / 10,
    });
    expect(withClass(markup, 'slain').map((e) => e.attrs['data-id'])).toEqual(['Gd02-1']);
    expect(withClass(markup, 'target').map((e) => e.attrs['data-id'])).toEqual(['Gd02-1']);
    expect(elements(markup).some((e) => e.tag === 'text' && e.text === '6-2')).toBe(true);
    // The waiting Angel is drawn in the attacker's entrance zone, off the board.
    const angel = translation(chits[0] as never);
    const nearest = Math.min(
      ...HEX_LABELS.map((l) => Math.hypot(hexPoint(l).x - angel.x, hexPoint(l).y - angel.y)),
    );
    expect(nearest).toBeGreaterThan(HEX_RADIUS * 1.2);
    expect(withClass(markup, 'legal').map((e) => e.attrs['data-hex'])).toEqual(['B2', 'B3']);
  });
});

describe('creature glyphs (issue 14)', () => {
  it('3.5: every kind of character has a glyph of its own, drawn with the ink and paper given', () => {
    const drawn = CHARACTER_NAMES.map((type) =>
      renderToStaticMarkup(
        <svg aria-label={type}>
          <CreatureGlyph type={type} size={24} ink="#123456" paper="#abcdef" />
        </svg>,
      ).replace(/data-creature="[A-Za-z]+"/, ''),
    );
    expect(new Set(drawn).size).toBe(CHARACTER_NAMES.length);
    for (const markup of drawn) {
      expect(markup).toContain('#123456');
      expect(markup).not.toContain('#fff"');
    }
  });
});
