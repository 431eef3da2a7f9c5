import { describe, expect, it } from 'vitest';
import { BATTLE_TURNS, strikeNumber } from '../../shared/data/strikeChart';

describe('strike chart (12.7)', () => {
  it('12.7: the printed chart, defender skill 2..4 (rows) × attacker skill 1..5 (columns)', () => {
    const printed: Record<number, number[]> = {
      2: [5, 4, 3, 2, 1],
      3: [6, 5, 4, 3, 2],
      4: [6, 6, 5, 4, 3],
    };
    for (const [defender, row] of Object.entries(printed)) {
      row.forEach((expected, i) => {
        expect(strikeNumber(i + 1, Number(defender))).toBe(expected);
      });
    }
  });

  it('12.2: an Ogre (skill 2) striking a Lion (skill 3) needs 5s', () => {
    expect(strikeNumber(2, 3)).toBe(5);
  });

  it('errata 12.7: never above 6 (sixes always hit) nor below 1 (every die can hit)', () => {
    expect(strikeNumber(1, 5)).toBe(6);
    expect(strikeNumber(0, 4)).toBe(6);
    expect(strikeNumber(6, 2)).toBe(1);
    expect(strikeNumber(5, 1)).toBe(1);
  });

  it('10.5: the turn track has 7 turns', () => {
    expect(BATTLE_TURNS).toBe(7);
  });
});
