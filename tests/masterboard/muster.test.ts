// Mustering: 18.1–18.5, errata 18.0, 21.3 (TITANplus). Expected trees written out by hand from the board's
// Mastercharts as settled in notes/rules-notes.md (not derived from shared/data, so a data error shows here).
import { describe, expect, it } from 'vitest';
import type { CharacterName, Terrain } from '../../shared/data/types';
import { canMuster, recruitOptions, recruitsByTerrain } from '../../shared/engine/muster';

type Row = readonly [Terrain, readonly CharacterName[], Record<string, CharacterName[][]>];

function options(terrain: Terrain, characters: readonly CharacterName[]): Record<string, CharacterName[][]> {
  return Object.fromEntries(recruitOptions(terrain, characters).map((o) => [o.creature, o.reveal]));
}

describe('18.3: the examples of the Law', () => {
  it('18.3: a legion with an Ogre musters an Ogre in the Marsh', () => {
    expect(options('Marsh', ['Ogre'])).toEqual({ Ogre: [['Ogre']] });
  });

  it('18.3: a Troll in the Marsh musters a Troll or an Ogre', () => {
    expect(options('Marsh', ['Troll'])).toEqual({ Ogre: [['Troll']], Troll: [['Troll']] });
  });

  it('18.3: two Ogres in the Marsh muster a Troll', () => {
    expect(options('Marsh', ['Ogre', 'Ogre'])).toEqual({ Ogre: [['Ogre']], Troll: [['Ogre', 'Ogre']] });
  });

  it('18.3: two Lions in the Mountains muster a Minotaur, but Lions never a Dragon', () => {
    expect(options('Mountains', ['Lion', 'Lion', 'Lion', 'Lion'])).toEqual({
      Lion: [['Lion']],
      Minotaur: [['Lion', 'Lion']],
    });
  });

  it('18.3: two Minotaurs, a Dragon or a Colossus muster a Dragon in the Mountains', () => {
    expect(options('Mountains', ['Minotaur', 'Minotaur']).Dragon).toEqual([['Minotaur', 'Minotaur']]);
    expect(options('Mountains', ['Dragon']).Dragon).toEqual([['Dragon']]);
    expect(options('Mountains', ['Colossus']).Dragon).toEqual([['Colossus']]);
    expect(options('Mountains', ['Minotaur', 'Lion', 'Lion']).Dragon).toBeUndefined();
  });

  it('18.3: a Colossus in the Mountains musters a Colossus, Dragon, Minotaur or Lion', () => {
    expect(recruitOptions('Mountains', ['Colossus'])).toEqual([
      { creature: 'Lion', reveal: [['Colossus']] },
      { creature: 'Minotaur', reveal: [['Colossus']] },
      { creature: 'Dragon', reveal: [['Colossus']] },
      { creature: 'Colossus', reveal: [['Colossus']] },
    ]);
  });

  it('18.4: two Ogres and a Troll muster a Troll by showing both Ogres or the Troll', () => {
    expect(recruitOptions('Marsh', ['Ogre', 'Troll', 'Ogre'])).toEqual([
      { creature: 'Ogre', reveal: [['Ogre'], ['Troll']] },
      { creature: 'Troll', reveal: [['Ogre', 'Ogre'], ['Troll']] },
    ]);
  });

  it('18.3: no creature not listed beneath the terrain; lords qualify for nothing there', () => {
    expect(recruitOptions('Desert', ['Titan', 'Angel', 'Ogre', 'Troll'])).toEqual([]);
  });
});

