// The strong bot keeps its Titan out of harm's way in a battle and hunts the other's (19.0: a Titan slain loses
// the game): titanPeril is the chance that one strike of each enemy in contact slays it (12.2, 12.7).
import { describe, expect, it } from 'vitest';
import { titanPeril } from '../../shared/bot/evaluate';
import type { CharacterName, HexLabel } from '../../shared/data/types';

const at = (type: CharacterName, hex: string, power: number, hits = 0) => ({
  type,
  hex: hex as HexLabel,
  power,
  hits,
});

describe('titanPeril (12.2, 12.7, 19.0)', () => {
  it('12.7: an Ogre (skill 2) in contact with a Titan (skill 4) with one hit left slays it on any 6 of its six dice', () => {
    expect(titanPeril(at('Titan', 'C3', 6, 5), [at('Ogre', 'C4', 6)])).toBeCloseTo(1 - (5 / 6) ** 6, 10);
  });

  it('12.2: enemies out of contact do not strike; a fresh Titan is slain only by enough hits', () => {
    expect(titanPeril(at('Titan', 'C3', 6, 5), [at('Ogre', 'E3', 6)])).toBe(0);
    // Two Ogres, twelve dice hitting on a 6: all six of the Titan's hits at once is unlikely but possible.
    const fresh = titanPeril(at('Titan', 'C3', 6), [at('Ogre', 'C4', 6), at('Ogre', 'D4', 6)]);
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).toBeLessThan(0.01);
    // A Troll (skill 2) with 8 dice against a Titan with 2 hits left: 1 - P(0 or 1 sixes).
    const p = 1 / 6;
    const atMostOne = (1 - p) ** 8 + 8 * p * (1 - p) ** 7;
    expect(titanPeril(at('Titan', 'C3', 6, 4), [at('Troll', 'C4', 8)])).toBeCloseTo(1 - atMostOne, 10);
  });
});
