import { describe, expect, it } from 'vitest';
import { isMarkerId, MARKERS, marker, markerColor } from '../../shared/data/markers';
import { PLAYER_COLORS } from '../../shared/data/types';

describe('legion markers (4.2)', () => {
  it('4.2: twelve markers for each of the six colours, ids XX01..XX12', () => {
    const prefixes = { Black: 'Bk', Blue: 'Bu', Brown: 'Br', Gold: 'Gd', Green: 'Gr', Red: 'Rd' } as const;
    for (const color of PLAYER_COLORS) {
      const ids = MARKERS[color].map((m) => m.id);
      expect(ids).toEqual(
        Array.from({ length: 12 }, (_, i) => `${prefixes[color]}${String(i + 1).padStart(2, '0')}`),
      );
      for (const m of MARKERS[color]) {
        expect(m.color).toBe(color);
        expect(m.name.length).toBeGreaterThan(0);
      }
    }
  });

  it('markerColor and marker look up by id; unknown ids are not marker ids', () => {
    expect(markerColor('Bk01')).toBe('Black');
    expect(markerColor('Bu12')).toBe('Blue');
    expect(marker('Rd05')).toEqual({ id: 'Rd05', color: 'Red', name: 'Heart' });
    expect(isMarkerId('Gd03')).toBe(true);
    expect(isMarkerId('Or01')).toBe(false);
    expect(isMarkerId('Bk13')).toBe(false);
    expect(() => markerColor('Or01')).toThrow();
  });
});