describe('18.2, 18.3: the recruit tree of every regular terrain', () => {
  const rows: readonly Row[] = [
    ['Brush', ['Gargoyle'], { Gargoyle: [['Gargoyle']] }],
    ['Brush', ['Gargoyle', 'Gargoyle'], { Gargoyle: [['Gargoyle']], Cyclops: [['Gargoyle', 'Gargoyle']] }],
    [
      'Brush',
      ['Cyclops', 'Cyclops'],
      { Gargoyle: [['Cyclops']], Cyclops: [['Cyclops']], Gorgon: [['Cyclops', 'Cyclops']] },
    ],
    ['Desert', ['Lion', 'Lion'], { Lion: [['Lion']] }],
    ['Desert', ['Lion', 'Lion', 'Lion'], { Lion: [['Lion']], Griffon: [['Lion', 'Lion', 'Lion']] }],
    [
      'Desert',
      ['Griffon', 'Griffon'],
      { Lion: [['Griffon']], Griffon: [['Griffon']], Hydra: [['Griffon', 'Griffon']] },
    ],
    ['Hills', ['Ogre', 'Ogre'], { Ogre: [['Ogre']] }],
    ['Hills', ['Ogre', 'Ogre', 'Ogre'], { Ogre: [['Ogre']], Minotaur: [['Ogre', 'Ogre', 'Ogre']] }],
    [
      'Hills',
      ['Minotaur', 'Minotaur'],
      { Ogre: [['Minotaur']], Minotaur: [['Minotaur']], Unicorn: [['Minotaur', 'Minotaur']] },
    ],
    ['Jungle', ['Gargoyle', 'Gargoyle'], { Gargoyle: [['Gargoyle']], Cyclops: [['Gargoyle', 'Gargoyle']] }],
    // rules-notes: Jungle Cyclops →3→ Behemoth (the OCR of the Law has it the other way round).
    ['Jungle', ['Cyclops', 'Cyclops'], { Gargoyle: [['Cyclops']], Cyclops: [['Cyclops']] }],
    [
      'Jungle',
      ['Cyclops', 'Cyclops', 'Cyclops'],
      { Gargoyle: [['Cyclops']], Cyclops: [['Cyclops']], Behemoth: [['Cyclops', 'Cyclops', 'Cyclops']] },
    ],
    [
      'Jungle',
      ['Behemoth', 'Behemoth'],
      {
        Gargoyle: [['Behemoth']],
        Cyclops: [['Behemoth']],
        Behemoth: [['Behemoth']],
        Serpent: [['Behemoth', 'Behemoth']],
      },
    ],
    ['Marsh', ['Troll', 'Troll'], { Ogre: [['Troll']], Troll: [['Troll']], Ranger: [['Troll', 'Troll']] }],
    [
      'Mountains',
      ['Dragon', 'Dragon'],
      { Lion: [['Dragon']], Minotaur: [['Dragon']], Dragon: [['Dragon']], Colossus: [['Dragon', 'Dragon']] },
    ],
    ['Plains', ['Centaur', 'Centaur'], { Centaur: [['Centaur']], Lion: [['Centaur', 'Centaur']] }],
    ['Plains', ['Lion', 'Lion'], { Centaur: [['Lion']], Lion: [['Lion']], Ranger: [['Lion', 'Lion']] }],
    ['Swamp', ['Troll', 'Troll'], { Troll: [['Troll']] }],
    ['Swamp', ['Troll', 'Troll', 'Troll'], { Troll: [['Troll']], Wyvern: [['Troll', 'Troll', 'Troll']] }],
    [
      'Swamp',
      ['Wyvern', 'Wyvern'],
      { Troll: [['Wyvern']], Wyvern: [['Wyvern']], Hydra: [['Wyvern', 'Wyvern']] },
    ],
    ['Tundra', ['Troll', 'Troll'], { Troll: [['Troll']], Warbear: [['Troll', 'Troll']] }],
    [
      'Tundra',
      ['Warbear', 'Warbear'],
      { Troll: [['Warbear']], Warbear: [['Warbear']], Giant: [['Warbear', 'Warbear']] },
    ],
    [
      'Tundra',
      ['Giant', 'Giant'],
      { Troll: [['Giant']], Warbear: [['Giant']], Giant: [['Giant']], Colossus: [['Giant', 'Giant']] },
    ],
    ['Woods', ['Centaur', 'Centaur'], { Centaur: [['Centaur']] }],
    [
      'Woods',
      ['Centaur', 'Centaur', 'Centaur'],
      { Centaur: [['Centaur']], Warbear: [['Centaur', 'Centaur', 'Centaur']] },
    ],
    [
      'Woods',
      ['Warbear', 'Warbear'],
      { Centaur: [['Warbear']], Warbear: [['Warbear']], Unicorn: [['Warbear', 'Warbear']] },
    ],
  ];

  it.each(rows)('18.3: %s with %j', (terrain, characters, expected) => {
    expect(options(terrain, characters)).toEqual(expected);
  });

  it('18.3: every step of a tree is offered in the Masterchart order, lesser creatures first', () => {
    expect(recruitOptions('Jungle', ['Serpent']).map((o) => o.creature)).toEqual([
      'Gargoyle',
      'Cyclops',
      'Behemoth',
      'Serpent',
    ]);
  });

  it('18.4: every minimal set is listed, and only minimal ones', () => {
    // Two Behemoths and three Cyclops in the Jungle: a Behemoth by [Behemoth] or [Cyclops×3]; a Serpent only
    // by two Behemoths; a Cyclops by any one Cyclops or Behemoth.
    const o = options('Jungle', ['Behemoth', 'Cyclops', 'Behemoth', 'Cyclops', 'Cyclops']);
    expect(o.Behemoth).toEqual([['Behemoth'], ['Cyclops', 'Cyclops', 'Cyclops']]);
    expect(o.Serpent).toEqual([['Behemoth', 'Behemoth']]);
    expect(o.Cyclops).toEqual([['Behemoth'], ['Cyclops']]);
  });
});

