import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LAND_NUMBERS, LANDS, land } from '../../shared/data/masterboard';
import { Masterboard } from '../../web-client/src/board/Masterboard';
import {
  borderToward,
  centroid,
  landOutline,
  triangle,
} from '../../web-client/src/board/masterboardGeometry';
import { elements, translation, withClass } from './markup';

const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

describe('Masterboard geometry', () => {
  it('2.1: the 96 lands each get their own cell of the drawing grid', () => {
    expect(LAND_NUMBERS).toHaveLength(96);
    const cells = new Set(LAND_NUMBERS.map((n) => `${land(n).drawing.col},${land(n).drawing.row}`));
    expect(cells.size).toBe(96);
  });

  it('7.3: every pair of neighbouring lands shares one drawn border (the data and the drawing agree)', () => {
    for (const l of LANDS.values()) {
      for (const n of l.neighbours) {
        const here = borderToward(l.number, n);
        const there = borderToward(n, l.number);
        expect(near(here.mid.x, there.mid.x) && near(here.mid.y, there.mid.y), `${l.number}|${n}`).toBe(true);
        // The outward normals are opposite.
        expect(near(here.normal.x, -there.normal.x) && near(here.normal.y, -there.normal.y)).toBe(true);
      }
    }
  });

  it('a land pointing up has its apex above its flat side, one pointing down below it', () => {
    const up = LAND_NUMBERS.map(land).find((l) => l.drawing.pointsUp);
    const down = LAND_NUMBERS.map(land).find((l) => !l.drawing.pointsUp);
    if (up === undefined || down === undefined) throw new Error('both orientations exist');
    const [apexUp, baseUp] = triangle(up);
    expect(apexUp.y).toBeLessThan(baseUp.y);
    const [topDown, , apexDown] = triangle(down);
    expect(apexDown.y).toBeGreaterThan(topDown.y);
  });

  it('each land is drawn as a six-sided outline around its centroid', () => {
    for (const n of LAND_NUMBERS) {
      const outline = landOutline(land(n));
      expect(outline).toHaveLength(6);
      const c = centroid(land(n));
      const xs = outline.map((p) => p.x);
      expect(Math.min(...xs)).toBeLessThan(c.x);
      expect(Math.max(...xs)).toBeGreaterThan(c.x);
    }
  });
});

describe('Masterboard drawing', () => {
  const markup = renderToStaticMarkup(<Masterboard legions={[]} />);

  it('2.1: draws all 96 lands with their numbers and terrain names', () => {
    const lands = elements(markup).filter(
      (e) => e.tag === 'g' && e.attrs['data-land'] !== undefined && (e.attrs.class ?? '').startsWith('land'),
    );
    expect(lands.map((e) => Number(e.attrs['data-land'])).sort((a, b) => a - b)).toEqual(LAND_NUMBERS);
    const numbers = withClass(markup, 'land-number').map((e) => Number(e.text));
    expect(numbers.sort((a, b) => a - b)).toEqual(LAND_NUMBERS);
    for (const e of lands) expect(e.attrs['data-terrain']).toBe(land(Number(e.attrs['data-land'])).terrain);
    const names = withClass(markup, 'land-name').map((e) => e.text);
    expect(names).toHaveLength(96);
    expect(names.filter((t) => t === 'Tower')).toHaveLength(6);
  });

  it('7.3: draws every Sign of every land, inside the land on its border toward the neighbour', () => {
    const signs = withClass(markup, 'sign');
    const exits = LAND_NUMBERS.flatMap((n) => land(n).exits.map((e) => ({ from: n, ...e })));
    expect(signs).toHaveLength(exits.length);
    for (const exit of exits) {
      const sign = signs.find(
        (s) => s.attrs['data-from'] === String(exit.from) && s.attrs['data-to'] === String(exit.to),
      );
      expect(sign?.attrs['data-sign'], `${exit.from}->${exit.to}`).toBe(exit.sign);
      const at = translation(sign as NonNullable<typeof sign>);
      const border = borderToward(exit.from, exit.to);
      const own = centroid(land(exit.from));
      const other = centroid(land(exit.to));
      // Closer to the border than the centroid is, and on this land's side of it.
      expect(Math.hypot(at.x - border.mid.x, at.y - border.mid.y)).toBeLessThan(12);
      expect(Math.hypot(at.x - own.x, at.y - own.y)).toBeLessThan(Math.hypot(at.x - other.x, at.y - other.y));
    }
    // All four kinds occur (7.3).
    expect(new Set(signs.map((s) => s.attrs['data-sign']))).toEqual(
      new Set(['block', 'arch', 'arrow', 'arrows']),
    );
  });

  it('4.5: legions are drawn as markers with their heights on their lands', () => {
    const m = renderToStaticMarkup(
      <Masterboard
        legions={[
          { marker: 'Bk01', land: 100, height: 8, color: 'Black' },
          { marker: 'Rd03', land: 23, height: 4, color: 'Red' },
          { marker: 'Rd04', land: 23, height: 3, color: 'Red' },
        ]}
        selectedLegion="Rd03"
      />,
    );
    const legions = withClass(m, 'legion');
    expect(legions.map((e) => [e.attrs['data-marker'], e.attrs['data-height']])).toEqual([
      ['Bk01', '8'],
      ['Rd03', '4'],
      ['Rd04', '3'],
    ]);
    expect(withClass(m, 'selected').map((e) => e.attrs['data-marker'])).toEqual(['Rd03']);
    const heights = withClass(m, 'height').map((e) => e.text);
    expect(heights).toEqual(['8', '4', '3']);
    // Two legions on one land are drawn side by side, both within the land.
    const [a, b] = [translation(legions[1] as never), translation(legions[2] as never)];
    expect(a.x).toBeLessThan(b.x);
  });

  it('errata 2.2, 10.1: a destination is highlighted with a badge for its entry side on the border crossed last', () => {
    // Land 4 has a Triple Arrow into 5 whose entry is the left side; 106 has an Arch into 5 (bottom).
    const m = renderToStaticMarkup(
      <Masterboard
        legions={[]}
        moves={[
          { land: 5, via: 'normal', entry: 'left' },
          { land: 5, via: 'normal', entry: 'bottom' },
          { land: 8, via: 'normal', entry: null },
        ]}
      />,
    );
    expect(withClass(m, 'destination').map((e) => e.attrs['data-land'])).toEqual(['5', '8']);
    const badges = withClass(m, 'entry');
    expect(badges.map((e) => e.attrs['data-entry'])).toEqual(['left', 'bottom']);
    const left = translation(badges[0] as never);
    const border = borderToward(5, 4);
    expect(Math.abs(left.x - border.mid.x)).toBeLessThan(0.1);
    expect(Math.abs(left.y - border.mid.y)).toBeLessThan(0.1);
    const bottom = translation(badges[1] as never);
    expect(Math.abs(bottom.x - borderToward(5, 106).mid.x)).toBeLessThan(0.1);
  });

  it('8.2: a Titan teleport onto an enemy offers each entry side as its own badge', () => {
    const m = renderToStaticMarkup(
      <Masterboard
        legions={[]}
        moves={[
          { land: 20, via: 'titanTeleport', entry: 'left' },
          { land: 20, via: 'titanTeleport', entry: 'right' },
          { land: 20, via: 'titanTeleport', entry: 'bottom' },
        ]}
      />,
    );
    const badges = withClass(m, 'entry');
    expect(badges.map((e) => `${e.attrs['data-via']}:${e.attrs['data-entry']}`)).toEqual([
      'titanTeleport:left',
      'titanTeleport:right',
      'titanTeleport:bottom',
    ]);
  });
});
