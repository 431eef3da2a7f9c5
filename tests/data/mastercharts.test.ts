import { describe, expect, it } from 'vitest';
import { CHARACTERS } from '../../shared/data/characters';
import { MASTERCHARTS, TOWER_DEMILORDS, towerCreatures } from '../../shared/data/mastercharts';
import type { Terrain } from '../../shared/data/types';
import { CHARACTER_NAMES, TERRAINS } from '../../shared/data/types';

const render = (t: Exclude<Terrain, 'Tower'>) =>
  MASTERCHARTS[t]
    .map((s) => (s.toMusterNext === null ? s.creature : `${s.creature} ${s.toMusterNext}`))
    .join(' ');

describe('mastercharts (18.2, 18.3)', () => {
  it('18.2: one chart per non-Tower terrain, with the numbers of rules-notes.md', () => {
    expect(Object.keys(MASTERCHARTS).sort()).toEqual(TERRAINS.filter((t) => t !== 'Tower'));
    expect(render('Brush')).toBe('Gargoyle 2 Cyclops 2 Gorgon');
    expect(render('Desert')).toBe('Lion 3 Griffon 2 Hydra');
    expect(render('Hills')).toBe('Ogre 3 Minotaur 2 Unicorn');
    expect(render('Jungle')).toBe('Gargoyle 2 Cyclops 3 Behemoth 2 Serpent');
    expect(render('Marsh')).toBe('Ogre 2 Troll 2 Ranger');
    expect(render('Mountains')).toBe('Lion 2 Minotaur 2 Dragon 2 Colossus');
    expect(render('Plains')).toBe('Centaur 2 Lion 2 Ranger');
    expect(render('Swamp')).toBe('Troll 3 Wyvern 2 Hydra');
    expect(render('Tundra')).toBe('Troll 2 Warbear 2 Giant 2 Colossus');
    expect(render('Woods')).toBe('Centaur 3 Warbear 2 Unicorn');
  });

  it('3.3, 18.2: every creature on a masterchart exists and is a Creature; all 19 creatures appear somewhere', () => {
    const onCharts = new Set(Object.values(MASTERCHARTS).flatMap((c) => c.map((s) => s.creature)));
    for (const name of onCharts) expect(CHARACTERS[name].class, name).toBe('creature');
    const creatures = CHARACTER_NAMES.filter((n) => CHARACTERS[n].class === 'creature');
    expect([...onCharts].sort()).toEqual(creatures);
  });

  it('18.2: lesser creatures first (value ascending within each chart)', () => {
    for (const chart of Object.values(MASTERCHARTS)) {
      const values = chart.map((s) => CHARACTERS[s.creature].points!);
      expect([...values].sort((a, b) => a - b)).toEqual(values);
    }
  });

  it('5.2, 18.5, 21.3: tower creatures and the tower demi-lords', () => {
    expect(towerCreatures('default')).toEqual(['Centaur', 'Gargoyle', 'Ogre']);
    expect(towerCreatures('titanPlus')).toEqual(['Cyclops', 'Lion', 'Troll']);
    expect(TOWER_DEMILORDS).toEqual(['Guardian', 'Warlock']);
  });
});
