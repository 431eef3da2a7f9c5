import { describe, expect, it } from 'vitest';
import {
  CHARACTERS,
  characterPoints,
  characterPower,
  isLord,
  isNative,
  isRaisedTitan,
  raisedTitan,
  rangeStrength,
  titanPower,
} from '../../shared/data/characters';
import type { CharacterName } from '../../shared/data/types';
import { CHARACTER_NAMES } from '../../shared/data/types';

// The Character Chart (3.5) as printed: power, skill, range-strength ('-' none), flies, value.
const CHART: readonly [CharacterName, number | null, number, number | null, boolean, number | null][] = [
  ['Angel', 6, 4, null, true, 24],
  ['Archangel', 9, 4, null, true, 36],
  ['Titan', null, 4, null, false, null],
  ['Guardian', 12, 2, null, true, 24],
  ['Warlock', 5, 4, 2, false, 20],
  ['Behemoth', 8, 3, null, false, 24],
  ['Centaur', 3, 4, null, false, 12],
  ['Colossus', 10, 4, null, false, 40],
  ['Cyclops', 9, 2, null, false, 18],
  ['Dragon', 9, 3, 4, true, 27],
  ['Gargoyle', 4, 3, null, true, 12],
  ['Giant', 7, 4, 3, false, 28],
  ['Gorgon', 6, 3, 3, true, 18],
  ['Griffon', 5, 4, null, true, 20],
  ['Hydra', 10, 3, 5, false, 30],
  ['Lion', 5, 3, null, false, 15],
  ['Minotaur', 4, 4, 2, false, 16],
  ['Ogre', 6, 2, null, false, 12],
  ['Ranger', 4, 4, 2, true, 16],
  ['Serpent', 18, 2, null, false, 36],
  ['Troll', 8, 2, null, false, 16],
  ['Unicorn', 6, 4, null, false, 24],
  ['Warbear', 6, 3, null, false, 18],
  ['Wyvern', 7, 3, null, true, 21],
  // CE 13 B3: a raised Titan, an ordinary Lord at the slain Titan's last power.
  ['Raised Titan (Black)', null, 4, null, false, null],
  ['Raised Titan (Blue)', null, 4, null, false, null],
  ['Raised Titan (Brown)', null, 4, null, false, null],
  ['Raised Titan (Gold)', null, 4, null, false, null],
  ['Raised Titan (Green)', null, 4, null, false, null],
  ['Raised Titan (Red)', null, 4, null, false, null],
];

// Errata 3.5 counts (Titans: 1 per player).
const COUNTS: Readonly<Record<CharacterName, number | null>> = {
  Angel: 18,
  Archangel: 6,
  Behemoth: 18,
  Centaur: 25,
  Colossus: 10,
  Cyclops: 28,
  Dragon: 18,
  Gargoyle: 21,
  Giant: 18,
  Gorgon: 25,
  Griffon: 18,
  Guardian: 6,
  Hydra: 10,
  Lion: 28,
  Minotaur: 21,
  Ogre: 25,
  Ranger: 28,
  Serpent: 10,
  Titan: null,
  Troll: 28,
  Unicorn: 12,
  Warbear: 21,
  Warlock: 6,
  Wyvern: 18,
  'Raised Titan (Black)': null,
  'Raised Titan (Blue)': null,
  'Raised Titan (Brown)': null,
  'Raised Titan (Gold)': null,
  'Raised Titan (Green)': null,
  'Raised Titan (Red)': null,
};

describe('characters (3.5 chart, errata 3.5, 11.7)', () => {
  it('3.5: every character of the chart, with power, skill, flight, rangestrike and value', () => {
    expect(CHART.map((r) => r[0]).sort()).toEqual([...CHARACTER_NAMES].sort());
    for (const [name, power, skill, range, flies, points] of CHART) {
      const c = CHARACTERS[name];
      expect(c.name).toBe(name);
      expect([c.power, c.skill, c.flies, c.rangestrikes, c.points]).toEqual([
        power,
        skill,
        flies,
        range !== null,
        points,
      ]);
      expect(rangeStrength(name)).toBe(range);
    }
  });

  it('errata 3.5: character counts (the Titan is one per player)', () => {
    for (const name of CHARACTER_NAMES) expect(CHARACTERS[name].count, name).toBe(COUNTS[name]);
  });

  it('3.1, 3.2: Lords, Demi-Lords and Creatures', () => {
    const of = (cls: string) => CHARACTER_NAMES.filter((n) => CHARACTERS[n].class === cls);
    expect(of('lord').filter((n) => !isRaisedTitan(n))).toEqual(['Angel', 'Archangel', 'Titan']);
    expect(of('demilord')).toEqual(['Guardian', 'Warlock']);
    expect(of('creature')).toHaveLength(19); // 3.3: the other 19 types
    expect(isLord('Angel')).toBe(true);
    expect(isLord('Guardian')).toBe(false);
  });

  it('11.7: natives of each hazard per the Hazards Chart', () => {
    const natives = (h: Parameters<typeof isNative>[1]) =>
      CHARACTER_NAMES.filter((n) => isNative(n, h)).sort();
    expect(natives('Bramble')).toEqual(['Behemoth', 'Cyclops', 'Gargoyle', 'Gorgon', 'Serpent']);
    expect(natives('Drift')).toEqual(['Colossus', 'Giant', 'Troll', 'Warbear']);
    expect(natives('Bog')).toEqual(['Hydra', 'Ogre', 'Ranger', 'Troll', 'Wyvern']);
    expect(natives('Sand')).toEqual(['Griffon', 'Hydra', 'Lion']);
    expect(natives('Slope')).toEqual(['Colossus', 'Dragon', 'Lion', 'Minotaur', 'Ogre', 'Unicorn']);
    expect(natives('Volcano')).toEqual(['Dragon']);
  });

  it('19.1: Titan power = 6 + score div 100 (327 → 9, 1163 → 17)', () => {
    expect(titanPower(0)).toBe(6);
    expect(titanPower(99)).toBe(6);
    expect(titanPower(100)).toBe(7);
    expect(titanPower(327)).toBe(9);
    expect(titanPower(1163)).toBe(17);
    expect(characterPower('Titan', 327)).toBe(9);
    expect(characterPower('Serpent', 327)).toBe(18);
  });

  it("CE 13 B3: a raised Titan is a Lord of the power the game keeps for it, whatever its owner's score", () => {
    expect(raisedTitan('Red')).toBe('Raised Titan (Red)');
    expect(isLord('Raised Titan (Red)')).toBe(true);
    expect(isRaisedTitan('Titan')).toBe(false);
    expect(characterPower('Raised Titan (Red)', 1163, { 'Raised Titan (Red)': 9 })).toBe(9);
    expect(characterPoints('Raised Titan (Red)', 0, { 'Raised Titan (Red)': 9 })).toBe(36);
  });

  it('16.0, 19.1: points are power × skill; the Titan is worth its current power × 4', () => {
    expect(characterPoints('Titan', 0)).toBe(24);
    expect(characterPoints('Titan', 250)).toBe(32);
    expect(characterPoints('Dragon', 1000)).toBe(27);
  });

  it('13.1: range-strength is half the power, rounded down (Dragon 4)', () => {
    expect(rangeStrength('Dragon')).toBe(4);
    expect(rangeStrength('Titan')).toBeNull();
    expect(rangeStrength('Angel')).toBeNull();
  });
});