describe('18.5, errata 18.0: mustering in a Tower', () => {
  it('errata 18.0: any Tower Creature, revealing nothing; a Warlock by the Titan', () => {
    expect(recruitOptions('Tower', ['Titan', 'Centaur', 'Gargoyle'])).toEqual([
      { creature: 'Centaur', reveal: [[]] },
      { creature: 'Gargoyle', reveal: [[]] },
      { creature: 'Ogre', reveal: [[]] },
      { creature: 'Warlock', reveal: [['Titan']] },
    ]);
  });

  it('18.5: a Guardian by any three identical Creatures (each such kind listed) or a Guardian', () => {
    const o = options('Tower', ['Troll', 'Troll', 'Troll', 'Lion', 'Lion', 'Lion', 'Guardian']);
    expect(o.Guardian).toEqual([['Guardian'], ['Lion', 'Lion', 'Lion'], ['Troll', 'Troll', 'Troll']]);
    expect(o.Warlock).toBeUndefined();
  });

  it('18.5: three Demi-Lords are not three identical Creatures; a Warlock qualifies for a Warlock', () => {
    const o = options('Tower', ['Warlock', 'Warlock', 'Warlock']);
    expect(o.Guardian).toBeUndefined();
    expect(o.Warlock).toEqual([['Warlock']]);
  });

  it('18.5: two of a kind are not enough for a Guardian; Angels do not muster Warlocks', () => {
    expect(Object.keys(options('Tower', ['Angel', 'Ogre', 'Ogre']))).toEqual(['Centaur', 'Gargoyle', 'Ogre']);
  });

  it('18.5: the Tower offers no creature of the regular charts', () => {
    expect(options('Tower', ['Colossus']).Colossus).toBeUndefined();
  });

  it('21.3: TITANplus Tower Creatures are Cyclops, Lions and Trolls', () => {
    expect(recruitOptions('Tower', ['Angel', 'Lion'], { variant: 'titanPlus' })).toEqual([
      { creature: 'Cyclops', reveal: [[]] },
      { creature: 'Lion', reveal: [[]] },
      { creature: 'Troll', reveal: [[]] },
    ]);
  });

  it('21.3: TITANplus does not use Centaurs, Gargoyles or Ogres anywhere', () => {
    expect(
      recruitOptions('Plains', ['Lion', 'Lion'], { variant: 'titanPlus' }).map((o) => o.creature),
    ).toEqual(['Lion', 'Ranger']);
    expect(recruitOptions('Marsh', ['Troll'], { variant: 'titanPlus' }).map((o) => o.creature)).toEqual([
      'Troll',
    ]);
  });
});

describe('6.4: the caretaker’s stacks', () => {
  it('6.4: a creature the caretaker has run out of is not offered', () => {
    expect(recruitOptions('Marsh', ['Troll'], { caretaker: { Troll: 0 } }).map((o) => o.creature)).toEqual([
      'Ogre',
    ]);
    expect(recruitOptions('Tower', ['Titan'], { caretaker: { Centaur: 0, Warlock: 0, Ogre: 2 } })).toEqual([
      { creature: 'Gargoyle', reveal: [[]] },
      { creature: 'Ogre', reveal: [[]] },
    ]);
  });
});

describe('4.1, 18.1: helpers for the state machine', () => {
  it('18.1: a legion of seven characters cannot muster; six can', () => {
    expect(canMuster(['Titan', 'Angel', 'Ogre', 'Ogre', 'Troll', 'Troll'])).toBe(true);
    expect(canMuster(['Titan', 'Angel', 'Ogre', 'Ogre', 'Troll', 'Troll', 'Ranger'])).toBe(false);
  });
});

describe('the recruit preview (issue 14): recruitOptions in every terrain', () => {
  it('18.3, 18.5: a starting half (Titan, two Centaurs, an Ogre) in each terrain', () => {
    const preview = recruitsByTerrain(['Titan', 'Centaur', 'Centaur', 'Ogre'], 4);
    expect(preview.Plains).toEqual(['Centaur', 'Lion']);
    expect(preview.Marsh).toEqual(['Ogre']);
    expect(preview.Woods).toEqual(['Centaur']);
    expect(preview.Desert).toEqual([]);
    // 18.5, errata 18.0: any Tower Creature; a Warlock with the Titan.
    expect(preview.Tower).toEqual(['Centaur', 'Gargoyle', 'Ogre', 'Warlock']);
  });

  it('18.1: a legion of seven musters nowhere; an empty caretaker stack is not offered (20.1)', () => {
    expect(Object.values(recruitsByTerrain(['Titan', 'Centaur', 'Centaur'], 7)).flat()).toEqual([]);
    expect(
      recruitsByTerrain(['Centaur', 'Centaur'], 2, { caretaker: { Lion: 0, Centaur: 3 } }).Plains,
    ).toEqual(['Centaur']);
  });
});
