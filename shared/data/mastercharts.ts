// 18.2, 18.3: the Mastercharts. Numbers as settled in notes/rules-notes.md (the board, DefaultTer.xml and the
// Law's 18.3 examples agree; the OCR of the Law garbles the Jungle): each step says how many of that creature
// a legion must reveal to muster the next one up.

import type { CharacterName, RecruitStep, Terrain } from './types';

function chart(...steps: readonly (CharacterName | number)[]): readonly RecruitStep[] {
  const result: RecruitStep[] = [];
  for (let i = 0; i < steps.length; i += 2) {
    const creature = steps[i] as CharacterName;
    const next = steps[i + 1];
    result.push({ creature, toMusterNext: typeof next === 'number' ? next : null });
  }
  return result;
}

export const MASTERCHARTS: Readonly<Record<Exclude<Terrain, 'Tower'>, readonly RecruitStep[]>> = {
  Brush: chart('Gargoyle', 2, 'Cyclops', 2, 'Gorgon'),
  Desert: chart('Lion', 3, 'Griffon', 2, 'Hydra'),
  Hills: chart('Ogre', 3, 'Minotaur', 2, 'Unicorn'),
  Jungle: chart('Gargoyle', 2, 'Cyclops', 3, 'Behemoth', 2, 'Serpent'),
  Marsh: chart('Ogre', 2, 'Troll', 2, 'Ranger'),
  Mountains: chart('Lion', 2, 'Minotaur', 2, 'Dragon', 2, 'Colossus'),
  Plains: chart('Centaur', 2, 'Lion', 2, 'Ranger'),
  Swamp: chart('Troll', 3, 'Wyvern', 2, 'Hydra'),
  Tundra: chart('Troll', 2, 'Warbear', 2, 'Giant', 2, 'Colossus'),
  Woods: chart('Centaur', 3, 'Warbear', 2, 'Unicorn'),
};

/** The game variants (engine types.ts Variant): only TITANplus (21.3) changes the charts. */
export type GameVariant = 'default' | 'titanPlus' | 'ceTitan';

/**
 * 5.2, 18.5: the Tower Creatures, which any eligible legion in a Tower may muster and of which each player
 * starts with two each; TITANplus (21.3) uses Cyclops, Lions and Trolls instead.
 */
export function towerCreatures(variant: GameVariant): readonly CharacterName[] {
  return variant === 'titanPlus' ? ['Cyclops', 'Lion', 'Troll'] : ['Centaur', 'Gargoyle', 'Ogre'];
}

/** 18.5: the Tower's Demi-Lords. A Guardian needs three identical creatures or a Guardian; a Warlock the
 *  player's Titan or a Warlock. */
export const TOWER_DEMILORDS: readonly CharacterName[] = ['Guardian', 'Warlock'];
